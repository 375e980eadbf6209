import { linkEntity, unlinkEntity } from '@/lib/entities/service';
import { LinkSkuEntityInput, SkuEntityLinked, SkuEntityRoleParams, SkuEntityUnlinked } from '@/lib/entities/schemas';
import { defineRoute, json, routeMethods } from '@/lib/http';

// PUT /api/skus/{id}/entities/{role} – link an entity of the workspace in a role (replacing the previous one).
const put = defineRoute({
  method: 'PUT',
  path: '/api/skus/{id}/entities/{role}',
  operationId: 'linkSkuEntity',
  summary: 'Link an entity to a SKU',
  description:
    'Roles: manufacturer, importer, responsible_person, authorised_representative. A change resets an approval. 422 ENTITY_NOT_ESTABLISHED_IN_EU when an entity with a country outside the EU/EEA is linked as responsible_person or authorised_representative.',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: SkuEntityRoleParams,
  body: LinkSkuEntityInput,
  errors: [422],
  responses: { 200: { description: 'Linked.', schema: SkuEntityLinked } },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      await linkEntity(db, {
        workspaceId: auth.workspace.id,
        actor,
        skuId: params.id,
        role: params.role,
        entityId: body.entity_id,
      }),
    ),
});

// DELETE /api/skus/{id}/entities/{role}
const del = defineRoute({
  method: 'DELETE',
  path: '/api/skus/{id}/entities/{role}',
  operationId: 'unlinkSkuEntity',
  summary: 'Unlink the entity of a role',
  tags: ['Entities'],
  stability: 'preview',
  auth: 'either',
  scope: 'skus:write',
  params: SkuEntityRoleParams,
  responses: { 200: { description: 'Unlinked.', schema: SkuEntityUnlinked } },
  handler: async ({ db, auth, actor, params }) =>
    json(await unlinkEntity(db, { workspaceId: auth.workspace.id, actor, skuId: params.id, role: params.role })),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(put, del);
