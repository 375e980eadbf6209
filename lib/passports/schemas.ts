import { z } from 'zod';

export const PassportTierEnum = z.enum(['public', 'legitimate_interest', 'authority']);
export const PassportFormatEnum = z.enum(['untp_dpp', 'battery_pass']);

export const PassportBlockerSchema = z.object({
  format: PassportFormatEnum,
  code: z.enum(['PASSPORT_FIELD_MISSING', 'PASSPORT_ITEM_DATA']),
  field: z.string().describe('module and path in the format, e.g. MaterialComposition.batteryChemistry'),
  annex_xiii: z.string().nullable().describe('the point of Regulation (EU) 2023/1542 Annex XIII that asks for it'),
  dossier_field: z.string().nullable().describe('the dossier field that supplies it; null when the dossier has none'),
  message: z.string(),
});

export const PassportVersionSchema = z
  .object({
    id: z.uuid(),
    sku_id: z.uuid(),
    version: z.number().int(),
    revision: z.number().int().describe('the published revision it was compiled from'),
    latest: z.boolean(),
    public_id: z.string(),
    formats: z.array(PassportFormatEnum),
    tiers: z.array(PassportTierEnum),
    content_sha256: z.string().describe('sha256 of the canonical JSON of document_hashes'),
    document_hashes: z
      .record(z.string(), z.record(z.string(), z.string()))
      .describe('format → tier → sha256 of the document as served (RFC 8785 canonical JSON)'),
    blockers: z
      .array(PassportBlockerSchema)
      .describe("mandatory fields the passport lacks (not the SKU's GPSR blockers)"),
    complete: z.boolean(),
    compiled_at: z.string(),
    compiled_by: z.string().nullable(),
    urls: z.record(z.string(), z.record(z.string(), z.string())).describe('format → tier → URL of the document'),
  })
  .meta({ id: 'PassportVersion' });

export const PassportList = z.object({ passports: z.array(PassportVersionSchema) });

export const PassportDocumentQuery = z.strictObject({
  format: PassportFormatEnum.default('untp_dpp'),
  tier: PassportTierEnum.default('public'),
});

export const PublicPassportQuery = z.strictObject({
  format: PassportFormatEnum.default('untp_dpp'),
  tier: PassportTierEnum.default('public'),
  access_token: z.string().max(200).optional(),
});

export const PassportVersionParams = z.object({ id: z.uuid(), version: z.coerce.number().int().min(1).max(1_000_000) });

export const PassportGrantSchema = z
  .object({
    id: z.uuid(),
    sku_id: z.uuid(),
    tier: z.enum(['legitimate_interest', 'authority']),
    recipient: z.string(),
    token_prefix: z.string(),
    state: z.enum(['active', 'expired', 'revoked']),
    expires_at: z.string(),
    created_at: z.string(),
    created_by: z.string().nullable(),
    revoked_at: z.string().nullable(),
    revoked_by: z.string().nullable(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'PassportAccessGrant' });

export const CreatePassportGrantInput = z.strictObject({
  tier: z.enum(['legitimate_interest', 'authority']),
  recipient: z.string().trim().min(1).max(200).describe('who receives access: a company, authority or person'),
  expires_in_days: z.number().int().min(1).max(366).default(30),
});

export const BackfillPassportsInput = z.strictObject({
  sku_ids: z
    .array(z.uuid())
    .min(1)
    .max(500)
    .optional()
    .describe('the SKUs to look at; without it, every published SKU whose published revision has no passport'),
});

export const BackfillPassportsResponse = z
  .object({
    dry_run: z.boolean(),
    compiled: z.array(
      z.object({
        sku_id: z.uuid(),
        sku_code: z.string(),
        revision: z.number().int().describe('the published revision the passport is compiled from'),
        version: z.number().int().nullable().describe('the new passport version (null on a dry run)'),
      }),
    ),
    skipped: z.array(
      z.object({
        sku_id: z.uuid(),
        sku_code: z.string(),
        reason: z.enum(['changed_since_publication', 'withdrawn', 'has_passport']),
        message: z.string(),
      }),
    ),
    remaining: z.number().int().describe('SKUs still without a passport after this call (call again)'),
  })
  .meta({ id: 'PassportBackfill' });

// The API's remaining response shapes (routes under /api/skus/{id}/passport-grants take them from here).
export const PassportGrantResponse = z.object({ grant: PassportGrantSchema });
export const PassportGrantListResponse = z.object({ data: z.array(PassportGrantSchema) });
/** The grant as created: the only answer that shows its token. */
export const PassportGrantCreatedResponse = z.object({ grant: PassportGrantSchema.extend({ token: z.string() }) });

/** GET /api/skus/{id}/passports/{version}: the passport document (JSON-LD for UNTP, JSON for the Battery Pass). */
export const PassportDocumentBody = z.record(z.string(), z.unknown());

/** GET /api/passports/registry-export: without part the report, with part=n the upload file n. */
export const RegistryExportQuery = z.strictObject({
  part: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'the file to download (1-based); without it, the report: files, records, and the passports left out and why',
    ),
});

/** The registry export's report: its files, the records in all, and the passports left out and why. */
export const RegistryExportReport = z.object({
  schema: z.string(),
  template_note: z.string(),
  files: z.array(z.object({ part: z.number().int(), records: z.number().int(), sha256: z.string() })),
  records_total: z.number().int(),
  skipped: z.array(
    z.object({ sku_id: z.uuid(), sku_code: z.string(), version: z.number().int(), problems: z.array(z.string()) }),
  ),
});

/** The report, or one upload file: a JSON array of at most 100 registry records. */
export const RegistryExportResponse = z.union([
  RegistryExportReport,
  z.array(z.record(z.string(), z.unknown())).max(100),
]);
