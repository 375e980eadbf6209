import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { listApprovals } from '@/lib/skus/approval';
import { SkuApprovalListResponse } from '@/lib/skus/schemas';
import { getSkuRow } from '@/lib/skus/service';

// GET /api/skus/{id}/approvals – every approval of the SKU, newest first: who, when, what was signed.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/approvals',
  operationId: 'listSkuApprovals',
  summary: "List a SKU's approval records",
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: { 200: { description: 'Approval records.', schema: SkuApprovalListResponse } },
  handler: async ({ db, auth, params }) => {
    await getSkuRow(db, { workspaceId: auth.workspace.id, id: params.id });
    return json({ data: await listApprovals(db, { workspaceId: auth.workspace.id, skuId: params.id }) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
