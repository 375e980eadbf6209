import { z } from 'zod';
import { confirmSuggestion } from '@/lib/dossier/suggestions';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { ConfirmDossierValueInput, DossierValueResponse } from '@/lib/skus/schemas';

// POST /api/skus/{id}/dossier/values/{value_id}/confirm – a person confirms a suggestion (optionally edited).
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/dossier/values/{value_id}/confirm',
  operationId: 'confirmDossierSuggestion',
  summary: 'Confirm a suggestion',
  tags: ['Dossier'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: z.object({ id: Uuid, valueId: Uuid }),
  body: ConfirmDossierValueInput,
  errors: [409],
  responses: { 200: { description: 'The confirmed value.', schema: DossierValueResponse } },
  handler: async ({ db, auth, actor, params, body }) =>
    json({
      value: await confirmSuggestion(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        valueId: params.valueId,
        value: body?.value,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
