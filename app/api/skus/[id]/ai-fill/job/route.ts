import { latestAiFill, serializeAiFillJob } from '@/lib/ai-fill/service';
import { AiFillJobSchema } from '@/lib/ai-fill/schemas';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';

// GET /api/skus/{id}/ai-fill/job – the latest AI fill job of the SKU (poll for progress).
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/ai-fill/job',
  operationId: 'getLatestAiFillJob',
  summary: 'Latest AI fill job',
  description:
    'Status (pending, processing, completed, completed_degraded, failed, cancelled), progress, fields asked, suggestions with their citations, error or degraded reason, provider and model, token usage and timestamps. 404 when the SKU never had one. Session, or Bearer with scope skus:read.',
  tags: ['AI'],
  stability: 'stable',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: { 200: { description: 'The latest job.', schema: AiFillJobSchema } },
  handler: async ({ db, auth, params }) => {
    const job = await latestAiFill(db, { workspaceId: auth.workspace.id, skuId: params.id });
    if (!job) throw new AppError('NOT_FOUND', 'This SKU has no AI fill job yet.');
    return json(serializeAiFillJob(job));
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
