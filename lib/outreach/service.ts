import crypto from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import {
  entities,
  skuEntities,
  supplierRequests,
  workspaces,
  type RequestItem,
  type SupplierRequestStatus,
} from '@/lib/db/schema';
import { emailProvider } from '@/lib/email/config';
import { fromHeader, newMessageId } from '@/lib/email/send';
import { getEntityRow } from '@/lib/entities/service';
import { AppError } from '@/lib/errors';
import { formatDate, type Locale } from '@/lib/i18n';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, timestampText } from '@/lib/db/keyset';
import { getSkuRow } from '@/lib/skus/service';
import { itemsFromBlockers } from './items';
import { deliverMail } from './outbox';
import { replyToHeader } from './reply-address';
import type { DraftInput, ListQuery, PatchInput, SendInput } from './schemas';
import { addEvent, getRequestRow } from './rows';
import { serializeRequests } from './serialize';
import { dueSentence, localeForCountry, renderDraft, textToHtml, UPLOAD_LINK_PLACEHOLDER } from './templates';
import { hashToken, LINK_VALIDITY_DAYS, linkToken, newNonce, uploadUrl } from './token';

/**
 * Supplier requests: draft (from the SKU's open blockers), send (one mail, recorded before it leaves
 * so a failure is kept as `failed`), list with the timeline, and status changes along the allowed
 * transitions only.
 */

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

export { addEvent, getRequestRow } from './rows';

export async function getRequest(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [out] = await serializeRequests(db, { rows: [await getRequestRow(db, { workspaceId, id })] });
  return out;
}

interface Recipient {
  to: string | null;
  source: 'given' | 'entity' | 'manufacturer' | 'importer' | null;
  entity: typeof entities.$inferSelect | null;
}

/** The SKU's operators (any role), with their address and the language a mail to them is written in. */
export async function skuOperators(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const links = await db
    .select({ role: skuEntities.role, e: entities })
    .from(skuEntities)
    .innerJoin(entities, eq(entities.id, skuEntities.entityId))
    .where(and(eq(skuEntities.skuId, skuId), eq(skuEntities.workspaceId, workspaceId)));
  const order = ['manufacturer', 'importer', 'authorised_representative', 'responsible_person'];
  return links.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
}

export async function resolveRecipient(
  db: Db,
  { workspaceId, skuId, given }: { workspaceId: string; skuId: string; given: { to?: string; entity_id?: string } },
): Promise<Recipient> {
  if (given.entity_id) {
    const entity = await getEntityRow(db, { workspaceId, id: given.entity_id });
    return {
      to: given.to ?? entity.email ?? null,
      source: given.to ? 'given' : entity.email ? 'entity' : null,
      entity,
    };
  }
  const links = await skuOperators(db, { workspaceId, skuId });
  if (given.to) {
    // A typed address is greeted as the operator it belongs to (same address, else same domain), or
    // not by name at all: never as another operator.
    const to = given.to.toLowerCase();
    const domain = to.split('@')[1];
    const same =
      links.find((l) => l.e.email?.toLowerCase() === to) ??
      links.find((l) => domain && l.e.email?.toLowerCase().split('@')[1] === domain);
    return { to: given.to, source: 'given', entity: same?.e ?? null };
  }
  const suppliers = links.filter((l) => l.role === 'manufacturer' || l.role === 'importer');
  const pick =
    suppliers.find((l) => l.role === 'manufacturer' && l.e.email) ??
    suppliers.find((l) => l.role === 'importer' && l.e.email) ??
    suppliers.find((l) => l.role === 'manufacturer') ??
    suppliers[0];
  return {
    to: pick?.e.email ?? null,
    source: pick?.e.email ? (pick.role as 'manufacturer' | 'importer') : null,
    entity: pick?.e ?? null,
  };
}

function chooseItems(available: RequestItem[], keys: string[] | undefined): RequestItem[] {
  if (!keys) return available;
  const unknown = keys.map((k, i) => ({ k, i })).filter(({ k }) => !available.some((a) => a.key === k));
  if (unknown.length) {
    throw new AppError('VALIDATION_FAILED', `Not an open item of this SKU: ${unknown.map((u) => u.k).join(', ')}.`, {
      details: {
        fields: unknown.map(({ k, i }) => ({ path: `items.${i}`, message: `${k} is not an open item of this SKU` })),
        available_items: available.map((a) => a.key),
      },
    });
  }
  return available.filter((a) => keys.includes(a.key));
}

async function context(
  db: Db,
  workspaceId: string,
  input: { sku_id: string; to?: string; entity_id?: string; locale?: Locale; items?: string[] },
) {
  const sku = await getSkuRow(db, { workspaceId, id: input.sku_id });
  const recipient = await resolveRecipient(db, { workspaceId, skuId: sku.id, given: input });
  const locale = input.locale ?? localeForCountry(recipient.entity?.country);
  const available = itemsFromBlockers(sku.blockers, sku.requirementProfileId, locale);
  const items = chooseItems(available, input.items);
  return { sku, recipient, locale, available, items };
}

export async function senderName(db: Db, { workspaceId }: { workspaceId: string }) {
  const [ws] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return ws?.name ?? null;
}

/** POST /api/supplier-email/draft: the mail that names exactly what the SKU is missing. */
export async function draftEmail(db: Db, args: { workspaceId: string; input: DraftInput }) {
  const { sku, recipient, locale, available, items } = await context(db, args.workspaceId, args.input);
  if (!available.length) {
    throw new AppError('NOTHING_TO_REQUEST', 'This SKU has no open blocker a supplier could resolve.', {
      details: { sku_id: sku.id, blocker_count: sku.blockerCount },
    });
  }
  const { subject, body } = renderDraft({
    locale,
    productName: sku.productName,
    skuCode: sku.skuCode,
    gtin: sku.gtin,
    supplierName: recipient.entity?.name ?? null,
    senderName: await senderName(db, { workspaceId: args.workspaceId }),
    items,
    dueDate: args.input.due_date ?? null,
  });
  return {
    sku_id: sku.id,
    to: recipient.to,
    to_source: recipient.source,
    entity_id: recipient.entity?.id ?? null,
    locale,
    subject,
    body,
    html: textToHtml(body),
    items,
    available_items: available,
    upload_link_placeholder: UPLOAD_LINK_PLACEHOLDER,
    greeting_name: recipient.entity?.name ?? null,
    due_date: args.input.due_date ?? null,
    recipients: (await skuOperators(db, { workspaceId: args.workspaceId, skuId: sku.id })).map((l) => ({
      entity_id: l.e.id,
      role: l.role,
      name: l.e.name,
      email: l.e.email,
      locale: localeForCountry(l.e.country),
    })),
  };
}

/**
 * A due date set in the dialog is in the mail even when the text was drafted before it was chosen:
 * its sentence goes after the upload line (or at the end) unless the text already names the date.
 */
export function withDueDate(body: string, due: string | null, locale: Locale) {
  if (!due) return body;
  const sentence = dueSentence(due, locale);
  if (body.includes(formatDate(due, locale)) || body.includes(due)) return body;
  const lines = body.split('\n');
  const at = lines.findIndex((l) => l.includes(UPLOAD_LINK_PLACEHOLDER));
  if (at < 0) return `${body}\n\n${sentence}`;
  lines.splice(at + 1, 0, sentence);
  return lines.join('\n');
}

/** The body as sent: the placeholder becomes the link; a body without it gets the link appended. */
export function bodyWithLink(body: string, link: string) {
  return body.includes(UPLOAD_LINK_PLACEHOLDER)
    ? body.split(UPLOAD_LINK_PLACEHOLDER).join(link)
    : body.includes(link)
      ? body
      : `${body}\n\n${link}`;
}

export async function sendRequest(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    replyTo: string | null;
    /** The sender's UI language (ui_lang cookie), for the attention mail. */
    managerLocale?: string | null;
    input: SendInput;
    dryRun: boolean;
    now?: Date;
    /** Items asked beyond the SKU's open blockers (a recall case asks for batches and a root cause). */
    extraItems?: RequestItem[];
  },
) {
  const { input, actor } = args;
  const ctx = await context(db, args.workspaceId, input);
  const { sku, recipient, locale } = ctx;
  const items = [...(args.extraItems ?? []), ...ctx.items];
  if (!items.length)
    throw new AppError(
      'NOTHING_TO_REQUEST',
      'This SKU has no open blocker a supplier could resolve; there is nothing to ask for.',
      { details: { sku_id: sku.id } },
    );
  if (emailProvider() === 'none')
    throw new AppError(
      'EMAIL_NOT_CONFIGURED',
      'No mail provider is configured: set SMTP_HOST (and SMTP_FROM) or RESEND_API_KEY.',
    );
  const cc = input.cc ?? [];
  if (args.dryRun) {
    return {
      status: 200,
      body: {
        dry_run: true,
        would_send: {
          from: fromHeader(),
          to: input.to,
          cc,
          reply_to: args.replyTo,
          subject: input.subject,
          provider: emailProvider(),
          locale,
          items,
          due_date: input.due_date ?? null,
        },
      },
    };
  }
  const now = args.now ?? new Date();
  const id = crypto.randomUUID();
  const nonce = newNonce();
  const token = linkToken(id, nonce);
  const link = uploadUrl(token);
  const text = bodyWithLink(withDueDate(input.body, input.due_date ?? null, locale), link);
  const messageId = newMessageId();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.insert(supplierRequests).values({
      id,
      workspaceId: args.workspaceId,
      skuId: sku.id,
      entityId: recipient.entity?.id ?? null,
      recipient: input.to,
      cc,
      replyTo: replyToHeader(id, args.replyTo),
      managerLocale: args.managerLocale ?? null,
      subject: input.subject,
      body: text,
      locale,
      items,
      status: 'sending',
      dueDate: input.due_date ?? null,
      messageId,
      tokenNonce: nonce,
      tokenHash: hashToken(token),
      tokenExpiresAt: new Date(now.getTime() + LINK_VALIDITY_DAYS * 86_400_000),
      lastActivityAt: now,
      createdBy: actor.userId,
      createdByLabel: actor.label,
      createdAt: now,
      updatedAt: now,
    });
    await addEvent(t, {
      workspaceId: args.workspaceId,
      requestId: id,
      kind: 'created',
      actorLabel: actor.label,
      data: { items: items.map((i) => i.key), to: input.to },
      at: now,
    });
  });

  // Written first (above), sent after: a crash in between leaves a `sending` request the outbox
  // reconciles with the same Message-ID.
  const outcome = await deliverMail(db, {
    workspaceId: args.workspaceId,
    messageId,
    actor,
    mode: 'fresh',
    now,
    sentAt: args.now,
  });
  if (outcome.kind === 'failed')
    throw new AppError('EMAIL_DELIVERY_FAILED', `The mail to ${input.to} was not delivered: ${outcome.error}`, {
      details: { request_id: id, provider: emailProvider(), reason: outcome.error },
    });
  return { status: 201, body: { request: await getRequest(db, { workspaceId: args.workspaceId, id }) } };
}

const SORT = 'created';

export async function listRequests(db: Db, { workspaceId, q }: { workspaceId: string; q: ListQuery }) {
  if (q.sku_id) await getSkuRow(db, { workspaceId, id: q.sku_id });
  const where: SQL[] = [eq(supplierRequests.workspaceId, workspaceId)];
  if (q.sku_id) where.push(eq(supplierRequests.skuId, q.sku_id));
  if (q.status?.length) where.push(inArray(supplierRequests.status, q.status));
  if (q.cursor) {
    const c = decodeKeysetCursor(q.cursor, SORT, 'timestamp');
    where.push(afterKeyset('desc', supplierRequests.createdAt, c.value, supplierRequests.id, c.id));
  }
  const rows = await db
    .select({ row: supplierRequests, createdKey: timestampText(supplierRequests.createdAt) })
    .from(supplierRequests)
    .where(and(...where))
    .orderBy(desc(supplierRequests.createdAt), desc(supplierRequests.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const hasMore = rows.length > q.limit;
  return {
    data: await serializeRequests(db, { rows: page.map((r) => r.row) }),
    next_cursor: hasMore && last ? encodeKeysetCursor(SORT, last.createdKey, last.row.id) : null,
    has_more: hasMore,
  };
}

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
