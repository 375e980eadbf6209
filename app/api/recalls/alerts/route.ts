import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { listAlerts } from '@/lib/recalls/matches';
import { RecallAlert, RecallFeedEnum } from '@/lib/recalls/schemas';

const Query = z.strictObject({
  period: z
    .string()
    .regex(/^\d{4}-W\d{2}$/)
    .optional()
    .describe('ISO week, e.g. 2026-W47.'),
  feed: RecallFeedEnum.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

// GET /api/recalls/alerts – alerts of the workspace's feeds, newest week first.
const list = defineRoute({
  method: 'GET',
  path: '/api/recalls/alerts',
  operationId: 'listRecallAlerts',
  summary: 'List recall alerts',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  query: Query,
  responses: { 200: { description: 'Alerts.', schema: z.object({ data: z.array(RecallAlert) }) } },
  handler: async ({ db, auth, query }) => json({ data: await listAlerts(db, auth.workspace.id, query) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
