import { z } from 'zod';
import { defineRoute, IdParams, json, routeMethods } from '@/lib/http';
import { listApprovals } from '@/lib/skus/approval';
import { getSkuRow } from '@/lib/skus/service';

const Approval = z.object({
  id: z.string(),
  approved_by: z.string(),
  approved_by_user_id: z.string().nullable(),
  approved_at: z.string(),
  dossier_hash: z.string().describe('SHA-256 of the confirmed values, operators, documents (by content hash) and waivers approved.'),
  waivers: z.array(z.object({ code: z.string(), reason: z.string(), by: z.string(), at: z.string() })),
  review_completed_by: z.string().nullable(),
  four_eyes: z.boolean(),
});

// GET /api/skus/{id}/approvals – every approval of the SKU, newest first: who, when, what was signed.
const list = defineRoute({
  method: 'GET',
  path: '/api/skus/{id}/approvals',
  operationId: 'listSkuApprovals',
  summary: "List a SKU's approval records",
  tags: ['SKUs'],
  stability: 'preview',
  auth: 'session',
  params: IdParams,
  responses: { 200: { description: 'Approval records.', schema: z.object({ data: z.array(Approval) }) } },
  handler: async ({ db, auth, params }) => {
    await getSkuRow(db, auth.workspace.id, params.id);
    return json({ data: await listApprovals(db, auth.workspace.id, params.id) });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
