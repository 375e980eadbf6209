/**
 * Shapes of the import JSON the wizard, batch list, review workbench and entity-resolution screen
 * read, as agreed in notes/issue5-api.md. A few members are also accepted in the spelling the
 * imports library uses (SheetInfo.visibility / non_empty_rows, ColumnMapping.target / detail), so
 * the screens read either.
 */

export const BATCH_STATUSES = ['queued', 'processing', 'completed', 'completed_with_errors', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export interface ImportBatch {
  id: string;
  filename: string;
  status: BatchStatus | string;
  created_at: string;
  total_rows?: number | null;
  processed_rows?: number | null;
  created_rows?: number | null;
  updated_rows?: number | null;
  skipped_rows?: number | null;
  failed_rows?: number | null;
  error_rows?: number | null;
  started_at?: string | null;
  completed_at?: string | null;
  file_format?: string | null;
  error_message?: string | null;
  job_id?: string | null;
  errors_url?: string | null;
}

export interface SheetEntry {
  name: string;
  visible?: boolean;
  visibility?: 'visible' | 'hidden' | 'very_hidden' | string;
  rows?: number | null;
  non_empty_rows?: number | null;
  has_data?: boolean;
}

export interface FileShapeInfo {
  filename: string;
  format: string;
  encoding?: string | null;
  delimiter?: string | null;
  sheets?: SheetEntry[];
  sheet?: string | null;
  header_row?: number | null;
  title_rows_skipped?: number | null;
  bom?: boolean;
  /** what the reader noticed: hidden sheets skipped, duplicate headers, a guessed encoding… */
  warnings?: { code?: string; message: string }[];
  [key: string]: unknown;
}

export interface DryRunColumn {
  index: number;
  header: string;
  field_key?: string | null;
  /** the library's name for field_key */
  target?: string | null;
  confidence?: number | null;
  reason?: string | null;
  detail?: string | null;
  sample_values?: string[];
  language?: string;
}

export interface RowIssue {
  row: number;
  column: string | null;
  code: string;
  message: string;
}

export interface SampleRow {
  row_number: number;
  status?: 'valid' | 'invalid' | 'skipped' | string;
  sku: Record<string, string | null>;
  dossier: Record<string, string>;
  errors: RowIssue[];
  warnings: RowIssue[];
}

export interface EntityProposed {
  name: string | null;
  address: string | null;
  email: string | null;
}

export interface EntityCandidateConflict {
  type?: string;
  message?: string;
  other_candidate_key?: string;
  values?: { value: string | null; rows: number[] }[];
  [key: string]: unknown;
}

export type ImportEntityRole = 'manufacturer' | 'importer' | 'responsible_person';
export type ResolutionAction = 'link_existing' | 'create_new' | 'ignore' | 'unresolved';

export interface EntityCandidate {
  candidate_key: string;
  role: ImportEntityRole | string;
  proposed_values: EntityProposed;
  source_rows: number[];
  /** all rows naming the candidate; source_rows may list only the first ones */
  source_row_count?: number;
  has_conflicts: boolean;
  conflicts: EntityCandidateConflict[];
  existing_entity_id?: string | null;
  country?: string | null;
}

export interface CandidateDecision {
  action: ResolutionAction | string;
  entity_id?: string | null;
  decided_at?: string | null;
  applied_at?: string | null;
}

export type ReviewCandidate = EntityCandidate & { decision?: CandidateDecision | null };

export interface DryRunCounts {
  total_rows: number;
  would_create: number;
  would_update: number;
  would_skip: number;
  would_fail: number;
}

export interface PlanLimitInfo {
  plan: string;
  limit: number | null;
  current_count: number | null;
}

export interface DryRunResponse {
  dry_run: true;
  file: FileShapeInfo;
  columns: DryRunColumn[];
  unmapped_columns: (DryRunColumn | { index: number; header: string; reason?: string; detail?: string } | string)[];
  sample_rows: SampleRow[];
  row_errors: RowIssue[];
  row_errors_total?: number;
  counts: DryRunCounts;
  plan_limit?: PlanLimitInfo | null;
  entity_candidates: EntityCandidate[];
  missing_required?: string[];
  mapping_errors?: { column: string; code: string; message: string }[];
  warnings?: ({ code?: string; message: string } | string)[];
  [key: string]: unknown;
}

export interface CommitResponse {
  batch: ImportBatch;
  job_id?: string | null;
}

export interface ReviewChange {
  field_key: string;
  from: string | null;
  to: string | null;
  provenance?: { batch_id?: string; row?: number; column?: string; [key: string]: unknown } | null;
}

export interface ReviewSku {
  sku_id: string;
  sku_code: string;
  product_name: string | null;
  outcome: 'created' | 'updated' | string;
  row_number: number | null;
  changes: ReviewChange[];
  warnings?: { column: string | null; code: string; message: string }[];
  /** open suggestions on the SKU (not yet confirmed values) */
  suggestions?: { id: string; field_key: string; value: string }[];
  blockers_count?: number | null;
}

export interface ReviewResponse {
  batch: ImportBatch;
  skus: ReviewSku[];
  row_errors: RowIssue[];
  row_errors_total?: number;
  entity_candidates: ReviewCandidate[];
  summary?: Record<string, unknown>;
}

export interface ResolutionDecision {
  candidate_key: string;
  role: string;
  action: ResolutionAction;
  entity_id?: string;
  proposed_values?: EntityProposed;
  source_rows?: number[];
  has_conflicts?: boolean;
  conflicts?: Record<string, unknown>[];
  reason?: string;
}

export interface ResolutionResponse {
  dry_run: boolean;
  batch_id: string;
  saved?: boolean;
  valid_decisions: number;
  planned: Record<ResolutionAction, number>;
  decisions?: ResolutionDecision[];
}

export type UrlFieldSource = 'jsonld' | 'microdata' | 'opengraph' | string;

export interface FromUrlResponse {
  url: string;
  final_url: string;
  fetched_at?: string;
  proposed: {
    product_name?: string | null;
    gtin?: string | null;
    sku_code?: string | null;
    mpn?: string | null;
    brand?: string | null;
    manufacturer?: string | null;
    images?: string[] | null;
    description?: string | null;
  };
  sources: Record<string, UrlFieldSource>;
  warnings: ({ code?: string; message?: string; field?: string } | string)[];
}
