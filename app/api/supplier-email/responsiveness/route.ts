import { defineRoute, json, routeMethods } from '@/lib/http';
import { entityResponsiveness } from '@/lib/outreach/responsiveness';
import { ResponsivenessQuery, ResponsivenessResponse } from '@/lib/outreach/schemas';

// GET /api/supplier-email/responsiveness?entity_id= – how a supplier answers requests.
const get = defineRoute({
  method: 'GET',
  path: '/api/supplier-email/responsiveness',
  operationId: 'getSupplierResponsiveness',
  summary: "A supplier's responsiveness",
  description:
    'For an entity (manufacturer, importer...): requests sent to it, open, answered, no_progress, and the median days from sending to the first answer (null before any answer).',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'either',
  scope: 'outreach:read',
  query: ResponsivenessQuery,
  responses: {
    200: {
      description: 'The figures.',
      schema: ResponsivenessResponse,
    },
  },
  handler: async ({ db, auth, query }) =>
    json({
      responsiveness: await entityResponsiveness(db, { workspaceId: auth.workspace.id, entityId: query.entity_id }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
