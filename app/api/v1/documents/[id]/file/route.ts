import { documentFileHeaders, openDocumentFile } from '@/lib/documents/file-response';
import { defineRoute, IdParams, routeMethods } from '@/lib/http';

// GET /api/v1/documents/{id}/file – the stored bytes (v1, Bearer); same headers as GET /api/documents/{id}/file.
const get = defineRoute({
  method: 'GET',
  path: '/api/v1/documents/{id}/file',
  operationId: 'downloadDocumentV1',
  summary: 'Download a document (v1, Bearer)',
  description:
    'Served with X-Content-Type-Options: nosniff and Content-Security-Policy: sandbox. Requires scope documents:read.',
  tags: ['v1'],
  stability: 'stable',
  auth: 'bearer',
  scope: 'documents:read',
  params: IdParams,
  responses: { 200: { description: 'The file.', contentType: 'application/octet-stream' } },
  handler: async ({ db, auth, params }) => {
    const { row, stream } = await openDocumentFile(db, { workspaceId: auth.workspace.id, id: params.id });
    return new Response(stream, { status: 200, headers: documentFileHeaders(row) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
