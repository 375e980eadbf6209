import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { getEnv } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { skus, supplierRequestEvents, supplierRequestReminders, supplierRequests } from '@/lib/db/schema';
import { MAX_FILE_BYTES } from '@/lib/documents/limits';
import { AppError } from '@/lib/errors';
import { sanitizeDisplayName, type UploadedFile } from '@/lib/http/multipart';
import { answersFromText, receiveAnswers } from './answers';
import { requestIdFromAddresses } from './reply-address';
import { lookupLink, receiveSupplierFiles } from './responses';
import { addEvent } from './rows';
import type { RequestRow } from './serialize';
import { getBlobStore } from '@/lib/storage';
import { makeRunTempDir, removeRunTempDir } from '@/lib/storage/temp';

/**
 * Inbound replies (POST /api/supplier-email/inbound): a mail provider's webhook posts the raw MIME
 * with the shared secret. The reply is matched to its request by the Message-IDs it answers
 * (In-Reply-To, References: the request's or a reminder's), else by an upload link token in the text.
 * Attachments go through the same upload as the link; the reply text, without the quoted part, goes
 * on the timeline. Unauthenticated or unmatched mail changes nothing.
 */

const MAX_ATTACHMENTS = 20;
const TOKEN_IN_TEXT = /\/r\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;

export function checkInboundSecret(given: string | null) {
  const secret = getEnv().INBOUND_EMAIL_SECRET;
  if (!secret) throw new AppError('UNAUTHORIZED', 'Inbound mail is not enabled (INBOUND_EMAIL_SECRET is not set).');
  const a = crypto
    .createHash('sha256')
    .update(given ?? '')
    .digest();
  const b = crypto.createHash('sha256').update(secret).digest();
  if (!given || !crypto.timingSafeEqual(a, b))
    throw new AppError('UNAUTHORIZED', 'Send the webhook secret in the X-Webhook-Secret header.');
}

const messageIds = (s: string | undefined) => (s ? (s.match(/<[^<>\s]+>/g) ?? []) : []);

/** The reply without the quoted original (lines with ">", and what follows "On … wrote:" and the like). */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (/^(On|Am|Le|El|Il)\s.{0,300}(wrote|schrieb|a écrit|escribió|ha scritto).{0,200}:$/i.test(line.trim())) break;
    if (
      /^-{2,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine|Mensaje original|Messaggio originale)\s*-{2,}/i.test(
        line.trim(),
      )
    )
      break;
    if (/^\s*>/.test(line)) continue;
    out.push(line);
  }
  return out.join('\n').trim().slice(0, 10_000);
}

/**
 * One mail can carry the requests of several SKUs (a bulk request lists a supplier's products in one
 * mail, sharing its Message-ID): the reply goes to the SKU whose code the supplier wrote in the reply
 * or in an attachment's name, when exactly one does; otherwise to the first product of the mail.
 */
async function pickFromMail(db: Db, rows: RequestRow[], hint: string): Promise<RequestRow> {
  if (rows.length === 1) return rows[0];
  const codes = await db
    .select({ id: skus.id, code: skus.skuCode })
    .from(skus)
    .where(
      inArray(
        skus.id,
        rows.map((r) => r.skuId),
      ),
    );
  const lower = hint.toLowerCase();
  const named = codes.filter((c) => {
    const at = lower.indexOf(c.code.toLowerCase());
    // A code inside a longer code ("A-1" in "A-10") does not name it.
    const after = lower[at + c.code.length];
    return at >= 0 && !(after && /[a-z0-9]/.test(after));
  });
  const ordered = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  if (named.length === 1) return rows.find((r) => r.skuId === named[0].id) ?? ordered[0];
  return ordered[0];
}

async function matchRequest(
  db: Db,
  ids: string[],
  text: string,
  hint: string,
  addresses: (string | undefined)[],
): Promise<RequestRow | null> {
  if (ids.length) {
    const direct = await db.select().from(supplierRequests).where(inArray(supplierRequests.messageId, ids));
    if (direct.length) return pickFromMail(db, direct, hint);
    const viaReminder = await db
      .select({ id: supplierRequestReminders.requestId })
      .from(supplierRequestReminders)
      .where(inArray(supplierRequestReminders.messageId, ids));
    if (viaReminder[0]) {
      const [row] = await db.select().from(supplierRequests).where(eq(supplierRequests.id, viaReminder[0].id));
      if (row) return row;
    }
  }
  // The request's own reply address (Reply-To: <local>+<request id>@<domain>).
  const byAddress = requestIdFromAddresses(addresses);
  if (byAddress) {
    const [row] = await db.select().from(supplierRequests).where(eq(supplierRequests.id, byAddress));
    if (row) {
      if (!row.messageId) return row;
      const siblings = await db
        .select()
        .from(supplierRequests)
        .where(and(eq(supplierRequests.workspaceId, row.workspaceId), eq(supplierRequests.messageId, row.messageId)));
      return pickFromMail(db, siblings, hint);
    }
  }
  for (const m of text.matchAll(TOKEN_IN_TEXT)) {
    const found = await lookupLink(db, { token: m[1] });
    if (found.kind === 'ok') return found.row;
  }
  return null;
}

/** Mailbox providers where one domain is many unrelated senders: only the exact address counts there. */
const SHARED_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'qq.com',
  '163.com',
  '126.com',
  'aliyun.com',
  'sina.com',
  'foxmail.com',
]);

/** The reply comes from the request's recipient (or a cc), or from the same organisation's domain. */
export function senderMatches(from: string | null, row: Pick<RequestRow, 'recipient' | 'cc'>): boolean {
  if (!from) return false;
  const f = from.trim().toLowerCase();
  const known = [row.recipient, ...(row.cc ?? [])].map((a) => a.trim().toLowerCase());
  if (known.includes(f)) return true;
  const domain = f.split('@')[1];
  if (!domain || SHARED_DOMAINS.has(domain)) return false;
  return known.some((a) => a.split('@')[1] === domain);
}

export async function receiveInboundMail(db: Db, { raw, opts = {} }: { raw: Uint8Array; opts?: { now?: Date } }) {
  const email = await parseMime(raw);
  const answered = [...messageIds(email.inReplyTo), ...messageIds(email.references)];
  const text = email.text ?? (email.html ? email.html.replace(/<[^>]+>/g, ' ') : '');
  const hint = [replyText(text), ...email.attachments.map((a) => a.filename ?? '')].join('\n');
  const addresses = [
    ...(email.to ?? []).map((a) => a.address),
    ...(email.cc ?? []).map((a) => a.address),
    ...email.headers.filter((h) => ['delivered-to', 'x-original-to'].includes(h.key)).map((h) => h.value),
  ];
  const row = await matchRequest(db, answered, `${email.subject ?? ''}\n${text}`, hint, addresses);
  if (!row)
    throw new AppError('INBOUND_UNMATCHED', 'The mail answers no known supplier request.', {
      details: { in_reply_to: email.inReplyTo ?? null },
    });
  if (!['sent', 'in_progress', 'to_review', 'no_progress'].includes(row.status)) {
    throw new AppError('INVALID_STATE', `The request this mail answers is ${row.status}; nothing was stored.`, {
      details: { state: row.status, request_id: row.id },
    });
  }
  // A webhook delivered twice is one reply.
  const inboundId = email.messageId ?? null;
  const from = email.from?.address ?? null;
  if (inboundId) {
    const [dup] = await db
      .select({ id: supplierRequestEvents.id })
      .from(supplierRequestEvents)
      .where(
        sql`${supplierRequestEvents.requestId} = ${row.id} AND ${supplierRequestEvents.data}->>'inbound_message_id' = ${inboundId}`,
      );
    if (dup) return { request_id: row.id, duplicate: true, held: false, results: [], answers: [] };
  }

  if (!senderMatches(from, row)) {
    // Someone else answered (a forwarded link, a spoofed thread): nothing is attached and the request
    // does not move; the manager sees the held reply on the timeline and releases or dismisses it
    // (lib/outreach/held-replies.ts). The raw message is kept in blob storage until then, so a release
    // stores exactly what arrived through the normal path.
    const heldId = crypto.randomUUID();
    await getBlobStore().put(heldReplyKey(row.workspaceId, heldId), raw, 'message/rfc822');
    await addEvent(db, {
      workspaceId: row.workspaceId,
      requestId: row.id,
      kind: 'reply_held',
      actorLabel: 'Inbound mail',
      note: replyText(text) || null,
      data: {
        held_id: heldId,
        inbound_message_id: inboundId,
        from,
        subject: email.subject ?? null,
        expected: row.recipient,
        attachments: email.attachments.map((a) => ({
          filename: a.filename ?? null,
          size: a.content ? (a.content as ArrayBuffer).byteLength : 0,
        })),
      },
      at: opts.now,
    });
    return { request_id: row.id, duplicate: false, held: true, results: [], answers: [] };
  }

  return { request_id: row.id, duplicate: false, held: false, ...(await storeReply(db, { row, email, opts })) };
}

/** Where a held reply's raw message waits for the manager's decision. */
export const heldReplyKey = (workspaceId: string, heldId: string) => `${workspaceId}/held-replies/${heldId}`;

export async function parseMime(raw: Uint8Array) {
  try {
    return await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  } catch (e) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The body is not a readable MIME message: ${(e as Error).message}`.slice(0, 300),
    );
  }
}

/**
 * A reply taken in: its attachments stored like uploads through the link (proposed evidence of the
 * request's SKU), its text on the timeline and read for answers. Used for a recipient's reply and for
 * a held reply the manager releases.
 */
export async function storeReply(
  db: Db,
  {
    row,
    email,
    opts = {},
  }: {
    row: RequestRow;
    email: Awaited<ReturnType<typeof PostalMime.parse>>;
    opts?: { now?: Date; data?: Record<string, unknown> };
  },
) {
  const text = email.text ?? (email.html ? email.html.replace(/<[^>]+>/g, ' ') : '');
  const inboundId = email.messageId ?? null;
  const dir = await makeRunTempDir('inbound');
  try {
    const files: UploadedFile[] = [];
    for (const [i, a] of email.attachments.slice(0, MAX_ATTACHMENTS).entries()) {
      const bytes = Buffer.from(a.content as ArrayBuffer);
      const file: UploadedFile = {
        field: 'files',
        filename: sanitizeDisplayName(a.filename ?? `attachment-${i + 1}`),
        mimeType: a.mimeType || 'application/octet-stream',
        size: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        path: null,
        tooLarge: bytes.length > MAX_FILE_BYTES,
      };
      if (!file.tooLarge) {
        file.path = path.join(dir, `a${i}`);
        await fs.promises.writeFile(file.path, bytes);
      }
      files.push(file);
    }
    const note = replyText(text);
    const out = await receiveSupplierFiles(db, {
      row,
      files,
      via: 'inbound_email',
      note: note || null,
      data: {
        inbound_message_id: inboundId,
        from: email.from?.address ?? null,
        subject: email.subject ?? null,
        skipped_attachments: Math.max(0, email.attachments.length - MAX_ATTACHMENTS),
        ...opts.data,
      },
      now: opts.now,
    });
    // The reply's own words, read for answers to the asked fields (offered as suggestions, with the line).
    const answers = note ? answersFromText(note, row) : [];
    const answered = answers.length
      ? (await receiveAnswers(db, { row, answers, via: 'inbound_email', now: opts.now })).results
      : [];
    return { results: out.results, answers: answered };
  } finally {
    await removeRunTempDir(dir);
  }
}
