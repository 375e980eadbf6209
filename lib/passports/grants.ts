/**
 * Access grants: a signed, expiring token that lets one recipient (a recycler, a battery buyer, an
 * authority) read a SKU's passports at a tier above the public one without an account. The token is
 * shown once; only its sha256 and a display prefix are stored. Grants are listed, revocable and audited.
 */
import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { passportAccessGrants } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { getSkuRow } from '@/lib/skus/service';

type GrantRow = typeof passportAccessGrants.$inferSelect;

export const GRANT_TOKEN_PREFIX = 'pgr_';
export const GRANT_TOKEN_RE = /^pgr_[A-Za-z0-9_-]{43}$/;
export const MAX_GRANT_DAYS = 366;

export const hashGrantToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function grantState(row: Pick<GrantRow, 'revokedAt' | 'expiresAt'>, now = new Date()) {
  if (row.revokedAt) return 'revoked' as const;
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired' as const;
  return 'active' as const;
}

export function serializeGrant(row: GrantRow) {
  return {
    id: row.id,
    sku_id: row.skuId,
    tier: row.tier,
    recipient: row.recipient,
    token_prefix: row.tokenPrefix,
    state: grantState(row),
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByLabel,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_by: row.revokedByLabel,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listGrants(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const rows = await db
    .select()
    .from(passportAccessGrants)
    .where(and(eq(passportAccessGrants.workspaceId, workspaceId), eq(passportAccessGrants.skuId, skuId)))
    .orderBy(desc(passportAccessGrants.createdAt), desc(passportAccessGrants.id));
  return rows.map(serializeGrant);
}

export async function createGrant(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    skuId: string;
    tier: 'legitimate_interest' | 'authority';
    recipient: string;
    expiresInDays: number;
  },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const token = GRANT_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + args.expiresInDays * 86_400_000);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .insert(passportAccessGrants)
      .values({
        workspaceId: args.workspaceId,
        skuId: args.skuId,
        tier: args.tier,
        recipient: args.recipient,
        tokenHash: hashGrantToken(token),
        tokenPrefix: token.slice(0, 10),
        expiresAt,
        createdBy: args.actor.userId,
        createdByLabel: args.actor.label,
      })
      .returning();
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'passport.grant_created',
      targetType: 'sku',
      targetId: args.skuId,
      data: { grant_id: row.id, tier: row.tier, recipient: row.recipient, expires_at: expiresAt.toISOString() },
    });
    return { ...serializeGrant(row), token };
  });
}

export async function revokeGrant(db: Db, args: { workspaceId: string; actor: Actor; skuId: string; grantId: string }) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select()
      .from(passportAccessGrants)
      .where(
        and(
          eq(passportAccessGrants.id, args.grantId),
          eq(passportAccessGrants.workspaceId, args.workspaceId),
          eq(passportAccessGrants.skuId, args.skuId),
        ),
      )
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such access grant.');
    if (row.revokedAt) return serializeGrant(row);
    const [updated] = await t
      .update(passportAccessGrants)
      .set({ revokedAt: new Date(), revokedByLabel: args.actor.label })
      .where(eq(passportAccessGrants.id, row.id))
      .returning();
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'passport.grant_revoked',
      targetType: 'sku',
      targetId: args.skuId,
      data: { grant_id: row.id, tier: row.tier, recipient: row.recipient },
    });
    return serializeGrant(updated);
  });
}

/** The grant a token names, if it is for this SKU; throws the reason it cannot be used. */
export async function redeemGrant(
  db: Db,
  { token, target }: { token: string; target: { workspaceId: string; skuId: string } },
) {
  if (!GRANT_TOKEN_RE.test(token)) throw new AppError('INVALID_TOKEN', 'The access token is not valid.');
  const [row] = await db
    .select()
    .from(passportAccessGrants)
    .where(eq(passportAccessGrants.tokenHash, hashGrantToken(token)))
    .limit(1);
  if (!row) throw new AppError('INVALID_TOKEN', 'The access token is not valid.');
  // A grant is for one SKU's passport: presented for another, it is a valid credential without permission
  // there (contract rule 1: 403 with the reason), never a key to it.
  if (row.workspaceId !== target.workspaceId || row.skuId !== target.skuId)
    throw new AppError('FORBIDDEN', 'This access grant is for another passport.', {
      details: { reason: 'grant_for_another_passport' },
    });
  const state = grantState(row);
  if (state === 'revoked') throw new AppError('INVALID_TOKEN', 'This access grant was revoked.');
  if (state === 'expired') throw new AppError('INVALID_TOKEN', 'This access grant has expired.');
  await db.update(passportAccessGrants).set({ lastUsedAt: new Date() }).where(eq(passportAccessGrants.id, row.id));
  return row;
}
