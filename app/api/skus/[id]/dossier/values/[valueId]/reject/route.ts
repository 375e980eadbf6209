import { z } from 'zod';
import { rejectSuggestion } from '@/lib/dossier/suggestions';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { DossierValueResponse, RejectDossierValueInput } from '@/lib/skus/schemas';

// POST /api/skus/{id}/dossier/values/{value_id}/reject – a person rejects a suggestion.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/dossier/values/{value_id}/reject',
  operationId: 'rejectDossierSuggestion',
  summary: 'Reject a suggestion',
  tags: ['Dossier'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: z.object({ id: Uuid, valueId: Uuid }),
  body: RejectDossierValueInput,
  errors: [409],
  responses: { 200: { description: 'The rejected value.', schema: DossierValueResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({
      value: await rejectSuggestion(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        valueId: params.valueId,
        reason: body?.reason,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
