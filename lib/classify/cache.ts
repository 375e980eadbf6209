import type { ExtractionResult, FileFormat, SnippetSource } from '@/lib/extract/types';
import type { ClassificationResult } from './schemas';

/**
 * Readings reused by content. Reading a file is the slow part of classifying it (OCR: seconds per page);
 * the rules on a text take milliseconds. So the text a file gave (OCR included) is kept per workspace,
 * SHA-256 of the bytes and classifier version, with the classification made from it; the same bytes
 * read again in the same workspace skip the reading, and a new classifier version reads them anew.
 * Only complete readings are kept: a timed-out or failed OCR is tried again next time. This file is the
 * pure part (what a reading is, the version that keys it); the table is read and written by the documents
 * slice (lib/documents/readings.ts), so the reading layer stays without a database.
 */

/** Raise on any change to the rules, the signals, the structure checks or the OCR languages. */
export const CLASSIFIER_VERSION = 'rules-34+ocr-whole-deu.eng.fra.ita.spa.nld.chi_sim';

export interface Reading {
  mimeType: string;
  format: FileFormat;
  snippetSource: SnippetSource;
  /** Page texts; one entry for formats without pages. */
  pages: string[];
  pageCount: number | null;
  ocr: boolean;
  classification: ClassificationResult;
  readMs: number;
}

/** The text of a reading as an extraction result, for code that takes one (facts, classification). */
export function extractionOfReading(r: Reading): ExtractionResult {
  const paged = r.pages.length > 1 || r.pageCount !== null;
  return {
    status: 'ok',
    text: r.pages.join('\n\n'),
    ...(paged ? { pages: r.pages.map((text, i) => ({ page: i + 1, text })) } : {}),
    snippetSource: r.snippetSource,
    mimeType: r.mimeType,
    format: r.format,
    truncated: false,
    ...(r.pageCount !== null ? { pageCount: r.pageCount } : {}),
    warnings: ['Text reused from an earlier reading of the same bytes.'],
  };
}

/** The reading of an extraction worth keeping, or null (no text, or an OCR cut short by its budget). */
export function readingOf(
  extraction: ExtractionResult,
  classification: ClassificationResult,
  readMs: number,
  maxChars: number,
): Reading | null {
  if (extraction.status !== 'ok' || !extraction.text) return null;
  if (
    extraction.ocr &&
    extraction.truncated &&
    extraction.pages &&
    extraction.pageCount &&
    extraction.pages.length < extraction.pageCount
  )
    return null;
  const pages = extraction.pages?.length ? extraction.pages.map((p) => p.text) : [extraction.text];
  let left = maxChars;
  const bounded = pages.map((p) => {
    const s = p.slice(0, Math.max(0, left));
    left -= s.length;
    return s;
  });
  return {
    mimeType: extraction.mimeType,
    format: extraction.format,
    snippetSource: extraction.snippetSource,
    pages: bounded,
    pageCount: extraction.pageCount ?? (extraction.pages?.length ? extraction.pages.length : null),
    ocr: Boolean(extraction.ocr),
    classification,
    readMs: Math.round(readMs),
  };
}
