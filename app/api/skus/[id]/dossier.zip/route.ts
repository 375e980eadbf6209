import { defineRoute, IdParams, routeMethods } from '@/lib/http';
import { streamDossierZip } from '@/lib/exports/dossier-zip';
import { DossierZipQuery } from '@/lib/exports/schemas';

// GET /api/skus/{id}/dossier.zip?locale=de – dossier.pdf and every attached document, streamed.
const download = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/dossier.zip',
  operationId: 'downloadSkuDossier',
  summary: 'Download the dossier ZIP of a SKU',
  description: 'dossier.pdf (labels in the locale) and every attached document under documents/NN-<name>; streamed.',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'either',
  scope: 'dossier:read',
  params: IdParams,
  query: DossierZipQuery,
  rateLimit: 'parse',
  responses: {
    200: { description: 'application/zip with dossier.pdf and documents/.', contentType: 'application/zip' },
  },
  handler: async ({ db, auth, actor, params, query }) => {
    const zip = await streamDossierZip(db, {
      workspaceId: auth.workspace.id,
      actor,
      id: params.id,
      locale: query.locale,
    });
    return new Response(zip.stream, {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${zip.filename}"`,
        'x-content-type-options': 'nosniff',
      },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(download);
