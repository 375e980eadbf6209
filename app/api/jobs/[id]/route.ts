import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { getJobRun, serializeJobRun } from '@/lib/jobs/runs';
import { JobRunResponse } from '@/lib/jobs/schemas';

// GET /api/jobs/{id} – session twin of /api/v1/jobs/{id}.
const get = defineRoute({
  method: 'GET',
  path: '/api/jobs/{id}',
  operationId: 'getJob',
  summary: 'Read a job',
  tags: ['Jobs'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: { 200: { description: 'The job run.', schema: JobRunResponse } },
  handler: async ({ db, auth, params }) =>
    json({ job: serializeJobRun(await getJobRun(db, { workspaceId: auth.workspace.id, id: params.id })) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
