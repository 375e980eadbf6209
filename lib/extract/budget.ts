/**
 * A parse or OCR time budget counted in this process's CPU time, not on the wall clock (issue 34: a
 * document's text must not depend on how busy the machine was). On a quiet machine CPU time runs with
 * the wall clock and a budget ends a hostile file as before; on a busy one (CI beside a build, a burst
 * of uploads, the other parse workers) the same file gets the same work and gives the same text,
 * where a wall-clock budget ran out and the file was read from its name alone.
 *
 * A parser runs in its own child process (pool.ts), so process.cpuUsage() is that parse's: its main
 * thread, tesseract's worker thread, the garbage collector. Where parsers run as threads of the server
 * (EXTRACT_WORKER_THREADS), the process's CPU time is the whole server's, and a budget runs out sooner:
 * the safe side. A ceiling on the wall clock (wallCeiling: WALL_FACTOR times the budget, at most MAX_WALL_SLACK_MS past it) still
 * ends a read that waits on something that never comes (a stuck worker uses no CPU).
 */
export const WALL_FACTOR = 5;
/** ...and never more than this past the budget: a 6-minute OCR budget waits at most 11 minutes, not 30. */
export const MAX_WALL_SLACK_MS = 5 * 60_000;

/** The wall-clock ceiling of a budget of `ms` (see above). */
export const wallCeiling = (ms: number, wallFactor = WALL_FACTOR) =>
  ms + Math.min(ms * (wallFactor - 1), MAX_WALL_SLACK_MS);

export interface Budget {
  /** The budget in milliseconds of CPU time. */
  readonly ms: number;
  /** Milliseconds left: the CPU time left, or less when the wall-clock ceiling is nearer. */
  left(): number;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function cpuBudget(ms: number, wallFactor = WALL_FACTOR): Budget {
  const cpuStart = cpuMs();
  const wallStart = Date.now();
  return {
    ms,
    left: () => Math.min(ms - (cpuMs() - cpuStart), wallCeiling(ms, wallFactor) - (Date.now() - wallStart)),
  };
}

/** How often a running budget is looked at: often enough that a hostile file overruns it by little. */
const CHECK_MS = 100;

/**
 * Races a promise against a budget: 'timeout' once the budget is used up (onTimeout is called then).
 * The checks never keep the process alive.
 */
export function withinBudget<T>(p: Promise<T>, budget: Budget, onTimeout?: () => void): Promise<T | 'timeout'> {
  return new Promise<T | 'timeout'>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const check = () => {
      if (done) return;
      const left = budget.left();
      if (left <= 0) {
        done = true;
        onTimeout?.();
        resolve('timeout');
        return;
      }
      timer = setTimeout(check, Math.max(1, Math.min(left, CHECK_MS)));
      timer.unref?.();
    };
    p.then(
      (v) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        reject(e);
      },
    );
    check();
  });
}
