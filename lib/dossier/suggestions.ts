/** Suggested dossier values (document extraction, AI, import proposals): stored apart from confirmed data until a person confirms or rejects each. */
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import {
  documents,
  dossierValues,
  entities,
  importBatches,
  jobRuns,
  type DossierSource,
  type Provenance,
} from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { resetReason } from '@/lib/skus/reset-reasons';
import { afterDossierChange, getSkuRow, lockSkuRow } from '@/lib/skus/service';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type ValueRow, currentConfirmed, normalizeOrThrow, serializeValue } from './service';

export interface SuggestionInput {
  field_key: string;
  value: string;
  source: Exclude<DossierSource, 'manual'>;
  provenance: Provenance;
  confidence?: number | null;
}

/**
 * Stores suggestions (document extraction, AI, import proposals). Never confirmed data: a person
 * confirms or rejects each. Duplicates of the current value or of an open suggestion are skipped;
 * a suggestion that disagrees with a confirmed value surfaces as a conflict in review.
 */
export async function addSuggestions(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; suggestions: SuggestionInput[] },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  await assertOwnProvenance(db, args.workspaceId, args.suggestions);
  // Under the SKU lock, so two concurrent calls with the same value store it once.
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.skuId });
    const existing = await t
      .select()
      .from(dossierValues)
      .where(
        and(
          eq(dossierValues.skuId, args.skuId),
          isNull(dossierValues.supersededAt),
          inArray(dossierValues.status, ['confirmed', 'suggested', 'rejected']),
        ),
      );
    const seen = new Set(existing.map((v) => `${v.fieldKey}\u0000${v.value}`));
    const inserted: ValueRow[] = [];
    const skipped: { field_key: string; reason: string }[] = [];
    for (const s of args.suggestions) {
      let value: string;
      try {
        value = normalizeOrThrow(s.field_key, s.value);
      } catch (e) {
        skipped.push({ field_key: s.field_key, reason: (e as Error).message });
        continue;
      }
      const key = `${s.field_key}\u0000${value}`;
      if (seen.has(key)) {
        skipped.push({ field_key: s.field_key, reason: 'same value already present, suggested or rejected' });
        continue;
      }
      seen.add(key);
      const [row] = await t
        .insert(dossierValues)
        .values({
          workspaceId: args.workspaceId,
          skuId: args.skuId,
          fieldKey: s.field_key,
          value,
          status: 'suggested',
          source: s.source,
          provenance: s.provenance,
          confidence: s.confidence ?? null,
          createdBy: args.actor.userId,
          createdByLabel: args.actor.label,
        })
        .returning();
      inserted.push(row);
    }
    if (inserted.length) {
      const { recomputeSku } = await import('@/lib/skus/evaluate');
      await recomputeSku(t, { workspaceId: args.workspaceId, skuId: args.skuId });
    }
    return { inserted: inserted.map(serializeValue), skipped };
  });
}

const PROVENANCE_REFS = [
  { key: 'document_id', table: documents, noun: 'document' },
  { key: 'batch_id', table: importBatches, noun: 'import batch' },
  { key: 'entity_id', table: entities, noun: 'entity' },
  { key: 'job_id', table: jobRuns, noun: 'job' },
] as const;

/**
 * Provenance names where a value came from; an id there must be one of this workspace's documents,
 * import batches, entities or jobs. Another workspace's id (or an unknown one) is a 404 naming the
 * field, as a foreign id is everywhere else.
 */
async function assertOwnProvenance(db: Db, workspaceId: string, suggestions: SuggestionInput[]) {
  for (const ref of PROVENANCE_REFS) {
    const wanted = new Map<string, number>();
    suggestions.forEach((s, i) => {
      const id = s.provenance?.[ref.key];
      if (id !== undefined && id !== null && !wanted.has(String(id))) wanted.set(String(id), i);
    });
    if (!wanted.size) continue;
    const ids = [...wanted.keys()];
    // The ids are UUIDs: the route's schema checks that, and internal callers pass stored ids.
    const rows = await db
      .select({ id: ref.table.id })
      .from(ref.table)
      .where(and(eq(ref.table.workspaceId, workspaceId), inArray(ref.table.id, ids)));
    const own = new Set(rows.map((r) => String(r.id)));
    const foreign = ids.find((id) => !own.has(id));
    if (foreign !== undefined) {
      const path = `suggestions[${wanted.get(foreign)}].provenance.${ref.key}`;
      throw new AppError('NOT_FOUND', `${path}: no ${ref.noun} ${foreign} in this workspace.`, {
        details: { fields: [{ path, message: `${ref.noun} not found in this workspace` }] },
      });
    }
  }
}

async function getSuggestion(db: Db, workspaceId: string, skuId: string, valueId: string) {
  const [row] = await db
    .select()
    .from(dossierValues)
    .where(
      and(eq(dossierValues.id, valueId), eq(dossierValues.skuId, skuId), eq(dossierValues.workspaceId, workspaceId)),
    );
  if (!row) throw new AppError('NOT_FOUND', 'Suggestion not found.');
  if (row.status !== 'suggested' || row.supersededAt)
    throw new AppError('INVALID_STATE', `This value is ${row.status}, not an open suggestion.`, {
      details: { state: row.status },
    });
  return row;
}

/** A person confirms a suggestion: it becomes the field's value, with its original provenance. */
export async function confirmSuggestion(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; valueId: string; value?: string },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.skuId });
    const s = await getSuggestion(t, args.workspaceId, args.skuId, args.valueId);
    const value = args.value !== undefined ? normalizeOrThrow(s.fieldKey, args.value) : s.value;
    const current = await currentConfirmed(t, { skuId: args.skuId, fieldKey: s.fieldKey });
    if (current)
      await t.update(dossierValues).set({ supersededAt: new Date() }).where(eq(dossierValues.id, current.id));
    const provenance =
      value === s.value ? s.provenance : { ...s.provenance, note: `edited from "${s.value}" when confirmed` };
    await t
      .update(dossierValues)
      .set({ status: 'confirmed', value, provenance, decidedByLabel: args.actor.label, decidedAt: new Date() })
      .where(eq(dossierValues.id, s.id));
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'dossier.suggestion_confirmed',
      targetType: 'sku',
      targetId: args.skuId,
      data: {
        field_key: s.fieldKey,
        value,
        source: s.source,
        previous: current?.value ?? null,
      },
    });
    await afterDossierChange(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuId: args.skuId,
      reason: resetReason.fieldConfirmed(s.fieldKey, s.source),
    });
    const [row] = await t.select().from(dossierValues).where(eq(dossierValues.id, s.id));
    return serializeValue(row);
  });
}

export async function rejectSuggestion(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; valueId: string; reason?: string },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.skuId });
    const s = await getSuggestion(t, args.workspaceId, args.skuId, args.valueId);
    await t
      .update(dossierValues)
      .set({ status: 'rejected', decidedByLabel: args.actor.label, decidedAt: new Date() })
      .where(eq(dossierValues.id, s.id));
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'dossier.suggestion_rejected',
      targetType: 'sku',
      targetId: args.skuId,
      data: {
        field_key: s.fieldKey,
        value: s.value,
        source: s.source,
        reason: args.reason ?? null,
      },
    });
    const { recomputeSku } = await import('@/lib/skus/evaluate');
    await recomputeSku(t, { workspaceId: args.workspaceId, skuId: args.skuId });
    const [row] = await t.select().from(dossierValues).where(eq(dossierValues.id, s.id));
    return serializeValue(row);
  });
}
