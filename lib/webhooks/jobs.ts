import { defineSchedule } from '@/lib/jobs/schedules';
import { deliverDue } from './deliver';

/**
 * Every minute: send the deliveries that are due (new events and retries). The outbox rows are the
 * state, so deliveries written before a restart are sent after it; a claimed row is leased, so two
 * workers never send the same attempt.
 */
defineSchedule({
  name: 'webhooks.deliver',
  cron: '* * * * *',
  handler: async (db, now) => {
    let total = 0;
    for (let i = 0; i < 20; i++) {
      const r = await deliverDue(db, { now, limit: 100 });
      total += r.claimed;
      if (r.claimed < 100) break;
    }
    return { delivered: total };
  },
});
