import type { z } from 'zod';
import type { Db } from '@/lib/db/client';

export interface JobContext {
  jobRunId: string;
  workspaceId: string;
  db: Db;
  attempt: number;
  /** Stores progress on the job run, where the UI and pollers read it. */
  progress(p: Record<string, unknown>): Promise<void>;
  /**
   * Call first inside each transaction that writes the job's effects: it holds the run for this
   * delivery until the commit and throws (rolling back) when another worker has taken the run over.
   */
  fence(tx: Db): Promise<void>;
  /** Aborted when pg-boss stops the job, the run is cancelled, or another worker took it over. */
  signal: AbortSignal;
}

export interface JobDefinition<T = unknown> {
  name: string;
  schema: z.ZodType<T>;
  /** Retries after the first attempt; a NonRetryableError or a bad payload fails at once. */
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  handler(payload: T, ctx: JobContext): Promise<Record<string, unknown> | void>;
  /**
   * Recovery of work that has no live run (a crash between storing it and queueing its job): called by
   * every worker's recovery pass with its stale bound (work younger than that may still be queued by
   * the request that stored it); queues what it finds and returns how many runs it queued.
   */
  recover?: (db: Db, opts: { staleAfterMs: number }) => Promise<number>;
}

/** A failure that retrying cannot fix (bad input, missing record): the job fails once with the reason. */
export class NonRetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NonRetryableError';
  }
}

const registry = new Map<string, JobDefinition<any>>();

export function defineJob<T>(def: {
  name: string;
  schema: z.ZodType<T>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  handler: JobDefinition<T>['handler'];
  recover?: JobDefinition<T>['recover'];
}): JobDefinition<T> {
  if (!/^[a-z0-9][a-z0-9_.-]*$/.test(def.name)) throw new Error(`bad job name ${def.name}`);
  const full: JobDefinition<T> = { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 15 * 60, ...def };
  registry.set(def.name, full);
  return full;
}

export function registeredJobs(): JobDefinition<any>[] {
  return [...registry.values()];
}
