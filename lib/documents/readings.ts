import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documentReadings } from '@/lib/db/schema';
import { CLASSIFIER_VERSION, type Reading } from '@/lib/classify/cache';
import type { ClassificationResult } from '@/lib/classify/schemas';
import type { FileFormat, SnippetSource } from '@/lib/extract/types';

/** The readings kept per workspace, SHA-256 of the bytes and classifier version (lib/classify/cache.ts). */

export async function findReading(
  db: Db,
  { workspaceId, sha256, version = CLASSIFIER_VERSION }: { workspaceId: string; sha256: string; version?: string },
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
  {
    workspaceId,
    sha256,
    reading: r,
    version = CLASSIFIER_VERSION,
  }: { workspaceId: string; sha256: string; reading: Reading; version?: string },
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
export async function forgetReadings(
  db: Db,
  { workspaceId, sha256 }: { workspaceId: string; sha256: string },
): Promise<void> {
  await db
    .delete(documentReadings)
    .where(and(eq(documentReadings.workspaceId, workspaceId), eq(documentReadings.sha256, sha256)));
}
