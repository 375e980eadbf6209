import { defineRoute, json, routeMethods } from '@/lib/http';
import { listImports } from '@/lib/imports/batches';
import { ImportBatchPage, ImportListQuery } from '@/lib/imports/schemas';

// GET /api/imports – the workspace's import batches, newest first, keyset-paged (cursor from next_cursor).
const list = defineRoute({
  method: 'GET',
  path: '/api/imports',
  operationId: 'listImports',
  summary: 'List import batches',
  tags: ['Imports'],
  stability: 'stable',
  auth: 'either',
  scope: 'imports:read',
  query: ImportListQuery,
  responses: {
    200: {
      description: 'A page of batches, newest first.',
      schema: ImportBatchPage,
    },
  },
  handler: async ({ db, auth, query }) => json(await listImports(db, { workspaceId: auth.workspace.id, q: query })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
