import crypto from 'node:crypto';
import { publicAppUrl } from '@/lib/config/public-url';
import { getJwtSecret } from '@/lib/auth/jwt-secret';
import { getEnv } from '@/lib/config/env';
import { AppError } from '@/lib/errors';

/**
 * The supplier's upload link token: HMAC-SHA256(server secret, request id + random nonce), 256 bits,
 * base64url. The database keeps only the nonce and SHA-256(token): a leaked table gives no working
 * link, while the server can print the same link again in reminders. Revoking clears it for good.
 */

export const LINK_VALIDITY_DAYS = 60;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

function secret(): Uint8Array {
  const s =
    getJwtSecret() ??
    (getEnv().SUPABASE_SERVICE_ROLE_KEY ? new TextEncoder().encode(getEnv().SUPABASE_SERVICE_ROLE_KEY) : null);
  if (!s)
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'No server secret is configured for supplier links (set SUPABASE_JWT_SECRET).',
    );
  return s;
}

export const newNonce = () => crypto.randomBytes(16).toString('base64url');

export function linkToken(requestId: string, nonce: string): string {
  return crypto.createHmac('sha256', secret()).update(`supplier-link\n${requestId}\n${nonce}`).digest('base64url');
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Shape check before any lookup: anything else is simply not found. */
export const isTokenShaped = (token: string) => TOKEN_RE.test(token);

export const uploadUrl = (token: string) => `${publicAppUrl()}/r/${token}`;
