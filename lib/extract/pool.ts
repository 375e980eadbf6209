import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ExtractionResult, ExtractOptions } from './types';
import { EXTRACT_LIMITS } from './types';
import { failure } from './normalise';
import { sniffFormat } from './sniff';
import type { ExtractReply, ExtractRequest } from './extract-worker';

/**
 * Every parser runs in a small pool of worker threads, never in the server's own thread: a hostile file
 * (a PDF whose stream inflates to a gigabyte, a 30,000 × 30,000 px image) costs a worker, which is
 * terminated when it runs over its budget, and the server stays responsive. Budgets:
 * - heap: resourceLimits per worker (V8 ends the worker with ERR_WORKER_OUT_OF_MEMORY);
 * - time: the file's parse (+ OCR) budget plus a grace; the worker is terminated when it is used up;
 * - memory outside the heap (ArrayBuffers, wasm, canvas): the server's RSS is watched while jobs run and
 *   the running workers are terminated when it grows past the budget.
 * The parsers themselves bound their inputs first (pdf-streams.ts, image-size.ts), so these are the
 * backstop, not the design's only line. Workers are reused (pdfjs and tesseract load once per worker)
 * and retired when idle (sooner after OCR or with a large heap: the server's resident size falls back
 * after a burst of uploads), after a soft timeout (their abandoned work may still run) or with a grown heap.
 */

export const POOL_LIMITS = {
  /** Parallel parses (more wait in line): one core stays free for the server's own thread. */
  size: Math.max(1, Number(process.env.EXTRACT_WORKERS) || Math.min(4, os.availableParallelism() - 1)),
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  /** Growth of the server's RSS over the start of the oldest running job that terminates the jobs. */
  rssBudgetMb: 512,
  /** Added to a job's parse budget (passing the bytes, answering). */
  graceMs: 2_000,
  /** Loading the parsers in a fresh worker (seconds on a busy machine); a job's budget starts after. */
  startupMs: 60_000,
  /** An idle worker is retired after this (pdfjs, its caches and the worker's heap go with it). */
  idleMs: 15_000,
  /**
   * A worker whose last job ran OCR (tesseract's models, ~100 MB per script, live in the worker) or
   * left a large heap is retired sooner: a run of scans keeps it, a burst that ended frees the memory.
   */
  heavyIdleMs: 3_000,
  heavyHeapMb: 96,
  /** A worker whose heap stays above this after a job is replaced (fragmentation, caches). */
  recycleHeapMb: 160,
} as const;

const isHeavyFormat = (f: string) => f === 'pdf' || f.startsWith('image_');

type Job = {
  id: number;
  options: ExtractOptions;
  budgetMs: number;
  resolve: (r: ExtractionResult) => void;
  timer?: NodeJS.Timeout;
};
type Slot = {
  worker: Worker;
  job: Job | null;
  idleTimer?: NodeJS.Timeout;
  dead: boolean;
  ready: boolean;
  startTimer?: NodeJS.Timeout;
};

const slots: Slot[] = [];
const queue: Job[] = [];
let nextId = 1;
let rssWatch: { timer: NodeJS.Timeout; baseline: number } | null = null;

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

/** Node 20 workers ignore `--import tsx` in execArgv: from source, a bootstrap imports the entry with tsx's API. */
const TSX_BOOTSTRAP = `import('tsx/esm/api').then(({ tsImport }) => tsImport(require('node:worker_threads').workerData.entry, require('node:url').pathToFileURL(process.cwd() + '/').href))`;

function spawn(): Slot {
  const worker = FROM_SOURCE
    ? new Worker(TSX_BOOTSTRAP, { eval: true, workerData: { entry: SOURCE_ENTRY }, resourceLimits: RESOURCE_LIMITS })
    : new Worker(new URL('./extract-worker.ts', import.meta.url), { resourceLimits: RESOURCE_LIMITS });
  // An idle worker does not keep the process alive (scripts, tests end without a shutdown call).
  worker.unref();
  const slot: Slot = { worker, job: null, dead: false, ready: false };
  slot.startTimer = setTimeout(
    () => stop(slot, `the parser did not start within ${POOL_LIMITS.startupMs / 1000} s`),
    POOL_LIMITS.startupMs,
  );
  slot.startTimer.unref();
  worker.on('message', (reply: ExtractReply) => onReply(slot, reply));
  worker.on('error', (err: Error & { code?: string }) =>
    stop(
      slot,
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `the parser needed more than its memory budget of ${POOL_LIMITS.maxOldGenerationSizeMb} MB`
        : `the parser crashed (${err.message.slice(0, 200)})`,
    ),
  );
  worker.on('exit', (code) => stop(slot, `the parser stopped unexpectedly (exit code ${code})`));
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

/** Ends a worker; its running job (if any) answers parse_failed with the reason. */
function stop(slot: Slot, reason: string | null) {
  if (slot.dead) return;
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
  void slot.worker.terminate().catch(() => undefined);
  pump();
}

function startClock(slot: Slot) {
  const job = slot.job;
  if (!job || !slot.ready) return;
  clearTimeout(job.timer);
  job.timer = setTimeout(
    () => stop(slot, `parsing took longer than its time budget of ${Math.round(job.budgetMs / 1000)} s`),
    job.budgetMs,
  );
}

function onReply(slot: Slot, reply: ExtractReply) {
  if ('ready' in reply) {
    slot.ready = true;
    clearTimeout(slot.startTimer);
    // Loading the parsers is the worker's fixed cost, not the file's: growth counts from here.
    if (rssWatch) rssWatch.baseline = Math.max(rssWatch.baseline, process.memoryUsage.rss());
    startClock(slot);
    return;
  }
  const job = slot.job;
  if (!job || job.id !== reply.id) return;
  clearTimeout(job.timer);
  slot.job = null;
  slot.worker.unref();
  job.resolve(reply.result);
  if (reply.result.issue?.code === 'timeout' || reply.heapUsedMb > POOL_LIMITS.recycleHeapMb) {
    stop(slot, null);
    return;
  }
  // PDFs and images are where OCR runs (also when it found nothing) and pdfjs renders pages.
  const r = reply.result;
  const heavy = !!r.ocr || isHeavyFormat(r.inner?.format ?? r.format) || reply.heapUsedMb > POOL_LIMITS.heavyHeapMb;
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
    slot.worker.ref();
    startClock(slot);
    const request: ExtractRequest = { id: job.id, options: job.options };
    slot.worker.postMessage(request);
  }
  watchRss();
}

/** While jobs run, memory outside the workers' heaps (ArrayBuffers, wasm, canvas) is bounded too. */
function watchRss() {
  const running = slots.filter((s) => s.job);
  if (!running.length) {
    if (rssWatch) clearInterval(rssWatch.timer);
    rssWatch = null;
    return;
  }
  if (rssWatch) return;
  const timer = setInterval(() => {
    if (!rssWatch) return;
    const grownMb = (process.memoryUsage.rss() - rssWatch.baseline) / 1024 / 1024;
    if (grownMb <= POOL_LIMITS.rssBudgetMb) return;
    for (const s of slots.filter((x) => x.job))
      stop(s, `parsing made the server's memory grow by more than ${POOL_LIMITS.rssBudgetMb} MB`);
  }, 100);
  timer.unref();
  rssWatch = { timer, baseline: process.memoryUsage.rss() };
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

/** Terminates the pool's workers (tests, shutdown); the next extraction starts fresh ones. */
export async function shutdownExtractWorkers(): Promise<void> {
  await Promise.all(
    [...slots].map((s) => {
      s.dead = true;
      clearTimeout(s.idleTimer);
      clearTimeout(s.startTimer);
      slots.splice(slots.indexOf(s), 1);
      if (s.job) {
        clearTimeout(s.job.timer);
        s.job.resolve(failed(s.job, 'the server is shutting down'));
      }
      return s.worker.terminate().catch(() => undefined);
    }),
  );
  watchRss();
}

/** Figures for the bench and tests: live workers and jobs waiting. */
export const extractPoolStats = () => ({
  workers: slots.length,
  busy: slots.filter((s) => s.job).length,
  queued: queue.length,
});
