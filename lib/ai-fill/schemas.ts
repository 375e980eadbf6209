import { z } from 'zod';
import { DossierValueSchema } from '@/lib/skus/schemas';

/** Request and response shapes of the AI-fill and sync-from-entity operations (validation and OpenAPI). */

export const AiFillRequest = z
  .strictObject({
    fields: z
      .array(z.string().min(1).max(64))
      .min(1)
      .max(60)
      .optional()
      .describe('Dossier field keys to fill; default: the fields the SKU is missing (open blockers).'),
  })
  .meta({ id: 'AiFillRequest' });

export const AiFillSuggestionSchema = z
  .strictObject({
    field_key: z.string().describe('dossier field key the suggestion applies to'),
    value: z.string().describe('must be reviewed by a human before compliance use'),
    confidence: z.number().min(0).max(1),
    reasoning: z.string().max(300),
  })
  .meta({ id: 'AiFillSuggestion' });

export const AI_FILL_STATUSES = [
  'pending',
  'processing',
  'completed',
  'completed_degraded',
  'failed',
  'cancelled',
] as const;

export const AiFillJobSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    sku_id: z.string().meta({ format: 'uuid' }),
    status: z.enum(AI_FILL_STATUSES),
    progress: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('step (gathering_evidence, asking_model, storing, done), percent, counts'),
    fields: z.array(z.string()).describe('the field keys asked for'),
    suggestions: z.array(AiFillSuggestionSchema),
    citations: z
      .array(
        z.object({
          field_key: z.string(),
          value_id: z
            .string()
            .nullable()
            .describe('the dossier suggestion to confirm or reject; null when the same value was already present'),
          document_id: z.string().nullable(),
          document_name: z.string().nullable(),
          source_url: z.string().nullable().describe('the web page quoted, for a value from the product page'),
          page: z.number().int().nullable(),
          quote: z.string(),
          method: z.enum(['llm', 'rules']),
        }),
      )
      .describe('one per suggestion, same order: where the value is quoted from'),
    dropped: z
      .array(z.object({ field_key: z.string(), value: z.string(), reason: z.string() }))
      .describe('model answers refused because their citation did not hold'),
    error: z.string().nullable(),
    degraded_reason: z.string().nullable(),
    provider: z.string().nullable(),
    model: z.string().nullable(),
    usage: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
    created_by: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
  })
  .meta({ id: 'AiFillJob' });

export const AiFillConflictSchema = z
  .strictObject({
    error: z.string(),
    job_id: z.string().meta({ format: 'uuid' }),
    status: z.enum(['pending', 'processing']),
  })
  .meta({
    id: 'AiFillConflict',
    description: 'Not the error envelope: the job already pending or processing for the SKU.',
  });

const EntityRef = z.object({ id: z.string(), name: z.string(), role: z.string() });

export const SyncFromEntityResponse = z
  .union([
    z.object({
      dry_run: z.literal(true),
      field_key: z.string(),
      entity: EntityRef,
      old_value: z.string().nullable(),
      new_value: z.string(),
      would_change: z.boolean(),
    }),
    z.object({
      field_key: z.string(),
      entity: EntityRef,
      old_value: z.string().nullable(),
      new_value: z.string(),
      changed: z.boolean(),
      value: DossierValueSchema,
    }),
  ])
  .meta({ id: 'SyncFromEntityResult' });
