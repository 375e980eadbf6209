import iconv from 'iconv-lite';
import chardet from 'chardet';
import { decodeCp500, looksLikeEbcdic } from './ebcdic';

/**
 * Bytes -> string for text formats, in this order of evidence: byte-order mark, valid UTF-8, UTF-16
 * without BOM (zero bytes in every other position), EBCDIC, a declared charset that decodes cleanly,
 * then statistical detection (chardet) among legacy code pages.
 */

export interface DecodedText {
  text: string;
  encoding: string;
  /** How the encoding was decided. */
  basis: 'bom' | 'utf8_valid' | 'utf16_heuristic' | 'ebcdic_heuristic' | 'declared' | 'detected' | 'fallback';
  /** Count of U+FFFD in the output (decoding damage). */
  replacements: number;
}

export function detectBom(bytes: Uint8Array): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** UTF-16 without BOM: in Latin-script text one byte of each pair is zero. */
export function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 8) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero / pairs > 0.6 && evenZero / pairs < 0.1) return 'utf-16le';
  if (evenZero / pairs > 0.6 && oddZero / pairs < 0.1) return 'utf-16be';
  return null;
}

const countReplacements = (s: string) => (s.match(/\ufffd/g) ?? []).length;

/** Maps names used by HTML/XML/chardet to iconv-lite names; ISO-8859-1 is read as its superset 1252. */
export function normaliseCharset(name: string | undefined | null): string | null {
  if (!name) return null;
  const n = name.trim().toLowerCase().replace(/^["']|["']$/g, '');
  if (!n) return null;
  if (n === 'unicode' || n === 'utf-16') return 'utf-16le';
  if (n === 'iso-8859-1' || n === 'latin1' || n === 'us-ascii' || n === 'ascii' || n === 'latin-1') return 'windows-1252';
  if (n === 'utf8') return 'utf-8';
  if (n === 'gb2312' || n === 'gbk') return 'gb18030';
  return iconv.encodingExists(n) ? n : null;
}

function decodeWith(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'utf-8') return new TextDecoder('utf-8').decode(bytes);
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
}

/**
 * Decodes text. `declared` (an HTML meta or XML declaration charset) is used only when it agrees with
 * the bytes: a page that claims UTF-8 but is not valid UTF-8 is re-detected instead of being turned into
 * replacement characters.
 */
export function decodeText(bytes: Uint8Array, declared?: string | null): DecodedText {
  const bom = detectBom(bytes);
  if (bom) {
    const body = bytes.subarray(bom.length);
    const text = decodeWith(body, bom.encoding);
    return { text, encoding: bom.encoding, basis: 'bom', replacements: countReplacements(text) };
  }
  if (isValidUtf8(bytes)) {
    const text = new TextDecoder('utf-8').decode(bytes);
    // Pure ASCII is valid UTF-8 too; a declared single-byte charset changes nothing for it.
    return { text, encoding: 'utf-8', basis: 'utf8_valid', replacements: 0 };
  }
  const utf16 = guessUtf16(bytes);
  if (utf16) {
    const text = decodeWith(bytes, utf16);
    return { text, encoding: utf16, basis: 'utf16_heuristic', replacements: countReplacements(text) };
  }
  if (looksLikeEbcdic(bytes)) {
    return { text: decodeCp500(bytes), encoding: 'cp500', basis: 'ebcdic_heuristic', replacements: 0 };
  }
  const declaredNorm = normaliseCharset(declared);
  const sample = bytes.subarray(0, 64 * 1024);
  const candidates = chardet.analyse(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength));
  const top = candidates[0];
  if (declaredNorm && declaredNorm !== 'utf-8' && !declaredNorm.startsWith('utf-16')) {
    // A declared legacy charset is trusted unless detection is confident about a different one.
    const detected = normaliseCharset(top?.name);
    if (!detected || detected === declaredNorm || (top?.confidence ?? 0) < 50) {
      const text = decodeWith(bytes, declaredNorm);
      return { text, encoding: declaredNorm, basis: 'declared', replacements: countReplacements(text) };
    }
  }
  for (const c of candidates.slice(0, 3)) {
    const enc = normaliseCharset(c.name);
    if (!enc || enc === 'utf-8' || enc.startsWith('utf-16') || enc.startsWith('utf-32')) continue;
    const text = decodeWith(bytes, enc);
    return { text, encoding: enc, basis: 'detected', replacements: countReplacements(text) };
  }
  const text = decodeWith(bytes, 'windows-1252');
  return { text, encoding: 'windows-1252', basis: 'fallback', replacements: countReplacements(text) };
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
