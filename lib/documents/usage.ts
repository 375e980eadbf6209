import { eq, sql } from 'drizzle-orm';
import type { WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documents } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { PLANS } from '@/lib/plans';

/** Bytes of the workspace's stored documents: what the plan's storage limit counts. */
export async function storageUsedBytes(db: Db, { workspaceId }: { workspaceId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${documents.sizeBytes}), 0)::bigint` })
    .from(documents)
    .where(eq(documents.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

export async function storageUsage(db: Db, { workspace }: { workspace: WorkspaceRef }) {
  const used = await storageUsedBytes(db, { workspaceId: workspace.id });
  const limit = PLANS[workspace.plan].storageBytes;
  return { plan: workspace.plan, used_bytes: used, limit_bytes: limit, available_bytes: Math.max(0, limit - used) };
}

/**
 * 413 before any file of a batch is processed when the declared request size alone would take the
 * workspace past its plan storage. Without a Content-Length the files are checked one by one instead.
 */
export async function assertBatchFitsStorage(
  db: Db,
  { workspace, declaredBytes }: { workspace: WorkspaceRef; declaredBytes: number | null },
) {
  if (declaredBytes === null || !Number.isFinite(declaredBytes)) return;
  const usage = await storageUsage(db, { workspace });
  if (usage.used_bytes + declaredBytes > usage.limit_bytes) {
    throw new AppError(
      'STORAGE_LIMIT_EXCEEDED',
      `This upload (${declaredBytes} bytes) would exceed the ${PLANS[workspace.plan].label} plan's storage: ${usage.used_bytes} of ${usage.limit_bytes} bytes are used.`,
      {
        details: { ...usage, request_bytes: declaredBytes },
      },
    );
  }
}
