/**
 * "Approved products only": the export default that protects the seller. A SKU is exportable when its
 * status is approved or published, its public page has not been withdrawn and a recall case has not
 * taken it off the market (market status recalled or withdrawn, lib/recalls); the rest of the scope is
 * left out and counted by reason (its status, withdrawn, recalled, market_withdrawn) so the dry run can say what and why.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { publicPages, skuMarketStates, skus } from '@/lib/db/schema';
import { skuStatusSql, type SkuStatus } from '@/lib/skus/serialize';

export interface ScopeApproval {
  kept: string[];
  /** Left out (approved_only) or included but not approved (otherwise), in scope order. */
  notApproved: Array<{
    sku_id: string;
    sku_code: string;
    reason: SkuStatus | 'withdrawn' | 'recalled' | 'market_withdrawn';
  }>;
}

const APPROVED: ReadonlySet<SkuStatus> = new Set(['approved', 'published']);

/** Splits ids (in their order) into approved, not withdrawn ones and the others with the reason. */
export async function splitByApproval(
  db: Db,
  { workspaceId, ids }: { workspaceId: string; ids: readonly string[] },
): Promise<ScopeApproval> {
  const info = new Map<string, { code: string; status: SkuStatus; withdrawn: boolean; market: string | null }>();
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
        market: sql<
          string | null
        >`(SELECT ${skuMarketStates.status} FROM ${skuMarketStates} WHERE ${skuMarketStates.skuId} = ${skus.id})`,
      })
      .from(skus)
      .where(and(eq(skus.workspaceId, workspaceId), inArray(skus.id, part)));
    for (const r of rows)
      info.set(r.id, { code: r.code, status: r.status, withdrawn: Boolean(r.withdrawn), market: r.market });
  }
  const out: ScopeApproval = { kept: [], notApproved: [] };
  for (const id of ids) {
    const r = info.get(id);
    if (!r) continue; // deleted meanwhile: the run reports it as SKU_DELETED
    if (r.withdrawn) out.notApproved.push({ sku_id: id, sku_code: r.code, reason: 'withdrawn' });
    else if (r.market === 'recalled') out.notApproved.push({ sku_id: id, sku_code: r.code, reason: 'recalled' });
    else if (r.market === 'withdrawn')
      out.notApproved.push({ sku_id: id, sku_code: r.code, reason: 'market_withdrawn' });
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
        : s.reason === 'recalled' || s.reason === 'market_withdrawn'
          ? `Exported although a recall case took it off the market (${s.reason === 'recalled' ? 'recalled' : 'withdrawn from the market'}).`
          : `Exported although it is not approved (status ${s.reason}).`,
    fix: 'Approve the SKU before listing it, or export approved products only.',
  };
}

/**
 * Without approved_only (the API's default scope), a SKU a recall case took off the market (recalled,
 * or withdrawn from the market) is still left out: listing it again is what the recall forbids. Each is a
 * warning of the run, so the seller sees what was left out and why. approved_only: false includes it.
 */
export async function splitOffMarket(db: Db, { workspaceId, ids }: { workspaceId: string; ids: readonly string[] }) {
  // The workspace's few off-market SKUs, read once (not a lookup per SKU of a catalogue-wide scope).
  const rows = await db
    .select({ id: skuMarketStates.skuId, status: skuMarketStates.status, code: skus.skuCode })
    .from(skuMarketStates)
    .innerJoin(skus, eq(skus.id, skuMarketStates.skuId))
    .where(
      and(eq(skuMarketStates.workspaceId, workspaceId), inArray(skuMarketStates.status, ['recalled', 'withdrawn'])),
    );
  const off = new Map(rows.map((r) => [r.id, r]));
  const kept: string[] = [];
  const offMarket: ScopeApproval['notApproved'] = [];
  for (const id of ids) {
    const r = off.get(id);
    if (!r) kept.push(id);
    else
      offMarket.push({
        sku_id: id,
        sku_code: r.code,
        reason: r.status === 'recalled' ? 'recalled' : 'market_withdrawn',
      });
  }
  return { kept, offMarket };
}

/** The warning of a SKU left out because a recall case took it off the market. */
export function offMarketWarning(s: ScopeApproval['notApproved'][number]) {
  return {
    sku_id: s.sku_id,
    sku_code: s.sku_code,
    field: 'market_status',
    code: 'OFF_MARKET',
    message: `Left out: a recall case took it off the market (${s.reason === 'recalled' ? 'recalled' : 'withdrawn from the market'}).`,
    fix: 'Close the recall case with the product back on the market, or export with approved_only: false to include it deliberately.',
  };
}
