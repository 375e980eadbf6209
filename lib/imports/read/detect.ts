import * as CFB from 'cfb';

/**
 * What the bytes are, decided from their content (a ".xls" that is really CSV or HTML is common in ERP
 * exports); the file name only breaks ties between CSV, TSV and TXT.
 */
export type Container =
  | { kind: 'zip' }
  | { kind: 'cfb-workbook' }
  | { kind: 'cfb-encrypted' }
  | { kind: 'cfb-unreadable' }
  | { kind: 'biff-raw' }
  | { kind: 'text' }
  | { kind: 'unsupported'; reason: string };

const MAGIC: { bytes: number[]; reason: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], reason: 'a PDF document' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], reason: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], reason: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], reason: 'a GIF image' },
  { bytes: [0x1f, 0x8b], reason: 'a gzip archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], reason: 'a 7z archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21], reason: 'a RAR archive' },
];

function startsWith(bytes: Uint8Array, magic: number[]) {
  return magic.every((b, i) => bytes[i] === b);
}

/** An OLE compound file (legacy .xls, or an encrypted OOXML workbook): classified from its directory. */
export function isCompoundFile(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}

export function detectContainer(bytes: Uint8Array): Container {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return { kind: 'zip' };
  if (isCompoundFile(bytes)) return classifyCfb(bytes);
  // BIFF2-4 worksheets are bare BOF records without a compound file around them.
  if (bytes[0] === 0x09 && [0x00, 0x02, 0x04].includes(bytes[1]) && bytes[3] === 0x00) return { kind: 'biff-raw' };
  for (const m of MAGIC) if (startsWith(bytes, m.bytes)) return { kind: 'unsupported', reason: m.reason };
  const head = new TextDecoder('latin1')
    .decode(bytes.subarray(0, 2048))
    .replace(/^\ufeff/, '')
    .trimStart()
    .toLowerCase();
  if (/^<(!doctype html|html|table)\b/.test(head))
    return {
      kind: 'unsupported',
      reason:
        'an HTML page (some systems save HTML tables with an .xls name); open it in a spreadsheet program and save it as XLSX or CSV',
    };
  if (head.startsWith('<?xml') && head.includes('urn:schemas-microsoft-com:office:spreadsheet')) {
    return { kind: 'unsupported', reason: 'an Excel 2003 XML spreadsheet; save it as XLSX' };
  }
  if (looksBinary(bytes)) return { kind: 'unsupported', reason: 'binary data that is not a spreadsheet' };
  return { kind: 'text' };
}

function classifyCfb(bytes: Uint8Array): Container {
  try {
    const container = CFB.read(bytes, { type: 'buffer' });
    const names = new Set(container.FullPaths.map((p) => p.replace(/\/$/, '').split('/').pop() ?? ''));
    if (names.has('EncryptionInfo') || names.has('EncryptedPackage')) return { kind: 'cfb-encrypted' };
    if (names.has('Workbook') || names.has('Book') || names.has('WORKBOOK') || names.has('BOOK'))
      return { kind: 'cfb-workbook' };
    return {
      kind: 'unsupported',
      reason: 'an Office compound file that holds no workbook (a Word document or an Outlook message?)',
    };
  } catch {
    // Some writers (PHPExcel) produce directories strict readers reject; SheetJS is more tolerant.
    return { kind: 'cfb-unreadable' };
  }
}

/** NUL bytes outside a UTF-16 pattern, or many control characters, mean this is not text. */
function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  if (n === 0) return false;
  const bom16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  let nulEven = 0;
  let nulOdd = 0;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0) {
      if (i % 2) nulOdd++;
      else nulEven++;
    } else if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
  }
  const utf16Like = bom16 || nulOdd > n * 0.15 || nulEven > n * 0.15;
  if (utf16Like) return false;
  return nulOdd + nulEven > 0 || control > n * 0.05;
}
