/**
 * The parse and OCR budgets count CPU time (lib/extract/budget.ts, issue 34): time spent waiting (for a
 * core on a busy machine, for I/O) does not use them up, so a file gives the same text however loaded
 * the machine is; work that burns CPU past its budget is stopped; a wait past the wall-clock ceiling
 * (WALL_FACTOR times the budget) is stopped too.
 */
import { describe, expect, it } from 'vitest';
import { cpuBudget, wallCeiling, withinBudget } from '@/lib/extract/budget';

const sleep = (ms: number) => new Promise<string>((r) => setTimeout(() => r('done'), ms));

/** Burns CPU in slices (the event loop turns between them, as a parser's awaits let it) until stopped. */
async function burn(ms: number, stop: { stopped: boolean }): Promise<string> {
  const end = Date.now() + ms;
  while (Date.now() < end && !stop.stopped) {
    const slice = Date.now() + 20;
    while (Date.now() < slice) Math.sqrt(Math.random());
    await new Promise((r) => setImmediate(r));
  }
  return 'burnt';
}

describe('CPU-time budgets', () => {
  it('waiting does not use the budget: a 300 ms wait finishes within a 100 ms budget', async () => {
    const budget = cpuBudget(100);
    expect(await withinBudget(sleep(300), budget)).toBe('done');
    expect(budget.left()).toBeGreaterThan(0);
  });

  it('work that burns CPU past its budget is stopped, and onTimeout is called', async () => {
    const stop = { stopped: false };
    const started = Date.now();
    const r = await withinBudget(burn(3000, stop), cpuBudget(150), () => (stop.stopped = true));
    expect(r).toBe('timeout');
    expect(stop.stopped).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a wait past the wall-clock ceiling is stopped', async () => {
    const started = Date.now();
    expect(await withinBudget(sleep(5000), cpuBudget(100, 3))).toBe('timeout');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2000);
  });

  it('a rejection passes through', async () => {
    await expect(withinBudget(Promise.reject(new Error('bad file')), cpuBudget(100))).rejects.toThrow('bad file');
  });
});

describe('wall-clock ceiling', () => {
  it('is five times a short budget, and at most five minutes past a long one', () => {
    expect(wallCeiling(10_000)).toBe(50_000);
    expect(wallCeiling(6 * 60_000)).toBe(11 * 60_000);
  });
});
