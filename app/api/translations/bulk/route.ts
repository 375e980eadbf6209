import { defineRoute, json, routeMethods } from '@/lib/http';
import { serializeJobRun } from '@/lib/jobs/runs';
import { JobRunResponse } from '@/lib/jobs/schemas';
import { SafetyBulkInput } from '@/lib/translations/schemas';
import { startSafetyTranslationBulk } from '@/lib/translations/bulk';

// POST /api/translations/bulk – "translate the warnings of these SKUs into French" as one job with progress.
const post = defineRoute({
  method: 'POST',
  path: '/api/translations/bulk',
  operationId: 'bulkDraftSafetyTranslations',
  summary: 'Draft the safety texts of several SKUs in one language (job)',
  description:
    "Queues one job (translation.safety_bulk) that drafts, SKU after SKU, the missing safety texts in `language` as POST /api/skus/{id}/translations/safety does: AI drafts stored as suggestions a person confirms, needs_translation without a provider. The job run's progress holds total, done, counts by outcome and needs_person (SKU ids a person has to translate for); poll GET /api/jobs/{id}. Unknown or foreign SKU ids: 404 with details.missing_ids, nothing queued. Session, or Bearer with scope skus:write.",
  tags: ['AI'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  rateLimit: 'ai',
  body: SafetyBulkInput,
  responses: { 202: { description: 'The run, pending.', schema: JobRunResponse } },
  handler: async ({ db, auth, actor, body }) => {
    const run = await startSafetyTranslationBulk(db, {
      workspaceId: auth.workspace.id,
      actor,
      skuIds: body.sku_ids,
      language: body.language,
      fields: body.fields,
    });
    return json({ job: serializeJobRun(run) }, 202);
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
