import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { skus, supplierRequests, users, workspaceMembers } from '@/lib/db/schema';
import { publicAppUrl } from '@/lib/config/public-url';
import { newMessageId, sendMail } from '@/lib/email/send';
import { addEvent } from './rows';
import type { RequestRow } from './serialize';
import { textToHtml } from './templates';
import { formatDate } from '@/lib/i18n';
import { UI_LOCALE_COOKIE, isUiLocale, type UiLocale } from '@/lib/i18n/ui';

/**
 * A request that stalled (no_progress) or passed its due date with items still open reaches the
 * manager once: the inbox lists it (lib/team/inbox.ts reads the notified columns) and the person who
 * sent it (or, for a request sent with an API key, the workspace's owners) gets a mail. The column is
 * claimed before the mail goes, so two sweeps never tell twice. The mail speaks the sender's UI language
 * (recorded when they sent the request), else English.
 */

export type AttentionReason = 'no_progress' | 'overdue';

/** The UI language the person chose (the ui_lang cookie of their request), or null when none is chosen. */
export function uiLocaleFromCookies(header: string | null): UiLocale | null {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === UI_LOCALE_COOKIE && isUiLocale(v)) return v;
  }
  return null;
}

/** The attention mail in the manager's UI language (English unless they chose another). */
const ATTENTION: Record<
  UiLocale,
  {
    subject: Record<AttentionReason, string>;
    noProgress: (p: { product: string; to: string; n: number }) => string;
    overdue: (p: { product: string; to: string; date: string }) => string;
    open: string;
    action: string;
  }
> = {
  en: {
    subject: {
      no_progress: 'No progress: supplier request for {product}',
      overdue: 'Overdue: supplier request for {product}',
    },
    noProgress: ({ product, to, n }) =>
      `The supplier request for ${product} to ${to} made no progress after ${n} ${n === 1 ? 'reminder' : 'reminders'}.`,
    overdue: ({ product, to, date }) => `The supplier request for ${product} to ${to} is past its due date (${date}).`,
    open: 'Still open:',
    action: 'Open the SKU to remind, call or cancel: {url}',
  },
  de: {
    subject: {
      no_progress: 'Kein Fortschritt: Lieferantenanfrage für {product}',
      overdue: 'Überfällig: Lieferantenanfrage für {product}',
    },
    noProgress: ({ product, to, n }) =>
      `Die Lieferantenanfrage für ${product} an ${to} hat nach ${n} ${n === 1 ? 'Erinnerung' : 'Erinnerungen'} keinen Fortschritt gebracht.`,
    overdue: ({ product, to, date }) =>
      `Die Lieferantenanfrage für ${product} an ${to} ist über ihrer Frist (${date}).`,
    open: 'Noch offen:',
    action: 'Öffnen Sie die SKU, um zu erinnern, anzurufen oder abzubrechen: {url}',
  },
};

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
  // The creator's language; owners mailed for a request sent with an API key get English.
  const locale: UiLocale = row.createdBy && isUiLocale(row.managerLocale) ? row.managerLocale : 'en';
  const c = ATTENTION[locale];
  const what =
    reason === 'no_progress'
      ? c.noProgress({ product, to: row.recipient, n: row.reminderCount })
      : c.overdue({ product, to: row.recipient, date: row.dueDate ? formatDate(row.dueDate, locale) : '' });
  const text = [
    what,
    '',
    c.open,
    ...args.openItems.map((i) => `- ${i}`),
    '',
    c.action.replace('{url}', `${publicAppUrl()}/skus/${row.skuId}`),
  ].join('\n');
  const to = await managerAddresses(db, row);
  const results: { to: string; ok: boolean; error?: string }[] = [];
  for (const address of to) {
    const out = await sendMail({
      to: address,
      subject: c.subject[reason].replace('{product}', product),
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
