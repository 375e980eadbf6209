import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { TranslateInput, TranslateResultSchema, TranslationsSchema } from '@/lib/translations/schemas';
import { getTranslations, translateTexts } from '@/lib/translations/service';

// GET /api/skus/{id}/translations – per translated field and page locale: confirmed, suggested or missing.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/translations',
  operationId: 'getSkuTranslations',
  summary: 'Per-language texts of the public page',
  description:
    'For each translated dossier field (product_description, batch_or_serial_scheme, age_grading): the confirmed source text and, per page locale (en, de, fr, es, it), the confirmed text of the key <field>_<locale>, its open suggestions and a status (confirmed, suggested, missing). `ai` says whether "Translate with AI" is available. Session, or Bearer with scope dossier:read or skus:read.',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'either',
  scope: ['dossier:read', 'skus:read'],
  params: IdParams,
  responses: { 200: { description: 'The per-locale texts.', schema: TranslationsSchema } },
  handler: async ({ db, auth, params }) =>
    json(await getTranslations(db, { workspaceId: auth.workspace.id, skuId: params.id })),
});

// POST /api/skus/{id}/translations – ask the AI provider for suggestions of the missing translations.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/translations',
  operationId: 'suggestSkuTranslations',
  summary: 'Translate the public texts with AI (suggestions)',
  description:
    'Asks the configured AI provider to translate the confirmed source texts into the page locales that have no confirmed text (or the listed ones) and stores each answer as a suggestion (source ai_suggestion, provenance naming the source text and model). Nothing is confirmed: a person confirms or rejects each suggestion through the dossier operations. Without an AI provider, or when the provider fails, the answer is 200 with `degraded_reason` and nothing is stored. AI calls count against the monthly AI allowance of the plan (402 AI_BUDGET_EXHAUSTED). Session, or Bearer with scope skus:write.',
  tags: ['AI'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  rateLimit: 'ai',
  params: IdParams,
  body: TranslateInput.optional(),
  errors: [402],
  responses: {
    200: { description: 'The stored suggestions and the per-locale texts.', schema: TranslateResultSchema },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      await translateTexts(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        fields: body?.fields,
        locales: body?.locales,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, post);
