import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import {
  entities,
  skus,
  supplierRequestReminders,
  supplierRequests,
  workspaceOutreachSettings,
  type SupplierRequestStatus,
} from '@/lib/db/schema';
import { newMessageId, sendMail } from '@/lib/email/send';
import { AppError } from '@/lib/errors';
import { isLocale } from '@/lib/i18n';
import { notifyManager } from './attention';
import { loadItemStatuses, stillAsked, type ItemStatus, type RequestFile } from './item-states';
import { addEvent, getRequestRow } from './rows';
import { senderName } from './service';
import type { RequestRow } from './serialize';
import { renderFollowUp, textToHtml, type FollowUpProduct } from './templates';
import { linkToken, uploadUrl } from './token';

/**
 * Reminder cadence. A request the supplier still owes something (`sent` or `in_progress`, with an item
 * open or rejected) gets reminder step k once `reminder_days[k]` days have passed since it was sent;
 * the step is claimed by inserting its (request, step) row, so a step goes out at most once however
 * many workers sweep at the same time. A reminder is rebuilt from the items' states: it asks only for
 * what is open or was rejected (with the reason). Items waiting for our review hold the reminders;
 * every item accepted makes the request done. After the last step, NO_PROGRESS_AFTER_DAYS more days
 * without a step or an answer from the supplier make the request `no_progress`, and the manager is told
 * (as when the due date passes with items open).
 */

export const DEFAULT_REMINDER_DAYS = [3, 7, 14] as const;
export const NO_PROGRESS_AFTER_DAYS = 7;
const DAY = 86_400_000;
/** Requests handled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;
/** Statuses in which the supplier owes us something and is reminded. */
const REMINDED: SupplierRequestStatus[] = ['sent', 'in_progress'];

export async function getReminderDays(db: Db, { workspaceId }: { workspaceId: string }): Promise<number[]> {
  const [row] = await db
    .select()
    .from(workspaceOutreachSettings)
    .where(eq(workspaceOutreachSettings.workspaceId, workspaceId));
  return row?.reminderDays ?? [...DEFAULT_REMINDER_DAYS];
}

export async function setReminderDays(db: Db, { workspaceId, days }: { workspaceId: string; days: number[] }) {
  await db
    .insert(workspaceOutreachSettings)
    .values({ workspaceId, reminderDays: days })
    .onConflictDoUpdate({
      target: workspaceOutreachSettings.workspaceId,
      set: { reminderDays: days, updatedAt: new Date() },
    });
  return { reminder_days: days, no_progress_after_days: NO_PROGRESS_AFTER_DAYS };
}

type Outcome = 'sent' | 'failed' | 'taken' | 'nothing';

interface Asked {
  row: RequestRow;
  items: ItemStatus[];
  files: RequestFile[];
}

/**
 * Claims and sends step `step` of the requests, which share one mail (one request, or the SKUs a bulk
 * request listed in one mail to one supplier: they are reminded together, in one mail). 'taken' when
 * another worker (or run) has every one of them; 'nothing' when none still asks for anything.
 */
async function sendStep(db: Db, group: Asked[], step: number, actor: Actor, now: Date): Promise<Outcome> {
  const asking = group.filter((g) => stillAsked(g.items).length);
  if (!asking.length) return 'nothing';
  const mine: Asked[] = [];
  for (const g of asking) {
    const claimed = await db
      .insert(supplierRequestReminders)
      .values({ requestId: g.row.id, step, workspaceId: g.row.workspaceId })
      .onConflictDoNothing()
      .returning({ step: supplierRequestReminders.step });
    if (claimed.length) mine.push(g);
  }
  const [first] = mine;
  if (!first) return 'taken';
  const row = first.row;
  const products: FollowUpProduct[] = [];
  for (const g of mine) {
    const [sku] = await db
      .select({ productName: skus.productName, skuCode: skus.skuCode })
      .from(skus)
      .where(eq(skus.id, g.row.skuId));
    products.push({
      productName: sku?.productName ?? '',
      skuCode: sku?.skuCode ?? '',
      items: stillAsked(g.items),
      rejectedFiles: g.files
        .filter((f) => f.status === 'rejected')
        .map((f) => ({ filename: f.supplierFilename ?? '', reason: f.note })),
      receivedCount: g.items.filter((i) => i.state === 'accepted' || i.state === 'answered').length,
      link: uploadUrl(linkToken(g.row.id, g.row.tokenNonce)),
      linkExpiresAt: g.row.tokenExpiresAt,
    });
  }
  const locale = isLocale(row.locale) ? row.locale : 'en';
  const [entity] = row.entityId
    ? await db.select({ name: entities.name }).from(entities).where(eq(entities.id, row.entityId))
    : [];
  const mail = renderFollowUp({
    locale,
    supplierName: entity?.name ?? null,
    senderName: await senderName(db, { workspaceId: row.workspaceId }),
    dueDate: row.dueDate,
    products,
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
  for (const { row: r, items } of mine) {
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
      data: {
        step: step + 1,
        items: stillAsked(items).map((i) => i.key),
        ...(outcome.ok ? { message_id: messageId } : {}),
      },
      at: now,
    });
  }
  return outcome.ok ? 'sent' : 'failed';
}

const SCHEDULER: Actor = { userId: null, apiKeyId: null, label: 'Reminder schedule' };

/** The day (UTC) of `now`, as the due date's text compares. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * One pass (over every workspace, or one): done when everything was accepted, due reminder steps,
 * requests that ran out of reminders, and overdue requests the manager has not been told about.
 */
export async function runReminderSweep(db: Db, opts: { now?: Date; workspaceId?: string } = {}) {
  const now = opts.now ?? new Date();
  const rows = await db
    .select({ r: supplierRequests, days: workspaceOutreachSettings.reminderDays })
    .from(supplierRequests)
    .leftJoin(workspaceOutreachSettings, eq(workspaceOutreachSettings.workspaceId, supplierRequests.workspaceId))
    .where(
      and(
        inArray(supplierRequests.status, [...REMINDED, 'no_progress']),
        isNotNull(supplierRequests.sentAt),
        opts.workspaceId ? eq(supplierRequests.workspaceId, opts.workspaceId) : undefined,
      ),
    )
    .orderBy(supplierRequests.sentAt)
    .limit(SWEEP_BATCH);
  const summary = { reminders_sent: 0, reminders_failed: 0, no_progress: 0, done: 0, managers_notified: 0 };
  const states = new Map<string, Asked>();
  for (const { r } of rows) {
    const { items, files } = await loadItemStatuses(db, { row: r });
    states.set(r.id, { row: r, items, files });
  }
  const live: typeof rows = [];
  for (const entry of rows) {
    const { r } = entry;
    const { items } = states.get(r.id)!;
    if (items.length && items.every((i) => i.state === 'accepted')) {
      // Everything asked was accepted (by review here, or evidence that arrived another way): done.
      const moved = await db
        .update(supplierRequests)
        .set({ status: 'done', tokenRevokedAt: now, lastActivityAt: now, updatedAt: now })
        .where(and(eq(supplierRequests.id, r.id), eq(supplierRequests.status, r.status)))
        .returning({ id: supplierRequests.id });
      if (moved.length) {
        summary.done++;
        await addEvent(db, {
          workspaceId: r.workspaceId,
          requestId: r.id,
          kind: 'status_changed',
          actorLabel: SCHEDULER.label,
          data: { from: r.status, to: 'done', open_items: [] },
          at: now,
        });
      }
      continue;
    }
    live.push(entry);
  }
  // Due steps, by the mail they remind of: the requests of one mail get one reminder.
  const due = new Map<string, { step: number; group: Asked[] }>();
  for (const { r, days: configured } of live) {
    if (!REMINDED.includes(r.status)) continue;
    const days = configured ?? [...DEFAULT_REMINDER_DAYS];
    const step = r.reminderCount;
    if (step >= days.length || r.sentAt!.getTime() + days[step] * DAY > now.getTime()) continue;
    if (!stillAsked(states.get(r.id)!.items).length) continue;
    const key = `${r.workspaceId}|${r.messageId ?? r.id}|${step}`;
    const entry = due.get(key) ?? { step, group: [] };
    entry.group.push(states.get(r.id)!);
    due.set(key, entry);
  }
  for (const { step, group } of due.values()) {
    const out = await sendStep(db, group, step, SCHEDULER, now);
    if (out === 'sent') summary.reminders_sent++;
    if (out === 'failed') summary.reminders_failed++;
  }
  for (const { r: before, days: configured } of live) {
    const r = due.size ? await getRequestRow(db, { workspaceId: before.workspaceId, id: before.id }) : before;
    const asked = stillAsked(states.get(r.id)!.items).map((i) => i.label);
    if (REMINDED.includes(r.status) && asked.length) {
      const days = configured ?? [...DEFAULT_REMINDER_DAYS];
      if (r.reminderCount >= days.length) {
        const lastStepDue = r.sentAt!.getTime() + (days[days.length - 1] ?? 0) * DAY;
        const from = Math.max(lastStepDue, r.lastReminderAt?.getTime() ?? 0, r.lastResponseAt?.getTime() ?? 0);
        if (from + NO_PROGRESS_AFTER_DAYS * DAY <= now.getTime()) {
          const moved = await db
            .update(supplierRequests)
            .set({ status: 'no_progress', lastActivityAt: now, updatedAt: now })
            .where(and(eq(supplierRequests.id, r.id), eq(supplierRequests.status, r.status)))
            .returning({ id: supplierRequests.id });
          if (moved.length) {
            summary.no_progress++;
            await addEvent(db, {
              workspaceId: r.workspaceId,
              requestId: r.id,
              kind: 'status_changed',
              actorLabel: SCHEDULER.label,
              data: { from: r.status, to: 'no_progress', reminders: r.reminderCount },
              at: now,
            });
            if (
              await notifyManager(db, {
                row: r,
                reason: 'no_progress',
                openItems: asked,
                actorLabel: SCHEDULER.label,
                now,
              })
            )
              summary.managers_notified++;
          }
        }
      }
    }
    if (r.dueDate && r.dueDate < dayOf(now) && asked.length && !r.overdueNotifiedAt) {
      if (await notifyManager(db, { row: r, reason: 'overdue', openItems: asked, actorLabel: SCHEDULER.label, now }))
        summary.managers_notified++;
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
  const { updateRequestStatus } = await import('./status');
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
        const row = await getRequestRow(db, { workspaceId: args.workspaceId, id });
        if (!['sent', 'in_progress', 'no_progress'].includes(row.status))
          throw new AppError('INVALID_STATE', `A ${row.status} request gets no reminders.`, {
            details: { state: row.status },
          });
        const { items, files } = await loadItemStatuses(db, { row });
        const out = await sendStep(db, [{ row, items, files }], row.reminderCount, args.actor, now);
        if (out === 'nothing')
          throw new AppError(
            'INVALID_STATE',
            'Nothing is open for the supplier: every item was answered or accepted.',
            {
              details: { state: row.status, items: items.map((i) => ({ key: i.key, state: i.state })) },
            },
          );
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
