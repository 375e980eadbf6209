import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { supplierRequestEvents, supplierRequests } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';

/**
 * A supplier request's rows and the two small operations every part of the slice uses (its timeline,
 * its row by id). Below service.ts, answers.ts and outbox.ts, so those files stack without a loop.
 */

export type RequestRow = typeof supplierRequests.$inferSelect;
export type EventRow = typeof supplierRequestEvents.$inferSelect;

export async function addEvent(
  db: Db,
  e: {
    workspaceId: string;
    requestId: string;
    kind: string;
    actorLabel?: string | null;
    note?: string | null;
    data?: Record<string, unknown>;
    at?: Date;
  },
) {
  await db.insert(supplierRequestEvents).values({
    workspaceId: e.workspaceId,
    requestId: e.requestId,
    kind: e.kind,
    actorLabel: e.actorLabel ?? null,
    note: e.note ?? null,
    data: e.data ?? {},
    ...(e.at ? { createdAt: e.at } : {}),
  });
}

export async function getRequestRow(
  db: Db,
  { workspaceId, id }: { workspaceId: string; id: string },
): Promise<RequestRow> {
  const [row] = await db
    .select()
    .from(supplierRequests)
    .where(and(eq(supplierRequests.id, id), eq(supplierRequests.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'Supplier request not found.');
  return row;
}
