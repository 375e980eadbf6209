import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * Text encoding of a delimited file: BOM first, then UTF-16 without BOM (NUL-byte pattern), then strict
 * UTF-8, then chardet for the single-byte code pages. Decoding is chunked so the caller never needs the
 * whole file as one string.
 */

export interface EncodingGuess {
  /** iconv-lite name: utf-8, utf-16le, utf-16be, windows-1252, iso-8859-1, windows-1251, ... */
  encoding: string;
  bomLength: number;
  /** true when no BOM or UTF-8 validity decided it (chardet or the Western default) */
  guessed: boolean;
}

const SINGLE_BYTE_ALLOWED = new Set([
  'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254', 'windows-1257',
  'iso-8859-1', 'iso-8859-2', 'iso-8859-5', 'iso-8859-7', 'iso-8859-9', 'iso-8859-15', 'koi8-r',
]);

export function detectEncoding(bytes: Uint8Array): EncodingGuess {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3, guessed: false };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2, guessed: false };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2, guessed: false };

  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { encoding: utf16, bomLength: 0, guessed: true };
  if (isValidUtf8(bytes)) return { encoding: 'utf-8', bomLength: 0, guessed: false };
  return { encoding: singleByteGuess(bytes), bomLength: 0, guessed: true };
}

/** Text with NULs in every other byte is UTF-16; which half holds the NULs gives the byte order. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
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

export function isValidUtf8(bytes: Uint8Array): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const step = 1 << 20;
  try {
    for (let i = 0; i < bytes.length; i += step) decoder.decode(bytes.subarray(i, i + step), { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * Not UTF-8: most catalogues are then Windows-1252 (Excel's "CSV" on Western Windows). chardet decides
 * for other scripts (Cyrillic, Greek, Central European); Latin-1 and 1252 decode printable text the same,
 * so the 1252 name is used only when bytes 0x80-0x9F (1252-only characters such as the euro sign) occur.
 */
function singleByteGuess(bytes: Uint8Array): string {
  const sample = bytes.subarray(0, 256 * 1024);
  let c1 = false;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i];
    if (b >= 0x80 && b <= 0x9f) { c1 = true; break; }
  }
  const western = c1 ? 'windows-1252' : 'iso-8859-1';
  let candidates: { name: string; confidence: number }[] = [];
  try {
    candidates = chardet.analyse(sample);
  } catch {
    return western;
  }
  const top = candidates.find((c) => SINGLE_BYTE_ALLOWED.has(c.name.toLowerCase()));
  if (!top) return western;
  const name = top.name.toLowerCase();
  if (name === 'iso-8859-1' || name === 'windows-1252' || name === 'iso-8859-15') return western;
  // Short Western texts are often misread as another Latin page; only trust a confident non-Western answer.
  return top.confidence >= 50 ? name : western;
}

/** Decodes bytes (after the BOM) in chunks; multi-byte sequences split across chunks are handled by the decoder. */
export function* decodeChunks(bytes: Uint8Array, guess: EncodingGuess, chunkBytes = 1 << 20): Generator<string> {
  const body = bytes.subarray(guess.bomLength);
  const decoder = iconv.getDecoder(guess.encoding, { stripBOM: false });
  for (let i = 0; i < body.length; i += chunkBytes) {
    const part = decoder.write(Buffer.from(body.buffer, body.byteOffset + i, Math.min(chunkBytes, body.length - i)));
    if (part) yield part;
  }
  const tail = decoder.end();
  if (tail) yield tail;
}

export function decodeText(bytes: Uint8Array, guess: EncodingGuess, maxChars = Number.POSITIVE_INFINITY): string {
  let out = '';
  for (const chunk of decodeChunks(bytes, guess, 64 * 1024)) {
    out += chunk;
    if (out.length >= maxChars) return out.slice(0, maxChars);
  }
  return out;
}
