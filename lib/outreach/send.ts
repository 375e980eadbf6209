import crypto from 'node:crypto';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import type { RequestItem } from '@/lib/db/schema';
import { emailProvider } from '@/lib/email/config';
import { fromHeader, newMessageId } from '@/lib/email/send';
import { AppError } from '@/lib/errors';
import { formatDate, type Locale } from '@/lib/i18n';
import { deliverMail } from './outbox';
import { replyToHeader } from './reply-address';
import { insertSendingRequest } from './rows';
import type { SendInput } from './schemas';
import { bodyWithLink, draftContext, getRequest } from './service';
import { dueSentence, UPLOAD_LINK_PLACEHOLDER } from './templates';
import { linkToken, newNonce, uploadUrl } from './token';

/**
 * Sending a supplier request: one mail, recorded before it leaves so a failure is kept as `failed`.
 */

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
  const ctx = await draftContext(db, { workspaceId: args.workspaceId, input });
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
  await db.transaction(async (tx) =>
    insertSendingRequest(tx as unknown as Db, {
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
      dueDate: input.due_date ?? null,
      messageId,
      nonce,
      token,
      actor,
      now,
    }),
  );

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
