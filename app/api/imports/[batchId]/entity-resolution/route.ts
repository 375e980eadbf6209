import { defineRoute, json, routeMethods } from '@/lib/http';
import {
  ImportEntityResolutionRequest,
  ImportEntityResolutionResponse,
  resolveImportEntities,
} from '@/lib/imports/resolution';
import { BatchParams } from '@/lib/imports/schemas';

// POST /api/imports/{batchId}/entity-resolution – decide what each entity candidate becomes.
const resolve = defineRoute({
  method: 'POST',
  path: '/api/imports/{batchId}/entity-resolution',
  operationId: 'resolveImportEntities',
  summary: 'Resolve the entity candidates of an import',
  description:
    'Per candidate and role: link_existing (entity_id of this workspace), create_new (from proposed_values), ignore or unresolved. create_new and link_existing link the entity to the SKUs of the source rows. ' +
    'A saved decision is final: a different decision for the same candidate and role (in the request or against the saved one) is 409; repeating it changes nothing. dry_run (query or body) validates and echoes.',
  tags: ['Imports'],
  stability: 'preview',
  auth: 'session',
  params: BatchParams,
  body: ImportEntityResolutionRequest,
  dryRun: true,
  idempotent: true,
  errors: [409],
  responses: {
    200: {
      description: 'The decisions were validated (dry run) or saved and applied.',
      schema: ImportEntityResolutionResponse,
    },
  },
  handler: async ({ db, auth, actor, params, body, dryRun }) =>
    json(
      await resolveImportEntities(db, {
        workspaceId: auth.workspace.id,
        actor,
        batchId: params.batchId,
        decisions: body.decisions,
        dryRun: dryRun || body.dry_run === true,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(resolve);
