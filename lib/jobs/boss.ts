import { PgBoss, fromPglite } from 'pg-boss';
import { getDbHandle } from '@/lib/db/client';
import { registeredJobs } from './define';

const holder = globalThis as unknown as { __cwBoss?: Promise<PgBoss> };

/** The process's pg-boss, on the same database as the app (PGlite through its adapter). */
export function getBoss(): Promise<PgBoss> {
  holder.__cwBoss ??= (async () => {
    const handle = await getDbHandle();
    const boss =
      handle.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(handle.pglite! as any), backend: 'pglite', schema: 'pgboss', supervise: true })
        : new PgBoss({ connectionString: handle.connectionString!, schema: 'pgboss', max: 4 });
    boss.on('error', (e) => console.error('[jobs] pg-boss error:', e.message));
    await boss.start();
    await ensureQueues(boss);
    return boss;
  })().catch((e) => {
    holder.__cwBoss = undefined;
    throw e;
  });
  return holder.__cwBoss;
}

const created = new Set<string>();

export async function ensureQueues(boss: PgBoss) {
  for (const def of registeredJobs()) {
    if (created.has(def.name)) continue;
    if (!(await boss.getQueue(def.name))) {
      await boss.createQueue(def.name, {
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryDelaySeconds > 0,
        expireInSeconds: def.expireInSeconds,
      });
    }
    created.add(def.name);
  }
}

export async function stopBoss() {
  const current = holder.__cwBoss;
  holder.__cwBoss = undefined;
  created.clear();
  if (current) await (await current).stop({ graceful: true, timeout: 5000 }).catch(() => {});
}
