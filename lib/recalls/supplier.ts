import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import { recordAudit } from '@/lib/audit';
import type { Db } from '@/lib/db/client';
import { recallCases, type RequestItem } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { sendRequest } from '@/lib/outreach/send';
import { resolveRecipient } from '@/lib/outreach/service';
import { UPLOAD_LINK_PLACEHOLDER } from '@/lib/outreach/templates';
import { getCase, getCaseRow } from './cases';

/**
 * Asks the supplier of the case's first SKU, through the outreach loop (one supplier request with its
 * upload link, reminders and timeline), for what a recall needs from them: the batches and quantities
 * delivered, and the root cause with its corrective action. Audited as recall.supplier_asked.
 */
export async function askSupplier(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; replyTo: string | null; to?: string; message?: string },
) {
  const row = await getCaseRow(db, { workspaceId: args.workspaceId, id: args.id });
  if (row.status !== 'open') throw new AppError('INVALID_STATE', 'The recall case is closed.');
  const c = await getCase(db, { workspaceId: args.workspaceId, id: args.id });
  const sku = c.skus[0];
  const recipient = await resolveRecipient(db, {
    workspaceId: args.workspaceId,
    skuId: sku.id,
    given: { to: args.to },
  });
  if (!recipient.to)
    throw new AppError('NO_RECIPIENT', 'The SKU has no supplier with an e-mail address: give `to`.', {
      details: { sku_id: sku.id },
    });
  const hazard = c.hazard || c.reason;
  const items: RequestItem[] = [
    {
      key: 'RECALL_BATCHES',
      kind: 'field',
      code: 'RECALL_BATCHES',
      fields: ['batch_or_serial_scheme'],
      label: `Batches / serial numbers of ${sku.product_name} delivered to us, with quantities and dates`,
      legal_basis: 'GPSR Art. 9(8), Art. 35',
    },
    {
      key: 'RECALL_ROOT_CAUSE',
      kind: 'document',
      code: 'RECALL_ROOT_CAUSE',
      document_types: ['other'],
      label: `Root cause and corrective action for: ${hazard}`.slice(0, 300),
      legal_basis: 'GPSR Art. 9(8)',
    },
  ];
  const body = [
    recipient.entity?.name ? `Dear ${recipient.entity.name},` : 'Hello,',
    '',
    `we are carrying out a product ${c.action} of ${sku.product_name} (${sku.sku_code}${sku.gtin ? `, GTIN ${sku.gtin}` : ''}).`,
    `Reason: ${c.reason}`,
    hazard !== c.reason ? `Hazard: ${hazard}` : '',
    c.alert ? `Alert: ${c.alert.reference} (${c.alert.feed === 'safety_gate' ? 'EU Safety Gate' : 'RappelConso'})` : '',
    '',
    'Please send us, through the link below:',
    ...items.map((i) => `- ${i.label}`),
    args.message ? `\n${args.message}` : '',
    '',
    UPLOAD_LINK_PLACEHOLDER,
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
  const out = await sendRequest(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    replyTo: args.replyTo,
    dryRun: false,
    extraItems: items,
    input: {
      sku_id: sku.id,
      to: recipient.to,
      subject: `Product ${c.action}: ${sku.product_name} (${sku.sku_code})`.slice(0, 300),
      body,
      items: [],
      entity_id: recipient.entity?.id,
    },
  });
  const request = (out.body as { request: { id: string } }).request;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(recallCases)
      .set({ supplierRequestId: request.id, updatedAt: new Date() })
      .where(eq(recallCases.id, c.id));
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'recall.supplier_asked',
      targetType: 'recall_case',
      targetId: c.id,
      data: { request_id: request.id, to: recipient.to, sku_id: sku.id },
    });
  });
  return getCase(db, { workspaceId: args.workspaceId, id: args.id });
}
