/** Input of the dossier PDF: a plain snapshot the integrator assembles from the database. */
import type { DocumentType, EntityRole, Severity } from '@/lib/requirements/types';

export type ProvenanceSource =
  'manual' | 'import' | 'document_extraction' | 'ai_suggestion' | 'entity_sync' | 'supplier_answer';
export type FieldStatus = 'suggested' | 'confirmed' | 'rejected';

export interface DossierPdfProvenance {
  source: ProvenanceSource;
  document_id?: string | null;
  /** Shown instead of the id. */
  document_name?: string | null;
  page?: number | null;
  quote?: string | null;
  batch_id?: string | null;
  row?: number | null;
  column?: string | null;
  job_id?: string | null;
  entity_id?: string | null;
}

export interface DossierPdfField {
  /** A canonical catalogue key; unknown keys are rendered under "category" with the raw key as label. */
  key: string;
  value: string;
  status: FieldStatus;
  provenance?: DossierPdfProvenance | null;
  /** Who confirmed it and when, if known. */
  confirmed_by?: string | null;
  confirmed_at?: string | null;
}

export interface DossierPdfEntity {
  role: EntityRole;
  name: string;
  trade_mark?: string | null;
  /** Postal address lines (street, postcode and city, region), without the country. */
  address_lines?: readonly string[] | null;
  /** ISO alpha-2; shown as a country name in the locale. */
  country?: string | null;
  email?: string | null;
  url?: string | null;
  phone?: string | null;
  /** Defaults to what the country says. */
  eu_established?: boolean | null;
}

export interface DossierPdfBlocker {
  code: string;
  severity: Severity;
  message: string;
  required_fields?: readonly string[];
  waived?: { by: string; at: string; reason: string } | null;
  /** Context the engine stored (e.g. languages of a missing translation): shown in the locale's words. */
  details?: {
    languages?: readonly string[];
    /** A regime not checked: the acts it names. */
    acts?: string;
    /** Markets outside the EU/EEA whose law is not checked. */
    markets?: readonly string[];
  } | null;
}

export interface DossierPdfDocument {
  name: string;
  type: DocumentType | string;
  sha256: string;
  size_bytes: number;
  valid_until?: string | null;
}

export interface DossierPdfAudit {
  approved?: { by: string; at: string } | null;
  reviews?: ReadonlyArray<{ by: string; at: string; outcome?: string | null; note?: string | null }>;
  publications?: ReadonlyArray<{ revision: number; at: string; by?: string | null; url?: string | null }>;
}

export interface DossierPdfInput {
  workspace: { name: string };
  sku: {
    sku_code: string;
    product_name: string;
    gtin?: string | null;
    category_code?: string | null;
    external_sku_id?: string | null;
    created_at?: string | null;
    /** A status word for the cover (e.g. "approved", "published"); known states are translated. */
    status?: string | null;
    review_state?: string | null;
    approval_state?: string | null;
    profile_id?: string | null;
  };
  entities: readonly DossierPdfEntity[];
  /** Pass confirmed values (suggested ones, if passed, are printed with their status). */
  fields: readonly DossierPdfField[];
  blockers: readonly DossierPdfBlocker[];
  documents: readonly DossierPdfDocument[];
  audit: DossierPdfAudit;
  /** ISO timestamp; also the PDF's creation date, so the same input gives the same file. */
  generated_at: string;
}
