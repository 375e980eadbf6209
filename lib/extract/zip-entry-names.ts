import zlib from 'node:zlib';
import { isValidUtf8 } from '@/lib/text/decode';
import iconv from 'iconv-lite';
import chardet from 'chardet';

/**
 * Zip entry names: decoding (UTF-8 flag, Info-ZIP Unicode path field, legacy code pages such as GBK and
 * Shift_JIS) and sanitising for display. A name taken from inside an archive is never used as a path;
 * these helpers only make it safe to show.
 */

export interface RawEntryName {
  raw: Uint8Array;
  /** General-purpose flag bit 11: the name is UTF-8. */
  utf8Flag: boolean;
  /** Extra fields of the central-directory record. */
  extraFields?: { id: number; data: Uint8Array }[];
}

const isAscii = (b: Uint8Array) => b.every((x) => x < 0x80);

/** Info-ZIP Unicode Path Extra Field (0x7075): version 1, CRC-32 of the raw name, UTF-8 name. */
function unicodePathField(name: RawEntryName): string | null {
  const field = name.extraFields?.find((f) => f.id === 0x7075);
  if (!field || field.data.length < 6 || field.data[0] !== 1) return null;
  const crc = Buffer.from(field.data).readUInt32LE(1);
  if (zlib.crc32(name.raw) !== crc) return null; // stale field: the raw name was changed after writing it
  const utf8 = field.data.subarray(5);
  return isValidUtf8(utf8) ? new TextDecoder().decode(utf8) : null;
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/;

/** True when every double-byte pair falls in the GB2312 block (lead and trail 0xA1-0xFE): plain Chinese. */
function looksLikeGb2312(samples: Uint8Array[]): boolean {
  let pairs = 0;
  for (const b of samples) {
    for (let i = 0; i < b.length; i++) {
      if (b[i] < 0x80) continue;
      const lead = b[i];
      const trail = b[i + 1];
      if (trail === undefined || lead < 0xa1 || lead > 0xf7 || trail < 0xa1 || trail > 0xfe) return false;
      pairs++;
      i++;
    }
  }
  return pairs > 0;
}

/**
 * Picks the legacy code page for the non-UTF-8 names of one archive (they were all written by the same
 * tool, so deciding once per archive is more reliable than per name).
 */
export function detectLegacyNameEncoding(samples: Uint8Array[]): string {
  if (samples.length === 0) return 'cp437';
  if (looksLikeGb2312(samples)) return 'gb18030';
  const sjis = samples.map((s) => iconv.decode(Buffer.from(s), 'shift_jis'));
  if (sjis.every((s) => !s.includes('\ufffd') && !/[\uff61-\uff9f]/.test(s)) && sjis.some((s) => CJK.test(s))) {
    return 'shift_jis';
  }
  const joined = Buffer.concat(samples.map((s) => Buffer.from(s)));
  const guess = chardet.detect(joined);
  const cjk: Record<string, string> = { Big5: 'big5', 'EUC-KR': 'euc-kr', GB18030: 'gb18030', 'EUC-JP': 'euc-jp' };
  if (guess && cjk[guess]) {
    const decoded = iconv.decode(joined, cjk[guess]);
    if (!decoded.includes('\ufffd') && CJK.test(decoded)) return cjk[guess];
  }
  return 'cp437'; // the ZIP specification's default for names without the UTF-8 flag
}

/** Decodes all names of one archive. */
export function decodeEntryNames(names: RawEntryName[]): { names: string[]; legacyEncoding?: string } {
  const decoded: (string | null)[] = names.map((n) => {
    if (n.utf8Flag) return new TextDecoder().decode(n.raw); // lenient: U+FFFD for broken bytes
    if (isAscii(n.raw)) return Buffer.from(n.raw).toString('latin1');
    const unicode = unicodePathField(n);
    if (unicode) return unicode;
    // Many tools (macOS Archive Utility, 7-Zip on some settings) write UTF-8 without setting the flag.
    if (isValidUtf8(n.raw)) return new TextDecoder().decode(n.raw);
    return null;
  });
  const legacy = names.filter((_, i) => decoded[i] === null).map((n) => n.raw);
  if (legacy.length === 0) return { names: decoded as string[] };
  const encoding = detectLegacyNameEncoding(legacy);
  return {
    names: decoded.map((d, i) => d ?? iconv.decode(Buffer.from(names[i].raw), encoding)),
    legacyEncoding: encoding,
  };
}

export type UnsafeNameKind = 'traversal' | 'absolute' | 'drive_letter' | 'backslash' | 'control_chars';

export interface SanitisedName {
  /** Relative, '/'-separated, no '.', '..' or empty segments, no control characters, at most 255 chars. */
  display: string;
  /** Last segment of display. */
  basename: string;
  /** What was wrong with the original name (empty when it was already safe). */
  problems: UnsafeNameKind[];
  isDirectory: boolean;
}

const CONTROL_CLASS = '[\\u0000-\\u001f\\u007f-\\u009f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]';
const CONTROL = new RegExp(CONTROL_CLASS, 'g');
const HAS_CONTROL = new RegExp(CONTROL_CLASS);

/**
 * Turns an archive entry name into a safe display path. Backslashes count as separators (they are on
 * Windows), a drive letter or leading slash is dropped, '..' segments are removed and reported.
 */
export function sanitiseEntryName(name: string, fallback = 'unnamed'): SanitisedName {
  const problems = new Set<UnsafeNameKind>();
  let s = name;
  if (HAS_CONTROL.test(s)) problems.add('control_chars');
  s = s.replace(CONTROL, '');
  if (s.includes('\\')) problems.add('backslash');
  s = s.replace(/\\/g, '/');
  const isDirectory = s.endsWith('/');
  if (/^[a-zA-Z]:/.test(s)) {
    problems.add('drive_letter');
    s = s.slice(2);
  }
  if (s.startsWith('/')) problems.add('absolute');
  const segments: string[] = [];
  for (const seg of s.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      problems.add('traversal');
      continue;
    }
    segments.push(seg);
  }
  let display = segments.join('/');
  if (display.length > 255) display = '…' + display.slice(display.length - 254);
  if (!display) display = fallback;
  const basename = display.split('/').pop() || fallback;
  return { display, basename, problems: [...problems], isDirectory };
}

/** Quotes an untrusted name for a message: control characters escaped, length bounded. */
export function quoteName(name: string, max = 80): string {
  const escaped = name.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return JSON.stringify(escaped.length > max ? escaped.slice(0, max) + '…' : escaped);
}
