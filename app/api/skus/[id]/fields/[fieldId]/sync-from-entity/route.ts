import { z } from 'zod';
import { syncFieldFromEntity } from '@/lib/ai-fill/entity-sync';
import { SyncFromEntityResponse } from '@/lib/ai-fill/schemas';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';

// POST /api/skus/{id}/fields/{fieldId}/sync-from-entity – copy the linked entity's value into the field.
const post = defineRoute({
  method: 'POST',
  path: '/api/skus/{id}/fields/{fieldId}/sync-from-entity',
  operationId: 'syncFieldFromEntity',
  summary: 'Sync a dossier field from its linked entity',
  description:
    'fieldId is the dossier field key (manufacturer_name, manufacturer_address, manufacturer_email, importer_name, responsible_person_address...). The current value of the entity linked in that role becomes the confirmed value, with provenance naming the entity. dry_run returns old_value and new_value without writing. 409 NO_LINKED_ENTITY when no entity of that role is linked; 422 ENTITY_VALUE_MISSING when the entity lacks the value; 400 for a field no entity provides. Session, or Bearer with scope skus:write.',
  tags: ['Dossier'],
  stability: 'stable',
  auth: 'either',
  scope: 'skus:write',
  params: z.object({ id: Uuid, fieldId: z.string().min(1).max(64) }),
  dryRun: true,
  idempotent: true,
  errors: [409, 422],
  responses: {
    200: { description: 'Old and new value; with dry_run nothing is written.', schema: SyncFromEntityResponse },
  },
  handler: async ({ db, auth, actor, params, dryRun }) =>
    json(
      await syncFieldFromEntity(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        fieldKey: params.fieldId,
        dryRun,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
