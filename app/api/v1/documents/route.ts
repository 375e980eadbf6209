import { listDocuments } from '@/lib/documents/list';
import { DocumentPage, ListDocumentsQuery } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/v1/documents – the versioned Bearer listing of the vault (same shape and filters as GET /api/documents).
const list = defineRoute({
  method: 'GET',
  path: '/api/v1/documents',
  operationId: 'listDocumentsV1',
  summary: 'List documents (v1, Bearer)',
  description:
    'Shape: { data: Document[], has_more, next_cursor }; same paging and filters as GET /api/documents. Requires scope documents:read.',
  tags: ['v1'],
  stability: 'stable',
  auth: 'bearer',
  scope: 'documents:read',
  query: ListDocumentsQuery,
  responses: {
    200: {
      description: 'A page of documents.',
      schema: DocumentPage,
    },
  },
  handler: async ({ db, auth, query }) => json(await listDocuments(db, { workspaceId: auth.workspace.id, q: query })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
