import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documentReadings } from '@/lib/db/schema';
import type { ExtractionResult, FileFormat, SnippetSource } from '@/lib/extract/types';
import type { ClassificationResult } from './schemas';

/**
 * Readings reused by content. Reading a file is the slow part of classifying it (OCR: seconds per page);
 * the rules on a text take milliseconds. So the text a file gave (OCR included) is kept per workspace,
 * SHA-256 of the bytes and classifier version, with the classification made from it; the same bytes
 * read again in the same workspace skip the reading, and a new classifier version reads them anew.
 * Only complete readings are kept: a timed-out or failed OCR is tried again next time.
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

export async function findReading(
  db: Db,
  workspaceId: string,
  sha256: string,
  version = CLASSIFIER_VERSION,
): Promise<Reading | null> {
  const [row] = await db
    .select()
    .from(documentReadings)
    .where(
      and(
        eq(documentReadings.workspaceId, workspaceId),
        eq(documentReadings.sha256, sha256),
        eq(documentReadings.classifierVersion, version),
      ),
    );
  if (!row) return null;
  const meta = row.classification as unknown as { format?: FileFormat };
  return {
    mimeType: row.mimeType,
    format: meta.format ?? 'text',
    snippetSource: row.snippetSource as SnippetSource,
    pages: row.text.split('\f'),
    pageCount: row.pageCount,
    ocr: row.ocr,
    classification: stripMeta(row.classification),
    readMs: row.readMs,
  };
}

function stripMeta(stored: Record<string, unknown>): ClassificationResult {
  const { format, ...rest } = stored;
  void format;
  return rest as unknown as ClassificationResult;
}

/** Keeps a reading; the first one kept for the same key wins (concurrent readers agree anyway). */
export async function saveReading(
  db: Db,
  workspaceId: string,
  sha256: string,
  r: Reading,
  version = CLASSIFIER_VERSION,
): Promise<void> {
  await db
    .insert(documentReadings)
    .values({
      workspaceId,
      sha256,
      classifierVersion: version,
      mimeType: r.mimeType,
      snippetSource: r.snippetSource,
      text: r.pages.map((p) => p.replace(/[\f\u0000]/g, ' ')).join('\f'),
      pageCount: r.pageCount,
      ocr: r.ocr,
      classification: { ...(r.classification as unknown as Record<string, unknown>), format: r.format },
      readMs: r.readMs,
    })
    .onConflictDoNothing();
}

/** Forgets every reading of these bytes in the workspace (all versions): a deleted document's text goes with it. */
export async function forgetReadings(db: Db, workspaceId: string, sha256: string): Promise<void> {
  await db
    .delete(documentReadings)
    .where(and(eq(documentReadings.workspaceId, workspaceId), eq(documentReadings.sha256, sha256)));
}
