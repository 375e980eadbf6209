import type { Db } from '@/lib/db/client';
import { getRunRow } from './service';
import { groupWarnings, serializeRun } from './serialize';
import { groupWarningsByFix } from './templates/checks';

/** One run with its warnings grouped by SKU (what the UI shows to fix). */
export async function getExportRun(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const r = await getRunRow(db, { workspaceId, id });
  return {
    run: serializeRun(r),
    warnings_by_sku: groupWarnings(r.warnings),
    warnings_truncated: r.warnings.length < r.warningCount,
    // Of the stored warnings (at most MAX_STORED_WARNINGS); warning_count is the full number.
    warnings_by_fix: groupWarningsByFix(r.warnings),
  };
}
