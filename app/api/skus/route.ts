import { defineRoute, json, routeMethods } from '@/lib/http';
import {
  CreateSkuDryRunResponse,
  CreateSkuInput,
  ListSkusQuery,
  SkuCreatedResponse,
  SkuList,
} from '@/lib/skus/schemas';
import { listSkus } from '@/lib/skus/list';
import { createSku } from '@/lib/skus/create';
import { serializeSku } from '@/lib/skus/serialize';
import { getWorkspaceOperatorRole } from '@/lib/skus/workspace-role';

// GET /api/skus – cursor-paged SKUs of the workspace (session, or Bearer with skus:read).
const list = defineRoute({
  method: 'GET',
  path: '/api/skus',
  operationId: 'listSkus',
  summary: 'List SKUs',
  description:
    'Keyset-paged, stable order. Default limit 50 (1 to 100). Optional filters: q, status, has_blockers, category_code, sort.',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'either',
  scope: 'skus:read',
  query: ListSkusQuery,
  responses: { 200: { description: 'A page of SKUs.', schema: SkuList } },
  handler: async ({ db, auth, query }) => json(await listSkus(db, { workspaceId: auth.workspace.id, q: query })),
});

// POST /api/skus – create a SKU (dry_run describes it without writing anything).
const create = defineRoute({
  method: 'POST',
  path: '/api/skus',
  operationId: 'createSku',
  summary: 'Create a SKU',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'either',
  scope: 'skus:write',
  body: CreateSkuInput,
  dryRun: true,
  idempotent: true,
  errors: [409],
  responses: {
    200: { description: 'dry_run=true only: what the creation would do.', schema: CreateSkuDryRunResponse },
    201: { description: 'Created.', schema: SkuCreatedResponse },
  },
  handler: async ({ db, auth, actor, body, dryRun }) => {
    const result = await createSku(db, { workspace: auth.workspace, actor, input: body, dryRun });
    return 'dry_run' in result
      ? json(result)
      : json(
          { sku: serializeSku(result, await getWorkspaceOperatorRole(db, { workspaceId: auth.workspace.id })) },
          201,
        );
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
