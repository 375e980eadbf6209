import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { idempotencyKeys } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';

const WINDOW_MS = 24 * 60 * 60 * 1000;
const WAIT_FOR_INFLIGHT_MS = 15_000;
// Headers worth replaying; others (dates, rate-limit counters, request ids) belong to the new request.
const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'location', 'cache-control'];

export function validateIdempotencyKey(key: string | null): string | null {
  if (key === null) return null;
  if (key.length < 1 || key.length > 255) {
    throw new AppError('INVALID_IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 1 to 255 characters.', {
      details: { fields: [{ path: 'Idempotency-Key', message: 'must be 1 to 255 characters' }] },
    });
  }
  return key;
}

export const bodyDigest = (body: Uint8Array | string) => crypto.createHash('sha256').update(body).digest('hex');

/** Hash of method, path, sorted query and the body's digest: what "the same request" means. */
export function requestHash(method: string, url: URL, bodySha256: string) {
  const query = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  return crypto
    .createHash('sha256')
    .update(method)
    .update('\n')
    .update(url.pathname)
    .update('\n')
    .update(JSON.stringify(query))
    .update('\n')
    .update(bodySha256)
    .digest('hex');
}

type Row = typeof idempotencyKeys.$inferSelect;

function replay(row: Row): Response {
  const headers = new Headers(row.responseHeaders ?? {});
  headers.set('Idempotency-Replayed', 'true');
  const body = row.responseBodyBase64 ? Buffer.from(row.responseBodyBase64, 'base64') : null;
  return new Response(body, { status: row.responseStatus ?? 200, headers });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Claims (workspace, key). Returns null when this request owns the key and must run, or the stored
 * response to replay. A concurrent duplicate waits for the first to finish, so both see one effect.
 */
export async function claimIdempotencyKey(
  db: Db,
  { workspaceId, key, hash }: { workspaceId: string; key: string; hash: string },
): Promise<Response | null> {
  const deadline = Date.now() + WAIT_FOR_INFLIGHT_MS;
  for (;;) {
    // A key older than the replay window is forgotten.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.workspaceId, workspaceId),
          eq(idempotencyKeys.idempotencyKey, key),
          sql`${idempotencyKeys.createdAt} < ${new Date(Date.now() - WINDOW_MS).toISOString()}::timestamptz`,
        ),
      );
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ workspaceId, idempotencyKey: key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.idempotencyKey });
    if (inserted.length) return null;
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.idempotencyKey, key)));
    if (!row) continue; // released between our insert and select: try again
    if (row.requestHash !== hash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request.', {
        details: { idempotency_key: key },
      });
    }
    if (row.state === 'completed') return replay(row);
    if (Date.now() > deadline) {
      throw new AppError(
        'IDEMPOTENCY_REQUEST_IN_PROGRESS',
        'A request with this Idempotency-Key is still being processed; retry shortly.',
        { headers: { 'Retry-After': '2' } },
      );
    }
    await sleep(50);
  }
}

export async function completeIdempotencyKey(
  db: Db,
  { workspaceId, key, res }: { workspaceId: string; key: string; res: Response },
): Promise<Response> {
  if (res.status >= 500) {
    // Let the client retry a failure of ours.
    await releaseIdempotencyKey(db, { workspaceId, key });
    return res;
  }
  const body = new Uint8Array(await res.clone().arrayBuffer());
  const headers: Record<string, string> = {};
  for (const h of REPLAYED_HEADERS) {
    const v = res.headers.get(h);
    if (v) headers[h] = v;
  }
  await db
    .update(idempotencyKeys)
    .set({
      state: 'completed',
      responseStatus: res.status,
      responseHeaders: headers,
      responseBodyBase64: Buffer.from(body).toString('base64'),
      completedAt: new Date(),
    })
    .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.idempotencyKey, key)));
  return res;
}

export async function releaseIdempotencyKey(db: Db, { workspaceId, key }: { workspaceId: string; key: string }) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.idempotencyKey, key)));
}
