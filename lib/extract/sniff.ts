import * as CFB from 'cfb';
import type { FileFormat } from './types';
import { controlCharRatio, decodeText } from '@/lib/text/decode';

/**
 * Decides what a file is from its bytes. The extension and the declared MIME type only break ties
 * between text formats (CSV vs plain text); a ".zip" holding plain text is text, a ".docx" that is an
 * OLE compound file is an encrypted Office package.
 */

export interface Sniffed {
  format: FileFormat;
  mimeType: string;
}

export const MIME_BY_FORMAT: Record<FileFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ooxml_encrypted: 'application/x-ooxml-encrypted',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  outlook_msg: 'application/vnd.ms-outlook',
  cfb_other: 'application/x-cfb',
  zip: 'application/zip',
  eml: 'message/rfc822',
  html: 'text/html',
  xml: 'application/xml',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  text: 'text/plain',
  rtf: 'application/rtf',
  json: 'application/json',
  p7m_signed: 'application/pkcs7-mime',
  p7m_enveloped: 'application/pkcs7-mime',
  p7m_other: 'application/pkcs7-mime',
  image_png: 'image/png',
  image_jpeg: 'image/jpeg',
  image_tiff: 'image/tiff',
  image_gif: 'image/gif',
  image_bmp: 'image/bmp',
  image_webp: 'image/webp',
  image_heic: 'image/heic',
  tnef: 'application/vnd.ms-tnef',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  gzip: 'application/gzip',
  bzip2: 'application/x-bzip2',
  xz: 'application/x-xz',
  tar: 'application/x-tar',
  ar: 'application/x-archive',
  wim: 'application/x-ms-wim',
  empty: 'application/x-empty',
  binary: 'application/octet-stream',
};

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) =>
  Buffer.from(b.subarray(from, Math.min(to, b.length))).toString('latin1');

const OID_PKCS7 = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07];

/** PKCS#7 / CMS ContentInfo: SEQUENCE { OID 1.2.840.113549.1.7.x, ... } in DER or BER. */
export function pkcs7ContentType(b: Uint8Array): 'signed' | 'enveloped' | 'other' | null {
  if (b[0] !== 0x30) return null;
  // Skip the outer length (short, long or indefinite form).
  let i = 1;
  if (b[1] === 0x80) i = 2;
  else if (b[1] & 0x80) i = 2 + (b[1] & 0x7f);
  else i = 2;
  if (!startsWith(b, OID_PKCS7, i)) return null;
  const kind = b[i + OID_PKCS7.length];
  if (kind === 0x02) return 'signed';
  if (kind === 0x03) return 'enveloped';
  return 'other';
}

/** Base64 body of a PEM block, or of a bare base64 file, as bytes when it decodes to PKCS#7. */
export function decodeArmouredPkcs7(b: Uint8Array): Uint8Array | null {
  const head = ascii(b, 0, 64);
  let body: string;
  if (/^-----BEGIN (PKCS7|CMS|PKCS #7 SIGNED DATA)-----/.test(head)) {
    const text = Buffer.from(b).toString('latin1');
    const m = /-----BEGIN [A-Z0-9 #]+-----([\s\S]*?)-----END [A-Z0-9 #]+-----/.exec(text);
    if (!m) return null;
    body = m[1];
  } else if (/^MI[A-Za-z0-9+/]/.test(head)) {
    body = Buffer.from(b).toString('latin1');
    if (!/^[A-Za-z0-9+/=\s]+$/.test(body.slice(0, 4096))) return null;
  } else {
    return null;
  }
  const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  return pkcs7ContentType(der) ? new Uint8Array(der) : null;
}

function sniffZipBased(b: Uint8Array): FileFormat {
  // ODF: the first entry is an uncompressed "mimetype" file naming the document kind.
  const head = ascii(b, 0, 200);
  if (head.includes('mimetypeapplication/vnd.oasis.opendocument.')) {
    if (head.includes('opendocument.text')) return 'odt';
    if (head.includes('opendocument.spreadsheet')) return 'ods';
    if (head.includes('opendocument.presentation')) return 'odp';
  }
  // OOXML: part names appear in the central directory in clear text (and in any order, so the first
  // entry being _rels/ rather than [Content_Types].xml does not matter).
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const tail = buf.subarray(Math.max(0, buf.length - 256 * 1024));
  const has = (name: string) => tail.includes(name) || buf.includes(name);
  if (has('[Content_Types].xml')) {
    if (has('word/document.xml') || has('word/document2.xml')) return 'docx';
    if (has('xl/workbook.xml') || has('xl/workbook.bin')) return 'xlsx';
    if (has('ppt/presentation.xml')) return 'pptx';
  }
  return 'zip';
}

/** A truncated Office file has lost its central directory; its local headers still name OOXML parts. */
function officeByExtension(b: Uint8Array, filename: string): FileFormat | null {
  const ext = filename.toLowerCase().split('.').pop();
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (!buf.includes('[Content_Types].xml') && !buf.includes('_rels/.rels')) return null;
  if (ext === 'docx' || ext === 'docm') return 'docx';
  if (ext === 'xlsx' || ext === 'xlsm') return 'xlsx';
  if (ext === 'pptx') return 'pptx';
  return null;
}

/** End-of-central-directory record near the end: a zip whose first bytes are not a local header. */
function hasZipEnd(b: Uint8Array): boolean {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const from = Math.max(0, buf.length - 22 - 0xffff);
  return buf.subarray(from).includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
}

function sniffCfb(b: Uint8Array): FileFormat {
  try {
    const cfb = CFB.read(b, { type: 'buffer' } as never);
    const names = new Set(cfb.FullPaths.map((p) => p.split('/').filter(Boolean).pop() ?? ''));
    if (names.has('EncryptedPackage') && names.has('EncryptionInfo')) return 'ooxml_encrypted';
    if (names.has('__properties_version1.0') || [...names].some((n) => n.startsWith('__substg1.0_')))
      return 'outlook_msg';
    if (names.has('Workbook') || names.has('Book')) return 'xls';
    if (names.has('WordDocument')) return 'doc';
    if (names.has('PowerPoint Document')) return 'ppt';
    return 'cfb_other';
  } catch {
    return 'cfb_other';
  }
}

const EML_HEADERS =
  /^(from|to|cc|subject|date|message-id|mime-version|received|return-path|content-type|delivered-to|reply-to|sender|x-[a-z0-9-]+|dkim-signature|authentication-results|content-transfer-encoding|references|in-reply-to|thread-topic|importance):/i;

function looksLikeEmail(text: string): boolean {
  const headerBlock = text.slice(0, 16 * 1024).split(/\r?\n\r?\n/, 1)[0];
  const lines = headerBlock.split(/\r?\n/).filter((l) => !/^[ \t]/.test(l));
  if (lines.length < 2 || !/^[A-Za-z0-9-]+:/.test(lines[0])) return false;
  const known = lines.filter((l) => EML_HEADERS.test(l)).length;
  const headerish = lines.filter((l) => /^[A-Za-z0-9-]+:/.test(l)).length;
  const strong = lines.some((l) => /^(from|subject|message-id|mime-version|received|date):/i.test(l));
  return strong && known >= 2 && headerish / lines.length > 0.9;
}

function delimiterConsistency(text: string, delimiter: string): number {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim())
    .slice(0, 20);
  if (lines.length < 2) return 0;
  const counts = lines.map((l) => l.split(delimiter).length - 1);
  if (counts[0] === 0) return 0;
  const same = counts.filter((c) => c === counts[0]).length;
  return same / counts.length;
}

function sniffText(b: Uint8Array, filename: string, declaredMime?: string): FileFormat | null {
  const sample = b.subarray(0, 16 * 1024);
  const decoded = decodeText(sample);
  const text = decoded.text.replace(/^\ufeff/, '');
  if (controlCharRatio(text) > 0.1) return null;
  const head = text.slice(0, 2048).trimStart();
  const lower = head.toLowerCase();
  if (/^<!doctype html|^<html[\s>]/.test(lower) || /<(html|head|body)[\s>]/.test(lower.slice(0, 1024))) return 'html';
  // Markdown often opens with inline HTML (a README's <p align="center">, an anchor <a id=…>): a .md file
  // with Markdown headings is text, whatever tag comes first.
  const markdown = /\.(?:md|markdown)$/i.test(filename) && /^#{1,6}\s+\S/m.test(text);
  if (
    !markdown &&
    (lower.startsWith('<?xml') || /^<[a-z_][\w.:-]*[\s>/]/i.test(head) || lower.startsWith('<!doctype'))
  ) {
    return /<(html|body)[\s>]/.test(lower) ? 'html' : 'xml';
  }
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (looksLikeEmail(text)) return 'eml';
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  const mime = (declaredMime ?? '').toLowerCase();
  if ((head.startsWith('{') || head.startsWith('[')) && (ext === 'json' || mime.includes('json'))) return 'json';
  if (ext === 'tsv' || mime.includes('tab-separated')) return 'tsv';
  if (ext === 'csv' || mime === 'text/csv' || mime === 'application/csv') return 'csv';
  // No extension hint: a consistent delimiter over several lines makes it a table.
  if (delimiterConsistency(text, '\t') >= 0.8) return 'tsv';
  if (
    delimiterConsistency(text, ';') >= 0.8 ||
    (delimiterConsistency(text, ',') >= 0.9 && text.split(/\n/).length >= 3 && ext !== 'txt')
  ) {
    return 'csv';
  }
  return 'text';
}

export function sniffFormat(bytes: Uint8Array, filename: string, declaredMime?: string): Sniffed {
  const f = detect(bytes, filename, declaredMime);
  return { format: f, mimeType: MIME_BY_FORMAT[f] };
}

function detect(b: Uint8Array, filename: string, declaredMime?: string): FileFormat {
  if (b.length === 0) return 'empty';
  // Before the PDF check: a signed .pdf.p7m carries "%PDF-" within its first kilobyte.
  const p7der = pkcs7ContentType(b);
  if (p7der) return p7der === 'signed' ? 'p7m_signed' : p7der === 'enveloped' ? 'p7m_enveloped' : 'p7m_other';
  if (ascii(b, 0, 5) === '%PDF-') return 'pdf';
  const fixed = detectFixedMagic(b, filename);
  if (fixed) return fixed;
  // Readers accept a PDF header anywhere in the first kilobyte (after junk a mailer or scanner put in
  // front), but only once no format's magic bytes at its fixed offset claimed the file: a ZIP whose
  // entries are stored uncompressed shows its first PDF's header within that kilobyte too.
  if (ascii(b, 0, 1024).includes('%PDF-')) return 'pdf';
  const armoured = decodeArmouredPkcs7(b);
  const p7 = armoured ? pkcs7ContentType(armoured) : null;
  if (p7) return p7 === 'signed' ? 'p7m_signed' : p7 === 'enveloped' ? 'p7m_enveloped' : 'p7m_other';
  return sniffText(b, filename, declaredMime) ?? (hasZipEnd(b) ? 'zip' : 'binary');
}

/** Formats identified by magic bytes at a fixed offset (0, or 257 for tar); null when none matches. */
function detectFixedMagic(b: Uint8Array, filename: string): FileFormat | null {
  if (
    startsWith(b, [0x50, 0x4b, 0x03, 0x04]) ||
    startsWith(b, [0x50, 0x4b, 0x05, 0x06]) ||
    startsWith(b, [0x50, 0x4b, 0x07, 0x08])
  ) {
    const zipFormat = sniffZipBased(b);
    return zipFormat === 'zip' ? (officeByExtension(b, filename) ?? 'zip') : zipFormat;
  }
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffCfb(b);
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47])) return 'image_png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image_jpeg';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'image_tiff';
  if (ascii(b, 0, 4) === 'GIF8') return 'image_gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image_webp';
  if (ascii(b, 4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)/.test(ascii(b, 8, 12)))
    return 'image_heic';
  if (ascii(b, 0, 2) === 'BM' && b.length > 26 && Buffer.from(b).readUInt32LE(2) === b.length) return 'image_bmp';
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (ascii(b, 0, 7) === 'Rar!\x1a\x07\x00' || ascii(b, 0, 8) === 'Rar!\x1a\x07\x01\x00') return 'rar';
  if (startsWith(b, [0x1f, 0x8b])) return 'gzip';
  if (ascii(b, 0, 3) === 'BZh') return 'bzip2';
  if (startsWith(b, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return 'xz';
  if (ascii(b, 257, 262) === 'ustar') return 'tar';
  if (ascii(b, 0, 8) === '!<arch>\n') return 'ar';
  if (ascii(b, 0, 8) === 'MSWIM\0\0\0') return 'wim';
  if (startsWith(b, [0x78, 0x9f, 0x3e, 0x22])) return 'tnef';
  return null;
}

export const isImageFormat = (f: FileFormat) => f.startsWith('image_');
export const isArchiveFormat = (f: FileFormat) =>
  ['zip', '7z', 'rar', 'gzip', 'bzip2', 'xz', 'tar', 'ar', 'wim', 'tnef'].includes(f);
