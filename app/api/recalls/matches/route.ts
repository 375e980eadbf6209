import { defineRoute, json, routeMethods } from '@/lib/http';
import { listMatches, matchCounts } from '@/lib/recalls/matches';
import { MatchListQuery, RecallMatchListResponse } from '@/lib/recalls/schemas';

// GET /api/recalls/matches – the alerts inbox: matches of alerts against the catalogue.
const list = defineRoute({
  method: 'GET',
  path: '/api/recalls/matches',
  operationId: 'listRecallMatches',
  summary: 'List recall matches (the alerts inbox)',
  description:
    'Strong matches (a GTIN, or brand + model/type, agree) first, then weak ones, each by score. Every match carries its reasons ' +
    "side by side (the alert's field beside the SKU's) and the alert's evidence (pictures, risk, measures). counts: open strong/weak, confirmed, dismissed.",
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  query: MatchListQuery,
  responses: {
    200: {
      description: 'Matches and counts.',
      schema: RecallMatchListResponse,
    },
  },
  handler: async ({ db, auth, query }) =>
    json({
      data: await listMatches(db, { workspaceId: auth.workspace.id, q: query }),
      counts: await matchCounts(db, { workspaceId: auth.workspace.id }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
