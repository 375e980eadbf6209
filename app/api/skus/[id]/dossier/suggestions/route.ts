import { addSuggestions } from '@/lib/dossier/suggestions';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { AddSuggestionsInput, AddSuggestionsResponse } from '@/lib/skus/schemas';

// POST /api/skus/{id}/dossier/suggestions – propose values; never confirmed data until a person confirms.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/dossier/suggestions',
  operationId: 'addDossierSuggestions',
  summary: 'Add dossier suggestions',
  description:
    'Invalid values and duplicates of present, suggested or rejected values are skipped with a reason. Session, or Bearer with scope skus:write.',
  tags: ['Dossier'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: IdParams,
  body: AddSuggestionsInput,
  idempotent: true,
  errors: [409],
  responses: {
    200: {
      description: 'What was stored and what was skipped.',
      schema: AddSuggestionsResponse,
    },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      await addSuggestions(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        suggestions: body.suggestions.map((s) => ({
          field_key: s.field_key,
          value: s.value,
          source: s.source,
          provenance: s.provenance ?? {},
          confidence: s.confidence ?? null,
        })),
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
