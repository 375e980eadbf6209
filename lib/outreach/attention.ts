import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { skus, supplierRequests, users, workspaceMembers } from '@/lib/db/schema';
import { publicAppUrl } from '@/lib/config/public-url';
import { newMessageId, sendMail } from '@/lib/email/send';
import { addEvent } from './service';
import type { RequestRow } from './serialize';
import { textToHtml } from './templates';

/**
 * A request that stalled (no_progress) or passed its due date with items still open reaches the
 * manager once: the inbox lists it (lib/team/inbox.ts reads the notified columns) and the person who
 * sent it (or, for a request sent with an API key, the workspace's owners) gets a mail. The column is
 * claimed before the mail goes, so two sweeps never tell twice.
 */

export type AttentionReason = 'no_progress' | 'overdue';

async function managerAddresses(db: Db, row: RequestRow): Promise<string[]> {
  if (row.createdBy) {
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.createdBy));
    if (u) return [u.email];
  }
  const owners = await db
    .select({ email: workspaceMembers.email })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.role, 'owner')));
  return owners.map((o) => o.email);
}

export async function notifyManager(
  db: Db,
  args: { row: RequestRow; reason: AttentionReason; openItems: string[]; actorLabel: string; now: Date },
): Promise<boolean> {
  const { row, reason, now } = args;
  const column = reason === 'no_progress' ? supplierRequests.noProgressNotifiedAt : supplierRequests.overdueNotifiedAt;
  const claimed = await db
    .update(supplierRequests)
    .set(reason === 'no_progress' ? { noProgressNotifiedAt: now } : { overdueNotifiedAt: now })
    .where(and(eq(supplierRequests.id, row.id), isNull(column)))
    .returning({ id: supplierRequests.id });
  if (!claimed.length) return false;
  const [sku] = await db
    .select({ productName: skus.productName, skuCode: skus.skuCode })
    .from(skus)
    .where(eq(skus.id, row.skuId));
  const product = `${sku?.productName ?? ''} (${sku?.skuCode ?? ''})`;
  const what =
    reason === 'no_progress'
      ? `The supplier request for ${product} to ${row.recipient} made no progress after ${row.reminderCount} reminder(s).`
      : `The supplier request for ${product} to ${row.recipient} is past its due date (${row.dueDate}).`;
  const text = [
    what,
    '',
    'Still open:',
    ...args.openItems.map((i) => `- ${i}`),
    '',
    `Open the SKU to remind, call or cancel: ${publicAppUrl()}/skus/${row.skuId}`,
  ].join('\n');
  const to = await managerAddresses(db, row);
  const results: { to: string; ok: boolean; error?: string }[] = [];
  for (const address of to) {
    const out = await sendMail({
      to: address,
      subject:
        reason === 'no_progress'
          ? `No progress: supplier request for ${product}`
          : `Overdue: supplier request for ${product}`,
      text,
      html: textToHtml(text),
      messageId: newMessageId(),
    });
    results.push({ to: address, ok: out.ok, ...(out.ok ? {} : { error: out.error }) });
  }
  await addEvent(db, {
    workspaceId: row.workspaceId,
    requestId: row.id,
    kind: 'manager_notified',
    actorLabel: args.actorLabel,
    data: { reason, mails: results, open_items: args.openItems },
    at: now,
  });
  return true;
}
