import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { getBlobStore, type BlobStore } from '@/lib/storage';
import { getRunRow } from './service';

/** The stored file of a completed run; 404 for another workspace, 409 before completion. */
export async function openExportOutput(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; store?: BlobStore },
) {
  const r = await getRunRow(db, { workspaceId: args.workspaceId, id: args.id });
  if ((r.status !== 'completed' && r.status !== 'completed_with_warnings') || !r.outputKey) {
    throw new AppError('INVALID_STATE', `The export run is ${r.status}; its file is available once it has completed.`, {
      details: { state: r.status },
    });
  }
  const store = args.store ?? getBlobStore();
  if (!(await store.exists(r.outputKey)))
    throw new AppError('GONE', 'The file of this export run is no longer stored; run the export again.');
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'export.downloaded',
    targetType: 'export_run',
    targetId: r.id,
    data: { size_bytes: r.outputSizeBytes },
  });
  return {
    stream: await store.getStream(r.outputKey),
    filename: r.outputFilename ?? `export-${r.id}`,
    contentType: r.outputContentType ?? 'application/octet-stream',
    size: r.outputSizeBytes,
  };
}
