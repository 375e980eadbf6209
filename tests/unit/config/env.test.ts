/**
 * Settings: the embedded default needs nothing, a wrong value stops with a message naming the setting, and
 * blank values count as unset.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '@/lib/config/env';

describe('settings', () => {
  it('needs nothing for the embedded default', () => {
    const env = parseEnv({});
    expect(env.DATA_DIR).toBe('.data');
    expect(env.PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.RATE_LIMIT_AI).toBeLessThan(env.RATE_LIMIT_DEFAULT);
  });

  it('a wrong value stops with a message naming the setting', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ PUBLIC_APP_URL: 'not a url' })).toThrow(/PUBLIC_APP_URL/);
    expect(() => parseEnv({ SMTP_PORT: '99999' })).toThrow(/SMTP_PORT/);
    expect(() => parseEnv({ SUPABASE_JWT_SECRET: 'short' })).toThrow(/SUPABASE_JWT_SECRET/);
    expect(() => parseEnv({ SUPABASE_URL: 'https://x.supabase.co' })).toThrow(/SUPABASE_ANON_KEY/);
    expect(() => parseEnv({ SUPPORT_EMAIL: 'nope' })).toThrow(ConfigError);
    // Passed to Postgres as a start parameter: only a size, nothing that could carry another setting.
    expect(() => parseEnv({ PGLITE_SHARED_BUFFERS: '32MB -c fsync=on' })).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(() => parseEnv({ PGLITE_SHARED_BUFFERS: '0MB' })).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(parseEnv({ PGLITE_SHARED_BUFFERS: '128MB' }).PGLITE_SHARED_BUFFERS).toBe('128MB');
  });

  it('blank values count as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_HOST: '' }).DATABASE_URL).toBeUndefined();
  });
});
