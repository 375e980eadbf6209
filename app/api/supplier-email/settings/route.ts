import { OutreachSettingsInput, OutreachSettingsResponse } from '@/lib/outreach/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { getReminderDays, NO_PROGRESS_AFTER_DAYS, setReminderDays } from '@/lib/outreach/reminders';

// GET /api/supplier-email/settings – the workspace's reminder cadence.
const get = defineRoute({
  method: 'GET',
  path: '/api/supplier-email/settings',
  operationId: 'getOutreachSettings',
  summary: 'Read the reminder cadence',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'session',
  responses: {
    200: {
      description: 'Days after sending at which reminders go out (default 3, 7, 14).',
      schema: OutreachSettingsResponse,
    },
  },
  handler: async ({ db, auth }) =>
    json({
      settings: {
        reminder_days: await getReminderDays(db, { workspaceId: auth.workspace.id }),
        no_progress_after_days: NO_PROGRESS_AFTER_DAYS,
      },
    }),
});

// PUT /api/supplier-email/settings – change it (an empty list turns reminders off).
const put = defineRoute({
  method: 'PUT',
  path: '/api/supplier-email/settings',
  operationId: 'updateOutreachSettings',
  summary: 'Set the reminder cadence',
  description:
    'reminder_days: up to 10 strictly increasing days (1 to 365) after sending. Applies to open requests from the next sweep. An empty list sends no reminders (requests still become no_progress after the grace period).',
  tags: ['Supplier email'],
  stability: 'preview',
  auth: 'session',
  body: OutreachSettingsInput,
  responses: { 200: { description: 'Saved.', schema: OutreachSettingsResponse } },
  handler: async ({ db, auth, body }) =>
    json({ settings: await setReminderDays(db, { workspaceId: auth.workspace.id, days: body.reminder_days }) }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, put);
