import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { skus, supplierRequestReminders, supplierRequests, workspaceOutreachSettings } from '@/lib/db/schema';
import { newMessageId, sendMail } from '@/lib/email/send';
import { AppError } from '@/lib/http/errors';
import { isLocale } from '@/lib/i18n';
import { addEvent, getRequestRow } from './service';
import type { RequestRow } from './serialize';
import { renderReminder, textToHtml } from './templates';

/**
 * Reminder cadence. A request still `sent` (no reaction) gets reminder step k once `reminder_days[k]`
 * days have passed since it was sent; the step is claimed by inserting its (request, step) row, so a
 * step goes out at most once however many workers sweep at the same time. Any reaction or status
 * change moves the request off `sent` and the reminders stop. After the last step, NO_PROGRESS_AFTER_DAYS
 * more days without reaction make the request `no_progress`.
 */

export const DEFAULT_REMINDER_DAYS = [3, 7, 14] as const;
export const NO_PROGRESS_AFTER_DAYS = 7;
const DAY = 86_400_000;
/** Requests handled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

export async function getReminderDays(db: Db, workspaceId: string): Promise<number[]> {
  const [row] = await db
    .select()
    .from(workspaceOutreachSettings)
    .where(eq(workspaceOutreachSettings.workspaceId, workspaceId));
  return row?.reminderDays ?? [...DEFAULT_REMINDER_DAYS];
}

export async function setReminderDays(db: Db, workspaceId: string, days: number[]) {
  await db
    .insert(workspaceOutreachSettings)
    .values({ workspaceId, reminderDays: days })
    .onConflictDoUpdate({
      target: workspaceOutreachSettings.workspaceId,
      set: { reminderDays: days, updatedAt: new Date() },
    });
  return { reminder_days: days, no_progress_after_days: NO_PROGRESS_AFTER_DAYS };
}

type Outcome = 'sent' | 'failed' | 'taken';

/**
 * Claims and sends step `step` of the requests, which share one mail (one request, or the SKUs a bulk
 * request listed in one mail to one supplier: they are reminded together, in one mail). 'taken' when
 * another worker (or run) has every one of them.
 */
async function sendStep(db: Db, rows: RequestRow[], step: number, actor: Actor, now: Date): Promise<Outcome> {
  const mine: RequestRow[] = [];
  for (const row of rows) {
    const claimed = await db
      .insert(supplierRequestReminders)
      .values({ requestId: row.id, step, workspaceId: row.workspaceId })
      .onConflictDoNothing()
      .returning({ step: supplierRequestReminders.step });
    if (claimed.length) mine.push(row);
  }
  const [row] = mine;
  if (!row) return 'taken';
  const [sku] = await db
    .select({ productName: skus.productName, skuCode: skus.skuCode })
    .from(skus)
    .where(eq(skus.id, row.skuId));
  const locale = isLocale(row.locale) ? row.locale : 'en';
  const mail = renderReminder(locale, {
    subject: row.subject,
    body: row.body,
    productName: sku?.productName ?? '',
    skuCode: sku?.skuCode ?? '',
    productCount: mine.length,
  });
  const messageId = newMessageId();
  const outcome = await sendMail({
    to: row.recipient,
    cc: row.cc,
    replyTo: row.replyTo,
    subject: mail.subject,
    text: mail.body,
    html: textToHtml(mail.body),
    messageId,
    inReplyTo: row.messageId,
    references: row.messageId ? [row.messageId] : [],
  });
  for (const r of mine) {
    await db
      .update(supplierRequestReminders)
      .set(outcome.ok ? { status: 'sent', messageId } : { status: 'failed', error: outcome.error })
      .where(and(eq(supplierRequestReminders.requestId, r.id), eq(supplierRequestReminders.step, step)));
    // A failed step still counts: it is not retried (the claim row stays), the next one follows on schedule.
    await db
      .update(supplierRequests)
      .set({
        reminderCount: sql`greatest(${supplierRequests.reminderCount}, ${step + 1})`,
        ...(outcome.ok ? { lastReminderAt: now } : {}),
        lastActivityAt: now,
        updatedAt: now,
      })
      .where(eq(supplierRequests.id, r.id));
    await addEvent(db, {
      workspaceId: r.workspaceId,
      requestId: r.id,
      kind: outcome.ok ? 'reminder_sent' : 'reminder_failed',
      actorLabel: actor.label,
      note: outcome.ok ? null : outcome.error,
      data: { step: step + 1, ...(outcome.ok ? { message_id: messageId } : {}) },
      at: now,
    });
  }
  return outcome.ok ? 'sent' : 'failed';
}

const SCHEDULER: Actor = { userId: null, apiKeyId: null, label: 'Reminder schedule' };

/** One pass (over every workspace, or one): due reminder steps, then requests that ran out of reminders. */
export async function runReminderSweep(db: Db, opts: { now?: Date; workspaceId?: string } = {}) {
  const now = opts.now ?? new Date();
  const rows = await db
    .select({ r: supplierRequests, days: workspaceOutreachSettings.reminderDays })
    .from(supplierRequests)
    .leftJoin(workspaceOutreachSettings, eq(workspaceOutreachSettings.workspaceId, supplierRequests.workspaceId))
    .where(
      and(
        eq(supplierRequests.status, 'sent'),
        isNotNull(supplierRequests.sentAt),
        opts.workspaceId ? eq(supplierRequests.workspaceId, opts.workspaceId) : undefined,
      ),
    )
    .orderBy(supplierRequests.sentAt)
    .limit(SWEEP_BATCH);
  const summary = { reminders_sent: 0, reminders_failed: 0, no_progress: 0 };
  // Due steps, by the mail they remind of: the requests of one mail get one reminder.
  const due = new Map<string, { step: number; rows: RequestRow[] }>();
  for (const { r, days: configured } of rows) {
    const days = configured ?? [...DEFAULT_REMINDER_DAYS];
    const step = r.reminderCount;
    if (step >= days.length || r.sentAt!.getTime() + days[step] * DAY > now.getTime()) continue;
    const key = `${r.workspaceId}|${r.messageId ?? r.id}|${step}`;
    const group = due.get(key) ?? { step, rows: [] };
    group.rows.push(r);
    due.set(key, group);
  }
  for (const { step, rows: group } of due.values()) {
    const out = await sendStep(db, group, step, SCHEDULER, now);
    if (out === 'sent') summary.reminders_sent++;
    if (out === 'failed') summary.reminders_failed++;
  }
  for (const { r, days: configured } of rows) {
    const days = configured ?? [...DEFAULT_REMINDER_DAYS];
    if (r.reminderCount < days.length) continue;
    const lastStepDue = r.sentAt!.getTime() + (days[days.length - 1] ?? 0) * DAY;
    const from = Math.max(lastStepDue, r.lastReminderAt?.getTime() ?? 0);
    if (from + NO_PROGRESS_AFTER_DAYS * DAY > now.getTime()) continue;
    const moved = await db
      .update(supplierRequests)
      .set({ status: 'no_progress', lastActivityAt: now, updatedAt: now })
      .where(and(eq(supplierRequests.id, r.id), eq(supplierRequests.status, 'sent')))
      .returning({ id: supplierRequests.id });
    if (moved.length) {
      summary.no_progress++;
      await addEvent(db, {
        workspaceId: r.workspaceId,
        requestId: r.id,
        kind: 'status_changed',
        actorLabel: SCHEDULER.label,
        data: { from: 'sent', to: 'no_progress', reminders: r.reminderCount },
        at: now,
      });
    }
  }
  return summary;
}

/** Bulk actions of the Outreach page: remind now (the next step, at once) or cancel. Per-id results. */
export async function bulkAction(
  db: Db,
  args: { workspaceId: string; actor: Actor; action: 'remind' | 'cancel'; ids: string[]; now?: Date },
) {
  const now = args.now ?? new Date();
  const { updateRequestStatus } = await import('./service');
  const results: { id: string; ok: boolean; code?: string; message?: string }[] = [];
  for (const id of [...new Set(args.ids)]) {
    try {
      if (args.action === 'cancel') {
        await updateRequestStatus(db, {
          workspaceId: args.workspaceId,
          actor: args.actor,
          id,
          input: { status: 'cancelled' },
          now,
        });
      } else {
        const row = await getRequestRow(db, args.workspaceId, id);
        if (!['sent', 'in_progress', 'no_progress'].includes(row.status))
          throw new AppError('INVALID_STATE', `A ${row.status} request gets no reminders.`, {
            details: { state: row.status },
          });
        const out = await sendStep(db, [row], row.reminderCount, args.actor, now);
        if (out === 'taken') throw new AppError('CONFLICT', 'This reminder is being sent already.');
        if (out === 'failed')
          throw new AppError('EMAIL_DELIVERY_FAILED', 'The reminder was not delivered; see the request timeline.');
      }
      results.push({ id, ok: true });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ id, ok: false, code: e.code, message: e.message });
    }
  }
  return { results };
}
