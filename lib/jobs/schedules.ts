import type { PgBoss } from 'pg-boss';
import { getDb, type Db } from '@/lib/db/client';

/**
 * Periodic sweeps (reminders...): a pg-boss cron schedule per sweep. pg-boss creates one job per tick
 * across all workers; the sweep itself must still be safe to run twice (it claims its work in rows).
 */
export interface ScheduleDefinition {
  name: string;
  cron: string;
  handler(db: Db, now: Date): Promise<Record<string, unknown> | void>;
}

const schedules = new Map<string, ScheduleDefinition>();

export function defineSchedule(def: ScheduleDefinition): ScheduleDefinition {
  if (!/^[a-z0-9][a-z0-9_.-]*$/.test(def.name)) throw new Error(`bad schedule name ${def.name}`);
  schedules.set(def.name, def);
  return def;
}

export async function startSchedules(boss: PgBoss) {
  for (const def of schedules.values()) {
    if (!(await boss.getQueue(def.name))) await boss.createQueue(def.name, { retryLimit: 0, expireInSeconds: 15 * 60 });
    await boss.schedule(def.name, def.cron);
    await boss.work(def.name, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
      await def.handler(await getDb(), new Date());
    });
  }
}
