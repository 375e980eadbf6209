import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { myWork } from '@/lib/team/inbox';

const SkuItem = z.object({
  id: z.string(),
  sku_code: z.string(),
  product_name: z.string(),
  status: z.string(),
  blocker_count: z.number(),
  updated_at: z.string(),
});

// GET /api/inbox – "My work": what waits for the caller in the active workspace.
const get = defineRoute({
  method: 'GET',
  path: '/api/inbox',
  operationId: 'getMyWork',
  summary: 'My work',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  responses: {
    200: {
      description: 'Assigned SKUs, reviews to complete, approvals to give, supplier replies, mentions.',
      schema: z.object({
        role: z.string(),
        four_eyes_approval: z.boolean(),
        assigned: z.array(SkuItem),
        reviews_to_complete: z.array(SkuItem),
        approvals_to_give: z.array(SkuItem),
        supplier_replies: z.array(
          z.object({
            id: z.string(),
            sku_id: z.string(),
            sku_code: z.string(),
            recipient: z.string(),
            subject: z.string(),
            responded_at: z.string().nullable(),
          }),
        ),
        mentions: z.array(
          z.object({
            id: z.string(),
            sku_id: z.string(),
            sku_code: z.string(),
            author: z.string(),
            body: z.string(),
            created_at: z.string(),
          }),
        ),
      }),
    },
  },
  handler: async ({ db, auth }) =>
    json(await myWork(db, { workspaceId: auth.workspace.id, userId: auth.user.id, role: auth.role })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
