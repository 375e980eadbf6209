/**
 * The immutable snapshot a publication stores as a sku_revisions row: identification, the GPSR Art. 19
 * block per published language, entities with postal and electronic address, confirmed public fields
 * only, public documents and the schema.org JSON-LD. Pure: the caller loads the read model and, if
 * it could, captured the product picture. The public page renders this, never live data.
 */
import { gtin14 as validGtin14 } from '@/lib/gtin';
import { isEuEstablished } from '@/lib/requirements';
import type { SkuReadModel } from '@/lib/skus/read-model';
import { entityAddressLines } from '@/lib/skus/read-model';
import {
  buildArt19Block,
  buildPublishedSnapshot,
  type Art19Block,
  type PublishedDocument,
  type PublishedSnapshot,
  type SnapshotEntityInput,
} from './art19';
import { buildProductJsonLd } from './jsonld';
import { detectSourceLanguage } from './source-language';

export interface PublicDocumentEntry extends PublishedDocument {
  sha256: string;
  size_bytes: number;
  mime_type: string;
}

export type SnapshotPicture =
  | {
      captured: true;
      source_url: string;
      url: string;
      content_type: string;
      sha256: string;
      size_bytes: number;
      blob_key: string;
    }
  | { captured: false; source_url: string; reason: string };

export interface SnapshotEntity {
  role: string;
  name: string;
  trade_mark: string | null;
  address_lines: string[];
  postal_address: string | null;
  country: string | null;
  email: string | null;
  contact_url: string | null;
  phone: string | null;
  eu_established: boolean;
}

export interface RevisionSnapshot extends PublishedSnapshot {
  kind: 'sku_revision';
  published_by: string | null;
  identification: {
    sku_code: string;
    product_name: string;
    gtin: string | null;
    /** The GTIN padded to 14 digits (GS1 Digital Link form), when valid. */
    gtin14: string | null;
    model_number: string | null;
    batch_or_serial_scheme: string | null;
    brand: string | null;
    category_code: string | null;
  };
  entities: SnapshotEntity[];
  documents: PublicDocumentEntry[];
  /** The Art. 19 block of every published language ("default" when none has safety text). */
  art19: Record<string, Art19Block>;
  json_ld: Record<string, unknown>;
  picture: SnapshotPicture | null;
  requirement_profile_id: string | null;
}

export interface SnapshotMeta {
  public_id: string;
  revision: number;
  published_at: string;
  published_by: string | null;
  /** Origin of public URLs, without a trailing slash. */
  base_url: string;
  picture?: SnapshotPicture | null;
}

export const publicPageUrl = (baseUrl: string, publicId: string) => `${baseUrl.replace(/\/+$/, '')}/p/${publicId}`;

/** GTIN padded to 14 digits when its check digit is valid (8, 12, 13 or 14 digits), else null. */
export function gtin14(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // Stored GTINs may have a wrong check digit (a warning); the GS1 link and the page use only valid ones.
  return validGtin14(raw);
}

/**
 * The documents a revision publishes: linked, accepted as evidence about this product (issue 33: a public
 * page never shows another product's declaration), marked public, not expired.
 */
export function publicDocumentsOf(model: SkuReadModel, pageUrl: string): PublicDocumentEntry[] {
  return model.documents
    .filter((d) => d.evidence_status === 'accepted' && d.row.isPublic && !d.expired)
    .map((d) => ({
      id: d.row.id,
      name: d.row.filename,
      type: d.row.documentType,
      language: d.row.detectedLanguage,
      url: `${pageUrl}/documents/${d.row.id}`,
      sha256: d.row.sha256,
      size_bytes: d.row.sizeBytes,
      mime_type: d.row.mimeType,
    }));
}

export function buildRevisionSnapshot(model: SkuReadModel, meta: SnapshotMeta): RevisionSnapshot {
  const pageUrl = publicPageUrl(meta.base_url, meta.public_id);
  const confirmed: Record<string, string> = {};
  for (const f of model.fields) confirmed[f.field_key] = f.value;

  const entityInputs: SnapshotEntityInput[] = model.entities.map((e) => ({
    role: e.role,
    name: e.row.name,
    address_lines: entityAddressLines(e.row),
    country: e.row.country,
    email: e.row.email,
    url: e.row.contactUrl,
    phone: e.row.phone,
  }));
  const documents = publicDocumentsOf(model, pageUrl);
  const base = buildPublishedSnapshot({
    public_id: meta.public_id,
    revision: meta.revision,
    published_at: meta.published_at,
    public_url: pageUrl,
    sku: {
      sku_code: model.row.skuCode,
      product_name: model.row.productName,
      gtin: model.row.gtin,
      category_code: model.row.categoryCode,
    },
    fields: confirmed,
    entities: entityInputs,
    documents,
    source_language: detectSourceLanguage(confirmed),
  });

  const art19: Record<string, Art19Block> = {};
  if (base.languages.length === 0) art19.default = buildArt19Block(base);
  for (const lang of base.languages) art19[lang] = buildArt19Block(base, lang);

  const jsonLd: Record<string, unknown> = buildProductJsonLd(base);
  // Our own copy, as an absolute URL (consumers of JSON-LD resolve nothing relative).
  if (meta.picture?.captured)
    jsonLd.image = new URL(meta.picture.url, `${meta.base_url.replace(/\/+$/, '')}/`).toString();

  return {
    ...base,
    documents,
    kind: 'sku_revision',
    published_by: meta.published_by,
    identification: {
      sku_code: model.row.skuCode,
      product_name: model.row.productName,
      gtin: base.sku.gtin,
      gtin14: gtin14(base.sku.gtin),
      model_number: base.fields.model_number ?? null,
      batch_or_serial_scheme: base.fields.batch_or_serial_scheme ?? null,
      brand: base.fields.brand ?? null,
      category_code: model.row.categoryCode,
    },
    entities: model.entities.map((e) => ({
      role: e.role,
      name: e.row.name,
      trade_mark: e.row.tradeMark,
      address_lines: entityAddressLines(e.row),
      postal_address: e.entity.postal_address,
      country: e.row.country,
      email: e.row.email,
      contact_url: e.row.contactUrl,
      phone: e.row.phone,
      eu_established: isEuEstablished(e.row.country),
    })),
    art19,
    json_ld: jsonLd,
    picture: meta.picture ?? null,
    requirement_profile_id: model.row.requirementProfileId,
  };
}
