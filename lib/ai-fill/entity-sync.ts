import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { dossierValues, entities, skuEntities } from '@/lib/db/schema';
import { fieldDefinition, isKnownFieldKey, type EntityFieldAttribute } from '@/lib/model/catalogue';
import { normalizeOrThrow, setDossierValue } from '@/lib/dossier/service';
import { AppError } from '@/lib/errors';
import { entityAddressLines } from '@/lib/skus/read-model';
import { getSkuRow } from '@/lib/skus/service';

/**
 * POST /api/skus/{id}/fields/{fieldId}/sync-from-entity: the dossier field takes the current value of
 * the entity linked in the field's role (manufacturer name, postal address, email...) as a confirmed
 * value (source entity_sync) whose provenance names the entity. A dry run shows the old and new value
 * and writes nothing; syncing an unchanged value changes nothing.
 */

type EntityRow = typeof entities.$inferSelect;

function attributeValue(e: EntityRow, attribute: EntityFieldAttribute): string | null {
  switch (attribute) {
    case 'name':
      return e.name;
    case 'address': {
      const lines = entityAddressLines(e);
      return lines.length ? lines.join(', ') : null;
    }
    case 'country':
      return e.country;
    case 'email':
      return e.email;
    case 'url':
      return e.contactUrl;
  }
}

export async function syncFieldFromEntity(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; fieldKey: string; dryRun: boolean },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  if (!isKnownFieldKey(args.fieldKey)) throw new AppError('NOT_FOUND', `Unknown dossier field "${args.fieldKey}".`);
  const def = fieldDefinition(args.fieldKey);
  if (!def?.entity) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${args.fieldKey} is not provided by a linked entity; only manufacturer, importer and EU responsible person fields can be synced.`,
      {
        details: { fields: [{ path: 'fieldId', message: 'not an entity field' }] },
      },
    );
  }
  const { role, attribute } = def.entity;
  const [link] = await db
    .select({ e: entities })
    .from(skuEntities)
    .innerJoin(entities, eq(entities.id, skuEntities.entityId))
    .where(
      and(eq(skuEntities.skuId, args.skuId), eq(skuEntities.workspaceId, args.workspaceId), eq(skuEntities.role, role)),
    );
  if (!link) {
    throw new AppError(
      'NO_LINKED_ENTITY',
      `No ${role.replace('_', ' ')} is linked to this SKU; link one before syncing ${args.fieldKey}.`,
      { details: { role, field_key: args.fieldKey } },
    );
  }
  const entity = link.e;
  const raw = attributeValue(entity, attribute);
  if (!raw || !raw.trim()) {
    throw new AppError('ENTITY_VALUE_MISSING', `${entity.name} has no ${attribute}; add it to the entity first.`, {
      details: { entity_id: entity.id, role, attribute, field_key: args.fieldKey },
    });
  }
  const value = normalizeOrThrow(args.fieldKey, raw);
  const entityRef = { id: entity.id, name: entity.name, role };
  const [current] = await db
    .select()
    .from(dossierValues)
    .where(
      and(
        eq(dossierValues.skuId, args.skuId),
        eq(dossierValues.fieldKey, args.fieldKey),
        eq(dossierValues.status, 'confirmed'),
        isNull(dossierValues.supersededAt),
      ),
    );
  if (args.dryRun) {
    return {
      dry_run: true as const,
      field_key: args.fieldKey,
      entity: entityRef,
      old_value: current?.value ?? null,
      new_value: value,
      would_change: current?.value !== value,
    };
  }
  const written = await setDossierValue(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    skuId: args.skuId,
    fieldKey: args.fieldKey,
    value,
    source: 'entity_sync',
    provenance: {
      entity_id: entity.id,
      note: `Synced from the linked ${role.replace('_', ' ')} ${entity.name}.`.slice(0, 500),
    },
  });
  return {
    field_key: args.fieldKey,
    entity: entityRef,
    old_value: current?.value ?? null,
    new_value: value,
    changed: written.changed,
    value: written.value,
  };
}
