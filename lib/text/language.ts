import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Language of a text with ELD (Efficient Language Detector, n-gram based, 60 languages, offline). Short
 * or unreliable samples give null rather than a guess.
 *
 * The detector's "medium" n-gram table (105,000 n-grams) ships as one 2 MB JavaScript object literal;
 * importing it made V8 compile the literal and build an object per n-gram, and the server kept ~190 MB
 * resident for it. Here the package's file is read as text into a compact table (n-gram → offset into one
 * Uint16Array of language/score pairs, ~10 MB) that the detector reads through a Proxy; it only looks up the
 * n-grams of the text it is given. The plain import stays as the fallback.
 */

export interface LanguageDetector {
  detect(text: string): { language: string; isReliable(): boolean };
}

/**
 * JSON text of a JavaScript object literal of plain data (quoted or bare keys, single- or double-quoted
 * strings, numbers, booleans), as the n-gram files are written.
 */
export function objectLiteralToJson(src: string): string {
  const parts: string[] = [];
  let i = 0;
  let plainFrom = 0;
  const flush = (to: number) => {
    if (to > plainFrom) parts.push(src.slice(plainFrom, to));
  };
  const isWord = (c: string) => /[A-Za-z0-9_$.+-]/.test(c);
  while (i < src.length) {
    const c = src[i];
    if (c === "'" || c === '"') {
      flush(i);
      let value = '';
      let j = i + 1;
      let from = j;
      while (j < src.length && src[j] !== c) {
        if (src[j] !== '\\') {
          j++;
          continue;
        }
        value += src.slice(from, j);
        const e = src[j + 1];
        if (e === 'u') {
          value += String.fromCharCode(parseInt(src.slice(j + 2, j + 6), 16));
          j += 6;
        } else if (e === 'x') {
          value += String.fromCharCode(parseInt(src.slice(j + 2, j + 4), 16));
          j += 4;
        } else {
          value +=
            ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' } as Record<string, string>)[e] ?? e;
          j += 2;
        }
        from = j;
      }
      value += src.slice(from, j);
      parts.push(JSON.stringify(value));
      i = j + 1;
      plainFrom = i;
    } else if (isWord(c) && !isWord(src[i - 1] ?? ' ')) {
      let j = i;
      while (j < src.length && isWord(src[j])) j++;
      let k = j;
      while (src[k] === ' ' || src[k] === '\n' || src[k] === '\t' || src[k] === '\r') k++;
      if (src[k] === ':') {
        flush(i);
        parts.push(JSON.stringify(src.slice(i, j)));
        plainFrom = j;
      }
      i = j;
    } else i++;
  }
  flush(src.length);
  return parts.join('');
}

/** The value of a quoted JavaScript string literal (quotes included). */
function unquote(literal: string): string {
  return JSON.parse(objectLiteralToJson(literal)) as string;
}

/**
 * The n-gram table of an ELD data file as a read-only object: `table[ngram]` is `{ [language]: score }`
 * (a fresh object per lookup, as the detector only iterates it).
 */
export function compactNgrams(source: string): { type: string; languages: Record<string, string>; ngrams: object } {
  const type = /type:\s*'([^']+)'/.exec(source)?.[1];
  const langStart = source.indexOf('{', source.indexOf('languages:'));
  const languages = JSON.parse(
    objectLiteralToJson(source.slice(langStart, source.indexOf('}', langStart) + 1)),
  ) as Record<string, string>;
  const body = source.indexOf('{', source.indexOf('ngrams:'));
  if (!type || langStart < 0 || body < 0) throw new Error('not an ELD n-gram file');
  const index = new Map<string, number>();
  const pairs: number[] = [];
  const entry = /('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s{}:,'"]+):\{([^}]*)\}/g;
  entry.lastIndex = body + 1;
  for (let m = entry.exec(source); m; m = entry.exec(source)) {
    const key = m[1][0] === "'" || m[1][0] === '"' ? unquote(m[1]) : m[1];
    const values = m[2].split(',');
    index.set(key, pairs.length);
    pairs.push(values.length);
    for (const v of values) {
      const colon = v.indexOf(':');
      pairs.push(Number(v.slice(0, colon)), Number(v.slice(colon + 1)));
    }
  }
  const packed = Uint16Array.from(pairs);
  const ngrams = new Proxy(
    {},
    {
      get(_target, key) {
        const at = typeof key === 'string' ? index.get(key) : undefined;
        if (at === undefined) return undefined;
        const scores: Record<number, number> = {};
        for (let i = 0; i < packed[at]; i++) scores[packed[at + 1 + 2 * i]] = packed[at + 2 + 2 * i];
        return scores;
      },
    },
  );
  return { type, languages, ngrams };
}

/** The medium table loaded compactly into an ELD instance; null when the package's files are not where expected. */
async function loadCompact(): Promise<LanguageDetector | null> {
  // By path from the project's node_modules (as the OCR data): the package exports neither file.
  const dir = path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', 'eld', 'src');
  try {
    const data = compactNgrams(fs.readFileSync(path.join(dir, 'ngrams', 'medium.js'), 'utf8'));
    const url = pathToFileURL(path.join(dir, 'languageDetector.js')).href;
    const mod = (await import(/* turbopackIgnore: true */ /* @vite-ignore */ url)) as {
      createEld(): { instance: LanguageDetector; loadData(d: object): string };
    };
    const { instance, loadData } = mod.createEld();
    return loadData(data) ? instance : null;
  } catch {
    return null;
  }
}

let detector: Promise<LanguageDetector> | null = null;
/** The detector, loaded on first need (the medium table). */
export const loadLanguageDetector = () =>
  (detector ??= loadCompact().then(async (d) => d ?? (await import('eld/medium')).eld));

// Loaded with the module: detectLanguage is synchronous, the classifier calls it per document.
const eld = await loadLanguageDetector();

/** Characters per word: a Han or kana character is about half a word, a Latin word about 5.5 letters. */
const CJK_CHARS_PER_WORD = 1.7;
const LATIN_CHARS_PER_WORD = 5.5;
/** Share of a text's words in Chinese or Japanese script from which it is a Chinese or Japanese document. */
const CJK_WORD_SHARE = 0.3;

/**
 * Chinese or Japanese by script, before the n-gram detector: a bilingual Chinese test report (every
 * label in Chinese with its English translation beside it) has more Latin letters than Han characters,
 * and the detector, counting n-grams, read it as English (issue 34). Compared in words, not
 * characters: one Han character carries about as much as three or four Latin letters. Kana decide
 * Japanese (Japanese text mixes kanji with kana; Chinese has none).
 */
function cjkLanguage(sample: string): 'zh' | 'ja' | null {
  const han = (sample.match(/\p{Script=Han}/gu) ?? []).length;
  const kana = (sample.match(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu) ?? []).length;
  const cjk = han + kana;
  if (cjk < 20) return null;
  const latin = (sample.match(/\p{Script=Latin}/gu) ?? []).length;
  const cjkWords = cjk / CJK_CHARS_PER_WORD;
  const latinWords = latin / LATIN_CHARS_PER_WORD;
  if (cjkWords < CJK_WORD_SHARE * (cjkWords + latinWords)) return null;
  return kana >= 0.1 * cjk ? 'ja' : 'zh';
}

export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 2500);
  const letters = (sample.match(/\p{L}/gu) ?? []).length;
  if (letters < 12) return null;
  const cjk = cjkLanguage(sample);
  if (cjk) return cjk;
  try {
    const r = eld.detect(sample);
    if (!r.language) return null;
    if (!r.isReliable() && letters < 80) return null;
    return r.language;
  } catch {
    return null;
  }
}
