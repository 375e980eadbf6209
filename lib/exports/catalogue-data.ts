/**
 * What an export run hands to a template: per SKU its identity, its confirmed dossier values, its
 * linked entities and documents. Read in batches of SKUs with one query per table joined on an id
 * array (not the per-SKU read model), each answering one row per SKU with the values aggregated to
 * JSON by the database, so 10,000 SKUs cost a few dozen queries and no row per value. Only confirmed,
 * current values are read: a suggestion never leaves the workspace.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { skuIdsInWorkspace } from '@/lib/skus/ids-in-workspace';
import type { EntityRole } from '@/lib/db/schema';

// Types, not interfaces: rows typed with them pass queryRows' Record<string, unknown> bound.
export type ExportEntity = {
  id: string;
  name: string;
  trade_mark: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  email: string | null;
  contact_url: string | null;
  phone: string | null;
};

export type ExportDocument = {
  id: string;
  filename: string;
  document_type: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  language: string | null;
  valid_until: string | null;
  is_public: boolean;
};

export interface ExportItem {
  sku: {
    id: string;
    sku_code: string;
    product_name: string;
    gtin: string | null;
    category_code: string;
    external_sku_id: string | null;
    public_id: string | null;
    /** The seller's economic-operator role for the SKU: its own, else the workspace's (issue 35). */
    operator_role?: string;
  };
  /** Confirmed, current dossier values by field key. */
  fields: Record<string, string>;
  entities: Partial<Record<EntityRole, ExportEntity>>;
  documents: ExportDocument[];
}

/**
 * SKUs per batch: small enough that a batch's objects stay a few megabytes (the batch being rendered
 * and the ones read ahead are all a run holds), large enough that each query carries a useful batch.
 * Each query of a batch finds its rows through the workspace (on PGlite, whose statistics no autovacuum
 * refreshes, the planner walks the workspace's rows and filters on the id array), so the cost grows
 * with the number of batches: 1,000 SKUs a batch read 10,000 SKUs in about 0.6 of the time of 250.
 */
export const EXPORT_CHUNK = 1000;

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/**
 * The SKU rows of an export page (exported so a test can check its plan). One primary-key probe per id
 * (skuIdsInWorkspace): with `workspace_id = … AND id = ANY(…)` the planner, on stale statistics, combined
 * the primary key with a workspace-led index and read every SKU of the workspace for each page.
 */
export function exportSkusQuery(workspaceId: string, ids: readonly string[]) {
  return sql`SELECT id, sku_code, product_name, gtin, category_code, external_sku_id, public_id,
      COALESCE(operator_role, (SELECT w.operator_role FROM workspaces w WHERE w.id = ${workspaceId})) AS operator_role FROM skus
    WHERE id = ANY(${skuIdsInWorkspace(workspaceId, ids)})`;
}

/**
 * Loads the items of these SKUs (in the given order; ids no longer in the workspace are left out):
 * one query per table, each an index lookup on the id array aggregated to one JSON row per SKU (parsed
 * here, so both drivers behave the same), reading only the columns an export uses. Lookups on the id
 * array (the SKU rows by one probe per id, exportSkusQuery), not correlated subqueries: their plans
 * stay good on stale statistics (PGlite has no autovacuum to refresh them).
 */
export async function loadExportItems(
  db: Db,
  { workspaceId, ids }: { workspaceId: string; ids: readonly string[] },
): Promise<ExportItem[]> {
  if (!ids.length) return [];
  const idArr = uuids(ids);
  const [skuRows, values, links, docs] = await Promise.all([
    queryRows<{
      id: string;
      sku_code: string;
      product_name: string;
      gtin: string | null;
      category_code: string;
      external_sku_id: string | null;
      public_id: string | null;
      operator_role: string;
    }>(db, exportSkusQuery(workspaceId, ids)),
    // One object per SKU; a field has one current confirmed value (dossier_values_current_idx is unique).
    queryRows<{ sku_id: string; j: string }>(
      db,
      sql`SELECT sku_id, json_object_agg(field_key, value)::text AS j FROM dossier_values
          WHERE workspace_id = ${workspaceId} AND sku_id = ANY(${idArr}) AND status = 'confirmed' AND superseded_at IS NULL
          GROUP BY sku_id`,
    ),
    queryRows<{ sku_id: string; j: string }>(
      db,
      sql`SELECT se.sku_id, json_agg(json_build_array(se.role, e.id, e.name, e.trade_mark, e.street, e.postal_code, e.city, e.region, e.country, e.email, e.contact_url, e.phone))::text AS j
          FROM sku_entities se JOIN entities e ON e.id = se.entity_id AND e.workspace_id = ${workspaceId}
          WHERE se.workspace_id = ${workspaceId} AND se.sku_id = ANY(${idArr})
          GROUP BY se.sku_id`,
    ),
    // The documents accepted as each SKU's evidence (lib/evidence/status.ts): a channel never
    // gets another product's declaration, nor one still waiting for a person. In attachment order, the
    // read model's, so a technical file numbers them as the SKU's dossier.zip does.
    queryRows<{ sku_id: string; j: string }>(
      db,
      sql`SELECT x.sku_id, json_agg(json_build_array(d.id, d.filename, d.document_type, d.mime_type, d.size_bytes::float8, d.sha256, d.storage_key, d.detected_language, d.valid_until::text, d.is_public) ORDER BY d.created_at, d.id)::text AS j
          FROM document_skus x
          JOIN documents d ON d.id = x.document_id AND d.workspace_id = ${workspaceId}
          WHERE x.workspace_id = ${workspaceId} AND x.sku_id = ANY(${idArr}) AND x.evidence_status = 'accepted'
          GROUP BY x.sku_id`,
    ),
  ]);

  const items = new Map<string, ExportItem>();
  for (const r of skuRows) {
    items.set(r.id, {
      sku: {
        id: r.id,
        sku_code: r.sku_code,
        product_name: r.product_name,
        gtin: r.gtin,
        category_code: r.category_code,
        external_sku_id: r.external_sku_id,
        public_id: r.public_id,
        operator_role: r.operator_role,
      },
      fields: {},
      entities: {},
      documents: [],
    });
  }
  for (const r of values) {
    const item = items.get(r.sku_id);
    if (item) item.fields = JSON.parse(r.j) as Record<string, string>;
  }
  type E = [EntityRole, string, string, ...Array<string | null>];
  for (const r of links) {
    const item = items.get(r.sku_id);
    if (!item) continue;
    for (const [
      role,
      id,
      name,
      trade_mark,
      street,
      postal_code,
      city,
      region,
      country,
      email,
      contact_url,
      phone,
    ] of JSON.parse(r.j) as E[]) {
      item.entities[role] = {
        id,
        name,
        trade_mark,
        street,
        postal_code,
        city,
        region,
        country,
        email,
        contact_url,
        phone,
      };
    }
  }
  type D = [string, string, string, string, number, string, string, string | null, string | null, boolean];
  for (const r of docs) {
    const item = items.get(r.sku_id);
    if (!item) continue;
    for (const [
      id,
      filename,
      document_type,
      mime_type,
      size_bytes,
      sha256,
      storage_key,
      language,
      valid_until,
      is_public,
    ] of JSON.parse(r.j) as D[]) {
      item.documents.push({
        id,
        filename,
        document_type,
        mime_type,
        size_bytes: Number(size_bytes),
        sha256,
        storage_key,
        language,
        valid_until,
        is_public,
      });
    }
    if (item.documents.length > 1)
      item.documents.sort((a, b) =>
        a.filename === b.filename ? a.id.localeCompare(b.id) : a.filename.localeCompare(b.filename),
      );
  }
  const out: ExportItem[] = [];
  for (const id of ids) {
    const item = items.get(id);
    if (item) out.push(item);
  }
  return out;
}

/** The operator of a role as an output needs it: the linked entity, else the confirmed dossier fields. */
export function operatorOf(
  item: ExportItem,
  role: 'manufacturer' | 'importer' | 'responsible_person',
): ExportEntity | null {
  const linked =
    item.entities[role] ?? (role === 'responsible_person' ? item.entities.authorised_representative : undefined);
  if (linked) return linked;
  const f = item.fields;
  const name = f[`${role}_name`];
  if (!name) return null;
  const address = f[`${role}_address`] ?? null;
  return {
    id: '',
    name,
    trade_mark: null,
    street: address,
    postal_code: null,
    city: null,
    region: null,
    country: f[`${role}_country`] ?? null,
    email: f[`${role}_email`] ?? null,
    contact_url: f[`${role}_url`] ?? null,
    phone: null,
  };
}

/** One postal address line (street, postcode city, region). */
export function addressLine(e: ExportEntity): string {
  return [e.street, [e.postal_code, e.city].filter(Boolean).join(' '), e.region]
    .filter((s) => s && String(s).trim())
    .join(', ');
}

/**
 * The snapshot hash: SHA-256 over exactly the confirmed data the run exported (identity, values,
 * operators, document hashes), in a canonical order and without timestamps, so the same data gives
 * the same hash whatever the run or template.
 */
export class SnapshotHasher {
  private readonly h = crypto.createHash('sha256');
  add(item: ExportItem) {
    const canonical = {
      sku: item.sku,
      fields: Object.keys(item.fields)
        .sort()
        .map((k) => [k, item.fields[k]]),
      entities: Object.keys(item.entities)
        .sort()
        .map((r) => [r, item.entities[r as EntityRole]]),
      documents: item.documents.map((d) => [d.id, d.document_type, d.sha256, d.language, d.valid_until]),
    };
    this.h.update(JSON.stringify(canonical));
    this.h.update('\n');
  }
  digest() {
    return `sha256:${this.h.digest('hex')}`;
  }
}
