import { defineRoute, json, routeMethods } from '@/lib/http';
import { updateMySettings } from '@/lib/team/members';
import { MemberResponse, MySettingsInput } from '@/lib/team/schemas';

// PATCH /api/members/me – the caller's own settings in this workspace (mail on mentions).
const patch = defineRoute({
  method: 'PATCH',
  path: '/api/members/me',
  operationId: 'updateMySettings',
  summary: 'Update my member settings',
  tags: ['Team'],
  stability: 'preview',
  auth: 'session',
  body: MySettingsInput,
  responses: { 200: { description: 'Your membership.', schema: MemberResponse } },
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
