import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { publicUrlInfo } from '@/lib/config/public-url';
import { listRevisions } from '@/lib/publish/service';
import { SkuRevisionList } from '@/lib/publish/schemas';

// GET /api/skus/{id}/revisions – the published revisions of the SKU, newest first.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/revisions',
  operationId: 'listSkuRevisions',
  summary: 'List published revisions',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:read',
  params: IdParams,
  responses: {
    200: {
      description:
        'Revisions, newest first, and public_base: the address the next publish will use, and whether it is configured (PUBLIC_APP_URL) or taken from the request.',
      schema: SkuRevisionList,
    },
  },
  handler: async ({ db, auth, params, url }) =>
    json({
      ...(await listRevisions(db, { workspaceId: auth.workspace.id, skuId: params.id })),
      public_base: publicUrlInfo(url),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
