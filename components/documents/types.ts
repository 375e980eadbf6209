/**
 * Shapes of the documents JSON the vault reads, as agreed in notes/issue4-api.md (preview routes) and
 * the interface spec (bulk upload, classification, containers). Contract types come from the domain
 * schemas as type-only imports, so no server code reaches the browser bundle.
 */
import type { ClassificationResult, Diagnostic, DocumentType } from '@/lib/classify/schemas';

export type { ClassificationResult, Diagnostic, DocumentType };

export const VAULT_DOCUMENT_TYPES = [
  'declaration_of_conformity',
  'test_report',
  'risk_assessment',
  'cpsr',
  'safety_data_sheet',
  'manual',
  'certificate',
  'other',
] as const satisfies readonly DocumentType[];

export const DOCUMENT_STATUS_FILTERS = ['expired', 'needs_review', 'low_confidence', 'unreadable'] as const;
export type DocumentStatusFilter = (typeof DOCUMENT_STATUS_FILTERS)[number];

export interface ExtractedFact {
  field_key: string;
  value: string;
  page: number | null;
  quote: string | null;
  confidence: number | null;
}

export interface Extraction {
  id: string;
  status: string;
  method: string | null;
  pages: number | null;
  text_chars: number | null;
  facts: ExtractedFact[];
  error: string | null;
  created_at: string;
}

export interface LinkedSku {
  id: string;
  sku_code: string;
  product_name: string;
  /** What the document states of this SKU (link picker: "gtin 4006381333931"). */
  match?: string;
  link_source?: 'manual' | 'auto';
  link_evidence?: { kind: string; value: string; quote: string | null }[] | null;
}

export interface VaultDocument {
  id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  document_type: DocumentType | null;
  classification_confidence: number | null;
  classification_source: 'rule' | 'llm' | 'manual' | string | null;
  artifact_kind: string | null;
  detected_language: string | null;
  snippet_source: string | null;
  classification: ClassificationResult | null;
  diagnostic: Diagnostic | null;
  issued_on: string | null;
  valid_until: string | null;
  expired: boolean;
  is_public: boolean;
  status: string | null;
  sku_ids: string[];
  skus: LinkedSku[];
  created_at: string;
  download_url: string | null;
  extractions?: Extraction[];
}

export interface DocumentPage {
  data: VaultDocument[];
  next_cursor: string | null;
  has_more: boolean;
}

export type BulkStatus = 'uploaded' | 'duplicate' | 'error' | 'skipped_quota';

export interface BulkResultItem {
  filename: string;
  status: BulkStatus;
  document_id?: string;
  error_code?: string;
  message?: string;
}

export interface BulkResponse {
  results: BulkResultItem[];
  summary: { uploaded: number; duplicate: number; error: number; skipped_quota?: number };
}

export type SkipReason =
  | 'encrypted_archive'
  | 'unsupported_format'
  | 'recursion_limit_exceeded'
  | 'opaque_p7m_envelope'
  | 'non_parseable_msg'
  | 'parse_failed'
  | 'empty_container';

export interface ContainerPart {
  filename: string;
  path_in_container: string;
  source_container: string;
  recursion_depth: number;
  mime_type: string;
  classification: ClassificationResult;
}

export interface ContainerSkipped {
  filename: string;
  path_in_container: string;
  source_container: string;
  recursion_depth: number;
  reason: SkipReason | string;
  message: string;
  diagnostic: ClassificationResult;
}

export interface ContainerClassification {
  source_container: string;
  recursion_limit: number;
  parts: ContainerPart[];
  skipped: ContainerSkipped[];
}

export type OrchestrateAction = 'upload.classified' | 'upload.routed' | 'upload.needs_review';
export type OrchestrateDestination = 'documentVault' | 'importWizard' | 'reviewQueue';

export interface OrchestrateBody {
  action: OrchestrateAction;
  filename: string | null;
  classification_type: string | null;
  confidence: number | null;
  destination: OrchestrateDestination | null;
  reasoning: string | null;
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobRun {
  id: string;
  type: string;
  status: JobStatus | string;
  subject_type: string | null;
  subject_id: string | null;
  progress: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  error: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface ReExtractResponse {
  jobs: { id: string; document_id: string; status: string; poll_url?: string }[];
  poll_url?: string;
}

export interface AuditEvent {
  id: string;
  action: string;
  /** The agreement leaves the actor's shape open: a label (e-mail) or an object naming the user or key. */
  actor: string | { id?: string | null; email?: string | null; label?: string | null; name?: string | null; type?: string | null } | null;
  target_type: string | null;
  target_id: string | null;
  data: Record<string, unknown> | null;
  created_at: string;
}
