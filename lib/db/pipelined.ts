/**
 * Statements of one transaction sent without waiting for each answer. postgres-js writes each to the
 * connection as it is sent (pipelining), so the database runs one while this process builds the next;
 * PGlite runs them in turn. Only for statements whose order is all that links them: whatever needs an
 * answer first awaits settled().
 */
export class PipelinedWrites {
  private pending: Promise<unknown>[] = [];

  /** `timings`, when given, gets milliseconds per label from sending to answer (labels overlap). */
  constructor(private readonly timings?: Record<string, number>) {}

  /** Starts the statement and yields once, so it reaches the connection before the caller goes on. */
  async send(label: string, run: () => PromiseLike<unknown>): Promise<void> {
    const t0 = performance.now();
    const p = (async () => {
      try {
        return await run();
      } finally {
        if (this.timings) this.timings[label] = (this.timings[label] ?? 0) + (performance.now() - t0);
      }
    })();
    p.catch(() => {}); // reported by settled(), in sending order
    this.pending.push(p);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /**
   * Waits for every statement sent so far and throws the first failure in sending order: a failed
   * statement fails the ones after it in the transaction, and the first one says why.
   */
  async settled(): Promise<void> {
    const sent = this.pending;
    this.pending = [];
    const outcomes = await Promise.allSettled(sent);
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
}
