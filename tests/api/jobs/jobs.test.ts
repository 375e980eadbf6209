/**
 * The job layer on pg-boss: progress and result stored on the run, a non-retryable failure fails once with
 * its reason, transient failures are retried then fail with the last reason, a run orphaned by a dead
 * worker is re-queued and completes once, and a bad payload is refused at enqueue.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, enqueueJob, getJobRun, NonRetryableError } from '@/lib/jobs';
import { drainJobs, recoverRuns } from '@/lib/workers';
import { jobRuns } from '@/lib/db/schema';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

const seen: string[] = [];
let flaky = 0;
const echo = defineJob({
  name: 'test.echo',
  schema: z.object({ word: z.string() }),
  handler: async (p, ctx) => {
    await ctx.progress({ step: 1, of: 1 });
    seen.push(p.word);
    return { echoed: p.word.toUpperCase() };
  },
});
const fatal = defineJob({
  name: 'test.fatal',
  schema: z.object({}),
  handler: async () => {
    throw new NonRetryableError('the SKU was deleted');
  },
});
const retrying = defineJob({
  name: 'test.flaky',
  schema: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 0,
  handler: async () => {
    flaky++;
    throw new Error(`temporary ${flaky}`);
  },
});

describe('jobs', () => {
  it('runs a job, storing progress and result on the run', async () => {
    const u = await makeUser();
    const db = await getDb();
    const run = await enqueueJob(db, {
      job: echo,
      workspaceId: u.workspaceId,
      payload: { word: 'gpsr' },
      subjectType: 'test',
      subjectId: 'x',
    });
    expect(run.status).toBe('queued');
    await drainJobs();
    const done = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
    expect(done.status).toBe('completed');
    expect(done.result).toEqual({ echoed: 'GPSR' });
    expect(done.progress).toEqual({ step: 1, of: 1 });
    expect(done.attempts).toBe(1);
    expect(seen).toContain('gpsr');
    // Another workspace cannot see the run.
    const other = await makeUser();
    await expect(getJobRun(db, { workspaceId: other.workspaceId, id: run.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a non-retryable failure fails once with its reason', async () => {
    const u = await makeUser();
    const db = await getDb();
    const run = await enqueueJob(db, { job: fatal, workspaceId: u.workspaceId, payload: {} });
    await drainJobs();
    const r = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
    expect(r.status).toBe('failed');
    expect(r.error).toBe('the SKU was deleted');
    expect(r.attempts).toBe(1);
  });

  it('a run orphaned by a dead worker is re-queued and completes once', async () => {
    const u = await makeUser();
    const db = await getDb();
    const run = await enqueueJob(db, { job: echo, workspaceId: u.workspaceId, payload: { word: 'orphan' } });
    // Simulate a worker that claimed the run and died: pg-boss's delivery is gone, the row says running.
    await drainJobs();
    await db
      .update(jobRuns)
      .set({ status: 'running', heartbeatAt: new Date(Date.now() - 10 * 60_000), result: null })
      .where(eq(jobRuns.id, run.id));
    const before = seen.filter((w) => w === 'orphan').length;
    expect(await recoverRuns({ staleAfterMs: 60_000 })).toBeGreaterThanOrEqual(1);
    await drainJobs();
    const r = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
    expect(r.status).toBe('completed');
    expect(seen.filter((w) => w === 'orphan').length).toBe(before + 1);
    // A fresh heartbeat is left alone.
    await db.update(jobRuns).set({ status: 'running', heartbeatAt: new Date() }).where(eq(jobRuns.id, run.id));
    await recoverRuns({ staleAfterMs: 60_000 });
    expect((await getJobRun(db, { workspaceId: u.workspaceId, id: run.id })).status).toBe('running');
  });

  it('a bad payload is refused at enqueue', async () => {
    const u = await makeUser();
    await expect(
      enqueueJob(await getDb(), { job: echo, workspaceId: u.workspaceId, payload: { word: 3 } as any }),
    ).rejects.toThrow();
  });

  it('retries transient failures, then fails with the last reason', async () => {
    const u = await makeUser();
    const db = await getDb();
    const run = await enqueueJob(db, { job: retrying, workspaceId: u.workspaceId, payload: {} });
    const deadline = Date.now() + 20_000;
    let r = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
    while (r.status !== 'failed' && Date.now() < deadline) {
      await drainJobs(2000);
      await new Promise((res) => setTimeout(res, 300));
      r = await getJobRun(db, { workspaceId: u.workspaceId, id: run.id });
    }
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(3);
    expect(r.error).toMatch(/temporary 3/);
  });
});
