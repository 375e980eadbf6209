import { sql } from 'drizzle-orm';
import { skus, type StoredBlocker } from '@/lib/db/schema';
import type { OperatorRole } from '@/lib/enums';

type SkuRow = typeof skus.$inferSelect;

export type SkuStatus = 'blocked' | 'needs_review' | 'ready_for_approval' | 'approved' | 'published';

/**
 * A timestamp as a row holds it: a Date (a Drizzle select) or its ISO text (the list's decoder reads it so,
 * lib/db/rows.ts rowDecoder).
 */
type Stamp = Date | string;
type Stamped<T> = { [K in keyof T]: T[K] extends Date ? Stamp : T[K] extends Date | null ? Stamp | null : T[K] };
const iso = (v: Stamp) => (typeof v === 'string' ? v : v.toISOString());
const time = (v: Stamp) => (typeof v === 'string' ? Date.parse(v) : v.getTime());

/** One status for lists and badges, derived from the stored states (same rule in SQL below). */
export function skuStatus(
  r: Stamped<
    Pick<SkuRow, 'approvalState' | 'publishedRevision' | 'publishedAt' | 'approvedAt' | 'blockerCount' | 'reviewState'>
  >,
): SkuStatus {
  if (r.approvalState === 'approved') {
    return r.publishedRevision && r.publishedAt && r.approvedAt && time(r.publishedAt) >= time(r.approvedAt)
      ? 'published'
      : 'approved';
  }
  if (r.blockerCount > 0) return 'blocked';
  return r.reviewState === 'open' ? 'needs_review' : 'ready_for_approval';
}

export const skuStatusSql = sql<SkuStatus>`CASE
  WHEN ${skus.approvalState} = 'approved' AND ${skus.publishedRevision} IS NOT NULL AND ${skus.publishedAt} >= ${skus.approvedAt} THEN 'published'
  WHEN ${skus.approvalState} = 'approved' THEN 'approved'
  WHEN ${skus.blockerCount} > 0 THEN 'blocked'
  WHEN ${skus.reviewState} = 'open' THEN 'needs_review'
  ELSE 'ready_for_approval' END`;

/**
 * The columns serializeSku reads, for lists: a page of 100 rows read whole carried every SKU's stored
 * blockers (jsonb, a few KB each) that no list shows, about 4 ms of the server's output and the
 * driver's JSON parsing per page (bench/skus-list.ts).
 */
export const skuListColumns = {
  id: skus.id,
  skuCode: skus.skuCode,
  productName: skus.productName,
  gtin: skus.gtin,
  categoryCode: skus.categoryCode,
  reviewState: skus.reviewState,
  approvalState: skus.approvalState,
  blockerCount: skus.blockerCount,
  blockerSeriousness: skus.blockerSeriousness,
  createdAt: skus.createdAt,
  updatedAt: skus.updatedAt,
  externalSkuId: skus.externalSkuId,
  categoryDefaulted: skus.categoryDefaulted,
  categoryText: skus.categoryText,
  categoryMatch: skus.categoryMatch,
  requirementProfileId: skus.requirementProfileId,
  operatorRole: skus.operatorRole,
  warningCount: skus.warningCount,
  reviewCompletedAt: skus.reviewCompletedAt,
  reviewCompletedBy: skus.reviewCompletedBy,
  approvedAt: skus.approvedAt,
  approvedByLabel: skus.approvedByLabel,
  publicId: skus.publicId,
  publishedRevision: skus.publishedRevision,
  publishedAt: skus.publishedAt,
} as const;

/** A SKU as a list reads it (skuListColumns, timestamps as Dates or ISO text); a whole row is one too. */
export type SkuListRow = Stamped<Pick<SkuRow, keyof typeof skuListColumns>>;

/**
 * The contract's Sku plus the fields a UI or API consumer needs (additional properties are allowed).
 * `workspaceRole` is the workspace's economic-operator role, which a SKU without its own follows.
 */
export function serializeSku(r: SkuListRow, workspaceRole: OperatorRole) {
  return {
    id: r.id,
    sku_code: r.skuCode,
    product_name: r.productName,
    gtin: r.gtin,
    category_code: r.categoryCode,
    review_state: r.reviewState,
    approval_state: r.approvalState,
    blocker_count: r.blockerCount,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    external_sku_id: r.externalSkuId,
    category_defaulted: r.categoryDefaulted,
    category_text: r.categoryText ?? null,
    category_match: r.categoryMatch ?? null,
    requirement_profile_id: r.requirementProfileId,
    operator_role: r.operatorRole ?? workspaceRole,
    operator_role_override: r.operatorRole ?? null,
    warning_count: r.warningCount,
    status: skuStatus(r),
    review_completed_at: r.reviewCompletedAt ? iso(r.reviewCompletedAt) : null,
    review_completed_by: r.reviewCompletedBy,
    approved_at: r.approvedAt ? iso(r.approvedAt) : null,
    approved_by: r.approvedByLabel,
    public_id: r.publicId,
    published_revision: r.publishedRevision,
    published_at: r.publishedAt ? iso(r.publishedAt) : null,
  };
}

/** The contract's SkuBlocker items, open ones first; waived ones carry who/when/why. */
export function serializeBlockers(blockers: StoredBlocker[]) {
  return blockers.map((b) => ({ ...b, required_fields: b.required_fields ?? [] }));
}
