import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { skus, type RequestItem } from '@/lib/db/schema';
import { emailProvider } from '@/lib/email/config';
import { newMessageId } from '@/lib/email/send';
import { getEntityRow } from '@/lib/entities/service';
import { AppError } from '@/lib/errors';
import { bulkSkusOrThrow, bulkTargetIds } from '@/lib/skus/bulk';
import { itemsFromBlockers } from './items';
import { deliverMail } from './outbox';
import { replyToHeader } from './reply-address';
import { BULK_REQUEST_FILTER_MAX, type BulkSendInput, type BulkSendResult } from './schemas';
import { insertSendingRequest } from './rows';
import { bodyWithLink, resolveRecipient, senderName } from './service';
import { localeForCountry, renderDraft, renderGroupMail, UPLOAD_LINK_PLACEHOLDER } from './templates';
import { linkToken, newNonce, uploadUrl } from './token';

/**
 * Supplier requests for several SKUs at once. Each SKU still gets its own request (its own upload
 * link, status, reminders and timeline, as a single request has), but the SKUs that go to the same
 * address in the same language leave in one mail listing each product with what it misses and its
 * link: a supplier asked about twenty products gets one mail, not twenty. The requests of one mail
 * share its Message-ID. A SKU with nothing to ask for, or without an address, is reported and skipped;
 * an id that is not a SKU of the workspace fails the whole request with 404 before anything is sent.
 */

type Result = BulkSendResult['results'][number];
type Mail = BulkSendResult['mails'][number];
type SkuRow = typeof skus.$inferSelect;
type Entity = Awaited<ReturnType<typeof resolveRecipient>>['entity'];

interface Planned {
  sku: SkuRow;
  entity: Entity;
  items: RequestItem[];
}
interface Group {
  to: string;
  entity: Entity;
  locale: Mail['locale'];
  skus: Planned[];
}

export async function bulkSendRequests(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    replyTo: string | null;
    managerLocale?: string | null;
    input: BulkSendInput;
    dryRun: boolean;
    now?: Date;
  },
): Promise<BulkSendResult> {
  const { workspaceId, input } = args;
  const ids = await bulkTargetIds(db, { workspaceId, input, max: BULK_REQUEST_FILTER_MAX });
  // By SKU code: a mail lists its products, and the results come back, in the order people read them.
  const found = (await bulkSkusOrThrow(db, { workspaceId, ids, opts: { lock: false } })).sort((a, b) =>
    a.sku_code.localeCompare(b.sku_code),
  );
  // One entity for all SKUs: a foreign or unknown entity is a 404 before anything else.
  if (input.entity_id) await getEntityRow(db, { workspaceId, id: input.entity_id });
  if (emailProvider() === 'none')
    throw new AppError(
      'EMAIL_NOT_CONFIGURED',
      'No mail provider is configured: set SMTP_HOST (and SMTP_FROM) or RESEND_API_KEY.',
    );
  const rows = await db
    .select()
    .from(skus)
    .where(
      and(
        eq(skus.workspaceId, workspaceId),
        inArray(
          skus.id,
          found.map((f) => f.id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const results: Result[] = [];
  const groups = new Map<string, Group>();
  const available = new Map<string, { key: string; label: string; sku_count: number }>();

  for (const { id } of found) {
    const sku = byId.get(id)!;
    const recipient = await resolveRecipient(db, { workspaceId, skuId: sku.id, given: input });
    const locale = input.locale ?? localeForCountry(recipient.entity?.country);
    const open = itemsFromBlockers(sku.blockers, sku.requirementProfileId, locale);
    for (const i of open) {
      const a = available.get(i.key) ?? { key: i.key, label: i.label, sku_count: 0 };
      a.sku_count++;
      available.set(i.key, a);
    }
    const items = input.items ? open.filter((i) => input.items!.includes(i.key)) : open;
    const base = { sku_id: sku.id, sku_code: sku.skuCode, request_id: null, items: items.map((i) => i.key) };
    if (!items.length) {
      results.push({
        ...base,
        ok: false,
        to: recipient.to,
        code: 'NOTHING_TO_REQUEST',
        message: open.length
          ? 'None of the chosen items is open on this SKU.'
          : 'This SKU has no open blocker a supplier could resolve.',
      });
      continue;
    }
    if (!recipient.to) {
      results.push({
        ...base,
        ok: false,
        to: null,
        code: 'NO_RECIPIENT',
        message: 'No address: link a manufacturer or importer with an email, or choose the supplier.',
      });
      continue;
    }
    // Grouped by address, not by entity: two entities sharing a contact address are one supplier to write to.
    const key = `${recipient.to.toLowerCase()}|${locale}`;
    const group = groups.get(key) ?? { to: recipient.to, entity: recipient.entity, locale, skus: [] };
    group.skus.push({ sku, entity: recipient.entity, items });
    groups.set(key, group);
    results.push({ ...base, ok: true, to: recipient.to });
  }
  if (input.items) {
    const unknown = input.items.filter((k) => !available.has(k));
    if (unknown.length)
      throw new AppError('VALIDATION_FAILED', `Not an open item of any selected SKU: ${unknown.join(', ')}.`, {
        details: {
          fields: unknown.map((k) => ({ path: 'items', message: `${k} is open on none of the SKUs` })),
          available_items: [...available.keys()],
        },
      });
  }

  const sender = await senderName(db, { workspaceId });
  const mails: Mail[] = [];
  for (const group of groups.values()) {
    const mail = args.dryRun
      ? { ...draftGroup(group, sender, input.due_date ?? null, () => UPLOAD_LINK_PLACEHOLDER), ok: true, error: null }
      : await sendGroup(db, { ...args, group, sender, results });
    mails.push({
      to: group.to,
      entity_id: group.entity?.id ?? null,
      locale: group.locale,
      sku_ids: group.skus.map((s) => s.sku.id),
      ...mail,
    });
  }
  return { dry_run: args.dryRun, results, mails, available_items: [...available.values()] };
}

function draftGroup(group: Group, sender: string | null, dueDate: string | null, linkOf: (skuId: string) => string) {
  const [only] = group.skus;
  // A supplier asked about one product gets the same mail as from the SKU page.
  if (group.skus.length === 1) {
    const one = renderDraft({
      locale: group.locale,
      productName: only.sku.productName,
      skuCode: only.sku.skuCode,
      gtin: only.sku.gtin,
      supplierName: group.entity?.name ?? null,
      senderName: sender,
      items: only.items,
      dueDate,
    });
    return { subject: one.subject, body: bodyWithLink(one.body, linkOf(only.sku.id)) };
  }
  return renderGroupMail({
    locale: group.locale,
    supplierName: group.entity?.name ?? null,
    senderName: sender,
    dueDate,
    products: group.skus.map(({ sku, items }) => ({
      productName: sku.productName,
      skuCode: sku.skuCode,
      gtin: sku.gtin,
      items,
      link: linkOf(sku.id),
    })),
  });
}

/** Records one request per SKU (status sending), sends the one mail, then marks them sent or failed. */
async function sendGroup(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    replyTo: string | null;
    managerLocale?: string | null;
    input: BulkSendInput;
    now?: Date;
    group: Group;
    sender: string | null;
    results: Result[];
  },
): Promise<{ subject: string; body: string; ok: boolean; error: string | null }> {
  const { workspaceId, actor, group, input } = args;
  const now = args.now ?? new Date();
  const messageId = newMessageId();
  const cc = input.cc ?? [];
  const dueDate = input.due_date ?? null;
  const made = group.skus.map((p) => {
    const id = crypto.randomUUID();
    const nonce = newNonce();
    const token = linkToken(id, nonce);
    return { ...p, id, nonce, token, link: uploadUrl(token) };
  });
  const links = new Map(made.map((m) => [m.sku.id, m.link]));
  const mail = draftGroup(group, args.sender, dueDate, (skuId) => links.get(skuId)!);

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const m of made)
      await insertSendingRequest(t, {
        id: m.id,
        workspaceId,
        skuId: m.sku.id,
        entityId: m.entity?.id ?? null,
        recipient: group.to,
        cc,
        // One mail for the group: its replies come to the first request's address and find the SKU by code.
        replyTo: replyToHeader(made[0].id, args.replyTo),
        managerLocale: args.managerLocale ?? null,
        subject: mail.subject,
        // The mail as sent: its reminder repeats it, listing every product of the mail.
        body: mail.body,
        locale: group.locale,
        items: m.items,
        dueDate,
        messageId,
        nonce: m.nonce,
        token: m.token,
        actor,
        now,
        eventData: { bulk: true, sku_count: made.length },
      });
  });

  // Written first, sent after (the outbox): a crash in between is reconciled with the same Message-ID.
  const delivered = await deliverMail(db, {
    workspaceId,
    messageId,
    actor,
    mode: 'fresh',
    now,
    sentAt: args.now,
  });
  const outcome =
    delivered.kind === 'failed' ? { ok: false as const, error: delivered.error } : { ok: true as const, error: null };
  for (const m of made) {
    const r = args.results.find((x) => x.sku_id === m.sku.id)!;
    r.request_id = m.id;
    if (!outcome.ok) {
      r.ok = false;
      r.code = 'EMAIL_DELIVERY_FAILED';
      r.message = `The mail to ${group.to} was not delivered: ${outcome.error}`;
    }
  }
  return { ...mail, ok: outcome.ok, error: outcome.ok ? null : outcome.error };
}
