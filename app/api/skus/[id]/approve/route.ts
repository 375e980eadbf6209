import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { ApproveSkuResponse } from '@/lib/skus/schemas';
import { approveSku } from '@/lib/skus/sign-off';

// POST /api/skus/{id}/approve – a person approves the SKU; refused (409) while blockers are open.
const approve = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/approve',
  operationId: 'approveSku',
  summary: 'Approve a SKU',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'session',
  params: IdParams,
  dryRun: true,
  idempotent: true,
  errors: [409],
  responses: {
    200: {
      description: 'Approved (or, with dry_run, whether it can be).',
      schema: ApproveSkuResponse,
    },
  },
  handler: async ({ db, auth, actor, params, dryRun }) =>
    json(await approveSku(db, { workspaceId: auth.workspace.id, actor, id: params.id, dryRun })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(approve);
