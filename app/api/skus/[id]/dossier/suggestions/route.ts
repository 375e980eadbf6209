import { z } from 'zod';
import { addSuggestions } from '@/lib/dossier/service';
import { defineRoute, IdParams, json, routeMethods, Uuid } from '@/lib/http';
import { DossierValueSchema } from '@/lib/skus/schemas';

const Provenance = z
  .strictObject({
    document_id: Uuid.optional(),
    document_name: z.string().max(300).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    quote: z.string().max(2000).optional(),
    batch_id: Uuid.optional(),
    row: z.number().int().min(0).max(10_000_000).optional(),
    column: z.string().max(200).optional(),
    job_id: Uuid.optional(),
    entity_id: Uuid.optional(),
    note: z.string().max(500).optional(),
  })
  .meta({ id: 'Provenance' });

const Input = z
  .strictObject({
    suggestions: z
      .array(
        z.strictObject({
          field_key: z.string().min(1).max(64),
          value: z.string().max(20_000),
          source: z.enum(['import', 'document_extraction', 'ai_suggestion', 'entity_sync']),
          provenance: Provenance.optional(),
          confidence: z.number().min(0).max(1).nullable().optional(),
        }),
      )
      .min(1)
      .max(200),
  })
  .meta({ id: 'AddSuggestionsInput' });

// POST /api/skus/{id}/dossier/suggestions – propose values; never confirmed data until a person confirms.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/dossier/suggestions',
  operationId: 'addDossierSuggestions',
  summary: 'Add dossier suggestions',
  description:
    'Invalid values and duplicates of present, suggested or rejected values are skipped with a reason. Session, or Bearer with scope skus:write.',
  tags: ['Dossier'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: IdParams,
  body: Input,
  idempotent: true,
  errors: [409],
  responses: {
    200: {
      description: 'What was stored and what was skipped.',
      schema: z.object({
        inserted: z.array(DossierValueSchema),
        skipped: z.array(z.object({ field_key: z.string(), reason: z.string() })),
      }),
    },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      await addSuggestions(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        suggestions: body.suggestions.map((s) => ({
          field_key: s.field_key,
          value: s.value,
          source: s.source,
          provenance: s.provenance ?? {},
          confidence: s.confidence ?? null,
        })),
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
