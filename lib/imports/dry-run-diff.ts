/**
 * The field-level diff of an import's updates, as the dry run shows it before anything is written: per
 * existing SKU the fields the file would change (before → after), the operator links the entity
 * resolution would change, and whether the update resets the SKU's approval or review. The changes are
 * the write path's own (diffRecord), the reset is the one rule of lib/skus/approval-reset.ts. Bounded:
 * the first 100 SKUs in file order, 2,000 changes in all, values cut at 400 characters; the totals
 * count what was left out.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { approvalResetOf } from '@/lib/skus/approval-reset';
import { normalizeEntityName } from '@/lib/model/entity-names';
import { isSkuColumn, type EntityRole } from './fields';
import type { PlannedRecord } from './plan';
import type { StoredChange } from './repo';
import type { ImportDiffChange, ImportDiffSku, ImportUpdateDiff } from './schemas';

export const DIFF_LIMITS = { skus: 100, changes: 2000, value_chars: 400 } as const;

export interface DiffLimits {
  skus: number;
  changes: number;
  value_chars: number;
}

/** The SKU as the diff needs it (what findSkusByCode returns). */
export interface DiffSkuRow {
  id: string;
  skuCode: string;
  productName: string;
  approvalState: string;
  reviewState: string;
}

/** An operator linked to a SKU now: role -> entity. */
export type EntityLinks = ReadonlyMap<string, { entity_id: string; name: string }>;

/**
 * The operators currently linked to these SKUs (workspace-scoped), for the entity-link part of the
 * diff: sku id -> role -> { entity_id, name }.
 */
export async function currentEntityLinks(
  db: Db,
  { workspaceId, skuIds }: { workspaceId: string; skuIds: string[] },
): Promise<Map<string, Map<string, { entity_id: string; name: string }>>> {
  const out = new Map<string, Map<string, { entity_id: string; name: string }>>();
  for (let i = 0; i < skuIds.length; i += 5000) {
    const rows = await queryRows<{ sku_id: string; role: string; entity_id: string; name: string }>(
      db,
      sql`SELECT se.sku_id, se.role, e.id AS entity_id, e.name
          FROM unnest(${sql.param(skuIds.slice(i, i + 5000))}::uuid[]) AS s(id)
          JOIN sku_entities se ON se.sku_id = s.id AND se.workspace_id = ${workspaceId}
          JOIN entities e ON e.id = se.entity_id AND e.workspace_id = ${workspaceId}`,
    );
    for (const r of rows) {
      let m = out.get(r.sku_id);
      if (!m) out.set(r.sku_id, (m = new Map()));
      m.set(r.role, { entity_id: r.entity_id, name: r.name });
    }
  }
  return out;
}

/**
 * The operator links the file would re-point: the SKU is linked to an entity in a role and the row names
 * another one there (compared by normalised name, so "ACME G.m.b.H." is "ACME GmbH"). It takes effect
 * when the entity resolution after the import links the candidate. A role with no entity linked yet is
 * no change of the SKU's data, only a proposal, which the resolution screen shows for every SKU.
 */
export function entityLinkChanges(rec: PlannedRecord, links: EntityLinks | undefined): Record<string, StoredChange> {
  const out: Record<string, StoredChange> = {};
  const seen = new Set<EntityRole>();
  for (const e of rec.entities) {
    if (!e.name || seen.has(e.role)) continue;
    seen.add(e.role);
    const now = links?.get(e.role);
    if (!now || normalizeEntityName(now.name) === normalizeEntityName(e.name)) continue;
    out[`entity:${e.role}`] = {
      from: now.name,
      to: e.name,
      column: rec.sources[`${e.role}_name`]?.column ?? null,
    };
  }
  return out;
}

function cut(value: string | null, max: number): { value: string | null; truncated: boolean } {
  if (value === null || value.length <= max) return { value, truncated: false };
  // Never split a surrogate pair: cut at a code point boundary.
  let end = max;
  const code = value.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { value: `${value.slice(0, end)}…`, truncated: true };
}

/** Collects the diff chunk by chunk (the dry run's pass), keeping only what the limits allow. */
export class UpdateDiffCollector {
  private skus: ImportDiffSku[] = [];
  private skusTotal = 0;
  private changesTotal = 0;
  private changesListed = 0;
  private valuesTruncated = 0;
  private approvalResets = 0;

  constructor(private limits: DiffLimits = DIFF_LIMITS) {}

  /**
   * One existing SKU's row: `changes` is diffRecord's answer for it, `links` the entity-link changes.
   * A row that changes nothing is ignored.
   */
  add(
    rec: PlannedRecord,
    prior: DiffSkuRow,
    changes: Record<string, StoredChange>,
    links: Record<string, StoredChange> = {},
  ) {
    const fieldKeys = Object.keys(changes);
    const linkKeys = Object.keys(links);
    const total = fieldKeys.length + linkKeys.length;
    if (!total) return;
    this.skusTotal++;
    this.changesTotal += total;
    const reset = approvalResetOf(prior);
    if (reset) this.approvalResets++;
    if (this.skus.length >= this.limits.skus) return;

    const room = Math.max(0, this.limits.changes - this.changesListed);
    const listed: ImportDiffChange[] = [];
    const entries: [string, StoredChange, ImportDiffChange['kind']][] = [
      ...fieldKeys.map((k) => [k, changes[k], isSkuColumn(k) ? 'sku' : 'dossier'] as [string, StoredChange, 'sku']),
      ...linkKeys.map((k) => [k, links[k], 'entity_link'] as [string, StoredChange, 'entity_link']),
    ];
    for (const [key, ch, kind] of entries.slice(0, room)) {
      const from = cut(ch.from, this.limits.value_chars);
      const to = cut(ch.to, this.limits.value_chars);
      if (from.truncated) this.valuesTruncated++;
      if (to.truncated) this.valuesTruncated++;
      listed.push({
        field_key: key,
        kind,
        from: from.value,
        to: to.value!,
        from_truncated: from.truncated,
        to_truncated: to.truncated,
        column: ch.column,
        resets_approval: reset !== null,
      });
    }
    this.changesListed += listed.length;
    const name = cut(prior.productName, this.limits.value_chars).value ?? '';
    this.skus.push({
      sku_id: prior.id,
      sku_code: prior.skuCode,
      product_name: name,
      row_number: rec.row_number,
      row_outcome: fieldKeys.length ? 'updated' : 'skipped',
      approval_reset: reset,
      changes: listed,
      changes_total: total,
      changes_omitted: total - listed.length,
    });
  }

  result(): ImportUpdateDiff {
    return {
      skus: this.skus,
      skus_total: this.skusTotal,
      skus_omitted: this.skusTotal - this.skus.length,
      changes_total: this.changesTotal,
      changes_omitted: this.changesTotal - this.changesListed,
      values_truncated: this.valuesTruncated,
      approval_resets: this.approvalResets,
      limits: { ...this.limits },
    };
  }
}
