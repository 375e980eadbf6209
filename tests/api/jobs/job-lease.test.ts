/**
 * Job runs are held by one delivery at a time (lib/jobs/lease) and taken back by a live worker's
 * recovery when their heartbeat stops (lib/jobs/recovery), with pg-boss's own job state following.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { defineJob, enqueueJob, getJobRun, cancelJobRun } from '@/lib/jobs';
import { getBoss } from '@/lib/jobs/boss';
import { claimRun } from '@/lib/jobs/lease';
import { drainJobs, recoverRuns, runJob, startWorkers, stopWorkers } from '@/lib/workers';
import { jobRuns } from '@/lib/db/schema';
import { getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/config/env';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

function setStaleAfter(seconds: number) {
  process.env.JOB_STALE_AFTER_SECONDS = String(seconds);
  resetEnvCache();
}

afterEach(() => {
  delete process.env.JOB_STALE_AFTER_SECONDS;
  resetEnvCache();
});

async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Envelope = { jobRunId: string; workspaceId: string; payload: unknown };

async function fetchOne(queue: string) {
  const boss = await getBoss();
  return until(`a delivery of ${queue}`, async () => (await boss.fetch<Envelope>(queue, { batchSize: 1 }))[0]);
}

/** Effects committed by a delivery, only after its fence held (what a real job writes in its transaction). */
const applied: { run: string; delivery: string }[] = [];
let gate: Promise<void> = Promise.resolve();
const slow = defineJob({
  name: 'test.lease-slow',
  schema: z.object({ label: z.string() }),
  handler: async (p, ctx) => {
    const delivery = `attempt-${ctx.attempt}-${Math.random()}`;
    await gate;
    await ctx.db.transaction(async (tx) => {
      await ctx.fence(tx as any);
      applied.push({ run: ctx.jobRunId, delivery });
    });
    await ctx.progress({ done: true });
    return { delivery };
  },
});

const aborted: { run: string; reason: string }[] = [];
const waiter = defineJob({
  name: 'test.lease-waiter',
  schema: z.object({}),
  handler: async (_p, ctx) => {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 15_000);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(t);
        aborted.push({ run: ctx.jobRunId, reason: (ctx.signal.reason as Error)?.name ?? String(ctx.signal.reason) });
        resolve();
      });
    });
    await ctx.progress({ after: 'abort' });
    return { finished: true };
  },
});

let liveRuns = 0;
const live = defineJob({
  name: 'test.lease-live',
  schema: z.object({}),
  handler: async () => {
    liveRuns++;
    return { ok: true };
  },
});

describe('job leases and recovery while running', () => {
  it('a worker that was only slow loses the run to recovery and writes nothing after; the run completes once', async () => {
    setStaleAfter(3600); // no heartbeat from the timer during this test: staleness is set by hand
    const u = await makeUser();
    const db = await getDb();
    const run = await enqueueJob(db, { job: slow, workspaceId: u.workspaceId, payload: { label: 'x' } });
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const first = await fetchOne(slow.name);
    const firstDone = runJob(slow, first);
    await until(
      'the first delivery to claim',
      async () => (await getJobRun(db, { workspaceId: u.workspaceId, id: run.id })).status === 'running',
    );
    gate = Promise.resolve();

    // Its heartbeat looks dead: the next recovery pass takes the run back.
    await db
      .update(jobRuns)
      .set({ heartbeatAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobRuns.id, run.id));
    expect(await recoverRuns({ staleAfterMs: 60_000, queues: [slow.name] })).toBe(1);
    const requeued = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
    expect(requeued).toMatchObject({ status: 'queued', leaseToken: null });
    expect(requeued.bossJobId).not.toBe(first.id);
    // The queue agrees: the dead delivery is no longer "active".
    expect((await (await getBoss()).getJobById(slow.name, first.id))?.state).toBe('cancelled');
    // A second pass finds nothing more to do (the new job is alive).
    expect(await recoverRuns({ staleAfterMs: 60_000, queues: [slow.name] })).toBe(0);

    // A live worker runs the new delivery to the end.
    await drainJobs();
    const done = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
    expect(applied.filter((a) => a.run === run.id)).toHaveLength(1);
    const winner = (done.result as { delivery: string }).delivery;

    // The slow one wakes up: its fenced write is refused, it ends quietly, nothing of it is stored.
    release();
    await expect(firstDone).resolves.toBeUndefined();
    const after = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
    expect(after).toMatchObject({ status: 'completed', attempts: 2 });
    expect((after.result as { delivery: string }).delivery).toBe(winner);
    expect(applied.filter((a) => a.run === run.id)).toEqual([{ run: run.id, delivery: winner }]);
  });

  it('an old delivery of a run that was sent again cannot claim it', async () => {
    setStaleAfter(3600);
    const u = await makeUser();
    const db = await getDb();
    const run = await enqueueJob(db, { job: slow, workspaceId: u.workspaceId, payload: { label: 'old' } });
    expect(await claimRun(db, { runId: run.id, bossJobId: '00000000-0000-4000-8000-000000000000' })).toBeNull();
    expect((await getJobRun(db, { workspaceId: u.workspaceId, id: run.id })).status).toBe('queued');
    expect(await claimRun(db, { runId: run.id, bossJobId: run.bossJobId! })).toEqual(expect.any(String));
    // Claimed once: a second claim of the same delivery finds it taken.
    expect(await claimRun(db, { runId: run.id, bossJobId: run.bossJobId! })).toBeNull();
  });

  it('the heartbeat notices a lost lease and aborts the handler; a cancel stops it the same way', async () => {
    setStaleAfter(0.4); // heartbeat every 100 ms
    const u = await makeUser();
    const db = await getDb();

    // Another worker took the run (its token replaced ours).
    const stolen = await enqueueJob(db, { job: waiter, workspaceId: u.workspaceId, payload: {} });
    const d1 = runJob(waiter, await fetchOne(waiter.name));
    await until(
      'claim',
      async () => (await getJobRun(db, { workspaceId: u.workspaceId, id: stolen.id })).status === 'running',
    );
    const started = Date.now();
    await db
      .update(jobRuns)
      .set({ leaseToken: sql`gen_random_uuid()` })
      .where(eq(jobRuns.id, stolen.id));
    await expect(d1).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(aborted.find((a) => a.run === stolen.id)?.reason).toBe('LeaseLostError');
    const s = await getJobRun(db, { workspaceId: u.workspaceId, id: stolen.id });
    expect(s.status).toBe('running'); // the other worker's, untouched
    expect(s.progress).toBeNull(); // our "after abort" progress was refused

    // Cancelled by a user while running: the handler is told, the run stays cancelled.
    const cancelled = await enqueueJob(db, { job: waiter, workspaceId: u.workspaceId, payload: {} });
    const d2 = runJob(waiter, await fetchOne(waiter.name));
    await until(
      'claim',
      async () => (await getJobRun(db, { workspaceId: u.workspaceId, id: cancelled.id })).status === 'running',
    );
    await cancelJobRun(db, { workspaceId: u.workspaceId, id: cancelled.id });
    await expect(d2).resolves.toBeUndefined();
    expect(aborted.find((a) => a.run === cancelled.id)?.reason).toBe('LeaseLostError');
    expect((await getJobRun(db, { workspaceId: u.workspaceId, id: cancelled.id })).status).toBe('cancelled');
  });

  it("a live worker re-queues a dead worker's run by itself, within seconds of the bound, and runs it once", async () => {
    setStaleAfter(1); // recovery every 250 ms
    const u = await makeUser();
    const db = await getDb();
    try {
      await startWorkers({ queues: [live.name], pollingIntervalSeconds: 0.5 });
      // While it runs, another worker claimed a run and died: the row says running, its heartbeat stops,
      // and its pg-boss job is gone with it. No restart follows.
      const [run] = await db
        .insert(jobRuns)
        .values({
          workspaceId: u.workspaceId,
          queue: live.name,
          payload: {},
          status: 'running',
          attempts: 1,
          leaseToken: crypto.randomUUID(),
          bossJobId: crypto.randomUUID(),
          startedAt: new Date(),
          heartbeatAt: sql`now()`,
        })
        .returning();
      const diedAt = Date.now();
      const done = await until('the run to complete', async () => {
        const r = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
        return r.status === 'completed' ? r : null;
      });
      const took = Date.now() - diedAt;
      expect(took).toBeGreaterThanOrEqual(900); // not before its heartbeat is older than the bound
      expect(took).toBeLessThan(10_000);
      expect(done.attempts).toBe(2);
      expect(done.error).toBeNull();
      expect(liveRuns).toBe(1);
    } finally {
      await stopWorkers();
    }
  });

  // The embedded app answers before its worker starts (lib/boot.ts); the worker's first recovery then
  // takes back what the last process left, but not a run a request of this process is still queuing.
  it.skipIf(Boolean(inject('testDatabaseUrl')))(
    'embedded: the worker start recovers runs from before the process, not one queued by this process meanwhile',
    async () => {
      const u = await makeUser();
      const db = await getDb();
      const beforeThisProcess = sql`now() - make_interval(secs => ${process.uptime() + 5}::double precision)`;
      const orphan = (status: 'running' | 'queued') =>
        db
          .insert(jobRuns)
          .values({
            workspaceId: u.workspaceId,
            queue: live.name,
            payload: {},
            status,
            bossJobId: crypto.randomUUID(), // its pg-boss job went with the last process
            createdAt: beforeThisProcess,
            ...(status === 'running'
              ? {
                  attempts: 1,
                  leaseToken: crypto.randomUUID(),
                  startedAt: beforeThisProcess,
                  heartbeatAt: beforeThisProcess,
                }
              : {}),
          })
          .returning()
          .then((r) => r[0]);
      const died = await orphan('running');
      const unsent = await orphan('queued');
      // A request of this process between its insert and its send: not sent yet, but not lost either.
      const [inFlight] = await db
        .insert(jobRuns)
        .values({
          workspaceId: u.workspaceId,
          queue: live.name,
          payload: {},
          status: 'queued',
          bossJobId: crypto.randomUUID(),
        })
        .returning();
      const ranBefore = liveRuns;
      try {
        await startWorkers({ queues: [live.name], pollingIntervalSeconds: 0.5 });
        for (const run of [died, unsent])
          await until(
            'the orphan to complete',
            async () => (await getJobRun(db, { workspaceId: u.workspaceId, id: run.id })).status === 'completed',
          );
        expect(liveRuns - ranBefore).toBe(2);
        const kept = (await db.select().from(jobRuns).where(eq(jobRuns.id, inFlight.id)))[0];
        expect(kept.status).toBe('queued');
        expect(kept.bossJobId).toBe(inFlight.bossJobId);
      } finally {
        await stopWorkers();
        await db.update(jobRuns).set({ status: 'cancelled' }).where(eq(jobRuns.id, inFlight.id));
      }
    },
  );
});
