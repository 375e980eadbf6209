import { documentFileHeaders, openDocumentFile } from '@/lib/documents/file-response';
import { defineRoute, IdParams, routeMethods } from '@/lib/http';

// GET /api/documents/{id}/file – the stored bytes; PDFs and raster images inline (vault preview), others as attachment.
const get = defineRoute({
  method: 'GET',
  path: '/api/documents/{id}/file',
  operationId: 'downloadDocument',
  summary: 'Download a document',
  description:
    'Served with X-Content-Type-Options: nosniff and Content-Security-Policy: sandbox. PDF, PNG, JPEG, GIF and WebP are inline; everything else is an attachment.',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'either',
  scope: 'documents:read',
  params: IdParams,
  responses: { 200: { description: 'The file.', contentType: 'application/octet-stream' } },
  handler: async ({ db, auth, params }) => {
    const { row, stream } = await openDocumentFile(db, { workspaceId: auth.workspace.id, id: params.id });
    return new Response(stream, { status: 200, headers: documentFileHeaders(row) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
