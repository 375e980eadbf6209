import { z } from 'zod';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { listRevisions } from '@/lib/publish/service';

const Revision = z.object({ revision: z.number().int(), published_at: z.string(), published_by: z.string().nullable(), public_url: z.string().nullable() }).meta({ id: 'SkuRevision' });

// GET /api/skus/{id}/revisions – the published revisions of the SKU, newest first.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/revisions',
  operationId: 'listSkuRevisions',
  summary: 'List published revisions',
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: { 200: { description: 'Revisions, newest first.', schema: z.object({ revisions: z.array(Revision) }) } },
  handler: async ({ db, auth, params }) => json(await listRevisions(db, auth.workspace.id, params.id)),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
