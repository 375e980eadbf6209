/**
 * The evidence status shapes of a document-SKU link, apart from lib/documents/schemas.ts: client components
 * (the supplier request view) read them through lib/outreach/schemas.ts, and the documents schemas pull in
 * the multipart form helpers, which use node:fs and cannot go into a browser bundle.
 */
import { z } from 'zod';
import { EVIDENCE_REASON_CODES } from '@/lib/enums';

export { EVIDENCE_REASON_CODES, type EvidenceReasonCode } from '@/lib/enums';

export const EVIDENCE_STATUSES = ['proposed', 'accepted', 'rejected', 'about_another_product'] as const;
export const LINK_ORIGINS = ['person', 'extraction', 'supplier_upload', 'inbound_mail'] as const;
export const EvidenceReasonCodeSchema = z
  .enum(EVIDENCE_REASON_CODES)
  .nullable()
  .describe(
    'Which sentence evidence_reason is (null on links not re-evaluated since codes exist); person_reason: what a person wrote.',
  );
export const EvidenceReasonParamsSchema = z
  .record(z.string(), z.string())
  .nullable()
  .describe("The values evidence_reason names (a person's name, codes, the document's quotes).");
const IdentitySchema = z.object({
  model_number: z.string().nullable(),
  manufacturer_name: z.string().nullable(),
  gtin: z.string().nullable(),
});
/** What the evidence rule compared: the document's identity facts beside the SKU's, with quotes. */
export const EvidenceFactsSchema = z
  .object({
    matches: z.array(
      z.object({ kind: z.enum(['gtin', 'sku_code', 'model_number']), value: z.string(), quote: z.string().nullable() }),
    ),
    contradictions: z.array(
      z.object({ field_key: z.string(), document: z.string(), sku: z.string(), quote: z.string().nullable() }),
    ),
    document_identity: IdentitySchema,
    sku_identity: IdentitySchema.extend({ sku_code: z.string(), product_name: z.string() }),
  })
  .meta({ id: 'DocumentEvidenceFacts' });
