import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { SafetyDraftInput, SafetyDraftResultSchema } from '@/lib/translations/schemas';
import { getTranslations } from '@/lib/translations/service';
import { draftSafetyTranslations } from '@/lib/translations/safety-texts';

// POST /api/skus/{id}/translations/safety – drafts of the safety texts a target market needs in its language.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/translations/safety',
  operationId: 'draftSkuSafetyTranslations',
  summary: 'Draft the safety texts in a language (suggestions for review)',
  description:
    'For each of safety_warnings and instructions (or the listed ones) without a confirmed text in `language`: the configured AI provider translates a confirmed text of another language (English first, then German, French, then any) and the answer is stored as a suggestion (source ai_suggestion, provenance naming the source language, text and model). Nothing is confirmed: a person confirms or rejects each suggestion through the dossier operations. Without an AI provider nothing is stored and the outcome is needs_translation (a person writes it); a failing provider gives failed with the reason. 402 AI_BUDGET_EXHAUSTED when the monthly AI allowance is used up. Session, or Bearer with scope skus:write.',
  tags: ['AI'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  rateLimit: 'ai',
  params: IdParams,
  body: SafetyDraftInput,
  errors: [402],
  responses: {
    200: { description: 'One outcome per text, and the texts per language.', schema: SafetyDraftResultSchema },
  },
  handler: async ({ db, auth, actor, params, body }) => {
    const outcomes = await draftSafetyTranslations(db, {
      workspaceId: auth.workspace.id,
      actor,
      skuId: params.id,
      language: body.language,
      fields: body.fields,
    });
    return json({
      outcomes,
      translations: await getTranslations(db, { workspaceId: auth.workspace.id, skuId: params.id }),
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
