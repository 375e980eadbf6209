import { defineRoute, IdParams, routeMethods } from '@/lib/http';
import { auditCaseStep } from '@/lib/recalls/cases';
import { buildSbgPack, renderSbgPdf } from '@/lib/recalls/sbg';

// GET /api/recalls/cases/{id}/sbg.pdf – the Safety Business Gateway pack as a PDF for the file.
const get = defineRoute({
  method: 'GET',
  path: '/api/recalls/cases/{id}/sbg.pdf',
  operationId: 'getRecallSbgPackPdf',
  summary: 'Safety Business Gateway pack (PDF)',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  params: IdParams,
  responses: { 200: { description: 'PDF.', contentType: 'application/pdf' } },
  handler: async ({ db, auth, actor, params }) => {
    const pack = await buildSbgPack(db, { workspaceId: auth.workspace.id, caseId: params.id });
    const pdf = await renderSbgPdf(pack);
    await auditCaseStep(db, {
      workspaceId: auth.workspace.id,
      actor,
      id: params.id,
      action: 'recall.sbg_pack_downloaded',
      data: { missing: pack.missing_count },
    });
    return new Response(Buffer.from(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="sbg-pack-${params.id}.pdf"`,
        'cache-control': 'no-store',
      },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
