import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { supplierRequests, type SupplierRequestStatus } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { addEvent, getRequestRow } from './rows';
import type { PatchInput } from './schemas';
import { getRequest } from './service';

/** Status changes of a supplier request, along the allowed transitions only. */

export const TRANSITIONS: Record<SupplierRequestStatus, readonly SupplierRequestStatus[]> = {
  // A mail that may be stuck can always be cancelled (or retried: POST .../retry).
  sending: ['cancelled'],
  sent: ['in_progress', 'to_review', 'done', 'no_progress', 'cancelled'],
  in_progress: ['to_review', 'done', 'no_progress', 'cancelled'],
  to_review: ['in_progress', 'done', 'cancelled'],
  no_progress: ['in_progress', 'to_review', 'done', 'cancelled'],
  failed: ['cancelled'],
  done: [],
  cancelled: [],
};
/** Statuses that stay open: a PATCH to the same status only changes the due date or adds a note. */
const OPEN: readonly SupplierRequestStatus[] = ['sent', 'in_progress', 'to_review', 'no_progress'];
/** The request has moved on: no more reminders, and the upload link closes for done/cancelled. */
const CLOSES_LINK: readonly SupplierRequestStatus[] = ['done', 'cancelled'];

/**
 * Moves a request along an allowed transition. Compare-and-set on the status, so of two concurrent
 * changes from the same state one wins and the other is a 409.
 */
export async function updateRequestStatus(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; input: PatchInput; now?: Date },
) {
  const row = await getRequestRow(db, { workspaceId: args.workspaceId, id: args.id });
  const to = args.input.status;
  const same = to === row.status && OPEN.includes(to);
  if (!same && !TRANSITIONS[row.status].includes(to)) {
    throw new AppError('INVALID_STATE', `A ${row.status} request cannot move to ${to}.`, {
      details: { state: row.status, requested: to, allowed: TRANSITIONS[row.status] },
    });
  }
  const now = args.now ?? new Date();
  const updated = await db
    .update(supplierRequests)
    .set({
      status: to,
      // A new due date may be missed again; leaving no_progress may stall again: the manager is told anew.
      ...(args.input.due_date !== undefined ? { dueDate: args.input.due_date, overdueNotifiedAt: null } : {}),
      ...(to !== 'no_progress' ? { noProgressNotifiedAt: null } : {}),
      ...(CLOSES_LINK.includes(to)
        ? { tokenRevokedAt: sql`coalesce(${supplierRequests.tokenRevokedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
      lastActivityAt: now,
      updatedAt: now,
    })
    .where(and(eq(supplierRequests.id, row.id), eq(supplierRequests.status, row.status)))
    .returning({ id: supplierRequests.id });
  if (!updated.length) {
    const current = await getRequestRow(db, { workspaceId: args.workspaceId, id: args.id });
    throw new AppError('INVALID_STATE', `The request changed meanwhile; it is now ${current.status}.`, {
      details: { state: current.status, requested: to },
    });
  }
  await addEvent(db, {
    workspaceId: args.workspaceId,
    requestId: row.id,
    kind: same ? 'updated' : 'status_changed',
    actorLabel: args.actor.label,
    note: args.input.note ?? null,
    data: { from: row.status, to, ...(args.input.due_date !== undefined ? { due_date: args.input.due_date } : {}) },
  });
  return getRequest(db, { workspaceId: args.workspaceId, id: row.id });
}
