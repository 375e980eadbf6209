import crypto from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/config/env';
import { jobRuns } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/rows';

/**
 * One delivery holds a run at a time. Claiming a queued run gives the delivery a lease token; its
 * heartbeats, progress and completion are conditional updates on that token, so once recovery has
 * taken the run back (the heartbeat looked dead) a worker that was only slow finds its writes refused,
 * its signal aborted, and stops. Timestamps come from the database's clock, the one recovery compares.
 */

/** Thrown into a handler's writes once its delivery no longer holds the run. */
export class LeaseLostError extends Error {
  constructor(runId: string) {
    super(`Job run ${runId} was taken over by another worker (its heartbeat looked dead); this delivery stopped.`);
    this.name = 'LeaseLostError';
  }
}

/** The bound after which a running job counts as dead, and how often heartbeats and recovery run. */
export function jobTiming() {
  const staleAfterMs = getEnv().JOB_STALE_AFTER_SECONDS * 1000;
  // A recovery pass costs a few queries: not more often than once a second, however small the bound.
  return { staleAfterMs, heartbeatMs: staleAfterMs / 4, recoveryIntervalMs: Math.max(1000, staleAfterMs / 4) };
}

/**
 * Moves a queued run to running for this delivery: only when the delivery is the run's current
 * pg-boss job (older ones of a run that recovery re-sent are ignored). Returns the lease token, or
 * null when another delivery has it, it is done, or it was cancelled.
 */
export async function claimRun(
  db: Db,
  { runId, bossJobId }: { runId: string; bossJobId: string },
): Promise<string | null> {
  const token = crypto.randomUUID();
  const rows = await db
    .update(jobRuns)
    .set({
      status: 'running',
      leaseToken: token,
      bossJobId,
      attempts: sql`${jobRuns.attempts} + 1`,
      startedAt: sql`coalesce(${jobRuns.startedAt}, now())`,
      heartbeatAt: sql`now()`,
      error: null,
    })
    .where(
      and(
        eq(jobRuns.id, runId),
        eq(jobRuns.status, 'queued'),
        or(isNull(jobRuns.bossJobId), eq(jobRuns.bossJobId, bossJobId)),
      ),
    )
    .returning({ id: jobRuns.id });
  return rows.length ? token : null;
}

const held = (runId: string, token: string) =>
  and(eq(jobRuns.id, runId), eq(jobRuns.leaseToken, token), eq(jobRuns.status, 'running'));

/** The lease of one running delivery: a heartbeat timer, fenced writes, and a signal aborted on loss. */
export class RunLease {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Db,
    readonly runId: string,
    readonly token: string,
    heartbeatMs: number,
  ) {
    this.timer = setInterval(() => void this.beat().catch(() => {}), heartbeatMs);
    this.timer.unref?.();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get lost(): boolean {
    return this.controller.signal.aborted;
  }

  private lose() {
    if (!this.lost) this.controller.abort(new LeaseLostError(this.runId));
  }

  /**
   * Refreshes the heartbeat. A database error says nothing about the lease (kept); no row updated means
   * the run is no longer ours (re-queued, cancelled), and the signal aborts.
   */
  async beat(): Promise<boolean> {
    if (this.lost) return false;
    const rows = await this.db
      .update(jobRuns)
      .set({ heartbeatAt: sql`now()` })
      .where(held(this.runId, this.token))
      .returning({ id: jobRuns.id });
    if (!rows.length) this.lose();
    return rows.length > 0;
  }

  /** Stores progress (and a heartbeat) while the lease holds; throws LeaseLostError otherwise. */
  async progress(p: Record<string, unknown>) {
    if (this.lost) throw new LeaseLostError(this.runId);
    const rows = await this.db
      .update(jobRuns)
      .set({ progress: p, heartbeatAt: sql`now()` })
      .where(held(this.runId, this.token))
      .returning({ id: jobRuns.id });
    if (!rows.length) {
      this.lose();
      throw new LeaseLostError(this.runId);
    }
  }

  /**
   * Inside the handler's own transaction: locks the run row while the lease holds (recovery skips a
   * locked run, so it cannot take the run back while this transaction writes) and refreshes the
   * heartbeat; throws LeaseLostError, rolling the transaction back, when the run is no longer ours.
   */
  async fence(tx: Db) {
    // Prepared: an import runs this at the start of every chunk (see lib/db/prepared.ts).
    const rows = await queryRows<{ id: string }>(
      tx,
      tx
        .update(jobRuns)
        .set({ heartbeatAt: sql`now()` })
        .where(held(this.runId, this.token))
        .returning({ id: jobRuns.id })
        .getSQL(),
      { prepared: true },
    );
    if (!rows.length) {
      this.lose();
      throw new LeaseLostError(this.runId);
    }
  }

  /** Final write of the delivery (completed, failed, queued again), only while the lease holds. */
  async settle(set: Partial<typeof jobRuns.$inferInsert>): Promise<boolean> {
    const rows = await this.db
      .update(jobRuns)
      .set({ ...set, leaseToken: null })
      .where(held(this.runId, this.token))
      .returning({ id: jobRuns.id });
    if (!rows.length) this.lose();
    return rows.length > 0;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
