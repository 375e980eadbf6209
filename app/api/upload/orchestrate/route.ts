import { recordUploadDecision } from '@/lib/documents/audit';
import { OrchestrateInput, OrchestrateResponse } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// POST /api/upload/orchestrate – records what the upload flow decided about a file as an audit event.
const post = defineRoute({
  method: 'POST',
  path: '/api/upload/orchestrate',
  operationId: 'orchestrateUpload',
  summary: 'Record an upload decision',
  description:
    'Records an audit event (upload.classified, upload.routed or upload.needs_review) with who, when, file name, type, confidence, destination and reasoning.',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  body: OrchestrateInput,
  responses: { 200: { description: 'Recorded.', schema: OrchestrateResponse } },
  handler: async ({ db, auth, actor, body }) =>
    json(await recordUploadDecision(db, { workspaceId: auth.workspace.id, actor, input: body })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
