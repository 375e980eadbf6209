import { z } from 'zod';
import { DateTime, Uuid } from '@/lib/http/schemas';
import { EBAY_MARKETPLACE_IDS, type EbayMarketplaceId } from './templates/ebay-rules';
import { AMAZON_PRODUCT_TYPE_PATTERN } from './templates/amazon-ptd';
import { CHANNEL_CATEGORY_PATTERN } from './templates/marketplace-rules';
import { CATEGORY_CODES } from '@/lib/model/categories';
import { PUBLIC_LOCALES } from '@/lib/i18n/public-locales';

/** Request and response shapes of exports and saved views; the client imports their types. */

/** Selected SKUs one run may name. */
export const MAX_SELECTED = 10_000;

/**
 * Optional choices beside the scope. Absent, a scope means what the contract says (all: every SKU), less
 * the SKUs a recall case took off the market (left out with a warning);
 * the export dialog sends approved_only: true unless the user unticks it.
 */
const RunOptions = {
  approved_only: z
    .boolean()
    .optional()
    .describe(
      'Only SKUs that are approved (or published) and not withdrawn; the others are left out and counted. false: every SKU of the scope, and each not approved one is a warning. Absent: every SKU of the scope except those a recall case took off the market (recalled, withdrawn from the market), each left out with the warning OFF_MARKET.',
    ),
  ebay_marketplace: z
    .enum(EBAY_MARKETPLACE_IDS as [EbayMarketplaceId, ...EbayMarketplaceId[]])
    .optional()
    .describe(
      'eBay templates: the marketplace for SKUs whose target markets name several eBay sites (or none); default: the first of DE, FR, IT, ES, NL, BE, AT, PL, IE among them (else EBAY_DE).',
    ),
};

export const CreateExportInput = z.discriminatedUnion('scope_type', [
  z.strictObject({ template_id: Uuid, scope_type: z.literal('all'), scope_value: z.null().optional(), ...RunOptions }),
  z.strictObject({
    template_id: Uuid,
    scope_type: z.literal('view'),
    scope_value: Uuid.describe('A saved view id.'),
    ...RunOptions,
  }),
  z.strictObject({
    template_id: Uuid,
    scope_type: z.literal('single_sku'),
    scope_value: Uuid.describe('A SKU id.'),
    ...RunOptions,
  }),
  z.strictObject({
    template_id: Uuid,
    scope_type: z.literal('selected_skus'),
    scope_value: z.array(Uuid).min(1).max(MAX_SELECTED).describe('SKU ids.'),
    ...RunOptions,
  }),
]);
export type CreateExportInput = z.infer<typeof CreateExportInput>;

export const ExportRunSchema = z
  .object({
    id: Uuid,
    template_id: z.string().nullable(),
    template_name: z.string(),
    template_version: z.string().nullable(),
    template_format: z.string(),
    scope_type: z.enum(['all', 'view', 'selected_skus', 'single_sku']),
    scope_value: z.string().nullable(),
    sku_count: z.number().int(),
    dossier_snapshot_hash: z.string().nullable(),
    status: z.enum(['pending', 'processing', 'completed', 'completed_with_warnings', 'failed']),
    output_url: z.string().nullable(),
    output_filename: z.string().nullable(),
    output_size_bytes: z.number().int().nullable(),
    warning_count: z.number().int(),
    error_message: z.string().nullable(),
    progress: z.record(z.string(), z.unknown()).nullable(),
    options: z
      .object({ approved_only: z.boolean().optional(), ebay_marketplace: z.string().optional() })
      .describe('The choices the run was requested with; absent keys took the default (every SKU of the scope).'),
    started_at: DateTime.nullable(),
    completed_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .meta({ id: 'ExportRun' });
export type ExportRun = z.infer<typeof ExportRunSchema>;

export const ExportTemplateSchema = z
  .object({
    id: Uuid,
    name: z.string(),
    format: z.enum(['XML', 'XLSX', 'CSV', 'PDF', 'ZIP', 'JSON']),
    version: z.string(),
    description: z.string().nullable(),
    status: z.enum(['valid', 'schema_drift', 'deprecated']),
    status_reason: z.string().nullable(),
    status_reason_code: z
      .enum(['replaced_by_version', 'unknown_in_catalogue'])
      .nullable()
      .describe(
        'status_reason as a code (null when valid): replaced_by_version (deprecated), unknown_in_catalogue (schema_drift).',
      ),
    status_reason_params: z
      .union([
        z.object({ version: z.string() }),
        z.object({
          fields: z.array(z.string()),
          document_types: z.array(z.string()),
          entity_roles: z.array(z.string()),
        }),
      ])
      .nullable()
      .describe(
        'The values status_reason names: {version} of the template that replaces it; {fields, document_types, entity_roles} the catalogue no longer defines.',
      ),
    channel: z.string(),
    file_extension: z.string(),
    required_fields: z.array(z.string()),
  })
  .meta({ id: 'ExportTemplate' });
export type ExportTemplate = z.infer<typeof ExportTemplateSchema>;

export const ExportWarningSchema = z
  .object({
    sku_id: z.string().nullable(),
    sku_code: z.string().nullable(),
    field: z.string(),
    code: z.string(),
    message: z.string(),
    fix: z.string(),
  })
  .meta({ id: 'ExportWarning' });
export type ExportWarning = z.infer<typeof ExportWarningSchema>;

/** Warnings grouped by the fix that clears them, most SKUs first (the first SKUs of each listed). */
export const WarningsByFix = z.array(
  z.object({
    field: z.string(),
    code: z.string(),
    fix: z.string(),
    sku_count: z.number().int(),
    skus: z.array(z.object({ sku_id: z.string().nullable(), sku_code: z.string().nullable() })),
  }),
);

/** One run with its warnings grouped by SKU (GET /api/exports/{id}). */
export const ExportRunDetail = z.object({
  run: ExportRunSchema,
  warnings_by_sku: z.array(
    z.object({
      sku_id: z.string().nullable(),
      sku_code: z.string().nullable(),
      warnings: z.array(ExportWarningSchema.omit({ sku_id: true, sku_code: true })),
    }),
  ),
  warnings_truncated: z.boolean(),
  warnings_by_fix: WarningsByFix,
});
export type ExportRunDetail = z.infer<typeof ExportRunDetail>;

/** dry_run=true of POST /api/exports: what the run would export, nothing written. */
export const ExportDryRun = z.object({
  dry_run: z.literal(true),
  template: ExportTemplateSchema,
  scope_type: z.enum(['all', 'view', 'selected_skus', 'single_sku']),
  sku_count: z.number().int(),
  warning_count: z.number().int(),
  skus_with_warnings: z.number().int(),
  warnings_by_sku: ExportRunDetail.shape.warnings_by_sku,
  warnings_by_fix: WarningsByFix,
  approved_only: z.boolean(),
  /** SKUs of the scope the run leaves out (approved_only, or off the market by a recall case), counted by reason. */
  left_out: z.object({
    count: z.number().int(),
    by_reason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  }),
});
export type ExportDryRun = z.infer<typeof ExportDryRun>;

/** GET /api/skus/{id}/export: the contract's SkuExport (items are free-form objects there). */
export const SkuExportSchema = z
  .object({
    schema_version: z.string(),
    exported_at: DateTime,
    sku: z.object({ id: Uuid, sku_code: z.string(), product_name: z.string() }).loose(),
    dossier_fields: z.array(z.record(z.string(), z.unknown())),
    entities: z.array(z.record(z.string(), z.unknown())),
    documents: z.array(z.record(z.string(), z.unknown())),
    warnings: z.array(z.record(z.string(), z.unknown())),
    issues: z.array(z.record(z.string(), z.unknown())),
    waivers: z.array(z.record(z.string(), z.unknown())),
    open_suggestion_count: z.number().int(),
    requirement_profile_id: z.string().nullable(),
    audit_summary: z.record(z.string(), z.unknown()).optional(),
  })
  .loose()
  .meta({ id: 'SkuExport' });
export type SkuExportJson = z.infer<typeof SkuExportSchema>;

export const SkuExportDryRun = z
  .object({
    dry_run: z.literal(true),
    format: z.enum(['json', 'csv']),
    filename: z.string(),
    counts: z.object({
      dossier_fields: z.number().int(),
      entities: z.number().int(),
      documents: z.number().int(),
      warnings: z.number().int(),
      issues: z.number().int(),
      open_suggestions: z.number().int(),
    }),
  })
  .meta({ id: 'SkuExportDryRun' });
export type SkuExportDryRun = z.infer<typeof SkuExportDryRun>;

/** A category table of Kaufland or Otto: category code → the channel's category, with source and date. */
const CategoryMappingTable = z.object({
  channel: z.string(),
  source: z.string().describe("The channel's page the table's rules were written from."),
  read_on: z.string().describe('When the rules were read.'),
  entries: z.array(
    z.object({
      category_code: z.string(),
      value: z
        .string()
        .nullable()
        .describe(
          "The channel's category as its tree names it; null: not mapped, the SKUs of the category are warnings.",
        ),
      default_value: z.string().nullable().describe('The shipped default (none: categories are never guessed).'),
      origin: z.enum(['default', 'workspace']),
      updated_by: z.string().nullable(),
      updated_at: DateTime.nullable(),
    }),
  ),
});

/** The channel mapping tables (GET/PUT /api/exports/channel-mappings). */
export const ChannelMappingsSchema = z
  .object({
    amazon_product_type: z.object({
      source: z.string().describe("Where the product types are defined (Amazon's Product Type Definitions API)."),
      read_on: z.string().describe('When the shipped defaults and schemas were written from it.'),
      entries: z.array(
        z.object({
          category_code: z.string(),
          product_type: z.string().nullable().describe('null: not mapped; the SKUs of the category are warnings.'),
          default_product_type: z.string().nullable(),
          origin: z.enum(['default', 'workspace']),
          updated_by: z.string().nullable(),
          updated_at: DateTime.nullable(),
        }),
      ),
    }),
    kaufland_category: CategoryMappingTable.describe("Kaufland's category per category code (Kaufland 2026.12)."),
    otto_category: CategoryMappingTable.describe("Otto's category per category code (Otto 2026.12)."),
  })
  .meta({ id: 'ExportChannelMappings' });
export type ExportChannelMappings = z.infer<typeof ChannelMappingsSchema>;

const categoryEntries = z
  .array(
    z.strictObject({
      category_code: z.enum(CATEGORY_CODES),
      value: z
        .string()
        .trim()
        .regex(CHANNEL_CATEGORY_PATTERN, "The channel's category name: one line of at most 200 characters.")
        .nullable()
        .describe('null: map the category to nothing on purpose.'),
      reset: z.boolean().optional().describe('true: drop the workspace row and use the shipped default again.'),
    }),
  )
  .min(1)
  .max(CATEGORY_CODES.length);

export const SetChannelMappingsInput = z
  .strictObject({
    amazon_product_type: z
      .array(
        z.strictObject({
          category_code: z.enum(CATEGORY_CODES),
          product_type: z
            .string()
            .regex(AMAZON_PRODUCT_TYPE_PATTERN, 'An Amazon product type name, e.g. TOY_FIGURE.')
            .nullable()
            .describe('null: map the category to nothing on purpose.'),
          reset: z.boolean().optional().describe('true: drop the workspace row and use the shipped default again.'),
        }),
      )
      .min(1)
      .max(CATEGORY_CODES.length)
      .optional(),
    kaufland_category: categoryEntries.optional(),
    otto_category: categoryEntries.optional(),
  })
  .refine((b) => b.amazon_product_type || b.kaufland_category || b.otto_category, {
    message: 'Give at least one table: amazon_product_type, kaufland_category or otto_category.',
  });

// The API's remaining request and response shapes (routes under /api/exports take them from here).
export const ExportRunListQuery = z.object({
  cursor: z.string().max(500).optional().describe('Opaque cursor from next_cursor.'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100 (default 20).'),
});
export const ExportRunPage = z.object({
  data: z.array(ExportRunSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
export const ExportRunResponse = z.object({ run: ExportRunSchema });
export const ExportTemplateListResponse = z.object({ data: z.array(ExportTemplateSchema) });
export const SkuExportQuery = z.object({
  format: z.enum(['json', 'csv']).default('json').describe('json (default) or csv'),
});
export const SkuExportOrDryRun = z.union([SkuExportDryRun, SkuExportSchema]);
/** GET /api/skus/{id}/dossier.zip: the language of the PDF labels. */
export const DossierZipQuery = z.object({
  locale: z
    .enum(PUBLIC_LOCALES)
    .default('en')
    .describe('Language of the PDF labels: the 24 official EU languages, is or no (Norwegian).'),
});
