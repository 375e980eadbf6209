import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { ensureQueues, getBoss } from './boss';
import { registeredJobs } from './define';
import { jobTiming } from './lease';
import { sendToBoss } from './runs';

/**
 * Recovery, run by every live worker every quarter of the stale bound (and once at start):
 *
 * 1. A run left "running" whose heartbeat is older than the bound lost its worker (killed, host gone,
 *    event loop stuck). It goes back to queued with a new pg-boss job id and no lease, in one
 *    conditional update that skips rows a live worker holds locked in a fenced transaction, so two
 *    recovering workers never both take it; the dead delivery's pg-boss job is cancelled (no longer
 *    "active" for hours), and the new job is sent.
 * 2. A queued run whose pg-boss job is missing or settled (a crash between the insert and the send)
 *    gets a new job id and is sent again, once the bound has passed since it was created.
 * 3. Each job's own `recover` finds work that never got a run at all (documents stored, then a crash
 *    before their extraction was queued).
 *
 * The claim in runJob accepts only the run's current pg-boss job, so an older delivery is ignored.
 */
export async function recoverRuns(opts: { staleAfterMs?: number; queues?: string[] } = {}) {
  const db = await getDb();
  const staleSeconds = (opts.staleAfterMs ?? jobTiming().staleAfterMs) / 1000;
  const boss = await getBoss();
  await ensureQueues(boss);
  const defs = registeredJobs().filter((d) => !opts.queues || opts.queues.includes(d.name));
  const known = defs.map((d) => d.name);
  if (!known.length) return 0;

  const orphaned = await queryRows<RecoveredRun & { previous_boss_job_id: string | null }>(
    db,
    sql`UPDATE job_runs r
        SET status = 'queued', lease_token = NULL, boss_job_id = gen_random_uuid(), error = 'The worker stopped while running this job; queued again.'
        FROM (
          SELECT id, boss_job_id FROM job_runs
          WHERE status = 'running' AND coalesce(heartbeat_at, started_at, created_at) < now() - make_interval(secs => ${staleSeconds}::double precision)
            AND queue IN (${sql.join(
              known.map((k) => sql`${k}`),
              sql`, `,
            )})
          FOR UPDATE SKIP LOCKED
        ) prev
        WHERE r.id = prev.id AND r.status = 'running'
        RETURNING r.id, r.queue, r.workspace_id, r.payload, r.boss_job_id, prev.boss_job_id AS previous_boss_job_id`,
  );
  for (const run of orphaned) {
    if (run.previous_boss_job_id) await boss.cancel(run.queue, run.previous_boss_job_id).catch(() => {});
  }
  // Sent before the next step looks for queued runs without a live job, which these would otherwise be.
  let sent = await sendAll(known, orphaned);

  // Queued runs whose pg-boss job is not waiting or active. Looked up by id in pg-boss's table (its
  // primary key, name first), one queue at a time; an anti-join of the two tables scans them instead.
  const unsent: RecoveredRun[] = [];
  for (const name of known) {
    const waiting = await queryRows<{ id: string; boss_job_id: string | null }>(
      db,
      sql`SELECT id, boss_job_id FROM job_runs
          WHERE status = 'queued' AND queue = ${name} AND created_at < now() - make_interval(secs => ${staleSeconds}::double precision)
          ORDER BY created_at LIMIT ${UNSENT_BATCH}`,
    );
    if (!waiting.length) continue;
    const ids = waiting.map((w) => w.boss_job_id).filter((x): x is string => Boolean(x));
    const alive = new Set(
      ids.length
        ? (
            await queryRows<{ id: string }>(
              db,
              sql`SELECT id FROM pgboss.job WHERE name = ${name} AND id IN (${sql.join(
                ids.map((i) => sql`${i}::uuid`),
                sql`, `,
              )}) AND state IN ('created', 'retry', 'active')`,
            )
          ).map((r) => r.id)
        : [],
    );
    const lost = waiting.filter((w) => !w.boss_job_id || !alive.has(w.boss_job_id));
    if (!lost.length) continue;
    // Conditional on the job id seen, so of two workers recovering at once only one sends it again.
    const pairs = sql.join(
      lost.map((w) => sql`(${w.id}::uuid, ${w.boss_job_id}::uuid)`),
      sql`, `,
    );
    unsent.push(
      ...(await queryRows<RecoveredRun>(
        db,
        sql`UPDATE job_runs r SET boss_job_id = gen_random_uuid()
            FROM (VALUES ${pairs}) AS seen(id, boss_job_id)
            WHERE r.id = seen.id AND r.status = 'queued' AND r.boss_job_id IS NOT DISTINCT FROM seen.boss_job_id
            RETURNING r.id, r.queue, r.workspace_id, r.payload, r.boss_job_id`,
      )),
    );
  }

  sent += await sendAll(known, unsent);
  for (const def of defs) {
    if (def.recover)
      sent += await def
        .recover(db, { staleAfterMs: staleSeconds * 1000 })
        .catch((e) => (console.error(`[jobs] recovery of ${def.name} failed:`, (e as Error).message), 0));
  }
  return sent;
}

async function sendAll(queues: string[], runs: RecoveredRun[]) {
  for (const name of queues) {
    const mine = runs.filter((r) => r.queue === name);
    if (mine.length)
      await sendToBoss(
        name,
        mine.map((r) => ({ id: r.id, workspaceId: r.workspace_id, payload: r.payload, bossJobId: r.boss_job_id })),
      );
  }
  return runs.length;
}

type RecoveredRun = {
  id: string;
  queue: string;
  workspace_id: string;
  payload: Record<string, unknown>;
  boss_job_id: string;
};

/** Queued runs re-sent per queue and pass (the next pass takes the rest). */
const UNSENT_BATCH = 1000;

const holder = globalThis as unknown as { __cwRecovery?: ReturnType<typeof setInterval> };

/** Starts the periodic recovery pass of this process (one per process). */
export function startRecoveryLoop(opts: { queues?: string[] } = {}) {
  if (holder.__cwRecovery) return;
  let busy = false;
  holder.__cwRecovery = setInterval(() => {
    if (busy) return;
    busy = true;
    recoverRuns({ queues: opts.queues })
      .catch((e) => console.error('[jobs] recovery pass failed:', (e as Error).message))
      .finally(() => (busy = false));
  }, jobTiming().recoveryIntervalMs);
  holder.__cwRecovery.unref?.();
}

export function stopRecoveryLoop() {
  if (holder.__cwRecovery) clearInterval(holder.__cwRecovery);
  holder.__cwRecovery = undefined;
}
