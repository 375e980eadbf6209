import { defineSchedule } from '@/lib/jobs/schedules';
import { reconcileOutbox } from './outbox';
import { runReminderSweep } from './reminders';

/** Every 15 minutes: reminder steps that fell due, and requests that ran out of reminders. */
defineSchedule({
  name: 'outreach.reminders',
  cron: '*/15 * * * *',
  handler: (db, now) => runReminderSweep(db, { now }),
});

/** Every minute: request mails whose sender died (a crash, a restart) are sent again, same Message-ID. */
defineSchedule({
  name: 'outreach.outbox',
  cron: '* * * * *',
  handler: (db, now) => reconcileOutbox(db, { now }),
});
