import { cancelAiFill, serializeAiFillJob } from '@/lib/ai-fill/service';
import { AiFillJobSchema } from '@/lib/ai-fill/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// POST /api/skus/{id}/ai-fill/cancel – stop the SKU's pending or processing AI fill.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/ai-fill/cancel',
  operationId: 'cancelAiFill',
  summary: 'Cancel the AI fill',
  description:
    'A pending job never starts; a processing one aborts its model call and stores nothing. 409 INVALID_STATE when the latest job already ended (details.state), 404 when there is none. Session, or Bearer with scope skus:write.',
  tags: ['AI'],
  stability: 'stable',
  auth: 'either',
  scope: 'skus:write',
  params: IdParams,
  errors: [409],
  responses: { 200: { description: 'The cancelled job.', schema: AiFillJobSchema } },
  handler: async ({ db, auth, actor, params }) =>
    json(serializeAiFillJob(await cancelAiFill(db, { workspaceId: auth.workspace.id, actor, skuId: params.id }))),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
