import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { publicAppUrl } from '@/lib/config/public-url';
import { publishSku } from '@/lib/publish/publish-sku';
import { PublishOrDryRun } from '@/lib/publish/schemas';

// POST /api/skus/{id}/publish – freeze the approved SKU into a new immutable revision of its public safety page.
const publish = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/publish',
  operationId: 'publishSku',
  summary: 'Publish the safety page of an approved SKU',
  description:
    'Requires approval (409 NOT_APPROVED) and no open blocker (409 PUBLISH_BLOCKED). Every publish stores a new immutable revision; ' +
    'the first one assigns the SKU a short public id. The page /p/{public_id} shows the latest revision.',
  tags: ['SKUs'],
  stability: 'stable',
  auth: 'session',
  params: IdParams,
  dryRun: true,
  idempotent: true,
  errors: [409],
  responses: {
    200: {
      description: 'Published (or, with dry_run, whether it can be).',
      schema: PublishOrDryRun,
    },
  },
  handler: async ({ db, auth, actor, params, dryRun, url }) =>
    json(
      await publishSku(db, {
        workspaceId: auth.workspace.id,
        actor,
        id: params.id,
        dryRun,
        baseUrl: publicAppUrl(url),
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(publish);
