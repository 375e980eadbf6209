/** The commit of an import: file stored, batch created, job queued. */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Actor, WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { importBatches } from '@/lib/db/schema';
import { recordAudit } from '@/lib/audit';
import { enqueueJob } from '@/lib/jobs/runs';
import { getBlobStore, importBlobKey } from '@/lib/storage';
import { importRunJob, type ImportOptions } from './jobs';
import { getBatchRow, serializeBatch } from './repo';
import type { ImportFileInput, ImportRequestOptions } from './service';

function formatFromName(filename: string): string | null {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1]?.toLowerCase();
  return ext && ['csv', 'tsv', 'txt', 'xlsx', 'xls', 'ods'].includes(ext) ? ext : null;
}

/**
 * Commit: the file is stored under the batch's key (the job reads it from there, also after a
 * restart), the batch is created queued, and the job is enqueued after the batch is visible.
 */
export async function commitImport(
  db: Db,
  args: { workspace: WorkspaceRef; actor: Actor; file: ImportFileInput; options: ImportRequestOptions },
) {
  const batchId = crypto.randomUUID();
  const key = importBlobKey(args.workspace.id, batchId);
  const store = getBlobStore();
  await store.put(key, { filePath: args.file.path }, 'application/octet-stream');
  const options: ImportOptions = { ...args.options, actor: args.actor };
  try {
    await db.insert(importBatches).values({
      id: batchId,
      workspaceId: args.workspace.id,
      filename: args.file.filename,
      status: 'queued',
      fileFormat: formatFromName(args.file.filename),
      sha256: args.file.sha256,
      storageKey: key,
      sizeBytes: args.file.size,
      options: options as unknown as Record<string, unknown>,
      createdBy: args.actor.userId,
    });
  } catch (e) {
    await store.delete(key).catch(() => {});
    throw e;
  }
  await recordAudit(db, {
    workspaceId: args.workspace.id,
    actor: args.actor,
    action: 'import.started',
    targetType: 'import_batch',
    targetId: batchId,
    data: { filename: args.file.filename, size_bytes: args.file.size, sha256: args.file.sha256 },
  });
  const run = await enqueueJob(db, {
    job: importRunJob,
    workspaceId: args.workspace.id,
    payload: { batch_id: batchId },
    subjectType: 'import_batch',
    subjectId: batchId,
    createdBy: args.actor.userId,
  });
  await db
    .update(importBatches)
    .set({ jobRunId: run.id })
    .where(and(eq(importBatches.id, batchId), eq(importBatches.workspaceId, args.workspace.id)));
  const batch = await getBatchRow(db, { workspaceId: args.workspace.id, batchId });
  return { batch: serializeBatch(batch), job_id: run.id };
}
