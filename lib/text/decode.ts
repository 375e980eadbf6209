import chardet from 'chardet';
import iconv from 'iconv-lite';
import { decodeCp500, looksLikeEbcdic } from './ebcdic';

/**
 * Bytes -> text, for every reader (document extraction, the import reader, sniffing). The evidence, in
 * order: a byte-order mark; UTF-16 without BOM (NUL bytes on one side of the pairs; checked before UTF-8
 * because UTF-16 of ASCII text is valid UTF-8 too); valid UTF-8; EBCDIC; a declared charset that agrees
 * with the bytes; statistical detection (chardet); Windows-1252 / Latin-1 as the Western default.
 */

export type EncodingBasis =
  'bom' | 'utf8_valid' | 'utf16_heuristic' | 'ebcdic_heuristic' | 'declared' | 'detected' | 'fallback';

export interface EncodingGuess {
  /** iconv-lite name (utf-8, utf-16le, windows-1252, iso-8859-1, windows-1251, shift_jis, ...) or cp500. */
  encoding: string;
  bomLength: number;
  basis: EncodingBasis;
  /** True when neither a BOM nor UTF-8 validity decided it. */
  guessed: boolean;
}

export interface DecodedText {
  text: string;
  encoding: string;
  basis: EncodingBasis;
  /** Count of U+FFFD in the output (decoding damage). */
  replacements: number;
}

export function detectBom(bytes: Uint8Array): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** Strict UTF-8 check, in 1 MiB steps so a large file is never one string. */
export function isValidUtf8(bytes: Uint8Array): boolean {
  return isValidUtf8Pieces(steps(bytes, 1 << 20));
}

/** Strict UTF-8 check of bytes that come in pieces (a sequence may be split between two). */
export function isValidUtf8Pieces(pieces: Iterable<Uint8Array>): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (const piece of pieces) decoder.decode(piece, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

function* steps(bytes: Uint8Array, step: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += step) yield bytes.subarray(i, i + step);
}

/**
 * UTF-16 without BOM: text in any 8-bit encoding has no NUL bytes, so NULs on 30% of one side of the
 * pairs (and almost none on the other) already decide it. A higher bar (the extractor once used 60%)
 * misses UTF-16 Cyrillic, Greek or Hebrew tables, where only the digits and separators have a NUL half.
 */
export function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero / pairs > 0.3 && evenZero / pairs < 0.05) return 'utf-16le';
  if (evenZero / pairs > 0.3 && oddZero / pairs < 0.05) return 'utf-16be';
  return null;
}

/** Maps names used by HTML/XML/chardet to iconv-lite names; null when iconv-lite has no such code page. */
export function normaliseCharset(name: string | undefined | null): string | null {
  if (!name) return null;
  const n = name
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  if (!n) return null;
  if (n === 'unicode' || n === 'utf-16') return 'utf-16le';
  if (n === 'latin1' || n === 'latin-1' || n === 'us-ascii' || n === 'ascii') return 'iso-8859-1';
  if (n === 'utf8') return 'utf-8';
  if (n === 'gb2312' || n === 'gbk') return 'gb18030';
  return iconv.encodingExists(n) ? n : null;
}

const WESTERN = new Set(['iso-8859-1', 'windows-1252', 'iso-8859-15']);
const isUnicode = (enc: string) => enc === 'utf-8' || enc.startsWith('utf-16') || enc.startsWith('utf-32');

/**
 * Latin-1 and Windows-1252 decode printable text the same; 1252 is named only when bytes 0x80-0x9F
 * (1252-only characters such as the euro sign or typographic quotes) occur.
 */
function western(sample: Uint8Array): string {
  for (let i = 0; i < sample.length; i++) if (sample[i] >= 0x80 && sample[i] <= 0x9f) return 'windows-1252';
  return 'iso-8859-1';
}

function legacyEncoding(bytes: Uint8Array, declared?: string | null): { encoding: string; basis: EncodingBasis } {
  const sample = bytes.subarray(0, 256 * 1024);
  let candidates: { name: string; confidence: number }[] = [];
  try {
    candidates = chardet.analyse(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength));
  } catch {
    candidates = [];
  }
  const top = candidates
    .map((c) => ({ encoding: normaliseCharset(c.name), confidence: c.confidence }))
    .find((c): c is { encoding: string; confidence: number } => !!c.encoding && !isUnicode(c.encoding));
  const declaredNorm = normaliseCharset(declared);
  if (declaredNorm && !isUnicode(declaredNorm)) {
    // A declared legacy charset is trusted unless detection is confident about a different one.
    if (!top || top.encoding === declaredNorm || top.confidence < 50)
      // A page declared Latin-1 that holds 0x80-0x9F bytes is Windows-1252 (as browsers read it).
      return { encoding: declaredNorm === 'iso-8859-1' ? western(sample) : declaredNorm, basis: 'declared' };
  }
  if (!top) return { encoding: western(sample), basis: 'fallback' };
  if (WESTERN.has(top.encoding)) return { encoding: western(sample), basis: 'detected' };
  // Short Western texts are often misread as another code page; only a confident other answer counts.
  return top.confidence >= 50
    ? { encoding: top.encoding, basis: 'detected' }
    : { encoding: western(sample), basis: 'fallback' };
}

/**
 * Which encoding the bytes are in. `declared` (an HTML meta or XML declaration charset) is used only
 * when it agrees with the bytes: a page that claims UTF-8 but is not valid UTF-8 is re-detected.
 */
export function detectEncoding(bytes: Uint8Array, declared?: string | null): EncodingGuess {
  return detectEncodingOf(bytes, () => isValidUtf8(bytes), declared);
}

/** The bytes the heuristics after the UTF-8 check look at (legacyEncoding's sample is the largest). */
export const ENCODING_HEAD_BYTES = 256 * 1024;

/**
 * detectEncoding for a file read in pieces: `head` is its first ENCODING_HEAD_BYTES bytes (or all of
 * it), `validUtf8` checks the whole file; only a file that is not valid UTF-8 needs more than the head.
 */
export function detectEncodingOf(head: Uint8Array, validUtf8: () => boolean, declared?: string | null): EncodingGuess {
  const bom = detectBom(head);
  if (bom) return { encoding: bom.encoding, bomLength: bom.length, basis: 'bom', guessed: false };
  const utf16 = guessUtf16(head);
  if (utf16) return { encoding: utf16, bomLength: 0, basis: 'utf16_heuristic', guessed: true };
  if (validUtf8()) return { encoding: 'utf-8', bomLength: 0, basis: 'utf8_valid', guessed: false };
  if (looksLikeEbcdic(head)) return { encoding: 'cp500', bomLength: 0, basis: 'ebcdic_heuristic', guessed: true };
  return { ...legacyEncoding(head, declared), bomLength: 0, guessed: true };
}

/** Decodes bytes (after the BOM) in chunks; multi-byte sequences split across chunks are handled by the decoder. */
export function decodeChunks(bytes: Uint8Array, guess: EncodingGuess, chunkBytes = 1 << 20): Generator<string> {
  return decodePieces(steps(bytes, chunkBytes), guess, chunkBytes);
}

/**
 * Decodes bytes that come in pieces (the BOM, if any, at the start of the first ones), each piece in
 * parts of at most `partBytes` so no decoded string is larger than that many characters.
 */
export function* decodePieces(
  pieces: Iterable<Uint8Array>,
  guess: EncodingGuess,
  partBytes = 1 << 20,
): Generator<string> {
  let skip = guess.bomLength;
  const decoder = guess.encoding === 'cp500' ? null : iconv.getDecoder(guess.encoding, { stripBOM: false });
  for (const piece of pieces) {
    let body = piece;
    if (skip > 0) {
      const cut = Math.min(skip, body.length);
      body = body.subarray(cut);
      skip -= cut;
    }
    for (let i = 0; i < body.length; i += partBytes) {
      const part = body.subarray(i, i + partBytes);
      const text = decoder
        ? decoder.write(Buffer.from(part.buffer, part.byteOffset, part.byteLength))
        : decodeCp500(part);
      if (text) yield text;
    }
  }
  const tail = decoder?.end();
  if (tail) yield tail;
}

/** The first `maxChars` characters (all of them by default). */
export function decodeHead(bytes: Uint8Array, guess: EncodingGuess, maxChars = Number.POSITIVE_INFINITY): string {
  return decodeHeadOf(decodeChunks(bytes, guess, 64 * 1024), maxChars);
}

/** The first `maxChars` characters of decoded text in chunks; stops reading once it has them. */
export function decodeHeadOf(chunks: Iterable<string>, maxChars = Number.POSITIVE_INFINITY): string {
  let out = '';
  for (const chunk of chunks) {
    out += chunk;
    if (out.length >= maxChars) return out.slice(0, maxChars);
  }
  return out;
}

const countReplacements = (s: string) => (s.match(/\ufffd/g) ?? []).length;

/** The whole text, with the encoding chosen and the decoding damage counted. */
export function decodeText(bytes: Uint8Array, declared?: string | null): DecodedText {
  const guess = detectEncoding(bytes, declared);
  const text = decodeHead(bytes, guess);
  return { text, encoding: guess.encoding, basis: guess.basis, replacements: countReplacements(text) };
}

/** Share of characters that are control characters other than whitespace: high means binary, not text. */
export function controlCharRatio(text: string): number {
  const n = Math.min(text.length, 8192);
  if (n === 0) return 0;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd || (c >= 0x7f && c < 0xa0)) bad++;
  }
  return bad / n;
}
