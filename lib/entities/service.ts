import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { entities, skuEntities, type EntityRole } from '@/lib/db/schema';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, keysetPage } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';
import { identityOf, serializeEntity } from '@/lib/model/entity-view';
import { afterDossierChange, getSkuRow } from '@/lib/skus/service';
import { assertEntityFitsRole } from './roles';
import type { EntityInput } from './schemas';
import { resetReason } from '@/lib/skus/reset-reasons';

type EntityRow = typeof entities.$inferSelect;

function toColumns(input: Partial<EntityInput>) {
  const out: Partial<EntityRow> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.trade_mark !== undefined) out.tradeMark = input.trade_mark;
  if (input.street !== undefined) out.street = input.street;
  if (input.postal_code !== undefined) out.postalCode = input.postal_code;
  if (input.city !== undefined) out.city = input.city;
  if (input.region !== undefined) out.region = input.region;
  if (input.country !== undefined) out.country = input.country;
  if (input.email !== undefined) out.email = input.email;
  if (input.contact_url !== undefined) out.contactUrl = input.contact_url;
  if (input.phone !== undefined) out.phone = input.phone;
  return out;
}

export async function getEntityRow(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [row] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.id, id), eq(entities.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'Entity not found.');
  return row;
}

const skuCountSql = sql<number>`(SELECT count(DISTINCT se.sku_id)::int FROM sku_entities se WHERE se.entity_id = ${entities.id})`;
const rolesSql = sql<
  string | null
>`(SELECT string_agg(DISTINCT se.role, ',' ORDER BY se.role) FROM sku_entities se WHERE se.entity_id = ${entities.id})`;
export const parseRoles = (v: string | null) => (v ? (v.split(',') as EntityRole[]) : []);

/** GET /api/entities: ordered by (name, id), keyset-paged; q searches name, email and city. */
export async function listEntities(
  db: Db,
  { workspaceId, opts }: { workspaceId: string; opts: { q?: string; cursor?: string; limit: number } },
) {
  const where = [eq(entities.workspaceId, workspaceId)];
  if (opts.q) {
    const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(entities.name, like), ilike(entities.email, like), ilike(entities.city, like))!);
  }
  if (opts.cursor !== undefined) {
    const c = decodeKeysetCursor(opts.cursor, 'entities', 'text');
    where.push(afterKeyset('asc', entities.name, c.value, entities.id, c.id));
  }
  const rows = await db
    .select({ e: entities, n: skuCountSql, roles: rolesSql })
    .from(entities)
    .where(and(...where))
    .orderBy(asc(entities.name), asc(entities.id))
    .limit(opts.limit + 1);
  const { page, next_cursor, has_more } = keysetPage(rows, opts.limit, (last) =>
    encodeKeysetCursor('entities', last.e.name, last.e.id),
  );
  return {
    data: page.map((r) => serializeEntity(r.e, Number(r.n), parseRoles(r.roles))),
    next_cursor,
    has_more,
  };
}

export async function createEntity(db: Db, args: { workspaceId: string; actor: Actor; input: EntityInput }) {
  const cols = toColumns(args.input) as EntityRow;
  const [row] = await db
    .insert(entities)
    .values({
      ...cols,
      workspaceId: args.workspaceId,
      name: args.input.name,
      identityKey: identityOf(cols),
      createdBy: args.actor.userId,
    })
    .returning();
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'entity.created',
    targetType: 'entity',
    targetId: row.id,
    data: { name: row.name },
  });
  return serializeEntity(row, 0);
}

/** Editing an entity changes every SKU it is linked to: their blockers are recomputed. */
export async function updateEntity(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; patch: Partial<EntityInput> },
) {
  const existing = await getEntityRow(db, { workspaceId: args.workspaceId, id: args.id });
  const merged = { ...existing, ...toColumns(args.patch) };
  if (args.patch.country !== undefined) {
    // Moving an entity out of the EU cannot leave it as some SKU's EU responsible person.
    const roles = await db
      .selectDistinct({ role: skuEntities.role })
      .from(skuEntities)
      .where(eq(skuEntities.entityId, existing.id));
    for (const r of roles) assertEntityFitsRole(r.role, merged);
  }
  const [row] = await db
    .update(entities)
    .set({ ...toColumns(args.patch), identityKey: identityOf(merged), updatedAt: new Date() })
    .where(eq(entities.id, existing.id))
    .returning();
  const links = await db.select({ skuId: skuEntities.skuId }).from(skuEntities).where(eq(skuEntities.entityId, row.id));
  for (const l of links)
    await afterDossierChange(db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuId: l.skuId,
      reason: resetReason.entityChanged(row.name),
    });
  return serializeEntity(row, links.length);
}

export async function deleteEntity(db: Db, args: { workspaceId: string; id: string }) {
  const row = await getEntityRow(db, { workspaceId: args.workspaceId, id: args.id });
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(skuEntities)
    .where(eq(skuEntities.entityId, row.id));
  if (Number(n) > 0)
    throw new AppError('ENTITY_IN_USE', `${row.name} is linked to ${n} SKU(s); unlink it first.`, {
      details: { sku_count: Number(n) },
    });
  await db.delete(entities).where(eq(entities.id, row.id));
  return { deleted_id: row.id };
}

export async function skuEntityLinks(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const rows = await db
    .select({ role: skuEntities.role, e: entities })
    .from(skuEntities)
    .innerJoin(entities, eq(entities.id, skuEntities.entityId))
    .where(and(eq(skuEntities.skuId, skuId), eq(skuEntities.workspaceId, workspaceId)));
  return rows.map((r) => ({ role: r.role, entity: serializeEntity(r.e) }));
}

/** Links an entity of this workspace to the SKU in a role (replacing the previous one). */
export async function linkEntity(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; role: EntityRole; entityId: string },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const entity = await getEntityRow(db, { workspaceId: args.workspaceId, id: args.entityId });
  assertEntityFitsRole(args.role, entity);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .insert(skuEntities)
      .values({ workspaceId: args.workspaceId, skuId: args.skuId, role: args.role, entityId: entity.id })
      .onConflictDoUpdate({
        target: [skuEntities.skuId, skuEntities.role],
        set: { entityId: entity.id, createdAt: new Date() },
      });
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.entity_linked',
      targetType: 'sku',
      targetId: args.skuId,
      data: { role: args.role, entity_id: entity.id, name: entity.name },
    });
    await afterDossierChange(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuId: args.skuId,
      reason: resetReason.roleLinked(args.role),
    });
    return { role: args.role, entity: serializeEntity(entity) };
  });
}

export async function unlinkEntity(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; role: EntityRole },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const removed = await t
      .delete(skuEntities)
      .where(
        and(
          eq(skuEntities.skuId, args.skuId),
          eq(skuEntities.role, args.role),
          eq(skuEntities.workspaceId, args.workspaceId),
        ),
      )
      .returning();
    if (!removed.length) throw new AppError('NOT_FOUND', `No ${args.role} is linked to this SKU.`);
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.entity_unlinked',
      targetType: 'sku',
      targetId: args.skuId,
      data: { role: args.role, entity_id: removed[0].entityId },
    });
    await afterDossierChange(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuId: args.skuId,
      reason: resetReason.roleUnlinked(args.role),
    });
    return { role: args.role, unlinked: true };
  });
}
