/**
 * "Approved products only": the export default that protects the seller. A SKU is exportable when its
 * status is approved or published and its public page has not been withdrawn; the rest of the scope is
 * left out and counted by reason (its status, or withdrawn) so the dry run can say what and why.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { publicPages, skus } from '@/lib/db/schema';
import { skuStatusSql, type SkuStatus } from '@/lib/skus/serialize';

export interface ScopeApproval {
  kept: string[];
  /** Left out (approved_only) or included but not approved (otherwise), in scope order. */
  notApproved: Array<{ sku_id: string; sku_code: string; reason: SkuStatus | 'withdrawn' }>;
}

const APPROVED: ReadonlySet<SkuStatus> = new Set(['approved', 'published']);

/** Splits ids (in their order) into approved, not withdrawn ones and the others with the reason. */
export async function splitByApproval(db: Db, workspaceId: string, ids: readonly string[]): Promise<ScopeApproval> {
  const info = new Map<string, { code: string; status: SkuStatus; withdrawn: boolean }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000) as string[];
    const rows = await db
      .select({
        id: skus.id,
        code: skus.skuCode,
        status: skuStatusSql,
        withdrawn: sql<boolean>`EXISTS (SELECT 1 FROM ${publicPages} WHERE ${and(
          eq(publicPages.skuId, skus.id),
          isNotNull(publicPages.withdrawnAt),
        )})`,
      })
      .from(skus)
      .where(and(eq(skus.workspaceId, workspaceId), inArray(skus.id, part)));
    for (const r of rows) info.set(r.id, { code: r.code, status: r.status, withdrawn: Boolean(r.withdrawn) });
  }
  const out: ScopeApproval = { kept: [], notApproved: [] };
  for (const id of ids) {
    const r = info.get(id);
    if (!r) continue; // deleted meanwhile: the run reports it as SKU_DELETED
    if (r.withdrawn) out.notApproved.push({ sku_id: id, sku_code: r.code, reason: 'withdrawn' });
    else if (!APPROVED.has(r.status)) out.notApproved.push({ sku_id: id, sku_code: r.code, reason: r.status });
    else out.kept.push(id);
  }
  return out;
}

/** Counts by reason, most frequent first (what the dry run shows). */
export function leftOutSummary(notApproved: ScopeApproval['notApproved']) {
  const counts = new Map<string, number>();
  for (const s of notApproved) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return {
    count: notApproved.length,
    by_reason: [...counts]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}

/** The warning a deliberately included, not approved SKU carries in the run (approved_only: false). */
export function notApprovedWarning(s: ScopeApproval['notApproved'][number]) {
  return {
    sku_id: s.sku_id,
    sku_code: s.sku_code,
    field: 'status',
    code: 'NOT_APPROVED',
    message:
      s.reason === 'withdrawn'
        ? 'Exported although its public page was withdrawn.'
        : `Exported although it is not approved (status ${s.reason}).`,
    fix: 'Approve the SKU before listing it, or export approved products only.',
  };
}
