import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import type { DraftInput } from './schemas';
import { draftContext, senderName, skuOperators } from './service';
import { localeForCountry, renderDraft, textToHtml, UPLOAD_LINK_PLACEHOLDER } from './templates';

/** Drafting a supplier request: the mail, from the SKU's open blockers, and whom it can go to. */

/** POST /api/supplier-email/draft: the mail that names exactly what the SKU is missing. */
export async function draftEmail(db: Db, args: { workspaceId: string; input: DraftInput }) {
  const { sku, recipient, locale, available, items } = await draftContext(db, {
    workspaceId: args.workspaceId,
    input: args.input,
  });
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
