import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, getEnv } from '@/lib/config/env';

let cached: Uint8Array | null | undefined;

/**
 * The HS256 secret for session tokens: SUPABASE_JWT_SECRET when set; in development and tests with
 * none, one generated once and kept in DATA_DIR/jwt-secret. Production refuses to start without one
 * unless SUPABASE_URL is set (then tokens are verified with the project's JWKS: returns null).
 */
export function getJwtSecret(): Uint8Array | null {
  if (cached !== undefined) return cached;
  const env = getEnv();
  if (env.SUPABASE_JWT_SECRET) {
    cached = new TextEncoder().encode(env.SUPABASE_JWT_SECRET);
  } else if (env.SUPABASE_URL) {
    cached = null;
  } else if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  SUPABASE_JWT_SECRET: required in production (or set SUPABASE_URL to verify Supabase tokens with its JWKS)',
    );
  } else {
    const file = path.resolve(env.DATA_DIR, 'jwt-secret');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    cached = new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
  }
  return cached;
}

export function resetJwtSecretCache() {
  cached = undefined;
}
