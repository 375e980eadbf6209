import { z } from 'zod';
import { listAuditEvents } from '@/lib/documents/audit';
import { AuditEventSchema, AuditEventsQuery } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/audit-events – the workspace's audit events, newest first (e.g. action_prefix=upload.).
const get = defineRoute({
  method: 'GET',
  path: '/api/audit-events',
  operationId: 'listAuditEvents',
  summary: 'List audit events',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  query: AuditEventsQuery,
  responses: { 200: { description: 'Events, newest first.', schema: z.object({ events: z.array(AuditEventSchema) }) } },
  handler: async ({ db, auth, query }) => json(await listAuditEvents(db, auth.workspace.id, query)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
