import { listDocuments } from '@/lib/documents/list';
import { DocumentPage, ListDocumentsQuery } from '@/lib/documents/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// GET /api/documents – the vault: newest first, keyset-paged, filters by text, type, SKU and status.
const list = defineRoute({
  method: 'GET',
  path: '/api/documents',
  operationId: 'listDocuments',
  summary: 'List documents',
  description:
    'q matches file name and snippet; status is processing, ready, unreadable, expired (valid_until passed) or needs_review (open classification diagnostic) or low_confidence (classified under 60 %, not by hand).',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'either',
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
