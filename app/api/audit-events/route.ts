import { z } from 'zod';
import { listAuditEvents } from '@/lib/documents/audit';
import { AuditEventSchema, AuditEventsQuery } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/audit-events – the workspace's audit events, newest first, keyset-paged (e.g. action_prefix=upload.).
const get = defineRoute({
  method: 'GET',
  path: '/api/audit-events',
  operationId: 'listAuditEvents',
  summary: 'List audit events',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'either',
  scope: 'documents:read',
  query: AuditEventsQuery,
  responses: {
    200: { description: 'A page of events, newest first.', schema: z.object({ events: z.array(AuditEventSchema), next_cursor: z.string().nullable(), has_more: z.boolean() }) },
  },
  handler: async ({ db, auth, query }) => json(await listAuditEvents(db, auth.workspace.id, query)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
