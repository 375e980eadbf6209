/**
 * A SKU's dossier values: reading the fields, setting and clearing a confirmed value, and importing
 * confirmed values. Suggestions (values a person has still to confirm) have their own file, suggestions.ts.
 */
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { dossierValues, type DossierSource, type Provenance } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { valuesAgree } from '@/lib/evidence/value-conflicts';
import { fieldDefinition, isKnownFieldKey, normalizeFieldValue } from '@/lib/model/catalogue';
import { resetReason } from '@/lib/skus/reset-reasons';
import { afterDossierChange, getSkuRow, lockSkuRow } from '@/lib/skus/service';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

export type ValueRow = typeof dossierValues.$inferSelect;

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

export async function currentConfirmed(db: Db, { skuId, fieldKey }: { skuId: string; fieldKey: string }) {
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
  const current = await currentConfirmed(db, { skuId: args.skuId, fieldKey: args.fieldKey });
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
    const current = await currentConfirmed(db, { skuId: args.skuId, fieldKey: args.fieldKey });
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
    const current = await currentConfirmed(t, { skuId: args.skuId, fieldKey: args.fieldKey });
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
