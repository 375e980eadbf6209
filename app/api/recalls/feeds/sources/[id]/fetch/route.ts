import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { fetchFeedSource } from '@/lib/recalls/feeds';
import { FeedImportResponse } from '@/lib/recalls/schemas';

// POST /api/recalls/feeds/sources/{id}/fetch – read the URL now.
const fetchNow = defineRoute({
  method: 'POST',
  path: '/api/recalls/feeds/sources/{id}/fetch',
  operationId: 'fetchRecallFeedSource',
  summary: 'Read a recall feed URL now',
  description:
    'Fetches the URL through the SSRF-safe fetch and imports it like an upload. 400 URL_NOT_ALLOWED for a private address, ' +
    '422 FETCH_FAILED (details.reason) when it cannot be read, 422 UNREADABLE_FILE when what it serves is not a feed.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  rateLimit: 'parse',
  errors: [422],
  responses: { 201: { description: 'Read.', schema: FeedImportResponse } },
  handler: async ({ db, auth, actor, params }) =>
    json({ data: await fetchFeedSource(db, { workspaceId: auth.workspace.id, actor, id: params.id }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(fetchNow);
