import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { listImports } from '@/lib/imports/service';
import { ImportBatch } from '@/lib/imports/service-schemas';

// GET /api/imports – the workspace's recent import batches (100, newest first).
const list = defineRoute({
  method: 'GET',
  path: '/api/imports',
  operationId: 'listImports',
  summary: 'List import batches',
  tags: ['Imports'],
  stability: 'stable',
  auth: 'session',
  responses: { 200: { description: 'Recent batches, newest first.', schema: z.object({ batches: z.array(ImportBatch) }) } },
  handler: async ({ db, auth }) => json(await listImports(db, auth.workspace.id)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
