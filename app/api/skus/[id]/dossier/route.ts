import { getDossierFields } from '@/lib/dossier/service';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { DossierFieldsResponse } from '@/lib/skus/schemas';

// GET /api/skus/{id}/dossier – every field with a value: current confirmed value, open suggestions, history.
const get = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/dossier',
  operationId: 'getSkuDossier',
  summary: 'Read the dossier of a SKU',
  tags: ['Dossier'],
  stability: 'preview',
  auth: 'either',
  scope: 'dossier:read',
  params: IdParams,
  responses: {
    200: { description: 'Fields that have any value.', schema: DossierFieldsResponse },
  },
  handler: async ({ db, auth, params }) =>
    json({ fields: await getDossierFields(db, { workspaceId: auth.workspace.id, skuId: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
