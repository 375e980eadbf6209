import { readFile } from 'node:fs/promises';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { FEED_LIMITS } from '@/lib/recalls/feed-types';
import { importFeed, listFeedImports } from '@/lib/recalls/feeds';
import { FeedImportForm, FeedImportListResponse, FeedImportResponse } from '@/lib/recalls/schemas';

// GET /api/recalls/feeds/imports – the workspace's feed readings, newest first.
const list = defineRoute({
  method: 'GET',
  path: '/api/recalls/feeds/imports',
  operationId: 'listRecallFeedImports',
  summary: 'List recall feed readings',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  responses: {
    200: { description: 'Readings, newest first (at most 100).', schema: FeedImportListResponse },
  },
  handler: async ({ db, auth }) => json({ data: await listFeedImports(db, { workspaceId: auth.workspace.id }) }),
});

// POST /api/recalls/feeds/imports – read an uploaded feed file (Safety Gate weekly XML, RappelConso CSV/JSON).
const upload = defineRoute({
  method: 'POST',
  path: '/api/recalls/feeds/imports',
  operationId: 'importRecallFeed',
  summary: 'Import a recall feed file',
  description:
    'multipart/form-data: feed (safety_gate | rappelconso) and file (the Safety Gate weekly report XML, or the RappelConso export as CSV or JSON). ' +
    'Alerts are kept per feed and reference with their ISO week; importing the same file again changes nothing. New or changed alerts are matched against the whole catalogue. ' +
    `A file over ${FEED_LIMITS.maxBytes / 1024 / 1024} MB, XML with a DOCTYPE or entities (XXE, entity expansion), nesting deeper than ${FEED_LIMITS.maxDepth}, ` +
    'or a file with no alert is refused: 422 UNREADABLE_FILE with details.reason (too_large, doctype_refused, too_deep, not_well_formed, not_a_feed, too_many_alerts).',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  form: FeedImportForm,
  maxBodyBytes: FEED_LIMITS.maxBytes + 64 * 1024,
  rateLimit: 'parse',
  errors: [413, 422],
  responses: {
    201: {
      description: 'Read; counts of new, changed and unchanged alerts and new matches.',
      schema: FeedImportResponse,
    },
  },
  handler: async ({ db, auth, actor, form }) => {
    const { feed, file } = await form();
    const bytes = file.path ? new Uint8Array(await readFile(file.path)) : new Uint8Array(0);
    const data = await importFeed(db, {
      workspaceId: auth.workspace.id,
      actor,
      feed,
      bytes,
      source: 'upload',
      sourceRef: file.filename || 'upload',
    });
    return json({ data }, 201);
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, upload);
