import { classifyRules, TEXT_WINDOW } from '@/lib/classify/rules';
import type { ClassificationResult, Locale } from '@/lib/classify/schemas';
import { extractText, sniffFormat, type ExtractionResult, type FileFormat } from '@/lib/extract';
import { TEXT_CACHE_CHARS, UPLOAD_PARSE_TIMEOUT_MS } from './limits';

/**
 * What the upload needs to know about one file before storing it: its real format (by content), its
 * text (no OCR at upload time: the extraction job does that in the background) and the rules
 * classification of that text.
 */

export interface AnalysedFile {
  format: FileFormat;
  /** MIME type decided by the bytes, not the client's claim. */
  mimeType: string;
  extraction: ExtractionResult;
  classification: ClassificationResult;
  /** Page texts joined by form feeds, bounded; null when there is no text. */
  textCache: string | null;
}

/** Formats the vault does not keep: archives it cannot open and unidentified binaries. */
const UNSUPPORTED: ReadonlySet<FileFormat> = new Set<FileFormat>([
  '7z',
  'rar',
  'gzip',
  'bzip2',
  'xz',
  'tar',
  'ar',
  'wim',
  'tnef',
  'binary',
  'cfb_other',
]);

export const isUnsupportedFormat = (format: FileFormat) => UNSUPPORTED.has(format);

/** Files the bulk upload unpacks: ZIP archives, e-mails (.eml, RFC 2822 .msg) and Outlook .msg. */
export function isContainerUpload(bytes: Uint8Array, filename: string): boolean {
  const { format } = sniffFormat(bytes, filename);
  if (format === 'zip' || format === 'eml' || format === 'outlook_msg') return true;
  // A .zip whose bytes are no known format goes to the walker, which says why it is not a ZIP; a real
  // document merely named .zip (a .docx renamed) is stored as the document it is.
  return /\.zip$/i.test(filename) && ['text', 'binary', 'csv', 'tsv', 'json', 'empty'].includes(format);
}

export function textCacheOf(extraction: ExtractionResult): string | null {
  if (extraction.status !== 'ok') return null;
  const text = extraction.pages?.length ? extraction.pages.map((p) => p.text).join('\f') : extraction.text;
  return text ? text.slice(0, TEXT_CACHE_CHARS) : null;
}

export async function analyseFile(args: {
  bytes: Uint8Array;
  filename: string;
  mimeType?: string;
  locale?: Locale;
}): Promise<AnalysedFile> {
  const extraction = await extractText({
    bytes: args.bytes,
    filename: args.filename,
    mimeType: args.mimeType,
    ocr: false,
    timeoutMs: UPLOAD_PARSE_TIMEOUT_MS,
  });
  const classification = classifyRules({
    filename: args.filename,
    mimeType: extraction.mimeType,
    snippet: extraction.status === 'ok' ? extraction.text.slice(0, TEXT_WINDOW) : null,
    snippetSource: extraction.snippetSource,
    locale: args.locale,
    extractionIssue: extraction.issue ?? null,
    pages: extraction.pages,
  });
  return {
    format: extraction.format,
    mimeType: extraction.mimeType,
    extraction,
    classification,
    textCache: textCacheOf(extraction),
  };
}
