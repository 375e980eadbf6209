import { defineSchedule } from '@/lib/jobs/schedules';
import { runReminderSweep } from './reminders';

/** Every 15 minutes: reminder steps that fell due, and requests that ran out of reminders. */
defineSchedule({
  name: 'outreach.reminders',
  cron: '*/15 * * * *',
  handler: (db, now) => runReminderSweep(db, { now }),
});
