import { z } from 'zod';
import { DateTime, Uuid } from '@/lib/http/schemas';

export const GTIN_CLAIM_KINDS = ['prefix', 'gtin'] as const;
export const GTIN_CLAIM_STATUSES = ['pending', 'verified', 'rejected'] as const;

export const CreateGtinClaimInput = z
  .strictObject({
    kind: z.enum(GTIN_CLAIM_KINDS).describe('prefix: a GS1 company prefix (GTIN-13 form); gtin: one GTIN.'),
    value: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .describe(
        'Digits. A prefix has 4 to 12 digits as GS1 assigned it in GTIN-13 form (a U.S. UPC prefix with a leading 0); a GTIN has 8, 12, 13 or 14 digits and a valid check digit.',
      ),
    evidence: z
      .string()
      .trim()
      .max(1000)
      .nullable()
      .optional()
      .describe(
        'What staff can check: the GS1 licence number, a GEPIR link, a certificate of the member organisation.',
      ),
  })
  .meta({ id: 'CreateGtinClaimInput' });
export type CreateGtinClaimInput = z.infer<typeof CreateGtinClaimInput>;

export const GtinClaim = z
  .object({
    id: Uuid,
    kind: z.enum(GTIN_CLAIM_KINDS),
    value: z.string().describe('Prefix digits (GTIN-13 form), or the GTIN as GTIN-14.'),
    status: z.enum(GTIN_CLAIM_STATUSES),
    evidence: z.string().nullable(),
    decided_at: DateTime.nullable(),
    decision_note: z.string().nullable(),
    created_at: DateTime,
    disputed: z
      .boolean()
      .describe('Another workspace claims or has published a GTIN this claim covers (staff decide; no names here).'),
  })
  .meta({ id: 'GtinClaim' });
export type GtinClaim = z.infer<typeof GtinClaim>;

export const DecideGtinClaimInput = z
  .strictObject({
    decision: z.enum(['verified', 'rejected']),
    note: z.string().trim().max(1000).nullable().optional().describe('Why (kept with the claim and in the audit log).'),
  })
  .meta({ id: 'DecideGtinClaimInput' });

export const StaffGtinClaimsQuery = z.strictObject({
  status: z.enum(['pending', 'verified', 'rejected', 'disputed', 'all']).default('all'),
});

const StaffConflict = z.object({
  kind: z.enum(['claim', 'publication']),
  workspace_id: Uuid,
  workspace_name: z.string(),
  claim_id: Uuid.nullable(),
  value: z.string().describe('The overlapping claim value, or the published GTIN (GTIN-14).'),
  status: z.string().nullable(),
  public_url: z.string().nullable(),
});

export const StaffGtinClaim = GtinClaim.extend({
  workspace_id: Uuid,
  workspace_name: z.string(),
  decided_by: z.string().nullable(),
  conflicts: z.array(StaffConflict).describe('Other workspaces claiming or publishing GTINs this claim covers.'),
}).meta({ id: 'StaffGtinClaim' });
export type StaffGtinClaim = z.infer<typeof StaffGtinClaim>;

// The API's response shapes (routes under /api/workspace/gtin-claims and /api/staff/gtin-claims).
export const GtinClaimResponse = z.object({ data: GtinClaim });
export const GtinClaimListResponse = z.object({ data: z.array(GtinClaim) });
export const GtinClaimDeletedResponse = z.object({ data: z.object({ id: Uuid, deleted: z.literal(true) }) });
export const StaffGtinClaimResponse = z.object({ data: StaffGtinClaim });
export const StaffGtinClaimListResponse = z.object({ data: z.array(StaffGtinClaim) });
