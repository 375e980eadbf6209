import { z } from 'zod';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { assertBearerExportAllowed } from '@/lib/exports/access';
import { createExportRun, listExportRuns } from '@/lib/exports/runs';
import { CreateExportInput, ExportDryRun, ExportRunSchema } from '@/lib/exports/schemas';

const ListQuery = z.object({
  cursor: z.string().max(500).optional().describe('Opaque cursor from next_cursor.'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100 (default 20).'),
});

// GET /api/exports – the workspace's export runs, newest first.
const list = defineRoute({
  method: 'GET',
  path: '/api/exports',
  operationId: 'listExportRuns',
  summary: 'List export runs',
  description:
    'Newest first, keyset-paged (limit 1 to 100, default 20). Bearer keys need the scope export or exports:read.',
  tags: ['Exports'],
  stability: 'preview',
  auth: 'either',
  scope: ['export', 'exports:read'],
  query: ListQuery,
  responses: {
    200: {
      description: 'A page of runs.',
      schema: z.object({ data: z.array(ExportRunSchema), has_more: z.boolean(), next_cursor: z.string().nullable() }),
    },
  },
  handler: async ({ db, auth, query }) => json(await listExportRuns(db, auth.workspace.id, query)),
});

// POST /api/exports – run a template over a scope (answers at once with the pending run).
const create = defineRoute({
  method: 'POST',
  path: '/api/exports',
  operationId: 'createExportRun',
  summary: 'Start an export run',
  description:
    'Body: template_id and scope_type all (no scope_value), view (a saved view id), selected_skus (an array of SKU ids) or single_sku (a SKU id). ' +
    'Unknown or foreign ids are a 404 envelope (details.missing_ids). Answers 202 with the pending run; a job renders the file. ' +
    'dry_run=true answers the SKU count and the per-SKU channel warnings without writing anything. A Bearer key needs the scope export and a paid plan.',
  tags: ['Exports'],
  stability: 'preview',
  auth: 'either',
  scope: 'export',
  body: CreateExportInput,
  dryRun: true,
  idempotent: true,
  errors: [409],
  responses: {
    200: {
      description: 'dry_run=true: what the run would export.',
      schema: ExportDryRun,
    },
    202: { description: 'The run, pending.', schema: z.object({ run: ExportRunSchema }) },
  },
  handler: async ({ db, auth, actor, body, dryRun }) => {
    assertBearerExportAllowed(auth);
    const out = await createExportRun(db, { workspaceId: auth.workspace.id, actor, input: body, dryRun });
    return out.kind === 'dry_run' ? json(out.body) : json({ run: out.run }, 202);
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
