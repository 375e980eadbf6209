import { defineRoute, IdParams, routeMethods } from '@/lib/http';
import { assertBearerExportAllowed } from '@/lib/exports/access';
import { openExportOutput } from '@/lib/exports/download';

// GET /api/exports/{id}/download – the file of a completed run (another workspace gets 404).
const download = defineRoute({
  method: 'GET',
  path: '/api/exports/{id}/download',
  operationId: 'downloadExportRun',
  summary: 'Download the file of an export run',
  description:
    '409 INVALID_STATE before the run has completed; 410 GONE when the stored file was removed. A Bearer key needs the scope export and a paid plan.',
  tags: ['Exports'],
  stability: 'preview',
  auth: 'either',
  scope: 'export',
  params: IdParams,
  errors: [409, 410],
  responses: { 200: { description: 'The file, as an attachment.', contentType: 'application/octet-stream' } },
  handler: async ({ db, auth, actor, params }) => {
    assertBearerExportAllowed(auth);
    const out = await openExportOutput(db, { workspaceId: auth.workspace.id, actor, id: params.id });
    const headers: Record<string, string> = {
      'content-type': out.contentType,
      'content-disposition': `attachment; filename="${out.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'x-content-type-options': 'nosniff',
    };
    if (out.size !== null) headers['content-length'] = String(out.size);
    return new Response(out.stream, { status: 200, headers });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(download);
