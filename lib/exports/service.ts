/**
 * Export runs: a template applied to a scope of SKUs. Creating one (./create-run.ts) validates the scope (unknown or
 * foreign ids are errors, never an empty file) and queues a job; the job (./execute-run.ts) renders the file to a temp
 * file, stores it in the blob store, and only then marks the run completed, so a run is never
 * completed without its file. A retry after a crash starts over and overwrites the same key.
 *
 * This file keeps what the operations on runs share: the run row and its lookup in the workspace, the cap on
 * stored warnings, and the items read batch by batch. The other operations have a file each: list-runs.ts,
 * get-run.ts, download.ts, list-templates.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { exportRuns } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { EXPORT_CHUNK, loadExportItems, type ExportItem } from './catalogue-data';

/** Warnings kept on the run for the UI; warning_count is always the full number. */
export const MAX_STORED_WARNINGS = 5_000;

export type RunRow = typeof exportRuns.$inferSelect;

export async function getRunRow(db: Db, { workspaceId, id }: { workspaceId: string; id: string }): Promise<RunRow> {
  const [r] = await db
    .select()
    .from(exportRuns)
    .where(and(eq(exportRuns.id, id), eq(exportRuns.workspaceId, workspaceId)));
  if (!r) throw new AppError('NOT_FOUND', 'Export run not found.');
  return r;
}

/**
 * Batches being read while the caller renders one: a database server works on the next ones meanwhile
 * (an embedded PGlite runs them in this thread either way; more would only hold more memory).
 */
const READ_AHEAD = 2;

/** The items batch by batch, in the scope's order, with READ_AHEAD batches being read ahead. */
export async function* chunks(
  db: Db,
  { workspaceId, ids }: { workspaceId: string; ids: readonly string[] },
): AsyncGenerator<ExportItem[]> {
  const load = (from: number) => {
    const p = loadExportItems(db, { workspaceId, ids: ids.slice(from, from + EXPORT_CHUNK) });
    p.catch(() => undefined); // a read-ahead the caller never reaches (it stopped early) must not be an unhandled rejection
    return p;
  };
  const pending: Array<Promise<ExportItem[]>> = [];
  let next = 0;
  const fill = () => {
    for (; pending.length < READ_AHEAD && next < ids.length; next += EXPORT_CHUNK) pending.push(load(next));
  };
  fill();
  while (pending.length) {
    const current = await pending.shift()!;
    fill();
    yield current;
  }
}
