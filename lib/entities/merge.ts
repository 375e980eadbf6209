import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import {
  auditEvents,
  dossierValues,
  entities,
  entityMerges,
  importEntityCandidates,
  skuEntities,
  supplierRequests,
  type EntityMergeMoved,
} from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { afterDossierChange } from '@/lib/skus/service';
import { assertEntityFitsRole } from './roles';
import { identityOf, serializeEntity } from '@/lib/model/entity-view';
import { getEntityRow } from './service';
import { resetReason } from '@/lib/skus/reset-reasons';

type EntityRow = typeof entities.$inferSelect;
type MergeRow = typeof entityMerges.$inferSelect;

/** Contact fields a survivor takes from the duplicate when it has none of its own. */
const FILLABLE = [
  'tradeMark',
  'street',
  'postalCode',
  'city',
  'region',
  'country',
  'email',
  'contactUrl',
  'phone',
] as const;
type Fillable = (typeof FILLABLE)[number];

export function serializeMerge(m: MergeRow) {
  const snap = m.mergedSnapshot as { name?: string };
  return {
    id: m.id,
    survivor_id: m.survivorId,
    merged_id: m.mergedId,
    merged_name: snap.name ?? '',
    moved_links: m.moved.links,
    moved_provenance: m.moved.dossier_value_ids.length,
    filled_fields: Object.keys((m.moved as { filled?: object }).filled ?? {}),
    created_at: m.createdAt.toISOString(),
    actor_label: m.actorLabel,
    undone_at: m.undoneAt ? m.undoneAt.toISOString() : null,
  };
}

function snapshot(e: EntityRow): Record<string, unknown> {
  return { ...e, createdAt: e.createdAt.toISOString(), updatedAt: e.updatedAt.toISOString() };
}

function restoreRow(s: Record<string, unknown>): EntityRow {
  return {
    ...(s as unknown as EntityRow),
    createdAt: new Date(String(s.createdAt)),
    updatedAt: new Date(String(s.updatedAt)),
  };
}

async function audit(t: Db, workspaceId: string, actor: Actor, action: string, targetId: string, data: object) {
  await t.insert(auditEvents).values({
    workspaceId,
    actorUserId: actor.userId,
    actorApiKeyId: actor.apiKeyId,
    actorLabel: actor.label,
    action,
    targetType: 'entity',
    targetId,
    data: data as Record<string, unknown>,
  });
}

/**
 * Merges a duplicate entity into the survivor: every SKU link, dossier provenance, import candidate
 * and supplier request pointing at the duplicate moves to the survivor, the survivor's empty contact
 * fields take the duplicate's values, and the duplicate is deleted. Both rows are locked in id order,
 * so two merges touching the same entity run one after the other; the second finds the duplicate gone
 * and answers 409. What moved is recorded so undoMerge can put it back.
 */
export async function mergeEntities(
  db: Db,
  args: { workspaceId: string; actor: Actor; survivorId: string; duplicateId: string },
) {
  if (args.survivorId === args.duplicateId)
    throw new AppError('ENTITY_MERGE_CONFLICT', 'An entity cannot be merged into itself.', {
      details: { reason: 'same_entity' },
    });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const locked = await t
      .select()
      .from(entities)
      .where(and(eq(entities.workspaceId, args.workspaceId), inArray(entities.id, [args.survivorId, args.duplicateId])))
      .orderBy(asc(entities.id))
      .for('update');
    const survivor = locked.find((e) => e.id === args.survivorId);
    const dup = locked.find((e) => e.id === args.duplicateId);
    if (!survivor) throw new AppError('NOT_FOUND', 'Entity not found.');
    if (!dup) {
      const [earlier] = await t
        .select({ id: entityMerges.id })
        .from(entityMerges)
        .where(
          and(
            eq(entityMerges.workspaceId, args.workspaceId),
            eq(entityMerges.mergedId, args.duplicateId),
            isNull(entityMerges.undoneAt),
          ),
        );
      if (earlier)
        throw new AppError('ENTITY_MERGE_CONFLICT', 'That entity was already merged into another one.', {
          details: { reason: 'already_merged', merge_id: earlier.id },
        });
      throw new AppError('NOT_FOUND', 'Entity not found.');
    }

    // The survivor takes over the duplicate's roles: it must be allowed to hold each of them.
    const filled: Partial<Record<Fillable, string>> = {};
    for (const k of FILLABLE) if (!survivor[k] && dup[k]) filled[k] = dup[k]!;
    const after = { ...survivor, ...filled };
    const links = await t
      .select({ sku_id: skuEntities.skuId, role: skuEntities.role })
      .from(skuEntities)
      .where(and(eq(skuEntities.workspaceId, args.workspaceId), eq(skuEntities.entityId, dup.id)));
    for (const role of new Set(links.map((l) => l.role))) assertEntityFitsRole(role, after);

    await t.update(skuEntities).set({ entityId: survivor.id }).where(eq(skuEntities.entityId, dup.id));
    const values = await t
      .update(dossierValues)
      .set({ provenance: sql`jsonb_set(${dossierValues.provenance}, '{entity_id}', to_jsonb(${survivor.id}::text))` })
      .where(
        and(
          eq(dossierValues.workspaceId, args.workspaceId),
          sql`${dossierValues.provenance}->>'entity_id' = ${dup.id}`,
        ),
      )
      .returning({ id: dossierValues.id });
    const candidates = await t
      .update(importEntityCandidates)
      .set({ entityId: survivor.id })
      .where(and(eq(importEntityCandidates.workspaceId, args.workspaceId), eq(importEntityCandidates.entityId, dup.id)))
      .returning({
        batch_id: importEntityCandidates.batchId,
        role: importEntityCandidates.role,
        candidate_key: importEntityCandidates.candidateKey,
      });
    const requests = await t
      .update(supplierRequests)
      .set({ entityId: survivor.id })
      .where(and(eq(supplierRequests.workspaceId, args.workspaceId), eq(supplierRequests.entityId, dup.id)))
      .returning({ id: supplierRequests.id });
    if (Object.keys(filled).length)
      await t
        .update(entities)
        .set({ ...filled, identityKey: identityOf(after), updatedAt: new Date() })
        .where(eq(entities.id, survivor.id));
    await t.delete(entities).where(eq(entities.id, dup.id));

    const moved: EntityMergeMoved & { filled: typeof filled } = {
      links,
      dossier_value_ids: values.map((v) => v.id),
      import_candidates: candidates,
      supplier_request_ids: requests.map((r) => r.id),
      filled,
    };
    const [merge] = await t
      .insert(entityMerges)
      .values({
        workspaceId: args.workspaceId,
        survivorId: survivor.id,
        mergedId: dup.id,
        mergedSnapshot: snapshot(dup),
        moved,
        actorLabel: args.actor.label,
      })
      .returning();
    await audit(t, args.workspaceId, args.actor, 'entity.merged', survivor.id, {
      name: survivor.name,
      merged_id: dup.id,
      merged_name: dup.name,
      merge_id: merge.id,
      links: links.length,
    });
    for (const skuId of new Set(links.map((l) => l.sku_id)))
      await afterDossierChange(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        skuId,
        reason: resetReason.entityMerged(dup.name, survivor.name),
      });
    const [row] = await t.select().from(entities).where(eq(entities.id, survivor.id));
    return { merge: serializeMerge(merge), entity: serializeEntity(row) };
  });
}

/**
 * Undoes a merge: the duplicate comes back with its id and data, and each thing the merge moved goes
 * back to it where it still points at the survivor (a link re-pointed since stays where a person put
 * it). Refused once undone, or when the survivor itself was merged away since (undo that one first).
 */
export async function undoMerge(db: Db, args: { workspaceId: string; actor: Actor; mergeId: string }) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [m] = await t
      .select()
      .from(entityMerges)
      .where(and(eq(entityMerges.id, args.mergeId), eq(entityMerges.workspaceId, args.workspaceId)))
      .for('update');
    if (!m) throw new AppError('NOT_FOUND', 'Merge not found.');
    if (m.undoneAt)
      throw new AppError('ENTITY_MERGE_CONFLICT', 'This merge was already undone.', {
        details: { reason: 'already_undone' },
      });
    const [survivor] = await t
      .select()
      .from(entities)
      .where(and(eq(entities.id, m.survivorId), eq(entities.workspaceId, args.workspaceId)))
      .for('update');
    if (!survivor)
      throw new AppError(
        'ENTITY_MERGE_CONFLICT',
        'The entity this one was merged into no longer exists (it was merged or deleted since); undo that first.',
        { details: { reason: 'survivor_gone' } },
      );
    const restored = restoreRow(m.mergedSnapshot);
    await t.insert(entities).values(restored);

    const moved = m.moved as EntityMergeMoved & { filled?: Partial<Record<Fillable, string>> };
    const back: { sku_id: string; role: EntityMergeMoved['links'][number]['role'] }[] = [];
    for (const l of moved.links) {
      const r = await t
        .update(skuEntities)
        .set({ entityId: restored.id })
        .where(
          and(eq(skuEntities.skuId, l.sku_id), eq(skuEntities.role, l.role), eq(skuEntities.entityId, survivor.id)),
        )
        .returning({ sku_id: skuEntities.skuId });
      if (r.length) back.push(l);
    }
    if (moved.dossier_value_ids.length)
      await t
        .update(dossierValues)
        .set({ provenance: sql`jsonb_set(${dossierValues.provenance}, '{entity_id}', to_jsonb(${restored.id}::text))` })
        .where(
          and(
            inArray(dossierValues.id, moved.dossier_value_ids),
            sql`${dossierValues.provenance}->>'entity_id' = ${survivor.id}`,
          ),
        );
    for (const c of moved.import_candidates)
      await t
        .update(importEntityCandidates)
        .set({ entityId: restored.id })
        .where(
          and(
            eq(importEntityCandidates.batchId, c.batch_id),
            eq(importEntityCandidates.role, c.role),
            eq(importEntityCandidates.candidateKey, c.candidate_key),
            eq(importEntityCandidates.entityId, survivor.id),
          ),
        );
    if (moved.supplier_request_ids.length)
      await t
        .update(supplierRequests)
        .set({ entityId: restored.id })
        .where(
          and(inArray(supplierRequests.id, moved.supplier_request_ids), eq(supplierRequests.entityId, survivor.id)),
        );
    // Fields the survivor took from the duplicate go back to empty, unless a person has changed them since.
    const unfill: Partial<Record<Fillable, null>> = {};
    for (const [k, v] of Object.entries(moved.filled ?? {}) as [Fillable, string][])
      if (survivor[k] === v) unfill[k] = null;
    if (Object.keys(unfill).length)
      await t
        .update(entities)
        .set({ ...unfill, identityKey: identityOf({ ...survivor, ...unfill }), updatedAt: new Date() })
        .where(eq(entities.id, survivor.id));

    const [done] = await t
      .update(entityMerges)
      .set({ undoneAt: new Date(), undoneByLabel: args.actor.label })
      .where(eq(entityMerges.id, m.id))
      .returning();
    await audit(t, args.workspaceId, args.actor, 'entity.merge_undone', restored.id, {
      name: restored.name,
      survivor_id: survivor.id,
      survivor_name: survivor.name,
      merge_id: m.id,
      links: back.length,
    });
    for (const skuId of new Set(back.map((l) => l.sku_id)))
      await afterDossierChange(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        skuId,
        reason: resetReason.mergeUndone(restored.name),
      });
    return { merge: serializeMerge(done), entity: serializeEntity(restored), restored_links: back };
  });
}

/** Merges into this entity, newest first (the detail page offers undo on those not undone). */
export async function listMergesInto(db: Db, { workspaceId, survivorId }: { workspaceId: string; survivorId: string }) {
  await getEntityRow(db, { workspaceId, id: survivorId });
  const rows = await db
    .select()
    .from(entityMerges)
    .where(and(eq(entityMerges.workspaceId, workspaceId), eq(entityMerges.survivorId, survivorId)))
    .orderBy(desc(entityMerges.createdAt), desc(entityMerges.id))
    .limit(50);
  return rows.map(serializeMerge);
}
