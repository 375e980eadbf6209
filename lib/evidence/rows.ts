import type { documents, EvidenceStatus, LinkOrigin } from '@/lib/db/schema';
import type { EvidenceFacts, EvidenceReasonCode } from './status';

/** A document's row, and a SKU as linked to it: the shapes the evidence code and the documents slice share. */
export type DocumentRow = typeof documents.$inferSelect;
export interface LinkedSku {
  id: string;
  sku_code: string;
  product_name: string;
  /** 'auto' when extraction linked the document by the SKU's exact GTIN or code (with the evidence). */
  link_source?: 'manual' | 'auto';
  link_evidence?: { kind: string; value: string; quote: string | null }[] | null;
  /** Whether the document is evidence about this SKU (lib/evidence/status.ts). */
  link_origin?: LinkOrigin;
  evidence_status?: EvidenceStatus;
  evidence_reason?: string | null;
  evidence_reason_code?: EvidenceReasonCode | null;
  evidence_reason_params?: Record<string, string> | null;
  evidence_facts?: EvidenceFacts | null;
  decided_by?: string | null;
  decided_at?: string | null;
}
