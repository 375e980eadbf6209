/**
 * The document screens' names for the contract's shapes: every type here is a z.infer of the server
 * schemas (lib/documents, lib/containers, lib/classify), or a part of one. Nothing is restated by hand.
 */
import type { z } from 'zod';
import type { ClassificationResult, Diagnostic, DocumentType } from '@/lib/classify/schemas';
import type { ContainerClassificationSchema, SkipReasonSchema } from '@/lib/containers/schemas';
import type {
  BulkResultItem,
  DOCUMENT_STATUS_FILTERS as API_STATUS_FILTERS,
  DocumentExtraction,
  DocumentJson,
  JobRun,
  OrchestrateInput,
} from '@/lib/documents/schemas';

export type { ClassificationResult, Diagnostic, DocumentType };
export type {
  BulkResultItem,
  BulkUploadResponse as BulkResponse,
  DocumentExtraction as Extraction,
  DocumentJson as VaultDocument,
  DocumentPage,
  JobRun,
  ReExtractResponse,
} from '@/lib/documents/schemas';

/** The vault's type filter, in the order a user looks for them. */
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

/** The status chips of the vault: the listing's status filters a user narrows to. */
export const DOCUMENT_STATUS_FILTERS = [
  'expired',
  'needs_review',
  'low_confidence',
  'unreadable',
] as const satisfies readonly (typeof API_STATUS_FILTERS)[number][];
export type DocumentStatusFilter = (typeof DOCUMENT_STATUS_FILTERS)[number];

export type ExtractedFact = DocumentExtraction['facts'][number];
export type LinkedSku = Pick<DocumentJson['skus'][number], 'id' | 'sku_code' | 'product_name'> &
  Partial<DocumentJson['skus'][number]>;
export type BulkStatus = BulkResultItem['status'];
export type SkipReason = z.infer<typeof SkipReasonSchema>;
export type ContainerClassification = z.infer<typeof ContainerClassificationSchema>;
export type ContainerPart = ContainerClassification['parts'][number];
export type ContainerSkipped = ContainerClassification['skipped'][number];
export type OrchestrateBody = OrchestrateInput;
export type OrchestrateAction = OrchestrateInput['action'];
export type OrchestrateDestination = NonNullable<OrchestrateInput['destination']>;
export type JobStatus = JobRun['status'];
