import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * OCR with tesseract.js, fully offline: the language data comes from the npm packages
 * @tesseract.js-data/<lang> (LSTM "best_int" models), never from a CDN: English, German, French,
 * Italian, Spanish, Dutch and Simplified Chinese. tesseract.js reads every language from one langPath
 * folder while the packages keep them in separate folders, so a folder of symlinks to the installed files
 * is prepared once in the temp directory (a copy when symlinks fail). tesseract.js 7 cannot take the
 * data in memory: its initialize step mangles {code, data} languages.
 *
 * Language choice per image: a first pass with German + English (German's model reads most accented
 * Latin letters). When that pass reads no Latin text worth the name (low confidence, few letters), the
 * page is read again with Chinese; when its text is French, Italian, Spanish or Dutch, again with that
 * language's model (accents right), each time only while the page's time budget allows, keeping the
 * pass with the better confidence. Loading all seven models at once would cost ~300 MB and slow every
 * page; one worker holds one language set at a time and switches with reinitialize.
 *
 * One worker is shared and jobs are serialised; a job over its time budget terminates the worker (the
 * only way to stop a running recognition) and the next job starts a fresh one. An idle worker is
 * terminated after a minute so a server does not keep ~200 MB for nothing.
 */

export const OCR_LANGUAGES = ['deu', 'eng', 'fra', 'ita', 'spa', 'nld', 'chi_sim'] as const;
type OcrLanguage = (typeof OCR_LANGUAGES)[number];
const FIRST_PASS: OcrLanguage[] = ['deu', 'eng'];
const CJK_PASS: OcrLanguage[] = ['chi_sim', 'eng'];
/** Second pass for a Latin-script language the first pass recognised. */
const LATIN_PASS: Record<string, OcrLanguage[]> = { fr: ['fra', 'eng'], it: ['ita', 'eng'], es: ['spa', 'eng'], nl: ['nld', 'eng'] };
/** Below this mean word confidence (0..1) the first pass is taken for the wrong script. */
const WRONG_SCRIPT_CONFIDENCE = 0.6;
/** A second pass is started only with at least this much of the budget left (ms). */
const SECOND_PASS_MIN_MS = 1500;
/**
 * Target time of one page (ms). The Latin second pass only improves accents (the classifier folds them
 * anyway), so it runs only when the first pass took at most half of this; the Chinese pass, without
 * which the page is garbage, runs whenever the budget allows.
 */
const PAGE_TARGET_MS = 3000;
const MODEL = '4.0.0_best_int';
const IDLE_MS = 60_000;

type TesseractWorker = {
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  reinitialize(langs: string[], oem?: number): Promise<unknown>;
  terminate(): Promise<unknown>;
};

let workerPromise: Promise<TesseractWorker> | null = null;
/** Languages the live worker holds. */
let workerLangs = FIRST_PASS.join('+');
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
  if (!langPath) throw new Error(`OCR language data (@tesseract.js-data/${OCR_LANGUAGES.join(', ')}) is not installed`);
  const { createWorker, OEM } = await import('tesseract.js');
  let initError: unknown = null;
  workerLangs = FIRST_PASS.join('+');
  const worker = await createWorker([...FIRST_PASS], OEM.LSTM_ONLY, {
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

export type OcrOutcome = { ok: true; text: string; confidence: number; languages: string[] } | { ok: false; message: string };

/**
 * Recognises one image (PNG, JPEG, BMP, GIF, WebP, PNM; TIFF only where leptonica can decode it) within
 * timeoutMs. pageMs, when given, bounds the recognition itself once the worker is up (a page of a
 * PDF): starting a cold worker counts against timeoutMs only, so the first page is not failed for it.
 */
export function ocrImage(image: Buffer, timeoutMs: number, pageMs?: number): Promise<OcrOutcome> {
  const job = queue.then(() => runJob(image, timeoutMs, pageMs));
  queue = job.catch(() => undefined);
  return job;
}

/** Chinese OCR puts spaces between words; Chinese text has none. */
const joinHan = (text: string) => text.replace(/(?<=[\p{Script=Han}\u3000-\u303f\uff00-\uffef])[ \t]+(?=[\p{Script=Han}\u3000-\u303f\uff00-\uffef])/gu, '');

const letterShare = (text: string) => {
  const visible = (text.match(/\S/gu) ?? []).length;
  return visible ? (text.match(/[\p{L}]/gu) ?? []).length / visible : 0;
};

/** The language of a first pass's text when a Latin second pass exists for it. ELD is loaded on first need. */
async function latinLanguage(text: string): Promise<string | null> {
  if ((text.match(/\p{L}/gu) ?? []).length < 40) return null;
  try {
    const { eld } = await import('eld/medium');
    const r = eld.detect(text.slice(0, 2000));
    return r.language && LATIN_PASS[r.language] ? r.language : null;
  } catch {
    return null;
  }
}

async function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(1, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function recognizeWith(image: Buffer, langs: OcrLanguage[], deadline: number): Promise<{ text: string; confidence: number } | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(1, deadline - Date.now()));
  });
  try {
    workerPromise ??= startWorker();
    const worker = await Promise.race([workerPromise, timeout]);
    if (worker === 'timeout') return 'timeout';
    const key = langs.join('+');
    if (workerLangs !== key) {
      const { OEM } = await import('tesseract.js');
      const switched = await Promise.race([worker.reinitialize([...langs], OEM.LSTM_ONLY), timeout]);
      if (switched === 'timeout') return 'timeout';
      workerLangs = key;
    }
    const result = await Promise.race([worker.recognize(image), timeout]);
    if (result === 'timeout') return 'timeout';
    const text = langs[0] === 'chi_sim' ? joinHan(result.data.text) : result.data.text;
    return { text, confidence: result.data.confidence / 100 };
  } finally {
    clearTimeout(timer);
  }
}

async function runJob(image: Buffer, timeoutMs: number, pageMs?: number): Promise<OcrOutcome> {
  let deadline = Date.now() + timeoutMs;
  try {
    if (pageMs !== undefined) {
      // Start (or wait for) the worker within the whole budget; the page's own clock starts after.
      workerPromise ??= startWorker();
      const ready = await withDeadline(workerPromise, deadline);
      if (ready === 'timeout') {
        await shutdownOcr();
        return { ok: false, message: `OCR exceeded its time budget of ${timeoutMs} ms` };
      }
      deadline = Math.min(deadline, Date.now() + pageMs);
    }
    const started = Date.now();
    const first = await recognizeWith(image, FIRST_PASS, deadline);
    if (first === 'timeout') {
      await shutdownOcr();
      return { ok: false, message: `OCR exceeded its time budget of ${pageMs !== undefined ? `${pageMs} ms per page` : `${timeoutMs} ms`}` };
    }
    let best = { ...first, languages: FIRST_PASS as string[] };
    const wrongScript = first.confidence < WRONG_SCRIPT_CONFIDENCE || letterShare(first.text) < 0.5;
    const latin = wrongScript || (Date.now() - started) * 2 > PAGE_TARGET_MS ? null : await latinLanguage(first.text);
    const second = wrongScript ? CJK_PASS : latin ? LATIN_PASS[latin] : null;
    if (second && deadline - Date.now() >= SECOND_PASS_MIN_MS) {
      const again = await recognizeWith(image, second, deadline);
      if (again === 'timeout') {
        // The first pass stands; the worker stuck in the second one is dropped.
        await shutdownOcr();
        return { ok: true, text: best.text, confidence: best.confidence, languages: best.languages };
      }
      if (again.confidence >= best.confidence - (latin ? 0.02 : 0)) best = { ...again, languages: second };
    }
    scheduleIdleShutdown();
    return { ok: true, text: best.text, confidence: best.confidence, languages: best.languages };
  } catch (err) {
    // A failed start leaves no usable worker; a failed recognition (unreadable image) keeps it.
    const message = err instanceof Error ? err.message : String(err);
    if (/read image/i.test(message)) scheduleIdleShutdown();
    else await shutdownOcr();
    return { ok: false, message: `OCR failed: ${message.replace(/^Error:\s*/, '')}` };
  }
}
