import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * OCR with tesseract.js, fully offline: the language data comes from the npm packages
 * @tesseract.js-data/eng and /deu (LSTM "best_int" models), never from a CDN. tesseract.js reads every
 * language from one langPath folder while the packages keep them in separate folders, so a folder of
 * symlinks to the installed files is prepared once in the temp directory (a copy when symlinks fail).
 * tesseract.js 7 cannot take the data in memory: its initialize step mangles {code, data} languages.
 *
 * One worker is shared and jobs are serialised; a job over its time budget terminates the worker (the
 * only way to stop a running recognition) and the next job starts a fresh one. An idle worker is
 * terminated after a minute so a server does not keep ~150 MB for nothing.
 */

// German first: its model also reads English (and most accented Latin letters), the English one drops umlauts.
export const OCR_LANGUAGES = ['deu', 'eng'] as const;
const MODEL = '4.0.0_best_int';
const IDLE_MS = 60_000;

type TesseractWorker = {
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  terminate(): Promise<unknown>;
};

let workerPromise: Promise<TesseractWorker> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: NodeJS.Timeout | null = null;
let langDirCache: string | null = null;

/**
 * The language data file of an npm package. Resolved from the project's node_modules by path: a
 * require.resolve() here would make the bundler try to bundle the .gz model.
 */
function packageFile(lang: string): string | null {
  const rel = path.join('@tesseract.js-data', lang, MODEL, `${lang}.traineddata.gz`);
  for (const base of [process.cwd(), path.dirname(process.argv[1] ?? '')]) {
    const candidate = path.join(base, 'node_modules', rel);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Folder holding <lang>.traineddata.gz for every OCR language, linked to the npm packages. */
export function ocrLanguageDir(): string | null {
  if (langDirCache && fs.existsSync(langDirCache)) return langDirCache;
  const dir = path.join(os.tmpdir(), `compliance-tessdata-${MODEL}-${process.getuid?.() ?? 'u'}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const lang of OCR_LANGUAGES) {
      const src = packageFile(lang);
      if (!src) return null;
      const dst = path.join(dir, `${lang}.traineddata.gz`);
      let ok = false;
      try {
        ok = fs.realpathSync(dst) === fs.realpathSync(src);
      } catch {
        ok = false;
      }
      if (ok) continue;
      fs.rmSync(dst, { force: true });
      try {
        fs.symlinkSync(src, dst);
      } catch {
        fs.copyFileSync(src, dst);
      }
    }
    langDirCache = dir;
    return dir;
  } catch {
    return null;
  }
}

async function startWorker(): Promise<TesseractWorker> {
  const langPath = ocrLanguageDir();
  if (!langPath) throw new Error('OCR language data (@tesseract.js-data/eng, /deu) is not installed');
  const { createWorker, OEM } = await import('tesseract.js');
  let initError: unknown = null;
  const worker = await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
    langPath,
    cacheMethod: 'none', // never write traineddata into the working directory
    gzip: true,
    logger: () => {},
    // Without an errorHandler tesseract.js throws from its message handler and takes the process down.
    errorHandler: (e: unknown) => {
      initError = e;
    },
  });
  if (initError) throw new Error(String(initError));
  return worker as unknown as TesseractWorker;
}

function scheduleIdleShutdown() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void shutdownOcr(), IDLE_MS);
  idleTimer.unref();
}

export async function shutdownOcr(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const p = workerPromise;
  workerPromise = null;
  if (p) {
    try {
      await (await p).terminate();
    } catch {
      /* already gone */
    }
  }
}

export type OcrOutcome = { ok: true; text: string; confidence: number } | { ok: false; message: string };

/** Recognises one image (PNG, JPEG, BMP, GIF, WebP, PNM; TIFF only where leptonica can decode it). */
export function ocrImage(image: Buffer, timeoutMs: number): Promise<OcrOutcome> {
  const job = queue.then(() => runJob(image, timeoutMs));
  queue = job.catch(() => undefined);
  return job;
}

async function runJob(image: Buffer, timeoutMs: number): Promise<OcrOutcome> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    workerPromise ??= startWorker();
    const worker = await Promise.race([workerPromise, timeout]);
    if (worker === 'timeout') {
      await shutdownOcr();
      return { ok: false, message: `OCR engine did not start within ${timeoutMs} ms` };
    }
    const remaining = Math.max(1, timeoutMs - (Date.now() - started));
    clearTimeout(timer);
    const timeout2 = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), remaining);
    });
    const result = await Promise.race([worker.recognize(image), timeout2]);
    if (result === 'timeout') {
      await shutdownOcr();
      return { ok: false, message: `OCR exceeded its time budget of ${timeoutMs} ms` };
    }
    scheduleIdleShutdown();
    return { ok: true, text: result.data.text, confidence: result.data.confidence / 100 };
  } catch (err) {
    // A failed start leaves no usable worker; a failed recognition (unreadable image) keeps it.
    const message = err instanceof Error ? err.message : String(err);
    if (/read image/i.test(message)) scheduleIdleShutdown();
    else await shutdownOcr();
    return { ok: false, message: `OCR failed: ${message.replace(/^Error:\s*/, '')}` };
  } finally {
    clearTimeout(timer);
  }
}
