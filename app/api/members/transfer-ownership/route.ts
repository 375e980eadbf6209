import { defineRoute, json, routeMethods } from '@/lib/http';
import { transferOwnership } from '@/lib/team/members';
import { MemberListResponse, TransferOwnershipInput } from '@/lib/team/schemas';

// POST /api/members/transfer-ownership – the owner hands the workspace to a member and becomes admin.
const transfer = defineRoute({
  method: 'POST',
  path: '/api/members/transfer-ownership',
  operationId: 'transferOwnership',
  summary: 'Transfer ownership of the workspace',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  body: TransferOwnershipInput,
  responses: { 200: { description: 'Members after the transfer.', schema: MemberListResponse } },
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
