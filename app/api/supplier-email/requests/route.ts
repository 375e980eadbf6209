import { defineRoute, json, routeMethods } from '@/lib/http';
import { ListQuery, SupplierRequestPage } from '@/lib/outreach/schemas';
import { listRequests } from '@/lib/outreach/list';

// GET /api/supplier-email/requests – a SKU's requests, or the workspace's (cursor-paged, by status).
const get = defineRoute({
  method: 'GET',
  path: '/api/supplier-email/requests',
  operationId: 'listSupplierRequests',
  summary: 'List supplier requests',
  description:
    "With sku_id: that SKU's requests. Without: the workspace's. Newest first, cursor-paged (limit 1 to 100, default 50), status filters by one or more comma-separated statuses. Each request carries its items, returned documents and timeline.",
  tags: ['Supplier email'],
  stability: 'stable',
  auth: 'either',
  scope: 'outreach:read',
  query: ListQuery,
  responses: {
    200: {
      description: 'A page of requests.',
      schema: SupplierRequestPage,
    },
  },
  handler: async ({ db, auth, query }) => json(await listRequests(db, { workspaceId: auth.workspace.id, q: query })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
