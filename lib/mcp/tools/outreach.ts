import { z } from 'zod';
import { SUPPLIER_REQUEST_STATUSES } from '@/lib/db/schema';
import { listRequests } from '@/lib/outreach/list';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf } from '../paging';
import { inArray, and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import { IdArg, budgetText } from '../views';

async function skuCodes(db: Db, workspaceId: string, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: skus.id, code: skus.skuCode })
    .from(skus)
    .where(and(eq(skus.workspaceId, workspaceId), inArray(skus.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.code]));
}

export const listSupplierRequestsTool = defineTool({
  name: 'list_supplier_requests',
  title: 'List supplier requests',
  description:
    'E-mails asking suppliers for missing documents or data, newest first: recipient, what was asked (with legal basis), status, due date, reminders and the documents returned. ' +
    'Filter by SKU and by status.',
  input: z.object({
    sku_id: IdArg('SKU').optional().describe('Only the requests for this SKU.'),
    status: z
      .array(z.enum(SUPPLIER_REQUEST_STATUSES))
      .min(1)
      .max(SUPPLIER_REQUEST_STATUSES.length)
      .optional()
      .describe('Only requests in one of these statuses, e.g. ["sent","no_progress"].'),
    ...pageArgs,
  }),
  output: pageOf(
    z.object({
      id: z.string(),
      sku_id: z.string(),
      sku_code: z.string(),
      entity_id: z.string().nullable(),
      recipient: z.string(),
      subject: z.string(),
      status: z.string(),
      items: z.array(
        z.object({
          key: z.string(),
          kind: z.string(),
          code: z.string(),
          label: z.string(),
          legal_basis: z.string().nullable(),
        }),
      ),
      due_date: z.string().nullable(),
      sent_at: z.string().nullable(),
      reminder_count: z.number().int(),
      last_reminder_at: z.string().nullable(),
      responded_at: z.string().nullable(),
      last_activity_at: z.string(),
      delivery_error: z.string().nullable(),
      link_active: z
        .boolean()
        .describe('Whether the supplier upload link still works (the link itself is never handed out here).'),
      documents: z.array(
        z.object({ document_id: z.string(), filename: z.string(), document_type: z.string(), status: z.string() }),
      ),
      created_at: z.string(),
    }),
  ),
  example: {
    arguments: { status: ['sent', 'no_progress'] },
    says: 'To compliance@spielwaren.example for TOY-7: sent 2026-11-02, due 2026-11-16, 1 reminder; asks for the EU DoC and the EN 71-1 report.',
  },
  async run({ db, workspaceId }, a) {
    const page = await listRequests(db, {
      workspaceId,
      q: {
        sku_id: a.sku_id,
        status: a.status,
        cursor: a.cursor,
        limit: a.limit,
      },
    });
    const codes = await skuCodes(
      db,
      workspaceId,
      page.data.map((r) => r.sku_id),
    );
    return {
      has_more: page.has_more,
      next_cursor: page.next_cursor,
      // The upload URL carries the supplier's capability token (it lets anyone upload): never given to an agent.
      items: page.data.map((r) => ({
        id: r.id,
        sku_id: r.sku_id,
        sku_code: codes.get(r.sku_id) ?? '',
        entity_id: r.entity_id,
        recipient: r.recipient,
        subject: r.subject,
        status: r.status,
        items: r.items.map((i) => ({
          key: i.key,
          kind: i.kind,
          code: i.code,
          label: i.label,
          legal_basis: i.legal_basis ?? null,
        })),
        due_date: r.due_date,
        sent_at: r.sent_at,
        reminder_count: r.reminder_count,
        last_reminder_at: r.last_reminder_at,
        responded_at: r.responded_at,
        last_activity_at: r.last_activity_at,
        delivery_error: r.delivery_error,
        link_active: r.link_active,
        documents: r.documents.map((d) => ({
          document_id: d.document_id,
          filename: d.filename,
          document_type: d.document_type,
          status: d.status,
        })),
        created_at: r.created_at,
      })),
    };
  },
  text: (o) =>
    o.items.length
      ? budgetText([
          ...o.items.flatMap((r) => [
            `- ${r.sku_code} to ${r.recipient}: ${r.status}; sent ${r.sent_at?.slice(0, 10) ?? 'not yet'}${r.due_date ? `, due ${r.due_date}` : ''}` +
              `${r.responded_at ? `, answered ${r.responded_at.slice(0, 10)}` : ''}, ${r.reminder_count} reminder(s)${r.delivery_error ? `, delivery failed: ${r.delivery_error}` : ''} [${r.id}]`,
            `  asked: ${r.items.map((i) => `${i.label}${i.legal_basis ? ` [${i.legal_basis}]` : ''}`).join('; ') || 'nothing listed'}`,
            ...(r.documents.length
              ? [`  returned: ${r.documents.map((d) => `${d.filename} (${d.document_type}, ${d.status})`).join('; ')}`]
              : []),
          ]),
          ...(o.has_more ? ['(more: pass next_cursor)'] : []),
        ])
      : 'No supplier requests match.',
});
