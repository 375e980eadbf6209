/**
 * Blockers of the SKUs an import chunk touched, recomputed set-based. recomputeSku (lib/skus/evaluate)
 * costs about seven queries per SKU, which dominated a large import; here a chunk's SKUs are loaded in
 * a few queries. Only "plain" SKUs take this path: no linked entity, document, open review issue or
 * waiver, so their RequirementInput is exactly what loadRequirementInput would build from the SKU row
 * and its dossier values. Every other SKU goes through recomputeSku itself, so nothing is duplicated
 * for the cases that need the full input. (tests/api/imports checks both paths agree.)
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { queryRows } from '@/lib/db/rows';
import { evaluateRequirements, type Blocker, type OperatorRole } from '@/lib/requirements';
import { recomputeSku, toStoredBlocker } from './evaluate';
import { skuIdsInWorkspace } from './ids-in-workspace';
import { confirmedFacts, type extractionConflicts } from '@/lib/evidence/value-conflicts';

const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

export async function recomputeSkusBulk(
  db: Db,
  { workspaceId, skuIds }: { workspaceId: string; skuIds: string[] },
): Promise<void> {
  if (!skuIds.length) return;
  const ids = [...new Set(skuIds)];
  const complex = new Set(
    (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT sku_id AS id FROM sku_entities WHERE sku_id = ANY(${uuids(ids)})
            UNION SELECT sku_id FROM document_skus WHERE sku_id = ANY(${uuids(ids)})
            UNION SELECT sku_id FROM review_issues WHERE sku_id = ANY(${uuids(ids)}) AND status = 'open'
            UNION SELECT sku_id FROM blocker_waivers WHERE sku_id = ANY(${uuids(ids)}) AND revoked_at IS NULL`,
        { prepared: true },
      )
    ).map((r) => r.id),
  );
  for (const id of complex) await recomputeSku(db, { workspaceId, skuId: id });
  const plain = ids.filter((id) => !complex.has(id));
  if (!plain.length) return;

  const skuRows = await queryRows<PlainSku & { id: string }>(db, plainSkusQuery(workspaceId, plain), {
    prepared: true,
  });
  const values = await queryRows<{
    id: string;
    sku_id: string;
    field_key: string;
    value: string;
    status: string;
    source: string;
  }>(db, currentValuesQuery(plain), { prepared: true });
  const bySku = new Map<string, typeof values>();
  for (const v of values) {
    let list = bySku.get(v.sku_id);
    if (!list) bySku.set(v.sku_id, (list = []));
    list.push(v);
  }

  const out = {
    id: [] as string[],
    blockers: [] as string[],
    blockerCount: [] as number[],
    warningCount: [] as number[],
    profile: [] as string[],
    category: [] as string[],
    defaulted: [] as string[],
    match: [] as string[],
  };
  for (const s of skuRows) {
    // As loadRequirementInput: the confirmed values, and document suggestions that disagree with them.
    const { fields, conflicts } = confirmedFacts(bySku.get(s.id) ?? []);
    const b = plainSkuBlockers(s, fields, conflicts);
    out.id.push(s.id);
    out.blockers.push(b.blockers);
    out.blockerCount.push(b.blocker_count);
    out.warningCount.push(b.warning_count);
    out.profile.push(b.profile_id);
    out.category.push(b.category_code);
    out.defaulted.push(String(b.category_defaulted));
    out.match.push(b.category_match);
  }
  await executePrepared(
    db,
    sql`
    UPDATE skus SET blockers = u.blockers::jsonb, blocker_count = u.blocker_count, warning_count = u.warning_count, requirement_profile_id = u.profile_id,
      category_code = u.category_code, category_defaulted = u.category_defaulted::boolean, category_match = u.category_match::jsonb, updated_at = now()
    FROM unnest(${uuids(out.id)}, ${sql.param(out.blockers)}::text[], ${sql.param(out.blockerCount)}::int[], ${sql.param(out.warningCount)}::int[], ${sql.param(out.profile)}::text[],
                ${sql.param(out.category)}::text[], ${sql.param(out.defaulted)}::text[], ${sql.param(out.match)}::text[])
      AS u(id, blockers, blocker_count, warning_count, profile_id, category_code, category_defaulted, category_match)
    WHERE skus.id = u.id AND skus.id = ANY(${skuIdsInWorkspace(workspaceId, out.id)})`,
  );
}

/**
 * The SKU rows and the values of recomputeSkusBulk: one index probe per id (a LATERAL subquery that is not
 * flattened), whatever the statistics say (see findSkusByCode in repo-write.ts). Exported so a test can
 * check their plans.
 */
export function plainSkusQuery(workspaceId: string, ids: string[]) {
  return sql`SELECT s.id, s.category_code, s.category_defaulted, s.category_text, s.category_source, s.product_name, s.gtin, s.requirement_profile_id, s.operator_role FROM unnest(${uuids(ids)}) AS a(id)
    CROSS JOIN LATERAL (SELECT x.id, x.category_code, x.category_defaulted, x.category_text, x.category_match->>'source' AS category_source, x.product_name, x.gtin, x.requirement_profile_id,
      COALESCE(x.operator_role, (SELECT w.operator_role FROM workspaces w WHERE w.id = x.workspace_id)) AS operator_role FROM skus x WHERE x.id = a.id AND x.workspace_id = ${workspaceId} OFFSET 0) s`;
}

export function currentValuesQuery(ids: string[]) {
  return sql`SELECT v.id, v.sku_id, v.field_key, v.value, v.status, v.source FROM unnest(${uuids(ids)}) AS a(id)
    CROSS JOIN LATERAL (SELECT x.id, x.sku_id, x.field_key, x.value, x.status, x.source FROM dossier_values x WHERE x.sku_id = a.id AND x.superseded_at IS NULL OFFSET 0) v`;
}

/**
 * The stored blockers of a plain SKU (see above) from its row and confirmed values. A SKU an import
 * creates is plain by construction (nothing can link to it before its row exists), so the write path
 * computes its blockers here and inserts the row with them, instead of inserting and updating it.
 */
type PlainSku = {
  category_code: string;
  /** absent: category_code is taken as given */
  category_defaulted?: boolean;
  category_text?: string | null;
  category_source?: string | null;
  product_name?: string | null;
  gtin: string | null;
  requirement_profile_id: string | null;
  /** The seller's role for the SKU (its own, else the workspace's); absent: manufacturer. */
  operator_role?: OperatorRole | null;
};

export function plainSkuBlockers(
  sku: PlainSku,
  fields: Record<string, string>,
  conflicts: ReturnType<typeof extractionConflicts> = [],
) {
  const evaluation = evaluateRequirements({
    sku: {
      category_code: sku.category_code,
      category_defaulted: sku.category_defaulted,
      category_text: sku.category_text,
      category_source: sku.category_source,
      product_name: sku.product_name,
      gtin: sku.gtin,
    },
    fields,
    entities: [],
    documents: [],
    conflicts,
    review_issues: [],
    waivers: [],
    profile_id: sku.requirement_profile_id,
    operator_role: sku.operator_role ?? null,
  });
  return {
    blockers: blockerListJson(evaluation.blockers),
    blocker_count: evaluation.open_blocker_count,
    warning_count: evaluation.open_warning_count,
    profile_id: evaluation.profile_id,
    category_code: evaluation.category_code,
    category_defaulted: evaluation.category_defaulted,
    category_match: JSON.stringify(evaluation.category_match),
  };
}

/**
 * The JSON of a stored blocker list. SKUs of one catalogue mostly get the same list, and comparing a
 * list with the few written out last is cheaper than writing it out again: a new SKU's list is ~6 KB of
 * JSON, 14 µs to write and 3 µs to compare (one in three of the import's blocker time, and 0.6 GB of
 * garbage per 100k SKUs). A list equal to a recent one gets that one's text: the same JSON value. The
 * engine's blockers are compared as they come (the stored form is a pure function of each), so only a
 * list not seen recently is converted.
 */
const recentLists: { list: unknown; json: string }[] = [];
const RECENT_LISTS = 8;

function blockerListJson(list: Blocker[]): string {
  for (let i = 0; i < recentLists.length; i++) {
    const hit = recentLists[i];
    if (!sameJsonValue(hit.list, list)) continue;
    if (i > 0) recentLists.unshift(...recentLists.splice(i, 1));
    return hit.json;
  }
  const json = JSON.stringify(list.map(toStoredBlocker));
  recentLists.unshift({ list, json });
  if (recentLists.length > RECENT_LISTS) recentLists.pop();
  return json;
}

/** Whether two JSON-like values (plain objects, arrays, primitives) are equal; key order aside. */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJsonValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const k in x) {
    // An undefined property is left out of JSON: it counts as absent on either side.
    if (x[k] === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(y, k) || !sameJsonValue(x[k], y[k])) return false;
    keys++;
  }
  for (const k in y) if (y[k] !== undefined) keys--;
  return keys === 0;
}
