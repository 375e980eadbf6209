import { listAuditLog } from '@/lib/audit/log';
import { AuditLogPage, AuditLogQuery } from '@/lib/audit/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/audit-events – the workspace's audit events, newest first, keyset-paged, filtered by person,
// action, SKU and date; people and SKUs are named (email, SKU code).
const get = defineRoute({
  method: 'GET',
  path: '/api/audit-events',
  operationId: 'listAuditEvents',
  summary: 'List audit events',
  tags: ['Audit'],
  stability: 'preview',
  auth: 'either',
  scope: 'audit:read',
  query: AuditLogQuery,
  responses: {
    200: {
      description: 'A page of events, newest first.',
      schema: AuditLogPage,
    },
  },
  handler: async ({ db, auth, query }) => json(await listAuditLog(db, { workspaceId: auth.workspace.id, q: query })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
