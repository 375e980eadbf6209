import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import { valuesAgree } from '@/lib/evidence/value-conflicts';
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
import { isUniqueViolation } from '@/lib/db/errors';
import { afterDossierChange, getSkuRow, lockSkuRow } from '@/lib/skus/service';
import { fieldDefinition, isKnownFieldKey, normalizeFieldValue } from '@/lib/model/catalogue';
import { resetReason } from '@/lib/skus/reset-reasons';

type ValueRow = typeof dossierValues.$inferSelect;

export function serializeValue(v: ValueRow) {
  return {
    id: v.id,
    field_key: v.fieldKey,
    value: v.value,
    status: v.status,
    source: v.source,
    provenance: v.provenance,
    confidence: v.confidence,
    created_by: v.createdByLabel,
    created_at: v.createdAt.toISOString(),
    decided_by: v.decidedByLabel,
    decided_at: v.decidedAt?.toISOString() ?? null,
    superseded_at: v.supersededAt?.toISOString() ?? null,
  };
}

/** Validates and normalises a value for a catalogue key; 400 naming the field otherwise. */
export function normalizeOrThrow(fieldKey: string, raw: unknown): string {
  if (!isKnownFieldKey(fieldKey)) {
    throw new AppError('VALIDATION_FAILED', `Unknown dossier field "${fieldKey}".`, {
      details: { fields: [{ path: 'field_key', message: 'unknown dossier field key' }] },
    });
  }
  const r = normalizeFieldValue(fieldKey, raw);
  if (!r.ok)
    throw new AppError('VALIDATION_FAILED', `${fieldKey}: ${r.message}`, {
      details: { fields: [{ path: 'value', message: r.message, field_key: fieldKey }] },
    });
  return r.value;
}

async function currentConfirmed(db: Db, skuId: string, fieldKey: string) {
  const [row] = await db
    .select()
    .from(dossierValues)
    .where(
      and(
        eq(dossierValues.skuId, skuId),
        eq(dossierValues.fieldKey, fieldKey),
        eq(dossierValues.status, 'confirmed'),
        isNull(dossierValues.supersededAt),
      ),
    );
  return row ?? null;
}

async function writeConfirmed(
  db: Db,
  args: {
    workspaceId: string;
    skuId: string;
    fieldKey: string;
    value: string;
    source: DossierSource;
    provenance: Provenance;
    actor: Actor;
    confidence?: number | null;
  },
) {
  const current = await currentConfirmed(db, args.skuId, args.fieldKey);
  if (current && current.value === args.value) return { row: current, changed: false };
  // Times from the database's clock at the moment of the write (not now(), which is the transaction's
  // start): writers are serialised by the SKU lock, so history in created_at order is the order of writes.
  if (current)
    await db
      .update(dossierValues)
      .set({ supersededAt: sql`clock_timestamp()` })
      .where(eq(dossierValues.id, current.id));
  const [row] = await db
    .insert(dossierValues)
    .values({
      createdAt: sql`clock_timestamp()`,
      workspaceId: args.workspaceId,
      skuId: args.skuId,
      fieldKey: args.fieldKey,
      value: args.value,
      status: 'confirmed',
      source: args.source,
      provenance: args.provenance,
      confidence: args.confidence ?? null,
      createdBy: args.actor.userId,
      createdByLabel: args.actor.label,
      decidedByLabel: args.actor.label,
      decidedAt: new Date(),
    })
    .returning();
  return { row, changed: true, previous: current };
}

/**
 * A writer that does not take the SKU lock (none should) can still meet the one-current-value index:
 * that is a clear 409, never a 500.
 */
function currentValueConflict(e: unknown, fieldKey: string) {
  if (!isUniqueViolation(e, 'dossier_values_current_idx')) return e;
  return new AppError(
    'CONFLICT',
    `Another change to ${fieldKey} was saved at the same moment; reload the dossier and try again.`,
    { details: { field_key: fieldKey } },
  );
}

/** A person (or an API consumer) sets a field: the value is confirmed, the previous one kept as history. */
export async function setDossierValue(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    skuId: string;
    fieldKey: string;
    value: unknown;
    source?: DossierSource;
    provenance?: Provenance;
    dryRun?: boolean;
  },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const value = normalizeOrThrow(args.fieldKey, args.value);
  if (args.source === 'ai_suggestion')
    throw new AppError('VALIDATION_FAILED', 'AI output can only be stored as a suggestion; a person confirms it.');
  if (args.dryRun) {
    const current = await currentConfirmed(db, args.skuId, args.fieldKey);
    return {
      dry_run: true,
      field_key: args.fieldKey,
      normalized_value: value,
      would_change: current?.value !== value,
      current: current ? serializeValue(current) : null,
    };
  }
  const write = db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // One writer per SKU at a time: the second of two concurrent writes reads the first one's value.
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.skuId });
    const r = await writeConfirmed(t, {
      workspaceId: args.workspaceId,
      skuId: args.skuId,
      fieldKey: args.fieldKey,
      value,
      source: args.source ?? 'manual',
      provenance: args.provenance ?? {},
      actor: args.actor,
    });
    if (r.changed) {
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'dossier.value_set',
        targetType: 'sku',
        targetId: args.skuId,
        data: {
          field_key: args.fieldKey,
          value,
          previous: r.previous?.value ?? null,
          source: args.source ?? 'manual',
        },
      });
      await afterDossierChange(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        skuId: args.skuId,
        reason: resetReason.fieldChanged(args.fieldKey),
      });
    }
    return r;
  });
  const result = await write.catch((e: unknown) => {
    throw currentValueConflict(e, args.fieldKey);
  });
  return { value: serializeValue(result.row), changed: result.changed };
}

/** Removes the confirmed value of a field (it stays in the history). */
export async function clearDossierValue(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; fieldKey: string },
) {
  await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.skuId });
    const current = await currentConfirmed(t, args.skuId, args.fieldKey);
    if (!current) throw new AppError('NOT_FOUND', `No confirmed value for ${args.fieldKey}.`);
    await t.update(dossierValues).set({ supersededAt: new Date() }).where(eq(dossierValues.id, current.id));
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'dossier.value_cleared',
      targetType: 'sku',
      targetId: args.skuId,
      data: {
        field_key: args.fieldKey,
        previous: current.value,
      },
    });
    await afterDossierChange(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuId: args.skuId,
      reason: resetReason.fieldCleared(args.fieldKey),
    });
    return { cleared: true, field_key: args.fieldKey };
  });
}

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
    const current = await currentConfirmed(t, args.skuId, s.fieldKey);
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

/**
 * The dossier of a SKU, one entry per field that has any value: the current confirmed value, open
 * suggestions (with conflict flag) and the history (superseded and rejected values).
 */
export async function getDossierFields(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const rows = await db
    .select()
    .from(dossierValues)
    .where(and(eq(dossierValues.skuId, skuId), eq(dossierValues.workspaceId, workspaceId)))
    .orderBy(asc(dossierValues.createdAt), asc(dossierValues.id));
  const byKey = new Map<string, ValueRow[]>();
  for (const r of rows) byKey.set(r.fieldKey, [...(byKey.get(r.fieldKey) ?? []), r]);
  return [...byKey.entries()].map(([key, list]) => {
    const current = list.find((v) => v.status === 'confirmed' && !v.supersededAt) ?? null;
    const suggestions = list.filter((v) => v.status === 'suggested' && !v.supersededAt);
    const def = fieldDefinition(key);
    return {
      field_key: key,
      section: def?.section ?? null,
      current: current ? serializeValue(current) : null,
      suggestions: suggestions.map((s) => ({
        ...serializeValue(s),
        conflicts_with_current: Boolean(
          current && current.value !== s.value && !valuesAgree(s.fieldKey, current.value, s.value),
        ),
      })),
      history: list
        .filter((v) => v !== current && !suggestions.includes(v))
        .map(serializeValue)
        .reverse(),
    };
  });
}

/**
 * Imports write user-supplied catalogue data as confirmed values with provenance (batch, row,
 * column); unchanged values are left alone. The caller recomputes blockers once per SKU.
 */
export async function importConfirmedValues(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    skuId: string;
    values: { field_key: string; value: string; provenance: Provenance }[];
  },
) {
  const changes: { field_key: string; from: string | null; to: string }[] = [];
  for (const v of args.values) {
    const r = await writeConfirmed(db, {
      workspaceId: args.workspaceId,
      skuId: args.skuId,
      fieldKey: v.field_key,
      value: v.value,
      source: 'import',
      provenance: v.provenance,
      actor: args.actor,
    });
    if (r.changed) changes.push({ field_key: v.field_key, from: r.previous?.value ?? null, to: v.value });
  }
  return changes;
}
