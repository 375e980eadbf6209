import { z } from 'zod';
import { Uuid } from '@/lib/http/schemas';

/** Request and response shapes of the evidence-currency API (lib/currency/service.ts returns them). */

export const CurrencySeveritySchema = z.enum(['blocker', 'warning', 'notice']);
export const CurrencyCodeSchema = z.enum([
  'STANDARD_PRESUMPTION_CEASED',
  'STANDARD_PRESUMPTION_ENDS',
  'STANDARD_EDITION_NOT_STATED',
  'NOTIFIED_BODY_UNKNOWN',
  'NOTIFIED_BODY_UNVERIFIED',
  'NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT',
]);

export const CurrencyFindingParamsSchema = z
  .object({
    standard: z.string().optional(),
    act: z.string().optional(),
    cessation_on: z.string().optional(),
    replaced_by: z.string().nullable().optional(),
    without_notified_body: z.boolean().optional(),
    notified_body: z.string().optional(),
    number: z.string().nullable().optional(),
    version: z.string().optional(),
    name: z.string().optional(),
    country: z.string().optional(),
    cited_acts: z.array(z.string()).optional(),
    body_acts: z.array(z.string()).optional(),
  })
  .describe(
    'The values message names, for saying it in the reader’s language (code says which sentence): the cited standard, the act’s key, the date of cessation, the replacement (null: none named), whether no notified body is cited where the act needs one (the blocker), the notified body, its number (null: none), the NANDO snapshot version, the body’s name, country and acts, the acts cited.',
  );
export const CurrencyLegalBasisCodeSchema = z
  .enum(['act_presumption', 'declaration_standards', 'notified_body_number', 'notified_body_scope'])
  .describe(
    'legal_basis as a code: act_presumption (the act’s provision on presumption of conformity, legal_basis_params.act), declaration_standards (Decision No 768/2008/EC Annex III), notified_body_number (Regulation (EC) No 765/2008 Art. 30(3), Decision No 768/2008/EC Annex I R12), notified_body_scope (Art. 30(3), R23).',
  );
const LegalBasisParams = z.object({ act: z.string().optional() });

export const CurrencyFindingSchema = z
  .object({
    id: Uuid,
    document_id: Uuid,
    document_filename: z.string().nullable(),
    key: z.string(),
    code: CurrencyCodeSchema,
    severity: CurrencySeveritySchema,
    message: z.string(),
    legal_basis: z.string(),
    details: z.record(z.string(), z.unknown()),
    params: CurrencyFindingParamsSchema,
    legal_basis_code: CurrencyLegalBasisCodeSchema,
    legal_basis_params: LegalBasisParams,
    data_version: z.string(),
    status: z.enum(['open', 'resolved']),
    raised_at: z.string(),
    last_seen_at: z.string(),
    resolved_at: z.string().nullable(),
  })
  .meta({ id: 'CurrencyFinding' });
export type CurrencyFindingJson = z.infer<typeof CurrencyFindingSchema>;

export const CurrencyFindingListSchema = z
  .object({ data: z.array(CurrencyFindingSchema), next_cursor: z.string().nullable(), has_more: z.boolean() })
  .meta({ id: 'CurrencyFindingList' });

export const CurrencyFindingsQuery = z.strictObject({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  severity: CurrencySeveritySchema.optional(),
  document_id: Uuid.optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const DocumentCurrencySchema = z
  .object({
    document_id: Uuid,
    stops_proving_on: z.string().nullable(),
    ends: z.array(
      z.object({
        date: z.string(),
        kind: z.enum(['validity', 'standard_cessation']),
        reason: z.string(),
        params: z
          .object({
            standard: z.string().optional(),
            act: z.string().optional(),
            replaced_by: z.string().nullable().optional(),
          })
          .describe('reason as its values: for standard_cessation the standard, the act’s key and the replacement.'),
      }),
    ),
    summary: z.string(),
    findings: z.array(
      z.object({
        code: CurrencyCodeSchema,
        key: z.string(),
        severity: CurrencySeveritySchema,
        message: z.string(),
        legal_basis: z.string(),
        details: z.record(z.string(), z.unknown()),
        params: CurrencyFindingParamsSchema,
        legal_basis_code: CurrencyLegalBasisCodeSchema,
        legal_basis_params: LegalBasisParams,
      }),
    ),
    not_checked: z.array(z.string()),
    not_checked_items: z
      .array(
        z.discriminatedUnion('code', [
          z.object({ code: z.literal('document_type_standards'), params: z.object({ document_type: z.string() }) }),
          z.object({ code: z.literal('partial_standards_snapshot'), params: z.object({ version: z.string() }) }),
        ]),
      )
      .describe('not_checked as codes with the values they name (the same entries, in order).'),
    data_versions: z.object({ standards: z.string(), notified_bodies: z.string() }),
    last_daily_check_at: z.string().nullable(),
  })
  .meta({ id: 'DocumentCurrency' });
export type DocumentCurrencyJson = z.infer<typeof DocumentCurrencySchema>;

export const CurrencyDataInfoSchema = z
  .object({
    standards: z.object({
      version: z.string(),
      coverage: z.enum(['complete', 'partial']),
      source: z.string(),
      entries: z.number().int(),
    }),
    notified_bodies: z.object({
      version: z.string(),
      coverage: z.enum(['complete', 'partial']),
      source: z.string(),
      entries: z.number().int(),
    }),
  })
  .meta({ id: 'CurrencyDataInfo' });

export const CurrencyReevaluateResponseSchema = z
  .object({ jobs: z.array(z.object({ id: Uuid, status: z.string(), poll_url: z.string() })) })
  .meta({ id: 'CurrencyReevaluateResponse' });
