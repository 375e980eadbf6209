/**
 * What a passport is compiled from: the approved read model of a SKU at the moment a revision is
 * published, reduced to confirmed values with their provenance, the linked operators and the documents
 * accepted as evidence about this very product (never suggestions, never another product's documents).
 * Pure: the compiler loads the read model inside the publication's transaction.
 */
import type { SkuReadModel } from '@/lib/skus/read-model';
import { entityAddressLines } from '@/lib/skus/read-model';
import { gtin14 } from '@/lib/gtin';
import type { Provenance } from '@/lib/db/schema';

export interface SourceField {
  value: string;
  /** manual, import, document_extraction, entity_sync, supplier_answer (ai_suggestion only once a person confirmed it) */
  source: string;
  provenance: Provenance;
  confirmed_by: string | null;
  confirmed_at: string | null;
}

export interface SourceEntity {
  role: string;
  name: string;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  address_lines: string[];
  country: string | null;
  email: string | null;
  url: string | null;
  phone: string | null;
}

export interface SourceDocument {
  id: string;
  name: string;
  type: string;
  sha256: string;
  mime_type: string;
  is_public: boolean;
  valid_until: string | null;
  /** Public download URL for public documents, else the workspace API's file URL (needs access). */
  url: string;
}

export interface PassportSource {
  base_url: string;
  public_id: string;
  version: number;
  revision: number;
  published_at: string;
  workspace_name: string;
  approved_by: string | null;
  approved_at: string | null;
  sku: {
    id: string;
    sku_code: string;
    product_name: string;
    gtin: string | null;
    gtin14: string | null;
    category_code: string;
  };
  fields: Record<string, SourceField>;
  entities: SourceEntity[];
  documents: SourceDocument[];
}

export interface SourceMeta {
  base_url: string;
  public_id: string;
  version: number;
  revision: number;
  published_at: string;
}

export function passportSourceOf(model: SkuReadModel, meta: SourceMeta): PassportSource {
  const base = meta.base_url.replace(/\/+$/, '');
  const pageUrl = `${base}/p/${meta.public_id}`;
  const fields: Record<string, SourceField> = {};
  for (const f of model.fields)
    fields[f.field_key] = {
      value: f.value,
      source: f.source,
      provenance: f.provenance as Provenance,
      confirmed_by: f.confirmed_by,
      confirmed_at: f.confirmed_at,
    };
  return {
    ...meta,
    base_url: base,
    workspace_name: model.workspace.name,
    approved_by: model.row.approvedByLabel,
    approved_at: model.row.approvedAt?.toISOString() ?? null,
    sku: {
      id: model.row.id,
      sku_code: model.row.skuCode,
      product_name: model.row.productName,
      gtin: model.row.gtin,
      gtin14: model.row.gtin ? gtin14(model.row.gtin) : null,
      category_code: model.row.categoryCode,
    },
    fields,
    entities: model.entities.map((e) => ({
      role: e.role,
      name: e.row.name,
      street: e.row.street,
      postal_code: e.row.postalCode,
      city: e.row.city,
      address_lines: entityAddressLines(e.row),
      country: e.row.country,
      email: e.row.email,
      url: e.row.contactUrl,
      phone: e.row.phone,
    })),
    documents: model.documents
      .filter((d) => d.evidence_status === 'accepted' && !d.expired)
      .map((d) => ({
        id: d.row.id,
        name: d.row.filename,
        type: d.row.documentType,
        sha256: d.row.sha256,
        mime_type: d.row.mimeType,
        is_public: d.row.isPublic,
        valid_until: d.row.validUntil ?? null,
        url: d.row.isPublic ? `${pageUrl}/documents/${d.row.id}` : `${base}/api/documents/${d.row.id}/file`,
      })),
  };
}
