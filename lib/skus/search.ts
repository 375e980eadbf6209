/**
 * The SKU list's search term `q`: one condition that matches a SKU by its code, product name, GTIN
 * (separators ignored, leading zeros tolerated: "04006381333931" finds "4006381333931" and back), the
 * name or trade mark of its linked manufacturer, or its confirmed brand. Every subquery is scoped by
 * the workspace on both sides of each join, so another workspace's entity or dossier value never makes
 * a SKU match. The subqueries are `id IN (…)` so the planner can hash them once per query instead of
 * probing per row.
 */
import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { skus } from '@/lib/db/schema';
import { gtinDigits } from '@/lib/gtin';

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits a GTIN search compares, without leading zeros; null when the term is not a number. */
export function gtinSearchDigits(term: string): string | null {
  const digits = gtinDigits(term.trim());
  if (!/^\d+$/.test(digits)) return null;
  const stripped = digits.replace(/^0+/, '');
  return stripped || null;
}

export function skuSearchCondition(workspaceId: string, raw: string): SQL | undefined {
  const term = raw.trim();
  if (!term) return undefined;
  const like = likePattern(term);
  const digits = gtinSearchDigits(term);
  const conditions: SQL[] = [ilike(skus.skuCode, like), ilike(skus.productName, like)];
  // A stored GTIN is digits only, so only a numeric term can match it; the term without its leading
  // zeros is a substring of the term, so this one LIKE covers the plain substring match as well.
  if (digits) conditions.push(sql`ltrim(${skus.gtin}, '0') LIKE ${likePattern(digits)}`);
  conditions.push(sql`${skus.id} IN (
    SELECT se.sku_id FROM sku_entities se JOIN entities e ON e.id = se.entity_id
    WHERE se.workspace_id = ${workspaceId} AND e.workspace_id = ${workspaceId} AND se.role = 'manufacturer'
      AND (e.name ILIKE ${like} OR e.trade_mark ILIKE ${like}))`);
  conditions.push(sql`${skus.id} IN (
    SELECT v.sku_id FROM dossier_values v
    WHERE v.workspace_id = ${workspaceId} AND v.field_key = 'brand' AND v.status = 'confirmed'
      AND v.superseded_at IS NULL AND v.value ILIKE ${like})`);
  return or(...conditions);
}
