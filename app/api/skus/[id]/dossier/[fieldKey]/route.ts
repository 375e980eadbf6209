import { clearDossierValue, setDossierValue } from '@/lib/dossier/service';
import { defineRoute, json, routeMethods } from '@/lib/http';
import {
  DossierFieldParams,
  DossierValueCleared,
  SetDossierValueInput,
  SetDossierValueResponse,
} from '@/lib/skus/schemas';

// PUT /api/skus/{id}/dossier/{field_key} – set (confirm) a field's value; the previous one becomes history.
const put = defineRoute({
  method: 'PUT',
  path: '/api/skus/{id}/dossier/{field_key}',
  operationId: 'setDossierValue',
  summary: 'Set a dossier value',
  description:
    'The value is validated and normalised for the field (400 naming the field otherwise) and stored as confirmed with source manual. ' +
    'A change resets an approval. Session, or Bearer with scope skus:write.',
  tags: ['Dossier'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: DossierFieldParams,
  body: SetDossierValueInput,
  dryRun: true,
  idempotent: true,
  errors: [409, 415],
  responses: {
    200: {
      description:
        'The stored value and whether it changed (dry_run: the normalised value and whether it would change).',
      schema: SetDossierValueResponse,
    },
  },
  handler: async ({ db, auth, actor, params, body, dryRun }) =>
    json(
      await setDossierValue(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        fieldKey: params.fieldKey,
        value: body.value,
        dryRun,
      }),
    ),
});

// DELETE /api/skus/{id}/dossier/{field_key} – clear the confirmed value (kept in the history).
const del = defineRoute({
  method: 'DELETE',
  path: '/api/skus/{id}/dossier/{field_key}',
  operationId: 'clearDossierValue',
  summary: 'Clear a dossier value',
  tags: ['Dossier'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: DossierFieldParams,
  responses: {
    200: { description: 'Cleared.', schema: DossierValueCleared },
  },
  handler: async ({ db, auth, actor, params }) =>
    json(
      await clearDossierValue(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        fieldKey: params.fieldKey,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(put, del);
