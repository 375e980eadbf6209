import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { updateMySettings } from '@/lib/team/members';
import { Member } from '@/lib/team/schemas';

// PATCH /api/members/me – the caller's own settings in this workspace (mail on mentions).
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/members/me',
  operationId: 'updateMySettings',
  summary: 'Update my member settings',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  body: z.strictObject({ notify_mentions: z.boolean() }),
  responses: { 200: { description: 'Your membership.', schema: z.object({ data: Member }) } },
  handler: async ({ db, auth, body }) =>
    json({
      data: await updateMySettings(db, {
        workspaceId: auth.workspace.id,
        userId: auth.user.id,
        notifyMentions: body.notify_mentions,
      }),
    }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(patch);
