import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { buildSbgPack } from '@/lib/recalls/sbg';

import { SbgPackResponse } from '@/lib/recalls/schemas';

// GET /api/recalls/cases/{id}/sbg – every field the Safety Business Gateway asks, ready to copy.
const get = defineRoute({
  method: 'GET',
  path: '/api/recalls/cases/{id}/sbg',
  operationId: 'getRecallSbgPack',
  summary: 'Safety Business Gateway pack',
  description:
    'The gateway (GPSR Art. 20) has no API: its web form is typed in by a person. The pack holds its sections (receiving authorities, notifier, ' +
    'product, hazard, corrective actions, supply chain) filled from the case; a field the workspace does not know is marked missing. PDF: …/sbg.pdf.',
  tags: ['Market watch'],
  stability: 'preview',
  auth: 'either',
  scope: 'recalls:read',
  params: IdParams,
  responses: { 200: { description: 'The pack.', schema: SbgPackResponse } },
  handler: async ({ db, auth, params }) =>
    json({ data: await buildSbgPack(db, { workspaceId: auth.workspace.id, caseId: params.id }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
