import { z } from 'zod';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';
import { transferOwnership } from '@/lib/team/members';
import { Member } from '@/lib/team/schemas';

// POST /api/members/transfer-ownership – the owner hands the workspace to a member and becomes admin.
const transfer = defineRoute({
  method: 'POST',
  path: '/api/members/transfer-ownership',
  operationId: 'transferOwnership',
  summary: 'Transfer ownership of the workspace',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  body: z.strictObject({ user_id: Uuid }),
  responses: { 200: { description: 'Members after the transfer.', schema: z.object({ data: z.array(Member) }) } },
  handler: async ({ db, auth, actor, body }) =>
    json({
      data: await transferOwnership(db, {
        workspaceId: auth.workspace.id,
        actor,
        fromUserId: auth.user.id,
        toUserId: body.user_id,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(transfer);
