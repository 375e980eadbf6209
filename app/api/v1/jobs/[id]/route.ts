import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { getJobRun, serializeJobRun } from '@/lib/jobs/runs';
import { JobRunResponse } from '@/lib/jobs/schemas';

// GET /api/v1/jobs/{id} – status of a background job of the key's workspace (any scope).
const get = defineRoute({
  method: 'GET',
  path: '/api/v1/jobs/{id}',
  operationId: 'getJobV1',
  summary: 'Read a job (v1, Bearer)',
  description: 'Any API key of the workspace may poll its jobs; another workspace’s job is 404.',
  tags: ['v1'],
  stability: 'preview',
  auth: 'bearer',
  params: IdParams,
  responses: { 200: { description: 'The job run.', schema: JobRunResponse } },
  handler: async ({ db, auth, params }) =>
    json({ job: serializeJobRun(await getJobRun(db, { workspaceId: auth.workspace.id, id: params.id })) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
