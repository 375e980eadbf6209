import { z } from 'zod';
import { defineRoute, routeMethods, Uuid } from '@/lib/http';
import { auditCaseStep, getCase } from '@/lib/recalls/cases';
import { DELISTING_CHANNELS, delistingCsv } from '@/lib/recalls/delisting';

// GET /api/recalls/cases/{id}/delisting/{channel} – the CSV that takes the case's SKUs down on a marketplace.
const get = defineRoute({
  method: 'GET',
  path: '/api/recalls/cases/{id}/delisting/{channel}',
  operationId: 'getRecallDelistingFile',
  summary: 'Marketplace delisting file of a recall case',
  description:
    'One CSV per marketplace channel of the export templates (amazon_eu: update_delete=Delete; ebay: File Exchange End with EndCode ' +
    'NotAvailable; otto, kaufland, zalando: sku, ean, status=offline). Audited as recall.delisting_file.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  params: z.object({ id: Uuid, channel: z.enum(DELISTING_CHANNELS) }),
  responses: { 200: { description: 'CSV.', contentType: 'text/csv' } },
  handler: async ({ db, auth, actor, params }) => {
    const c = await getCase(db, { workspaceId: auth.workspace.id, id: params.id });
    const csv = delistingCsv(params.channel, c.skus);
    await auditCaseStep(db, {
      workspaceId: auth.workspace.id,
      actor,
      id: c.id,
      action: 'recall.delisting_file',
      data: { channel: params.channel, skus: c.skus.length },
    });
    return new Response(`\uFEFF${csv}`, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="delisting-${params.channel}-${c.id.slice(0, 8)}.csv"`,
        'cache-control': 'no-store',
      },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
