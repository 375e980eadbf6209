/**
 * Import throughput figures (rows/s and ETA) come from the run's own writing: resumed runs count only
 * their own rows, no figure before there is one, and a finished batch keeps its rate with nothing left.
 */
import { describe, expect, it } from 'vitest';
import { throughput } from '@/lib/imports/repo';

const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, s));
const base = {
  status: 'processing',
  totalRows: 100_000,
  processedRows: 0,
  writingStartedAt: at(0),
  writingStartedRows: 0,
  completedAt: null,
};

describe('import throughput (rows/s and ETA from the run’s own figures)', () => {
  it('rate over the time since the run began writing, and the rows left at that rate', () => {
    expect(throughput({ ...base, processedRows: 20_000 }, at(10))).toEqual({ rows_per_second: 2000, eta_seconds: 40 });
  });

  it('a resumed run counts only the rows it wrote itself', () => {
    // 60,000 were recorded by the run that died; this one wrote 10,000 in 5 s.
    const b = { ...base, processedRows: 70_000, writingStartedRows: 60_000 };
    expect(throughput(b, at(5))).toEqual({ rows_per_second: 2000, eta_seconds: 15 });
  });

  it('no figure before a second of writing or before the first chunk, none while queued', () => {
    expect(throughput({ ...base, processedRows: 500 }, at(0))).toEqual({ rows_per_second: null, eta_seconds: null });
    expect(throughput(base, at(30))).toEqual({ rows_per_second: null, eta_seconds: null });
    expect(throughput({ ...base, status: 'queued', writingStartedAt: null }, at(30))).toEqual({
      rows_per_second: null,
      eta_seconds: null,
    });
  });

  it('a finished batch keeps its rate up to completion and has nothing left', () => {
    const done = { ...base, status: 'completed', processedRows: 100_000, completedAt: at(20) };
    expect(throughput(done, at(3600))).toEqual({ rows_per_second: 5000, eta_seconds: 0 });
  });
});
