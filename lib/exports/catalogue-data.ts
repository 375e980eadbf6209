/**
 * What an export run hands to a template: per SKU its identity, its confirmed dossier values, its
 * linked entities and documents. Read in chunks of SKUs with one query per table joined on an id array
 * (not the per-SKU read model), so 10,000 SKUs cost a few dozen queries. Only confirmed, current
 * values are read: a suggestion never leaves the workspace.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
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
  sku: { id: string; sku_code: string; product_name: string; gtin: string | null; category_code: string; external_sku_id: string | null; public_id: string | null };
  /** Confirmed, current dossier values by field key. */
  fields: Record<string, string>;
  entities: Partial<Record<EntityRole, ExportEntity>>;
  documents: ExportDocument[];
}

export const EXPORT_CHUNK = 1000;

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/**
 * Loads the items of these SKUs (in the given order; ids no longer in the workspace are left out):
 * one query per table, each joined on the id array, reading only the columns an export uses.
 */
export async function loadExportItems(db: Db, workspaceId: string, ids: readonly string[]): Promise<ExportItem[]> {
  if (!ids.length) return [];
  const idArr = uuids(ids);
  const [skuRows, values, links, docs] = await Promise.all([
    queryRows<{ id: string; sku_code: string; product_name: string; gtin: string | null; category_code: string; external_sku_id: string | null; public_id: string | null }>(
      db,
      sql`SELECT id, sku_code, product_name, gtin, category_code, external_sku_id, public_id FROM skus WHERE workspace_id = ${workspaceId} AND id = ANY(${idArr})`,
    ),
    // Ordered by confirmation time, so the latest confirmation wins when a field has more than one.
    queryRows<{ sku_id: string; field_key: string; value: string }>(
      db,
      sql`SELECT sku_id, field_key, value FROM dossier_values
          WHERE workspace_id = ${workspaceId} AND sku_id = ANY(${idArr}) AND status = 'confirmed' AND superseded_at IS NULL
          ORDER BY COALESCE(decided_at, created_at), id`,
    ),
    queryRows<{ sku_id: string; role: EntityRole } & ExportEntity>(
      db,
      sql`SELECT se.sku_id, se.role, e.id, e.name, e.trade_mark, e.street, e.postal_code, e.city, e.region, e.country, e.email, e.contact_url, e.phone
          FROM sku_entities se JOIN entities e ON e.id = se.entity_id AND e.workspace_id = ${workspaceId}
          WHERE se.workspace_id = ${workspaceId} AND se.sku_id = ANY(${idArr})`,
    ),
    // Documents filed on the SKU and documents linked to it, once each.
    queryRows<{ sku_id: string } & ExportDocument>(
      db,
      sql`SELECT x.sku_id, d.id, d.filename, d.document_type, d.mime_type, d.size_bytes::float8 AS size_bytes, d.sha256, d.storage_key,
                 d.detected_language AS language, d.valid_until::text AS valid_until, d.is_public
          FROM (SELECT id AS document_id, sku_id FROM documents WHERE workspace_id = ${workspaceId} AND sku_id = ANY(${idArr})
                UNION SELECT document_id, sku_id FROM document_skus WHERE workspace_id = ${workspaceId} AND sku_id = ANY(${idArr})) x
          JOIN documents d ON d.id = x.document_id AND d.workspace_id = ${workspaceId}`,
    ),
  ]);

  const items = new Map<string, ExportItem>();
  for (const r of skuRows) {
    items.set(r.id, {
      sku: { id: r.id, sku_code: r.sku_code, product_name: r.product_name, gtin: r.gtin, category_code: r.category_code, external_sku_id: r.external_sku_id, public_id: r.public_id },
      fields: {},
      entities: {},
      documents: [],
    });
  }
  for (const v of values) {
    const item = items.get(v.sku_id);
    if (item) item.fields[v.field_key] = v.value;
  }
  for (const e of links) {
    const item = items.get(e.sku_id);
    if (!item) continue;
    item.entities[e.role] = { id: e.id, name: e.name, trade_mark: e.trade_mark, street: e.street, postal_code: e.postal_code, city: e.city, region: e.region, country: e.country, email: e.email, contact_url: e.contact_url, phone: e.phone };
  }
  for (const d of docs) {
    const item = items.get(d.sku_id);
    if (!item) continue;
    item.documents.push({
      id: d.id,
      filename: d.filename,
      document_type: d.document_type,
      mime_type: d.mime_type,
      size_bytes: Number(d.size_bytes),
      sha256: d.sha256,
      storage_key: d.storage_key,
      language: d.language,
      valid_until: d.valid_until,
      is_public: d.is_public,
    });
  }
  for (const item of items.values()) {
    if (item.documents.length > 1) item.documents.sort((a, b) => (a.filename === b.filename ? a.id.localeCompare(b.id) : a.filename.localeCompare(b.filename)));
  }
  const out: ExportItem[] = [];
  for (const id of ids) {
    const item = items.get(id);
    if (item) out.push(item);
  }
  return out;
}

/** The operator of a role as an output needs it: the linked entity, else the confirmed dossier fields. */
export function operatorOf(item: ExportItem, role: 'manufacturer' | 'importer' | 'responsible_person'): ExportEntity | null {
  const linked = item.entities[role] ?? (role === 'responsible_person' ? item.entities.authorised_representative : undefined);
  if (linked) return linked;
  const f = item.fields;
  const name = f[`${role}_name`];
  if (!name) return null;
  const address = f[`${role}_address`] ?? null;
  return { id: '', name, trade_mark: null, street: address, postal_code: null, city: null, region: null, country: f[`${role}_country`] ?? null, email: f[`${role}_email`] ?? null, contact_url: f[`${role}_url`] ?? null, phone: null };
}

/** One postal address line (street, postcode city, region). */
export function addressLine(e: ExportEntity): string {
  return [e.street, [e.postal_code, e.city].filter(Boolean).join(' '), e.region].filter((s) => s && String(s).trim()).join(', ');
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
