import { defineRoute, json, routeMethods } from '@/lib/http';
import { listCases, openCase } from '@/lib/recalls/cases';
import {
  OpenRecallCaseInput,
  RecallCaseListQuery,
  RecallCaseListResponse,
  RecallCaseResponse,
} from '@/lib/recalls/schemas';

// GET /api/recalls/cases – recall cases, newest first.
const list = defineRoute({
  method: 'GET',
  path: '/api/recalls/cases',
  operationId: 'listRecallCases',
  summary: 'List recall cases',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  query: RecallCaseListQuery,
  responses: { 200: { description: 'Cases (at most 200).', schema: RecallCaseListResponse } },
  handler: async ({ db, auth, query }) =>
    json({ data: await listCases(db, { workspaceId: auth.workspace.id, q: query }) }),
});

// POST /api/recalls/cases – open a withdrawal or recall on SKUs (from confirmed matches or a manager's decision).
const open = defineRoute({
  method: 'POST',
  path: '/api/recalls/cases',
  operationId: 'openRecallCase',
  summary: 'Open a recall case',
  description:
    'action recall (from consumers) or withdrawal (from the market), with the reason; match_ids (confirmed matches: 409 INVALID_STATE otherwise) ' +
    'and/or skus with the batches concerned. The SKUs get the market status recalled or withdrawn (their compliance status is unchanged; ' +
    'exports leave them out by default), the recall notice is drafted in the languages of their target markets (Implementing Regulation (EU) ' +
    '2024/1435 template; editable until published), and each step is audited (recall.case_opened, sku.recalled / sku.market_withdrawn, also webhook events). Reviewers and up.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'session',
  body: OpenRecallCaseInput,
  idempotent: true,
  errors: [409],
  responses: { 201: { description: 'Opened.', schema: RecallCaseResponse } },
  handler: async ({ db, auth, actor, body }) =>
    json({ data: await openCase(db, { workspaceId: auth.workspace.id, actor, input: body }) }, 201),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, open);
