import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { WaiveBlockerInput, WaiverListResponse, WaiverResponse } from '@/lib/skus/schemas';
import { listWaivers, waiveBlocker } from '@/lib/skus/waivers';

// GET /api/skus/{id}/waivers – every waiver, revoked ones included.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/waivers',
  operationId: 'listSkuWaivers',
  summary: 'List blocker waivers',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: { 200: { description: 'Waivers.', schema: WaiverListResponse } },
  handler: async ({ db, auth, params }) =>
    json({ data: await listWaivers(db, { workspaceId: auth.workspace.id, skuId: params.id }) }),
});

// POST /api/skus/{id}/waivers – waive a blocker that does not apply, with a reason (who and when are recorded).
const create = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/waivers',
  operationId: 'waiveSkuBlocker',
  summary: 'Waive a blocker',
  description:
    'code is a current blocker code (every occurrence) or key (one occurrence). Open conflicts and review issues cannot be waived (409 INVALID_STATE).',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: IdParams,
  body: WaiveBlockerInput,
  idempotent: true,
  errors: [409],
  responses: { 201: { description: 'Waived.', schema: WaiverResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      {
        waiver: await waiveBlocker(db, {
          workspaceId: auth.workspace.id,
          actor,
          skuId: params.id,
          code: body.code,
          reason: body.reason,
        }),
      },
      201,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
