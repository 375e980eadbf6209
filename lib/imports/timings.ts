/**
 * Where an import run spends its time: milliseconds per phase (read, plan, write, recompute) and, inside
 * the write, per statement kind. Kept on the run so the bench and the job result can show it; costs a
 * performance.now() per step.
 */
export type ImportTimings = Record<string, number>;

export async function timed<T>(t: ImportTimings | undefined, label: string, fn: () => Promise<T>): Promise<T> {
  if (!t) return fn();
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    t[label] = (t[label] ?? 0) + (performance.now() - t0);
  }
}

/** Rounded to whole milliseconds, for a job result. */
export function roundTimings(t: ImportTimings): Record<string, number> {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v)]));
}
