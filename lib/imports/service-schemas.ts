/**
 * Request and response schemas of the import operations, for validation and the OpenAPI document.
 * ImportBatch follows the contract (additional properties allowed); the entity-resolution shapes are
 * the contract's exactly and live in resolution.ts.
 */
import { z } from 'zod';
import { Uuid } from '@/lib/http/schemas';
import { explicitMappingSchema } from './fields';

export const ImportBatch = z
  .object({
    id: z.string(),
    filename: z.string(),
    status: z.string().meta({ description: 'queued, processing, completed, completed_with_errors, failed' }),
    created_at: z.string(),
    total_rows: z.number().int().nullable().optional(),
    processed_rows: z.number().int().nullable().optional(),
    created_rows: z.number().int().nullable().optional(),
    updated_rows: z.number().int().nullable().optional(),
    skipped_rows: z.number().int().nullable().optional(),
    failed_rows: z.number().int().nullable().optional(),
    error_rows: z.number().int().nullable().optional(),
    started_at: z.string().nullable().optional(),
    completed_at: z.string().nullable().optional(),
    file_format: z.string().nullable().optional(),
    error_message: z.string().nullable().optional(),
    job_id: z.string().nullable().optional(),
    errors_url: z.string().optional(),
  })
  .loose()
  .meta({ id: 'ImportBatch' });

export const BatchParams = z.object({ batchId: Uuid });

export const ImportCommitResponse = z.object({ batch: ImportBatch, job_id: z.string() }).meta({ id: 'ImportCommitResponse' });
export const ImportDryRunResponse = z
  .object({
    dry_run: z.literal(true),
    file: z.record(z.string(), z.unknown()),
    columns: z.array(z.record(z.string(), z.unknown())),
    unmapped_columns: z.array(z.record(z.string(), z.unknown())),
    sample_rows: z.array(z.record(z.string(), z.unknown())),
    row_errors: z.array(z.record(z.string(), z.unknown())),
    counts: z.object({ total_rows: z.number(), would_create: z.number(), would_update: z.number(), would_skip: z.number(), would_fail: z.number() }),
    plan_limit: z.object({ plan: z.string(), limit: z.number(), current_count: z.number().nullable() }),
    entity_candidates: z.array(z.record(z.string(), z.unknown())),
  })
  .loose()
  .meta({ id: 'ImportDryRunResponse' });

/** Non-file fields of the multipart upload. */
export const ImportFormFields = z.strictObject({
  sheet: z.string().trim().min(1).max(200).optional(),
  header_row: z.coerce.number().int().min(1).max(1_000_000).optional(),
  mapping: z
    .string()
    .max(200_000)
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === '') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'mapping must be a JSON object { "<header or column index>": "<field key>" | null }' });
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

export const FromUrlInput = z.strictObject({ url: z.string().trim().min(1).max(2048) }).meta({ id: 'ImportFromUrlInput' });
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
  })
  .loose()
  .meta({ id: 'ImportFromUrlPreview' });
