import { defineRoute, json, routeMethods } from '@/lib/http';
import { assertBearerExportAllowed } from '@/lib/exports/access';
import { createExportRun } from '@/lib/exports/create-run';
import { listExportRuns } from '@/lib/exports/list-runs';
import {
  CreateExportInput,
  ExportDryRun,
  ExportRunListQuery,
  ExportRunPage,
  ExportRunResponse,
} from '@/lib/exports/schemas';

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
  query: ExportRunListQuery,
  responses: {
    200: {
      description: 'A page of runs.',
      schema: ExportRunPage,
    },
  },
  handler: async ({ db, auth, query }) => json(await listExportRuns(db, { workspaceId: auth.workspace.id, q: query })),
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
    202: { description: 'The run, pending.', schema: ExportRunResponse },
  },
  handler: async ({ db, auth, actor, body, dryRun }) => {
    assertBearerExportAllowed(auth);
    const out = await createExportRun(db, { workspaceId: auth.workspace.id, actor, input: body, dryRun });
    return out.kind === 'dry_run' ? json(out.body) : json({ run: out.run }, 202);
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list, create);
