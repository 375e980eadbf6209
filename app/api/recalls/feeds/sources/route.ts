import { defineRoute, json, routeMethods } from '@/lib/http';
import { addFeedSource, listFeedSources } from '@/lib/recalls/feeds';
import { AddFeedSourceInput, FeedSourceListResponse, FeedSourceResponse } from '@/lib/recalls/schemas';

// GET /api/recalls/feeds/sources – the feed URLs the workspace reads on the schedule.
const list = defineRoute({
  method: 'GET',
  path: '/api/recalls/feeds/sources',
  operationId: 'listRecallFeedSources',
  summary: 'List recall feed URLs',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  responses: {
    200: { description: 'Configured URLs with their last reading.', schema: FeedSourceListResponse },
  },
  handler: async ({ db, auth }) => json({ data: await listFeedSources(db, { workspaceId: auth.workspace.id }) }),
});

// POST /api/recalls/feeds/sources – configure a feed URL (read daily through the SSRF-safe fetch).
const add = defineRoute({
  method: 'POST',
  path: '/api/recalls/feeds/sources',
  operationId: 'addRecallFeedSource',
  summary: 'Configure a recall feed URL',
  description:
    'The URL of a Safety Gate weekly report (XML) or a RappelConso export (CSV/JSON). It is read daily, and on demand with POST …/{id}/fetch, ' +
    'through the SSRF-safe fetch (public addresses only, size and time limits); at most 10 per workspace. Admins only.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  body: AddFeedSourceInput,
  errors: [409],
  responses: { 201: { description: 'Configured.', schema: FeedSourceResponse } },
  handler: async ({ db, auth, actor, body }) =>
    json(
      { data: await addFeedSource(db, { workspaceId: auth.workspace.id, actor, feed: body.feed, url: body.url }) },
      201,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, add);
