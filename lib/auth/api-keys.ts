import crypto from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { apiKeys, workspaceMembers, workspaces } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { PLANS } from '@/lib/plans';
import type { Actor, AuthContext, WorkspaceRef } from './context';
import { isScope, scopesAllowedOnPlan, type Scope } from './scopes';
import { forgetSessions, cachedSession } from './session-cache';

/**
 * Workspace API keys: `cw_live_` + 43 random base64url characters, shown once. Only the SHA-256 of the
 * key and a display prefix are stored, so a database leak yields no usable key.
 */
const KEY_PREFIX = 'cw_live_';
const KEY_RE = /^cw_live_[A-Za-z0-9_-]{43}$/;
const DISPLAY_PREFIX_LENGTH = 12;
const LAST_USED_THROTTLE = sql`interval '1 minute'`;

export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

function generateKey() {
  const key = KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  return { key, keyPrefix: key.slice(0, DISPLAY_PREFIX_LENGTH), keyHash: hashApiKey(key) };
}

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The contract's ApiKey shape: never the hash, never the plaintext. */
export function serializeApiKey(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.keyPrefix,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const activeCondition = () =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date())));

export async function listApiKeys(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), activeCondition()))
    .orderBy(apiKeys.createdAt, apiKeys.id);
  return rows.map(serializeApiKey);
}

function checkScopes(workspace: WorkspaceRef, scopes: string[]): Scope[] {
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length) {
    throw new AppError('VALIDATION_FAILED', `Unknown scope: ${unknown.join(', ')}.`, {
      details: { fields: unknown.map((s) => ({ path: 'scopes', message: `Unknown scope "${s}"` })) },
    });
  }
  const allowed = scopesAllowedOnPlan(workspace.plan);
  const denied = scopes.filter((s) => !allowed.includes(s as Scope));
  if (denied.length) {
    throw new AppError(
      'SCOPE_NOT_ALLOWED_ON_PLAN',
      `The ${PLANS[workspace.plan].label} plan allows read-only keys; not allowed: ${denied.join(', ')}.`,
      {
        details: { plan: workspace.plan, denied_scopes: denied, allowed_scopes: allowed },
      },
    );
  }
  return [...new Set(scopes)] as Scope[];
}

export async function createApiKey(
  db: Db,
  args: {
    workspace: WorkspaceRef;
    actor: Actor;
    input: { name: string; scopes: string[]; expires_at?: string | null };
    dryRun?: boolean;
  },
) {
  const { workspace, input } = args;
  const scopes = checkScopes(workspace, input.scopes);
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError('VALIDATION_FAILED', 'expires_at must be in the future.', {
      details: { fields: [{ path: 'expires_at', message: 'must be in the future' }] },
    });
  }
  return db.transaction(async (tx) => {
    // Serialise key creation per workspace so the plan's key count holds under concurrency.
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspace.id)).for('update');
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspace.id), activeCondition()));
    const limit = PLANS[workspace.plan].maxApiKeys;
    if (count >= limit) {
      throw new AppError(
        'PLAN_LIMIT_REACHED',
        `The ${PLANS[workspace.plan].label} plan allows ${limit} active API key${limit === 1 ? '' : 's'}; revoke one first.`,
        {
          details: { limit: 'api_keys', plan: workspace.plan, max: limit, current: count },
        },
      );
    }
    const generated = generateKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        workspaceId: workspace.id,
        name: input.name,
        keyPrefix: generated.keyPrefix,
        keyHash: generated.keyHash,
        scopes,
        expiresAt,
        createdBy: args.actor.userId,
      })
      .returning();
    return { ...serializeApiKey(row), key: generated.key };
  });
}

/** Revokes every key a member created in the workspace (they left or were removed). */
export async function revokeKeysOf(db: Db, { workspaceId, userId }: { workspaceId: string; userId: string }) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  forgetSessions();
  return rows.map((r) => r.id);
}

export async function revokeApiKey(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId)))
    .returning({ id: apiKeys.id });
  forgetSessions();
  if (!row) throw new AppError('NOT_FOUND', 'API key not found.');
  return { id: row.id, revoked: true };
}

/** Revokes the key and returns a new one with the same name, scopes and expiry (plaintext once). */
export async function rotateApiKey(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  return db
    .transaction(async (tx) => {
      const [old] = await tx
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, args.id), eq(apiKeys.workspaceId, args.workspaceId), isNull(apiKeys.revokedAt)))
        .for('update');
      if (!old) throw new AppError('NOT_FOUND', 'API key not found.');
      if (old.expiresAt && old.expiresAt.getTime() <= Date.now()) {
        throw new AppError('CONFLICT', 'This API key has expired; create a new key instead of rotating it.');
      }
      const generated = generateKey();
      const [fresh] = await tx
        .insert(apiKeys)
        .values({
          workspaceId: old.workspaceId,
          name: old.name,
          keyPrefix: generated.keyPrefix,
          keyHash: generated.keyHash,
          scopes: old.scopes,
          expiresAt: old.expiresAt,
          createdBy: args.actor.userId,
        })
        .returning();
      await tx.update(apiKeys).set({ revokedAt: new Date(), replacedBy: fresh.id }).where(eq(apiKeys.id, old.id));
      return { ...serializeApiKey(fresh), key: generated.key };
    })
    .finally(forgetSessions);
}

/** The key's row with its workspace and its owner's role; an unknown key is API_KEY_INVALID (not cached). */
async function findKey(db: Db, key: string) {
  const [row] = await db
    .select({
      key: apiKeys,
      ws: { id: workspaces.id, name: workspaces.name, plan: workspaces.plan },
      ownerRole: workspaceMembers.role,
    })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.createdBy)),
    )
    .where(eq(apiKeys.keyHash, hashApiKey(key)))
    .limit(1);
  if (!row) throw new AppError('API_KEY_INVALID', 'The API key is not valid.');
  return row;
}

/** Resolves `Authorization: Bearer <key>` to its workspace. Revoked or expired keys are 401. */
export async function authenticateApiKey(
  db: Db,
  { key }: { key: string },
): Promise<Extract<AuthContext, { kind: 'bearer' }>> {
  if (!KEY_RE.test(key)) throw new AppError('API_KEY_INVALID', 'The API key is not valid.');
  // The key's row, workspace and owner's role are kept for a moment like a session's membership
  // (session-cache.ts): revoking, rotating, a removed owner, a role or plan change clear them.
  const row = await cachedSession(`key ${hashApiKey(key)}`, async () => ({
    value: await findKey(db, key),
    expiresAt: Number.POSITIVE_INFINITY,
  }));
  if (row.key.revokedAt) throw new AppError('API_KEY_REVOKED', 'This API key was revoked.');
  // A key belongs to the member who made it; removing the member revokes it (and, should that revoke
  // not have happened, a key whose owner is gone still stops here).
  if (row.key.createdBy && !row.ownerRole)
    throw new AppError('API_KEY_REVOKED', 'This API key was revoked: the member who created it left the workspace.');
  if (row.key.expiresAt && row.key.expiresAt.getTime() <= Date.now())
    throw new AppError('API_KEY_EXPIRED', 'This API key has expired.');
  const stale = !row.key.lastUsedAt || Date.now() - row.key.lastUsedAt.getTime() > 60_000;
  if (stale) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(apiKeys.id, row.key.id),
          or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < now() - ${LAST_USED_THROTTLE}`),
        ),
      );
    row.key.lastUsedAt = new Date(); // the cached row too, or each request in the moment would write again
  }
  return {
    kind: 'bearer',
    workspace: { ...row.ws },
    // Keys from before keys had owners were made by the workspace's one owner.
    role: row.ownerRole ?? 'owner',
    apiKey: {
      id: row.key.id,
      name: row.key.name,
      scopes: row.key.scopes.filter(isScope),
      ownerUserId: row.key.createdBy,
    },
  };
}
