import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { blankRowNear, pgmInfo, pgmRows } from './pgm';
import { cpuBudget, withinBudget, type Budget } from './budget';

/**
 * OCR with tesseract.js, fully offline: the language data comes from the npm packages
 * @tesseract.js-data/<lang> (LSTM "best_int" models), never from a CDN: English, German, French,
 * Italian, Spanish, Dutch and Simplified Chinese. tesseract.js reads every language from one langPath
 * folder while the packages keep them in separate folders, so a folder of symlinks to the installed files
 * is prepared once in the temp directory (a copy when symlinks fail). tesseract.js 7 cannot take the
 * data in memory: its initialize step mangles {code, data} languages.
 *
 * Language choice per page, in one read where the page allows it: the page's top band (down to a blank
 * row between lines, ~30 % of the height) is read first with German + English (German's model reads most
 * accented Latin letters). When that band reads as no Latin text worth the name (low confidence, few
 * letters), the whole page is read with Chinese instead; otherwise the rest of the page is read with the
 * same models and joined, so a Latin page costs one read and a Chinese one about 1.3. A page without
 * such a blank row is read whole first (then again with Chinese if it is not Latin text). A French,
 * Italian, Spanish or Dutch page is read again with its own model when the first read was unsure (the
 * classifier folds accents, so a confident read gains nothing). Loading all seven models at once would
 * cost ~300 MB and slow every page; one worker holds one language set at a time and switches with
 * reinitialize.
 *
 * Deterministic (issue 34): the same image gives the same text on every run, whatever the machine's
 * load. Every choice above depends on what was read (confidence, letters, language), never on the time
 * left; tesseract's parameters are fixed (OCR_PARAMETERS) and one worker reads one page at a time. Time
 * (CPU time, budget.ts, so a busy machine does not shorten it) bounds a whole read only: a read over its budget fails as a whole (no top-of-the-page text that a
 * faster run would have completed), and the caller decides what a failure means (the background
 * extraction gives a document minutes, see lib/documents/limits.ts).
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
const LATIN_PASS: Record<string, OcrLanguage[]> = {
  fr: ['fra', 'eng'],
  it: ['ita', 'eng'],
  es: ['spa', 'eng'],
  nl: ['nld', 'eng'],
};
/** Below this mean word confidence (0..1) the first pass is taken for the wrong script. */
const WRONG_SCRIPT_CONFIDENCE = 0.6;
/** A Latin second pass is worth its time only below this first-pass confidence. */
const LATIN_RETRY_CONFIDENCE = 0.8;
/** Where the probe band ends, as a share of the page's height (at a blank row near it). */
const PROBE_SHARE = 0.3;
/** Visible characters a probe band needs to tell the script; with fewer the whole page decides. */
const PROBE_MIN_CHARS = 25;
/**
 * Tesseract's parameters, set on every worker: the values tesseract.js 7 leaves by default (page
 * segmentation "single block", tesseract's own default; LSTM engine), written out so an upgrade of the
 * library cannot change what a stored document's text is without a change here.
 */
export const OCR_PARAMETERS: Record<string, string> = {
  tessedit_pageseg_mode: '6',
  preserve_interword_spaces: '0',
};
const MODEL = '4.0.0_best_int';
const IDLE_MS = 60_000;

/**
 * chi_sim's model asks for a sub-language of its own (`tessedit_load_sublangs chi_sim_vert`, not
 * installed). Tesseract appends it to the list of languages it is walking, and the walk then reads the
 * next language's name from freed memory: "Error opening data file ./玂玂.traineddata" on every start of
 * the Chinese worker, and English, the second language of that pass, was never loaded (its words read
 * as Chinese lookalikes). Every pass includes English, so naming it as the sub-language adds nothing
 * to the list (a language already listed is not added again). Kept across reinitialize.
 */
export const OCR_INIT_CONFIG = 'tessedit_load_sublangs eng';

type TesseractWorker = {
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  reinitialize(langs: string[], oem?: number): Promise<unknown>;
  setParameters(params: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
};

/**
 * Two workers, each started on first need: Latin scripts and Chinese. Switching one worker between
 * them cost a model reload (0.6-1.1 s under load) on every change of script, more than a Chinese page's
 * whole read; a Latin second pass still switches the Latin worker's models.
 */
type Slot = { base: OcrLanguage[]; promise: Promise<TesseractWorker> | null; langs: string };
const slots: Record<'latin' | 'cjk', Slot> = {
  latin: { base: FIRST_PASS, promise: null, langs: FIRST_PASS.join('+') },
  cjk: { base: CJK_PASS, promise: null, langs: CJK_PASS.join('+') },
};
const slotFor = (langs: OcrLanguage[]) => (langs[0] === 'chi_sim' ? slots.cjk : slots.latin);
const workerOf = (slot: Slot) => (slot.promise ??= startWorker(slot));
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

async function startWorker(slot: Slot): Promise<TesseractWorker> {
  const langPath = ocrLanguageDir();
  if (!langPath) throw new Error(`OCR language data (@tesseract.js-data/${OCR_LANGUAGES.join(', ')}) is not installed`);
  const { createWorker, OEM } = await import('tesseract.js');
  let initError: unknown = null;
  slot.langs = slot.base.join('+');
  const worker = await createWorker(
    [...slot.base],
    OEM.LSTM_ONLY,
    {
      langPath,
      cacheMethod: 'none', // never write traineddata into the working directory
      gzip: true,
      logger: () => {},
      // Without an errorHandler tesseract.js throws from its message handler and takes the process down.
      errorHandler: (e: unknown) => {
        initError = e;
      },
    },
    OCR_INIT_CONFIG,
  );
  if (initError) throw new Error(String(initError));
  const w = worker as unknown as TesseractWorker;
  await w.setParameters(OCR_PARAMETERS);
  return w;
}

function scheduleIdleShutdown() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void shutdownOcr(), IDLE_MS);
  idleTimer.unref();
}

/** Terminates the workers (all, or the one of these languages: the only way to stop its recognition). */
export async function shutdownOcr(only?: OcrLanguage[]): Promise<void> {
  if (!only) {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }
  for (const slot of only ? [slotFor(only)] : Object.values(slots)) {
    const p = slot.promise;
    slot.promise = null;
    if (p) {
      try {
        await (await p).terminate();
      } catch {
        /* already gone */
      }
    }
  }
}

/** Starts the worker of a script ahead of need (a bench's warm-up, a server expecting scans). */
export async function warmOcr(script: 'latin' | 'cjk'): Promise<void> {
  await workerOf(slots[script]);
  scheduleIdleShutdown();
}

export type OcrOutcome =
  | {
      ok: true;
      text: string;
      confidence: number;
      languages: string[];
    }
  | { ok: false; message: string };

/**
 * Recognises one image (PNG, JPEG, BMP, GIF, WebP, PNM; TIFF only where leptonica can decode it) within
 * a budget of CPU time (budget.ts; starting a cold worker included): timeoutMs from when its turn comes,
 * or the budget of the document it is a page of. The text does not depend on how long it took: a read
 * that runs out of time fails whole.
 */
export function ocrImage(image: Buffer, timeout: number | Budget): Promise<OcrOutcome> {
  const job = queue.then(() => runJob(image, typeof timeout === 'number' ? cpuBudget(timeout) : timeout));
  queue = job.catch(() => undefined);
  return job;
}

/** Chinese OCR puts spaces between words; Chinese text has none. */
const joinHan = (text: string) =>
  text.replace(
    /(?<=[\p{Script=Han}\u3000-\u303f\uff00-\uffef])[ \t]+(?=[\p{Script=Han}\u3000-\u303f\uff00-\uffef])/gu,
    '',
  );

const letterShare = (text: string) => {
  const visible = (text.match(/\S/gu) ?? []).length;
  return visible ? (text.match(/[\p{L}]/gu) ?? []).length / visible : 0;
};

/** The language of a first pass's text when a Latin second pass exists for it. ELD is loaded on first need. */
async function latinLanguage(text: string): Promise<string | null> {
  if ((text.match(/\p{L}/gu) ?? []).length < 40) return null;
  try {
    const { loadLanguageDetector } = await import('@/lib/text/language');
    const r = (await loadLanguageDetector()).detect(text.slice(0, 2000));
    return r.language && LATIN_PASS[r.language] ? r.language : null;
  } catch {
    return null;
  }
}

async function recognizeWith(
  image: Buffer,
  langs: OcrLanguage[],
  budget: Budget,
): Promise<{ text: string; confidence: number } | 'timeout'> {
  const slot = slotFor(langs);
  const worker = await withinBudget(workerOf(slot), budget);
  if (worker === 'timeout') return 'timeout';
  const key = langs.join('+');
  if (slot.langs !== key) {
    const { OEM } = await import('tesseract.js');
    const switched = await withinBudget(worker.reinitialize([...langs], OEM.LSTM_ONLY), budget);
    if (switched === 'timeout') return 'timeout';
    slot.langs = key;
  }
  const result = await withinBudget(worker.recognize(image), budget);
  if (result === 'timeout') return 'timeout';
  const text = langs[0] === 'chi_sim' ? joinHan(result.data.text) : result.data.text;
  return { text, confidence: result.data.confidence / 100 };
}

const isWrongScript = (r: { text: string; confidence: number }) =>
  r.confidence < WRONG_SCRIPT_CONFIDENCE || letterShare(r.text) < 0.5;

/** Two reads of one page (top band, rest) as one: texts joined, confidence weighted by text length. */
function joinReads(a: { text: string; confidence: number }, b: { text: string; confidence: number }) {
  const wa = Math.max(1, a.text.trim().length);
  const wb = Math.max(1, b.text.trim().length);
  return {
    text: [a.text.trimEnd(), b.text].filter((t) => t.trim()).join('\n'),
    confidence: (a.confidence * wa + b.confidence * wb) / (wa + wb),
  };
}

/**
 * The Latin (German + English) read of the page, band first when the page has a blank row to split at:
 * 'not-latin' as soon as the band shows another script (the rest is not read).
 */
async function latinRead(
  image: Buffer,
  budget: Budget,
): Promise<{ text: string; confidence: number } | 'timeout' | 'not-latin'> {
  const info = pgmInfo(image);
  const cut = info && info.height >= 200 ? blankRowNear(image, PROBE_SHARE) : null;
  if (!info || cut === null) {
    return recognizeWith(image, FIRST_PASS, budget);
  }
  // Crops of the PGM, not tesseract's rectangle option: a rectangle read of a band garbled its lines.
  const band = await recognizeWith(pgmRows(image, 0, cut), FIRST_PASS, budget);
  if (band === 'timeout') return band;
  const decided = visibleCount(band.text) >= PROBE_MIN_CHARS;
  if (decided && isWrongScript(band)) return 'not-latin';
  const rest = await recognizeWith(pgmRows(image, cut, info.height - cut), FIRST_PASS, budget);
  if (rest === 'timeout') return rest;
  const joined = joinReads(band, rest);
  return !decided && isWrongScript(joined) ? 'not-latin' : joined;
}

const visibleCount = (text: string) => (text.match(/\S/gu) ?? []).length;

async function runJob(image: Buffer, budget: Budget): Promise<OcrOutcome> {
  const overBudget = (): OcrOutcome => ({ ok: false, message: `OCR exceeded its time budget of ${budget.ms} ms` });
  try {
    const latin = await latinRead(image, budget);
    if (latin === 'timeout') {
      await shutdownOcr(FIRST_PASS);
      return overBudget();
    }
    let best: { text: string; confidence: number; languages: string[] } | null =
      latin === 'not-latin' ? null : { ...latin, languages: FIRST_PASS };
    if (!best || isWrongScript(best)) {
      // Not Latin text: Chinese.
      const cjk = await recognizeWith(image, CJK_PASS, budget);
      if (cjk === 'timeout') {
        await shutdownOcr(CJK_PASS);
        return overBudget();
      }
      if (!best || cjk.confidence >= best.confidence) best = { ...cjk, languages: CJK_PASS };
    } else if (best.confidence < LATIN_RETRY_CONFIDENCE) {
      // An unsure Latin read of a French, Italian, Spanish or Dutch page: its own model.
      const lang = await latinLanguage(best.text);
      if (lang) {
        const again = await recognizeWith(image, LATIN_PASS[lang], budget);
        if (again === 'timeout') {
          await shutdownOcr(FIRST_PASS);
          return overBudget();
        }
        if (again.confidence >= best.confidence - 0.02) best = { ...again, languages: LATIN_PASS[lang] };
      }
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
