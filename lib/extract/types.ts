/**
 * Types shared by the text extractors. Every extractor returns an ExtractionResult: it never throws for
 * a bad input file, it reports what went wrong in `issue`.
 */

/** Snippet sources of the contract (interface-spec "Snippet sources"). */
export const SNIPPET_SOURCES = [
  'pdf_first_page',
  'csv_rows',
  'filename_only',
  'html_text',
  'docx_text',
  'plain_text',
  'email_text',
  'xml_text',
  'ocr_text',
  'vision_ocr',
  'office_text',
  'raw_text',
] as const;
export type SnippetSource = (typeof SNIPPET_SOURCES)[number];

/** What the bytes are, decided by content sniffing (the extension is only a tie-breaker). */
export type FileFormat =
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'ooxml_encrypted'
  | 'xls'
  | 'doc'
  | 'ppt'
  | 'outlook_msg'
  | 'cfb_other'
  | 'zip'
  | 'eml'
  | 'html'
  | 'xml'
  | 'csv'
  | 'tsv'
  | 'text'
  | 'rtf'
  | 'json'
  | 'p7m_signed'
  | 'p7m_enveloped'
  | 'p7m_other'
  | 'image_png'
  | 'image_jpeg'
  | 'image_tiff'
  | 'image_gif'
  | 'image_bmp'
  | 'image_webp'
  | 'image_heic'
  | 'tnef'
  | '7z'
  | 'rar'
  | 'gzip'
  | 'bzip2'
  | 'xz'
  | 'tar'
  | 'ar'
  | 'wim'
  | 'empty'
  | 'binary';

/** Why extraction produced no (usable) text. */
export type ExtractionIssueCode =
  | 'empty_file'
  | 'too_large'
  | 'encrypted'
  | 'unsupported_format'
  | 'parse_failed'
  | 'scanned_or_empty_text'
  | 'opaque_p7m_envelope'
  | 'timeout';

export interface ExtractionIssue {
  code: ExtractionIssueCode;
  message: string;
}

export interface PageText {
  /** 1-based page number. */
  page: number;
  text: string;
}

export interface ExtractionResult {
  /** ok: text was extracted; no_text: the file was read but holds no text (scan, empty); failed: unreadable. */
  status: 'ok' | 'no_text' | 'failed';
  /** Extracted text, whitespace-normalised and bounded by `maxChars`. Empty unless status is ok. */
  text: string;
  /** Per-page texts for paged formats (PDF pages read, TIFF pages OCR'd). */
  pages?: PageText[];
  snippetSource: SnippetSource;
  /** MIME type decided by sniffing the bytes. */
  mimeType: string;
  format: FileFormat;
  /** True when the text was cut at maxChars or only the first pages were read. */
  truncated: boolean;
  /** Total pages of the document when known. */
  pageCount?: number;
  /** Character encoding used for text formats. */
  encoding?: string;
  /** Set when OCR produced (part of) the text. */
  ocr?: { engine: 'tesseract.js'; languages: string[]; confidence: number; pages: number };
  /** For unwrapped envelopes (.p7m): what was inside. */
  inner?: { filename: string; format: FileFormat; mimeType: string };
  /** Present whenever status is not ok; may also carry a warning for ok results (e.g. replacement chars). */
  issue?: ExtractionIssue;
  /** Non-fatal observations (lenient parsing, skipped parts). */
  warnings: string[];
}

export interface ExtractOptions {
  bytes: Uint8Array;
  filename: string;
  /** Declared MIME type (from the upload); only a hint. */
  mimeType?: string;
  /** Pages of a PDF to read (default 10, at most 50). */
  maxPages?: number;
  /** Maximum characters of text returned (default 200,000). */
  maxChars?: number;
  /** Run OCR on images and scanned PDFs (default true). */
  ocr?: boolean;
  /** Time budget for OCR of one file in ms (default 30,000). */
  ocrTimeoutMs?: number;
  /** Time budget for parsing in ms (default 20,000). */
  timeoutMs?: number;
  /** Internal: nesting level of envelopes (.p7m inside .p7m). */
  envelopeDepth?: number;
}

export const EXTRACT_LIMITS = {
  maxInputBytes: 20 * 1024 * 1024,
  defaultMaxChars: 200_000,
  defaultMaxPages: 10,
  hardMaxPages: 50,
  /** PDF pages averaging fewer visible characters than this count as "no text layer". */
  minCharsPerTextPage: 10,
  /** Pages of a scanned PDF that are OCR'd. */
  maxOcrPages: 3,
  defaultOcrTimeoutMs: 30_000,
  defaultTimeoutMs: 20_000,
  /** Uncompressed bytes an Office zip may expand to before we refuse it. */
  maxOfficeUncompressedBytes: 200 * 1024 * 1024,
  maxEnvelopeDepth: 3,
} as const;
