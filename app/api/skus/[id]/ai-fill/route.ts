import { startAiFill, serializeAiFillJob } from '@/lib/ai-fill/service';
import { AiFillConflictSchema, AiFillJobSchema, AiFillRequest } from '@/lib/ai-fill/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';

// POST /api/skus/{id}/ai-fill – queue an AI fill of the SKU's missing (or listed) dossier fields.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/ai-fill',
  operationId: 'startAiFill',
  summary: 'Fill missing dossier fields with AI',
  description:
    'Creates a background job and answers at once (202). The job cites a document, page and verbatim quote for each value and stores the values as suggestions a person must confirm; a value whose quote is not in the cited document is dropped. Without an AI provider it runs on the rules extractor and ends completed_degraded. While a job is pending or processing for the SKU: 409 with {error, job_id, status} (not the error envelope). AI calls count against the monthly AI allowance of the plan (402 AI_BUDGET_EXHAUSTED). Session, or Bearer with scope skus:write.',
  tags: ['AI'],
  stability: 'stable',
  auth: 'either',
  scope: 'skus:write',
  rateLimit: 'ai',
  params: IdParams,
  body: AiFillRequest.optional(),
  errors: [402],
  responses: {
    202: { description: 'The job, pending.', schema: AiFillJobSchema },
    409: { description: 'A job is already pending or processing for the SKU.', schema: AiFillConflictSchema },
  },
  handler: async ({ db, auth, actor, params, body }) => {
    const r = await startAiFill(db, { workspaceId: auth.workspace.id, actor, skuId: params.id, fields: body?.fields });
    if ('conflict' in r) return json(r.conflict.body(), 409);
    return json(serializeAiFillJob(r.job), 202, { location: `/api/skus/${params.id}/ai-fill/job` });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
