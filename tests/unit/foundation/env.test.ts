import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '@/lib/config/env';

describe('settings', () => {
  it('needs nothing for the embedded default', () => {
    const env = parseEnv({});
    expect(env.DATA_DIR).toBe('.data');
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
  });

  it('blank values count as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_HOST: '' }).DATABASE_URL).toBeUndefined();
  });
});
