/**
 * Who may read which tier of a passport. The public tier is open. Above it the caller presents, as
 * `Authorization: Bearer …` (or `access_token=` for a link opened in a browser), either an API key of the
 * passport's workspace with a passport scope, or an access grant of this SKU (lib/passports/grants.ts).
 * A workspace member's session reads every tier through /api/skus/{id}/passports.
 */
import { authenticateApiKey } from '@/lib/auth/api-keys';
import type { AuthContext } from '@/lib/auth/context';
import type { Scope } from '@/lib/auth/scopes';
import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { GRANT_TOKEN_PREFIX, redeemGrant } from './grants';
import { tierAllows, type PassportTier } from './tiers';

/** The highest tier an API key's scopes open (public when it has no passport scope). */
export function tierOfScopes(scopes: readonly Scope[]): PassportTier {
  if (scopes.includes('passports-authority:read')) return 'authority';
  if (scopes.includes('passports:read')) return 'legitimate_interest';
  return 'public';
}

/** The tier a workspace caller of the API reads up to: a session sees all, a key what its scopes open. */
export function tierOfCaller(auth: AuthContext): PassportTier {
  return auth.kind === 'bearer' ? tierOfScopes(auth.apiKey.scopes) : 'authority';
}

export function assertTier(allowed: PassportTier, wanted: PassportTier, how: string) {
  if (!tierAllows(allowed, wanted))
    throw new AppError('INSUFFICIENT_SCOPE', `The ${wanted} tier needs more than ${how} grants (${allowed}).`, {
      details: { tier: wanted, allowed_tier: allowed },
    });
}

/** Checks a token presented for a tier above public on the public passport URL. */
export async function authorizePublicTier(
  db: Db,
  { token, target }: { token: string | null; target: { workspaceId: string; skuId: string; tier: PassportTier } },
): Promise<{ via: 'public' | 'api_key' | 'grant'; grantId?: string }> {
  if (target.tier === 'public') return { via: 'public' };
  if (!token)
    throw new AppError(
      'UNAUTHORIZED',
      `The ${target.tier} tier needs an API key with a passport scope or an access grant.`,
      {
        details: { tier: target.tier },
      },
    );
  if (token.startsWith(GRANT_TOKEN_PREFIX)) {
    const grant = await redeemGrant(db, { token, target });
    assertTier(grant.tier, target.tier, 'this access grant');
    return { via: 'grant', grantId: grant.id };
  }
  const key = await authenticateApiKey(db, { key: token });
  // A valid key of another workspace is a credential without permission here (contract rule 1: 403,
  // with the reason); the public tier stays readable without it, so nothing is revealed.
  if (key.workspace.id !== target.workspaceId)
    throw new AppError(
      'FORBIDDEN',
      "This API key belongs to another workspace: it opens only that workspace's passports.",
      {
        details: { reason: 'key_of_another_workspace', tier: target.tier },
      },
    );
  assertTier(tierOfScopes(key.apiKey.scopes), target.tier, "this API key's scopes");
  return { via: 'api_key' };
}

export function bearerOf(req: Request, url: URL): string | null {
  const h = req.headers.get('authorization');
  const m = h ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m?.[1] ?? url.searchParams.get('access_token');
}
