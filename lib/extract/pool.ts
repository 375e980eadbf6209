import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractionResult, ExtractOptions } from './types';
import { EXTRACT_LIMITS } from './types';
import { failure } from './normalise';
import { sniffFormat } from './sniff';
import { wallCeiling } from './budget';
import type { ExtractReply, ExtractRequest } from './extract-worker';

/**
 * Every parser runs in a small pool of worker processes, never in the server's own thread: a hostile file
 * (a PDF whose stream inflates to a gigabyte, a 30,000 × 30,000 px image) costs a worker, which is
 * ended when it runs over its budget, and the server stays responsive. A child process, not a thread:
 * what a parse leaves behind outside the JavaScript heap (tesseract's wasm heap and models, the canvas's
 * native buffers, the C allocator's arenas) is returned to the system only when the process exits; with
 * threads the server's resident size ratcheted up with every burst of uploads and never came back.
 * Budgets:
 * - heap: --max-old-space-size per worker (V8 ends it with "heap out of memory");
 * - time: the file's parse (+ OCR) budget plus a grace, in the child's CPU time (budget.ts); the worker is
 *   killed when it is used up;
 * - resident memory: each busy worker's RSS is watched (Linux /proc) and the worker is killed when it
 *   passes rssBudgetMb.
 * The parsers themselves bound their inputs first (pdf-streams.ts, image-size.ts), so these are the
 * backstop, not the design's only line. Workers are reused (pdfjs and tesseract load once per worker),
 * replaced when a job left them large (recycleRssMb, recycleHeapMb) and retired when idle (sooner after
 * OCR or a PDF), so the server's resident size falls back after a burst of uploads.
 * Where the build has no bundled entry for a child, or EXTRACT_WORKER_THREADS is set, workers are threads.
 */

export const POOL_LIMITS = {
  /** Parallel parses (more wait in line): one core stays free for the server's own thread. */
  size: Math.max(1, Number(process.env.EXTRACT_WORKERS) || Math.min(4, os.availableParallelism() - 1)),
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  /** Resident size of a busy worker (heap, wasm, native buffers) that gets it killed. */
  rssBudgetMb: Number(process.env.EXTRACT_WORKER_RSS_BUDGET_MB) || 768,
  /**
   * A child process that grew by more than this since it started (OCR models, rendered pages, fragmentation)
   * is replaced once it answers a light file (text, Office, mail, a refused file): the memory goes back to
   * the system at once, and a fresh worker starts in ~0.1 s. After a PDF or an image it read it is kept for
   * heavyIdleMs instead, so a run of scans does not reload tesseract for every page; past
   * recycleMaxRssMb it is replaced whatever it read.
   */
  recycleGrowthMb: 64,
  recycleMaxRssMb: 512,
  /** Added to a job's parse budget (passing the bytes, answering). */
  graceMs: 2_000,
  /** Starting a fresh worker (seconds on a busy machine); a job's budget starts after. */
  startupMs: 60_000,
  /**
   * An idle worker is retired after this (its parsers, caches and heap go with it). Short: a fresh worker
   * starts in ~0.1 s (its parsers load with the first file that needs them), far cheaper than the 50-150
   * MB an idle one holds; a burst of uploads still reuses one worker.
   */
  idleMs: Number(process.env.EXTRACT_WORKER_IDLE_MS) || 1_000,
  /**
   * A worker whose last job ran OCR (tesseract's models, ~100 MB per script, live in the worker), read a PDF
   * or an image, or left a large heap waits longer: reloading tesseract takes a second or two, so a run of
   * scans keeps it, and a burst that ended still frees the memory within seconds.
   */
  heavyIdleMs: 3_000,
  heavyHeapMb: 96,
  /** A worker whose heap stays above this after a job is replaced (fragmentation, caches). */
  recycleHeapMb: 160,
  /** Watch interval of the busy workers' resident size. */
  rssWatchMs: 100,
} as const;

const isHeavyFormat = (f: string) => f === 'pdf' || f.startsWith('image_');

type Job = {
  id: number;
  options: ExtractOptions;
  budgetMs: number;
  resolve: (r: ExtractionResult) => void;
  timer?: NodeJS.Timeout;
  /** When the job's clock started: the wall clock, and the child's CPU time (null for a thread). */
  wallStart?: number;
  cpuStart?: number | null;
};

/** What the pool needs of a worker, a child process or a thread. */
interface WorkerHandle {
  pid: number | null;
  post(request: ExtractRequest): void;
  /** Ends the worker at once; resolves when it is gone. */
  kill(): Promise<void>;
  /** Whether an idle worker may keep the server's event loop alive (no: scripts and tests end). */
  hold(on: boolean): void;
}

type Slot = {
  worker: WorkerHandle;
  job: Job | null;
  idleTimer?: NodeJS.Timeout;
  dead: boolean;
  ready: boolean;
  /** Resident size of a child process once its parsers loaded (MB). */
  baseRssMb?: number;
  startTimer?: NodeJS.Timeout;
};

const slots: Slot[] = [];
const queue: Job[] = [];
let nextId = 1;
let rssWatch: NodeJS.Timeout | null = null;

// In Next (build and dev) Turbopack bundles the `new Worker(new URL(...))` entry into a JavaScript chunk
// and NEXT_RUNTIME is set; unbundled (Vitest, tsx scripts) the entry is TypeScript and needs tsx's loader.
// (import.meta.url cannot tell them apart: Turbopack keeps the source file's URL.)
const FROM_SOURCE = !process.env.NEXT_RUNTIME;
// A plain string, not `new URL(..., import.meta.url)`, so the bundler does not copy the source as an asset.
const SOURCE_ENTRY = import.meta.url.replace(/pool\.ts$/, 'extract-worker.ts');

const RESOURCE_LIMITS = {
  maxOldGenerationSizeMb: POOL_LIMITS.maxOldGenerationSizeMb,
  maxYoungGenerationSizeMb: POOL_LIMITS.maxYoungGenerationSizeMb,
};
const HEAP_FLAGS = [
  `--max-old-space-size=${POOL_LIMITS.maxOldGenerationSizeMb}`,
  `--max-semi-space-size=${POOL_LIMITS.maxYoungGenerationSizeMb / 2}`,
];

/** Node 20 workers ignore `--import tsx` in execArgv: from source, a bootstrap imports the entry with tsx's API. */
const TSX_BOOTSTRAP = `import('tsx/esm/api').then(({ tsImport }) => tsImport(require('node:worker_threads').workerData.entry, require('node:url').pathToFileURL(process.cwd() + '/').href))`;

const MEMORY_REASON = `the parser needed more than its memory budget of ${POOL_LIMITS.maxOldGenerationSizeMb} MB`;

/**
 * The bundled worker entry a child process runs. Turbopack emits it for the `new Worker(new URL(...))`
 * below as `[worker thread]-lib_extract_extract-worker_ts_<hash>._.js` beside the server's chunks (one per
 * bundle that imports the pool; they are the same program) by `next build`, for `next start`. null: none found
 * (or `next dev`), threads are used.
 */
let bundledEntry: string | null | undefined;
function bundledChildEntry(): string | null {
  if (bundledEntry !== undefined) return bundledEntry;
  bundledEntry = null;
  // `next dev` builds elsewhere; a production build's chunk left in .next/server would be stale code.
  if (process.env.NODE_ENV !== 'production') return bundledEntry;
  const dir = path.join(/* turbopackIgnore: true */ process.cwd(), '.next', 'server', 'chunks');
  try {
    const name = fs.readdirSync(dir).find((f) => /^\[worker thread\]-lib_extract_extract-worker_ts_.*\.js$/.test(f));
    if (name) bundledEntry = path.join(dir, name);
  } catch {
    /* no build directory */
  }
  return bundledEntry;
}

/**
 * The environment of a parser process: what Node and the bundle's runtime read, none of the server's
 * configuration. A process that opens hostile files holds no database URL, key or signing secret.
 */
function parserEnv(): NodeJS.ProcessEnv {
  const keep =
    /^(PATH|HOME|TMPDIR|TMP|TEMP|LANG|LC_[A-Z]+|TZ|NODE_ENV|NODE_OPTIONS|NEXT_RUNTIME|__NEXT_[A-Z_]+|TURBOPACK[A-Z_]*)$/;
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => keep.test(k))) as NodeJS.ProcessEnv;
}

function childWorker(slot: Slot): WorkerHandle | null {
  const entry = FROM_SOURCE ? fileURLToPath(SOURCE_ENTRY) : bundledChildEntry();
  if (!entry) return null;
  const child: ChildProcess = fork(/* turbopackIgnore: true */ entry, [], {
    execArgv: [...(FROM_SOURCE ? ['--import', 'tsx'] : []), ...HEAP_FLAGS],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    env: parserEnv(),
  });
  // The tail of the child's stderr tells a heap limit from a crash; it is passed on as it comes.
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-4096);
  });
  child.on('message', (reply: ExtractReply) => onReply(slot, reply));
  child.on('error', (err) => stop(slot, `the parser crashed (${err.message.slice(0, 200)})`));
  child.on('exit', (code, signal) =>
    stop(
      slot,
      /heap out of memory|Reached heap limit/i.test(stderrTail)
        ? MEMORY_REASON
        : `the parser stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`,
    ),
  );
  const hold = (on: boolean) => {
    const channel = child.channel as { ref?: () => void; unref?: () => void } | undefined;
    if (on) {
      child.ref();
      channel?.ref?.();
    } else {
      child.unref();
      channel?.unref?.();
    }
  };
  return {
    pid: child.pid ?? null,
    post: (request) => child.send(request),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.ref(); // an idle child is unreferenced; its exit must still come before the caller goes on
        child.kill('SIGKILL');
      }),
    hold,
  };
}

function threadWorker(slot: Slot): WorkerHandle {
  const worker = FROM_SOURCE
    ? new Worker(TSX_BOOTSTRAP, { eval: true, workerData: { entry: SOURCE_ENTRY }, resourceLimits: RESOURCE_LIMITS })
    : new Worker(new URL('./extract-worker.ts', import.meta.url), { resourceLimits: RESOURCE_LIMITS });
  worker.on('message', (reply: ExtractReply) => onReply(slot, reply));
  worker.on('error', (err: Error & { code?: string }) =>
    stop(
      slot,
      err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? MEMORY_REASON : `the parser crashed (${err.message.slice(0, 200)})`,
    ),
  );
  worker.on('exit', (code) => stop(slot, `the parser stopped unexpectedly (exit code ${code})`));
  return {
    pid: null,
    post: (request) => worker.postMessage(request),
    kill: () =>
      worker.terminate().then(
        () => undefined,
        () => undefined,
      ),
    hold: (on) => (on ? worker.ref() : worker.unref()),
  };
}

function spawn(): Slot {
  const slot = { job: null, dead: false, ready: false } as unknown as Slot;
  slot.worker = (process.env.EXTRACT_WORKER_THREADS ? null : childWorker(slot)) ?? threadWorker(slot);
  // An idle worker does not keep the process alive (scripts, tests end without a shutdown call).
  slot.worker.hold(false);
  slot.startTimer = setTimeout(
    () => stop(slot, `the parser did not start within ${POOL_LIMITS.startupMs / 1000} s`),
    POOL_LIMITS.startupMs,
  );
  slot.startTimer.unref();
  slots.push(slot);
  return slot;
}

function failed(job: Job, reason: string): ExtractionResult {
  let format: ExtractionResult['format'] = 'binary';
  try {
    format = sniffFormat(job.options.bytes, job.options.filename, job.options.mimeType).format;
  } catch {
    /* keep binary */
  }
  return failure(format, {
    code: 'parse_failed',
    message: `Not read: ${reason}; the file was refused to protect the server.`,
  });
}

/** Ends a worker; its running job (if any) answers parse_failed with the reason. Resolves when it is gone. */
function retire(slot: Slot, reason: string | null): Promise<void> {
  if (slot.dead) return Promise.resolve();
  slot.dead = true;
  slots.splice(slots.indexOf(slot), 1);
  clearTimeout(slot.idleTimer);
  clearTimeout(slot.startTimer);
  const job = slot.job;
  slot.job = null;
  if (job) {
    clearTimeout(job.timer);
    job.resolve(failed(job, reason ?? 'the parser was stopped'));
  }
  return slot.worker.kill();
}

/** Ends a worker (see retire) and gives the jobs waiting to the others or a fresh one. */
function stop(slot: Slot, reason: string | null) {
  if (slot.dead) return;
  void retire(slot, reason);
  pump();
}

/** CPU time of a process in ms (Linux /proc: utime + stime at USER_HZ 100), null where it cannot be read. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/**
 * A job's budget is CPU time of its child process, as inside the worker (budget.ts): on a busy machine a
 * parse is not killed for the time it waited for a core. The wall clock still ends it at its ceiling
 * (wallCeiling), and a thread worker (no process of its own to measure) keeps the wall-clock budget.
 */
function startClock(slot: Slot) {
  const job = slot.job;
  if (!job || !slot.ready) return;
  clearTimeout(job.timer);
  job.wallStart = Date.now();
  job.cpuStart = slot.worker.pid !== null ? processCpuMs(slot.worker.pid) : null;
  armClock(slot, job, job.budgetMs);
}

function armClock(slot: Slot, job: Job, ms: number) {
  job.timer = setTimeout(() => {
    if (slot.job !== job) return;
    const cpu = slot.worker.pid !== null && job.cpuStart != null ? processCpuMs(slot.worker.pid) : null;
    const cpuLeft = cpu !== null ? job.budgetMs - (cpu - job.cpuStart!) : 0;
    const wallLeft = wallCeiling(job.budgetMs) - (Date.now() - job.wallStart!);
    if (cpuLeft > 0 && wallLeft > 0) {
      armClock(slot, job, Math.max(50, Math.min(cpuLeft, wallLeft)));
      return;
    }
    stop(slot, `parsing took longer than its time budget of ${Math.round(job.budgetMs / 1000)} s`);
  }, ms);
}

function onReply(slot: Slot, reply: ExtractReply) {
  if (slot.dead) return;
  if ('ready' in reply) {
    slot.ready = true;
    slot.baseRssMb = reply.rssMb;
    clearTimeout(slot.startTimer);
    startClock(slot);
    return;
  }
  const job = slot.job;
  if (!job || job.id !== reply.id) return;
  clearTimeout(job.timer);
  slot.job = null;
  slot.worker.hold(false);
  job.resolve(reply.result);
  // PDFs and images are where OCR runs (also when it found nothing) and pdfjs renders pages; one refused
  // before its parser ran (a bomb, an oversized image) used none of that and keeps nothing warm.
  const r = reply.result;
  const heavy =
    !!r.ocr ||
    (r.status !== 'failed' && isHeavyFormat(r.inner?.format ?? r.format)) ||
    reply.heapUsedMb > POOL_LIMITS.heavyHeapMb;
  // Only a child's own resident size says what it holds (a thread's is the server's).
  const isChild = slot.worker.pid !== null;
  const grown = isChild && reply.rssMb - (slot.baseRssMb ?? reply.rssMb) > POOL_LIMITS.recycleGrowthMb;
  if (
    reply.result.issue?.code === 'timeout' ||
    reply.heapUsedMb > POOL_LIMITS.recycleHeapMb ||
    (isChild && reply.rssMb > POOL_LIMITS.recycleMaxRssMb) ||
    (grown && !heavy)
  ) {
    stop(slot, null);
    return;
  }
  slot.idleTimer = setTimeout(() => stop(slot, null), heavy ? POOL_LIMITS.heavyIdleMs : POOL_LIMITS.idleMs);
  slot.idleTimer.unref();
  pump();
}

function pump() {
  while (queue.length) {
    const slot = slots.find((s) => !s.dead && !s.job) ?? (slots.length < POOL_LIMITS.size ? spawn() : null);
    if (!slot) break;
    const job = queue.shift()!;
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.hold(true);
    startClock(slot);
    slot.worker.post({ id: job.id, options: job.options });
  }
  watchRss();
}

/** Resident size of a process in MB (Linux /proc), null where it cannot be read. */
function processRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * While jobs run, a busy worker's memory outside its heap (ArrayBuffers, wasm, canvas) is bounded too: a
 * child's own resident size; for threads, the server's growth since the watch started.
 */
let threadBaseline = 0;
function watchRss() {
  const running = slots.filter((s) => s.job);
  if (!running.length) {
    if (rssWatch) clearInterval(rssWatch);
    rssWatch = null;
    return;
  }
  if (rssWatch) return;
  threadBaseline = process.memoryUsage.rss();
  rssWatch = setInterval(() => {
    for (const s of slots.filter((x) => x.job)) {
      const pid = s.worker.pid;
      const mb =
        pid !== null ? processRssMb(pid) : s.ready ? (process.memoryUsage.rss() - threadBaseline) / 1024 / 1024 : null;
      if (mb !== null && mb > POOL_LIMITS.rssBudgetMb)
        stop(s, `parsing made the parser's memory grow past its budget of ${POOL_LIMITS.rssBudgetMb} MB`);
    }
  }, POOL_LIMITS.rssWatchMs);
  rssWatch.unref();
}

/** Runs extractTextInProcess in a pool worker under the memory and time budgets above. */
export function extractInWorker(options: ExtractOptions): Promise<ExtractionResult> {
  const parseMs = options.timeoutMs ?? EXTRACT_LIMITS.defaultTimeoutMs;
  const ocrMs = (options.ocr ?? true) ? (options.ocrTimeoutMs ?? EXTRACT_LIMITS.defaultOcrTimeoutMs) : 0;
  return new Promise((resolve) => {
    queue.push({ id: nextId++, options, budgetMs: parseMs + ocrMs + POOL_LIMITS.graceMs, resolve });
    pump();
  });
}

/** Ends the pool's workers (tests, shutdown); the next extraction starts fresh ones. */
export async function shutdownExtractWorkers(): Promise<void> {
  await Promise.all([...slots].map((s) => retire(s, 'the server is shutting down')));
  watchRss();
}

/** Figures for the bench and tests: live workers and jobs waiting, and the workers' process ids. */
export const extractPoolStats = () => ({
  workers: slots.length,
  busy: slots.filter((s) => s.job).length,
  queued: queue.length,
  pids: slots.map((s) => s.worker.pid).filter((p): p is number => p !== null),
});
