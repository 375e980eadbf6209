/**
 * Request and response schemas of the import operations, for validation and the OpenAPI document.
 * ImportBatch follows the contract (additional properties allowed); the entity-resolution shapes are
 * the contract's exactly and live in resolution.ts.
 */
import { z } from 'zod';
import { DateTime, Uuid, pageOf } from '@/lib/http/schemas';
import { explicitMappingSchema } from './fields';
import { TEMPLATE_FORMATS, TEMPLATE_LANGUAGES } from './template';

export const ImportBatch = z
  .object({
    id: Uuid,
    filename: z.string(),
    status: z.enum(['queued', 'processing', 'completed', 'completed_with_errors', 'failed']),
    created_at: DateTime,
    total_rows: z.number().int().nullable(),
    processed_rows: z.number().int().nullable(),
    created_rows: z.number().int().nullable(),
    updated_rows: z.number().int().nullable(),
    skipped_rows: z.number().int().nullable(),
    failed_rows: z.number().int().nullable(),
    error_rows: z.number().int().nullable(),
    started_at: DateTime.nullable(),
    completed_at: DateTime.nullable(),
    file_format: z.string().nullable(),
    error_message: z.string().nullable(),
    job_id: z.string().nullable(),
    errors_url: z.string(),
    rows_per_second: z.number().int().nullable().optional().meta({
      description: 'rows written per second by the current run (GET /api/imports/{batchId}); null before it writes',
    }),
    eta_seconds: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: 'seconds left at that rate while processing; 0 when finished' }),
  })
  .loose()
  .meta({ id: 'ImportBatch' });
export type ImportBatch = z.infer<typeof ImportBatch>;

export const BatchParams = z.object({ batchId: Uuid });

export const ImportCommitResponse = z
  .object({ batch: ImportBatch, job_id: z.string() })
  .meta({ id: 'ImportCommitResponse' });
export type ImportCommitResponse = z.infer<typeof ImportCommitResponse>;

const RowIssue = z.object({ column: z.string().nullable(), code: z.string(), message: z.string() });

/** How the file was read: format, encoding, sheets, where the header is. */
export const ImportFileShape = z.object({
  filename: z.string(),
  format: z.enum(['csv', 'tsv', 'txt', 'xlsx', 'xls', 'ods']),
  encoding: z.string().nullable().describe('text files: the encoding the bytes were decoded with'),
  delimiter: z.string().nullable().describe('text files only'),
  sheets: z.array(z.object({ name: z.string(), visible: z.boolean(), rows: z.number().int() })),
  sheet: z.string().nullable(),
  header_row: z.number().int().describe('1-based source row of the header'),
  title_rows_skipped: z.number().int(),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type ImportFileShape = z.infer<typeof ImportFileShape>;

/** A column and the dossier or SKU field it maps to (field_key null: not imported). */
export const ImportMappedColumn = z.object({
  index: z.number().int(),
  header: z.string(),
  field_key: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  reason: z.string(),
  sample_values: z.array(z.string()),
});
export type ImportMappedColumn = z.infer<typeof ImportMappedColumn>;

export const ImportUnmappedColumn = z.object({
  index: z.number().int(),
  header: z.string(),
  reason: z.string(),
  detail: z.string(),
});
export type ImportUnmappedColumn = z.infer<typeof ImportUnmappedColumn>;

export const ImportSampleRow = z.object({
  row_number: z.number().int(),
  status: z.enum(['valid', 'invalid', 'skipped']),
  sku: z.object({
    sku_code: z.string().nullable(),
    product_name: z.string().nullable(),
    gtin: z.string().nullable(),
    category_code: z.string().nullable(),
    external_sku_id: z.string().nullable(),
  }),
  dossier: z.record(z.string(), z.string()),
  errors: z.array(RowIssue),
  warnings: z.array(RowIssue),
});
export type ImportSampleRow = z.infer<typeof ImportSampleRow>;

export const ImportRowError = RowIssue.extend({ row: z.number().int() });
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportEntityConflict = z.object({
  type: z.enum(['same_name_different_address', 'same_name_different_email', 'same_identity_different_country']),
  message: z.string(),
  other_candidate_key: z.string().optional(),
  values: z.array(z.object({ value: z.string().nullable(), rows: z.array(z.number().int()) })),
});

/** A manufacturer, importer or responsible person the file names, with the entity it may match. */
export const ImportEntityCandidate = z.object({
  candidate_key: z.string(),
  role: z.enum(['manufacturer', 'importer', 'responsible_person']),
  proposed_values: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
  }),
  source_rows: z.array(z.number().int()),
  source_row_count: z.number().int(),
  has_conflicts: z.boolean(),
  conflicts: z.array(ImportEntityConflict),
  country: z.string().nullable(),
  url: z.string().nullable(),
  existing_entity_id: z.string().nullable(),
});
export type ImportEntityCandidate = z.infer<typeof ImportEntityCandidate>;

/** One field an update would change: the value before and after (cut at 400 characters, flagged). */
export const ImportDiffChange = z.object({
  field_key: z.string().describe('a SKU column, a dossier field key, or entity:<role> for an operator link'),
  kind: z.enum(['sku', 'dossier', 'entity_link']),
  from: z.string().nullable(),
  to: z.string(),
  from_truncated: z.boolean(),
  to_truncated: z.boolean(),
  column: z.string().nullable().describe('the header of the file column the new value comes from'),
  resets_approval: z.boolean().describe('writing this change sends an approved or reviewed SKU back'),
});
export type ImportDiffChange = z.infer<typeof ImportDiffChange>;

/** An existing SKU the import would change, with its changes in field order. */
export const ImportDiffSku = z.object({
  sku_id: Uuid,
  sku_code: z.string(),
  product_name: z.string(),
  row_number: z.number().int(),
  row_outcome: z
    .enum(['updated', 'skipped'])
    .describe('skipped: no field changes, only an operator link the entity resolution would change'),
  approval_reset: z
    .object({ approval: z.boolean(), review: z.boolean() })
    .nullable()
    .describe('what the update resets: the approval (approved → pending), the review (complete → open)'),
  changes: z.array(ImportDiffChange),
  changes_total: z.number().int(),
  changes_omitted: z.number().int(),
});
export type ImportDiffSku = z.infer<typeof ImportDiffSku>;

/** The field-level diff of the updates a dry run found, bounded; the totals count everything left out. */
export const ImportUpdateDiff = z
  .object({
    skus: z.array(ImportDiffSku),
    skus_total: z.number().int(),
    skus_omitted: z.number().int(),
    changes_total: z.number().int(),
    changes_omitted: z.number().int(),
    values_truncated: z.number().int(),
    approval_resets: z.number().int().describe('existing SKUs whose approval or completed review the import resets'),
    limits: z.object({ skus: z.number().int(), changes: z.number().int(), value_chars: z.number().int() }),
  })
  .meta({ id: 'ImportUpdateDiff' });
export type ImportUpdateDiff = z.infer<typeof ImportUpdateDiff>;

export const ImportDryRunResponse = z
  .object({
    dry_run: z.literal(true),
    file: ImportFileShape,
    columns: z.array(ImportMappedColumn),
    unmapped_columns: z.array(ImportUnmappedColumn),
    missing_required: z.array(z.enum(['sku_code', 'product_name'])),
    sample_rows: z.array(ImportSampleRow),
    row_errors: z.array(ImportRowError),
    row_errors_total: z.number().int(),
    counts: z.object({
      total_rows: z.number().int(),
      would_create: z.number().int(),
      would_update: z.number().int(),
      would_skip: z.number().int(),
      would_fail: z.number().int(),
    }),
    plan_limit: z.object({ plan: z.string(), limit: z.number().int(), current_count: z.number().int().nullable() }),
    entity_candidates: z.array(ImportEntityCandidate),
    update_diff: ImportUpdateDiff,
    unrecognised_categories: z
      .object({
        row_count: z.number().int(),
        groups: z.array(
          z.object({
            category_text: z.string().nullable().describe('the category as written; null: the row has none'),
            row_count: z.number().int(),
            rows: z.array(z.number().int()).describe('row numbers, at most 2,000 per group'),
          }),
        ),
        groups_truncated: z.boolean(),
      })
      .describe(
        'every row (not only the preview) whose product would be checked against the general rules only: its category, name and values say no more',
      ),
  })
  .meta({ id: 'ImportDryRunResponse' });
export type ImportDryRunResponse = z.infer<typeof ImportDryRunResponse>;

/** Non-file fields of the multipart upload. */
export const ImportFormFields = z.strictObject({
  sheet: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('sheet name (workbooks); default: the first visible sheet with data'),
  header_row: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe('1-based row of the header; default: detected'),
  mapping: z
    .string()
    .max(200_000)
    .optional()
    .describe('JSON object { "<header or column index>": "<field key>" | null }')
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === '') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(s);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'mapping must be a JSON object { "<header or column index>": "<field key>" | null }',
        });
        return z.NEVER;
      }
      const r = explicitMappingSchema.safeParse(parsed);
      if (!r.success) {
        for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
        return z.NEVER;
      }
      return r.data;
    }),
});

export const ImportRowsQuery = z.strictObject({
  outcome: z.enum(['created', 'updated', 'skipped', 'failed', 'error']).optional(),
  cursor: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** One row of a batch: its outcome, errors and the changes it made (GET /api/imports/{batchId}/rows). */
export const ImportRow = z.object({
  row_number: z.number().int(),
  sku_id: z.string().nullable(),
  sku_code: z.string().nullable(),
  outcome: z.enum(['created', 'updated', 'skipped', 'failed', 'error']),
  errors: z.array(RowIssue.extend({ severity: z.enum(['error', 'warning']) })),
  changes: z.array(
    z.object({
      field_key: z.string(),
      from: z.string().nullable(),
      to: z.string(),
      provenance: z.object({
        source: z.literal('import'),
        batch_id: z.string(),
        row: z.number().int(),
        column: z.string().nullable(),
      }),
    }),
  ),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportRowPage = pageOf(ImportRow);
export type ImportRowPage = z.infer<typeof ImportRowPage>;

const ImportChange = ImportRow.shape.changes.element;

/**
 * The review workbench (GET /api/imports/{batchId}/review). The contract calls it free-form, so it stays
 * open (.loose()); every field it has today is declared.
 */
export const ImportReview = z
  .object({
    batch: ImportBatch,
    skus: z.array(
      z.object({
        sku_id: z.string().nullable(),
        sku_code: z.string().nullable(),
        product_name: z.string().nullable(),
        outcome: z.enum(['created', 'updated', 'skipped', 'failed', 'error']),
        row_number: z.number().int(),
        changes: z.array(ImportChange),
        warnings: z.array(RowIssue),
        suggestions: z.array(
          z.object({
            id: z.string(),
            field_key: z.string(),
            value: z.string(),
            source: z.string(),
            provenance: z.record(z.string(), z.unknown()),
          }),
        ),
        blockers_count: z.number().int().nullable(),
      }),
    ),
    row_errors: z.array(ImportRowError.extend({ severity: z.string() })),
    entity_candidates: z.array(
      ImportEntityCandidate.extend({
        variants: z.array(z.unknown()),
        decision: z
          .object({
            action: z.enum(['link_existing', 'create_new', 'ignore', 'unresolved']),
            entity_id: z.string().nullable(),
            reason: z.string().nullable(),
            decided_at: DateTime.nullable(),
            applied_at: DateTime.nullable(),
          })
          .nullable(),
      }),
    ),
    summary: z.object({
      total_rows: z.number().int().nullable(),
      processed_rows: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
      skipped: z.number().int(),
      failed: z.number().int(),
      error: z.number().int(),
      skus_listed: z.number().int(),
      skus_truncated: z.boolean(),
      row_errors_truncated: z.boolean(),
      entity_candidates: z.number().int(),
      entity_candidates_with_conflicts: z.number().int(),
      entity_candidates_undecided: z.number().int(),
      errors_url: z.string(),
    }),
  })
  .loose()
  .meta({ id: 'ImportReview' });
export type ImportReview = z.infer<typeof ImportReview>;

export const ImportBatchPage = z.object({
  batches: z.array(ImportBatch),
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
export type ImportBatchPage = z.infer<typeof ImportBatchPage>;

export const FromUrlInput = z
  .strictObject({ url: z.string().trim().min(1).max(2048) })
  .meta({ id: 'ImportFromUrlInput' });
export const FromUrlResponse = z
  .object({
    url: z.string(),
    final_url: z.string(),
    fetched_at: z.string(),
    proposed: z.object({
      product_name: z.string().nullable(),
      gtin: z.string().nullable(),
      sku_code: z.string().nullable(),
      mpn: z.string().nullable(),
      brand: z.string().nullable(),
      manufacturer: z.string().nullable(),
      images: z.array(z.string()),
      description: z.string().nullable(),
    }),
    sources: z.record(z.string(), z.enum(['jsonld', 'microdata', 'opengraph'])),
    warnings: z.array(z.object({ code: z.string(), message: z.string() })),
    variants: z
      .array(z.object({ name: z.string().nullable(), sku: z.string().nullable(), gtin: z.string().nullable() }))
      .describe("a product group's variants, for the user to pick one"),
  })
  .meta({ id: 'ImportFromUrlPreview' });
export type FromUrlResponse = z.infer<typeof FromUrlResponse>;

// The API's remaining request and response shapes (routes under /api/imports take them from here).
export const ImportListQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export const ImportBatchResponse = z.object({ batch: ImportBatch });
/** GET /api/import/template: the template's language and file format. */
export const ImportTemplateQuery = z.strictObject({
  lang: z.enum(TEMPLATE_LANGUAGES).default('en').describe('language of the header row and the example'),
  format: z.enum(TEMPLATE_FORMATS).default('csv'),
});
