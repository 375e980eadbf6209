import { queueCurrencyReevaluation } from '@/lib/skus/currency-jobs';
import { CurrencyReevaluateResponseSchema } from '@/lib/currency/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { withPollUrls } from '@/lib/http/poll-url';

// POST /api/currency/reevaluate – run the daily check for this workspace now; poll /api/jobs/{id}.
const post = defineRoute({
  method: 'POST',
  path: '/api/currency/reevaluate',
  operationId: 'reevaluateCurrency',
  summary: 'Re-check evidence currency now',
  description:
    'Queues the re-evaluation the daily job runs, for this workspace only (a run already waiting is reused).',
  tags: ['Currency'],
  stability: 'preview',
  auth: 'session',
  idempotent: true,
  responses: { 202: { description: 'Queued.', schema: CurrencyReevaluateResponseSchema } },
  handler: async ({ db, auth, actor }) =>
    json(
      {
        jobs: withPollUrls(await queueCurrencyReevaluation(db, { workspaceId: auth.workspace.id, actor }), '/api/jobs'),
      },
      202,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
