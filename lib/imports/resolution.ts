/**
 * Entity resolution of an import batch (POST /api/imports/{batchId}/entity-resolution): per candidate
 * and role, link an existing entity of the workspace, create one from the proposed values, ignore, or
 * leave unresolved. create_new and link_existing link the entity in that role to the SKUs the
 * candidate's source rows imported. A decision is final once saved: a different one for the same
 * candidate and role (in the request or against the saved one) is 409, the same one again is a no-op,
 * so a replayed request never creates a second entity. dry_run validates and echoes, writing nothing.
 */
import { recordAuditMany } from '@/lib/audit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { entities, importEntityCandidates, skuEntities, type EntityRole } from '@/lib/db/schema';
import { createEntity } from '@/lib/entities/service';
import { EntityInput, requireEntityToLink } from '@/lib/entities/schemas';
import { parseAddress } from '@/lib/address/parse';
import { AppError } from '@/lib/errors';
import { afterDossierChange } from '@/lib/skus/service';
import { getBatchRow, type CandidateRow } from './repo';
import { resetReason } from '@/lib/skus/reset-reasons';

export const RESOLUTION_ROLES = ['manufacturer', 'importer', 'responsible_person'] as const;
export const RESOLUTION_ACTIONS = ['link_existing', 'create_new', 'ignore', 'unresolved'] as const;

const NullableText = z.string().max(1000).nullable();

export const ImportEntityResolutionDecision = z
  .strictObject({
    candidate_key: z.string().min(1).max(500),
    role: z.enum(RESOLUTION_ROLES),
    action: z.enum(RESOLUTION_ACTIONS),
    entity_id: z.string().min(1).max(100).optional(),
    proposed_values: z
      .strictObject({ name: NullableText.optional(), address: NullableText.optional(), email: NullableText.optional() })
      .optional(),
    source_rows: z.array(z.number().int().min(1)).max(1_000_000).optional(),
    has_conflicts: z.boolean().optional(),
    conflicts: z.array(z.record(z.string(), z.unknown())).max(1000).optional(),
    reason: z.string().max(1000).optional(),
  })
  .superRefine(requireEntityToLink)
  .meta({ id: 'ImportEntityResolutionDecision' });
export type ImportEntityResolutionDecision = z.output<typeof ImportEntityResolutionDecision>;

export const ImportEntityResolutionRequest = z
  .strictObject({ dry_run: z.boolean().optional(), decisions: z.array(ImportEntityResolutionDecision).max(5000) })
  .meta({ id: 'ImportEntityResolutionRequest' });

const Planned = z.strictObject({
  link_existing: z.number().int(),
  create_new: z.number().int(),
  ignore: z.number().int(),
  unresolved: z.number().int(),
});
export const ImportEntityResolutionResponse = z
  .strictObject({
    dry_run: z.boolean(),
    batch_id: z.string(),
    saved: z.boolean().optional(),
    valid_decisions: z.number().int(),
    planned: Planned,
    decisions: z.array(ImportEntityResolutionDecision).optional(),
  })
  .meta({ id: 'ImportEntityResolutionResponse' });

const keyOf = (d: { role: string; candidate_key: string }) => `${d.role}\u0000${d.candidate_key}`;
const sameDecision = (
  a: { action: string; entity_id?: string | null },
  b: { action: string; entity_id?: string | null },
) => a.action === b.action && (a.action !== 'link_existing' || (a.entity_id ?? null) === (b.entity_id ?? null));
/** A saved decision binds unless it is "unresolved" (which is no decision). */
const binding = (c: CandidateRow) => c.decision !== null && c.decision !== 'unresolved';

function conflict(
  d: ImportEntityResolutionDecision,
  other: { action: string; entity_id?: string | null },
  where: 'request' | 'saved',
) {
  return new AppError(
    'CONFLICT',
    where === 'request'
      ? `Two different decisions for the ${d.role} candidate "${d.candidate_key}" in one request.`
      : `The ${d.role} candidate "${d.candidate_key}" already has the decision ${other.action}; it cannot be changed to ${d.action}.`,
    {
      details: {
        candidate_key: d.candidate_key,
        role: d.role,
        requested: { action: d.action, entity_id: d.entity_id ?? null },
        [where === 'request' ? 'other' : 'saved']: { action: other.action, entity_id: other.entity_id ?? null },
      },
    },
  );
}

/** "Hauptstr. 5, 10115 Berlin, Germany" -> street, postal code, city and country (lib/address). */
export function splitAddress(address: string | null): {
  street: string | null;
  postal_code: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
} {
  const a = parseAddress(address);
  return {
    street: a.street?.slice(0, 200) ?? null,
    postal_code: a.postal_code?.slice(0, 20) ?? null,
    city: a.city?.slice(0, 100) ?? null,
    region: a.region?.slice(0, 100) ?? null,
    country: a.country,
  };
}

function entityInputOf(d: ImportEntityResolutionDecision, c: CandidateRow, index: number) {
  const stored = c.proposedValues as { name?: string | null; address?: string | null; email?: string | null };
  const details = c.details as { country?: string | null; url?: string | null };
  const pv = {
    name: stored.name ?? null,
    address: stored.address ?? null,
    email: stored.email ?? null,
    ...(d.proposed_values ?? {}),
  };
  const url = details.url && /^https?:\/\//i.test(details.url) && details.url.length <= 500 ? details.url : null;
  const parts = splitAddress(pv.address ?? null);
  const parsed = EntityInput.safeParse({
    name: pv.name ?? '',
    street: parts.street,
    postal_code: parts.postal_code,
    city: parts.city,
    region: parts.region,
    country: details.country ?? parts.country,
    email: pv.email ?? null,
    contact_url: url,
  });
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'The proposed values cannot make an entity.', {
      details: {
        fields: parsed.error.issues.map((i) => ({
          path: `decisions.${index}.proposed_values.${String(i.path[0] ?? '')}`,
          message: i.message,
        })),
      },
    });
  }
  return parsed.data;
}

export async function resolveImportEntities(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    batchId: string;
    decisions: ImportEntityResolutionDecision[];
    dryRun: boolean;
  },
) {
  const batch = await getBatchRow(db, { workspaceId: args.workspaceId, batchId: args.batchId });

  // Two different decisions for one candidate and role in the request: 409. Identical repeats count once.
  const unique = new Map<string, { d: ImportEntityResolutionDecision; index: number }>();
  args.decisions.forEach((d, index) => {
    const prior = unique.get(keyOf(d));
    if (prior && !sameDecision(prior.d, d)) throw conflict(d, prior.d, 'request');
    if (!prior) unique.set(keyOf(d), { d, index });
  });
  const decisions = [...unique.values()];

  const stored = decisions.length
    ? await db
        .select()
        .from(importEntityCandidates)
        .where(
          and(
            eq(importEntityCandidates.batchId, batch.id),
            inArray(importEntityCandidates.candidateKey, [...new Set(decisions.map((x) => x.d.candidate_key))]),
          ),
        )
    : [];
  const byKey = new Map(stored.map((c) => [keyOf({ role: c.role, candidate_key: c.candidateKey }), c]));
  const unknown = decisions.filter((x) => !byKey.has(keyOf(x.d)));
  if (unknown.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      `No such entity candidate in this import: ${unknown.map((x) => `${x.d.role} "${x.d.candidate_key}"`).join(', ')}.`,
      {
        details: {
          fields: unknown.map((x) => ({
            path: `decisions.${x.index}.candidate_key`,
            message: 'not a candidate of this batch in this role',
          })),
        },
      },
    );
  }
  // link_existing: the entity must be one of this workspace (another workspace's id is as unknown as a made-up one).
  const linkIds = [...new Set(decisions.filter((x) => x.d.action === 'link_existing').map((x) => x.d.entity_id!))];
  if (linkIds.length) {
    const valid = linkIds.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
    const found = valid.length
      ? await db
          .select({ id: entities.id })
          .from(entities)
          .where(and(eq(entities.workspaceId, args.workspaceId), inArray(entities.id, valid)))
      : [];
    const ok = new Set(found.map((f) => f.id));
    const missing = decisions.filter((x) => x.d.action === 'link_existing' && !ok.has(x.d.entity_id!));
    if (missing.length) {
      throw new AppError(
        'NOT_FOUND',
        `Entity not found in this workspace: ${missing.map((x) => x.d.entity_id).join(', ')}.`,
        {
          details: {
            fields: missing.map((x) => ({
              path: `decisions.${x.index}.entity_id`,
              message: 'no entity with this id in the workspace',
            })),
          },
        },
      );
    }
  }
  for (const x of decisions) {
    const c = byKey.get(keyOf(x.d))!;
    if (binding(c) && !sameDecision({ action: c.decision!, entity_id: c.entityId }, x.d))
      throw conflict(x.d, { action: c.decision!, entity_id: c.entityId }, 'saved');
    if (x.d.action === 'create_new' && !(binding(c) && c.appliedAt)) entityInputOf(x.d, c, x.index); // validates
  }

  const planned = { link_existing: 0, create_new: 0, ignore: 0, unresolved: 0 };
  for (const x of decisions) planned[x.d.action]++;
  if (args.dryRun) {
    return {
      dry_run: true,
      batch_id: batch.id,
      valid_decisions: decisions.length,
      planned,
      decisions: decisions.map((x) => echo(x.d, byKey.get(keyOf(x.d))!)),
    };
  }
  if (batch.status !== 'completed' && batch.status !== 'completed_with_errors') {
    throw new AppError('INVALID_STATE', `The import is ${batch.status}; entities are resolved once it has completed.`, {
      details: { state: batch.status },
    });
  }

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const x of decisions) {
      // Lock the candidate: a concurrent request with another decision waits, then sees this one.
      const [c] = await t
        .select()
        .from(importEntityCandidates)
        .where(
          and(
            eq(importEntityCandidates.batchId, batch.id),
            eq(importEntityCandidates.role, x.d.role),
            eq(importEntityCandidates.candidateKey, x.d.candidate_key),
          ),
        )
        .for('update');
      if (binding(c) && !sameDecision({ action: c.decision!, entity_id: c.entityId }, x.d))
        throw conflict(x.d, { action: c.decision!, entity_id: c.entityId }, 'saved');
      if (binding(c) && (c.appliedAt || c.decision === 'ignore')) continue; // saved decisions apply once
      await applyDecision(t, { ...args, batchId: batch.id }, x.d, c, x.index);
    }
  });
  return { dry_run: false, batch_id: batch.id, saved: true, valid_decisions: decisions.length, planned };
}

/** The decision as echoed by a dry run: contract keys only, the candidate's values filled in. */
function echo(d: ImportEntityResolutionDecision, c: CandidateRow): ImportEntityResolutionDecision {
  const pv = c.proposedValues as { name?: string | null; address?: string | null; email?: string | null };
  return {
    candidate_key: d.candidate_key,
    role: d.role,
    action: d.action,
    ...(d.action === 'link_existing' ? { entity_id: d.entity_id } : {}),
    proposed_values: {
      name: pv.name ?? null,
      address: pv.address ?? null,
      email: pv.email ?? null,
      ...(d.proposed_values ?? {}),
    },
    source_rows: d.source_rows ? d.source_rows.filter((r) => c.sourceRows.includes(r)) : c.sourceRows,
    has_conflicts: (c.conflicts as unknown[]).length > 0,
    conflicts: c.conflicts,
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
  };
}

async function applyDecision(
  t: Db,
  args: { workspaceId: string; actor: Actor; batchId: string },
  d: ImportEntityResolutionDecision,
  c: CandidateRow,
  index: number,
) {
  const now = new Date();
  let entityId: string | null = null;
  if (d.action === 'create_new') {
    entityId = (
      await createEntity(t, { workspaceId: args.workspaceId, actor: args.actor, input: entityInputOf(d, c, index) })
    ).id;
  } else if (d.action === 'link_existing') {
    entityId = d.entity_id!;
  }
  if (entityId) {
    const rows = d.source_rows ? d.source_rows.filter((r) => c.sourceRows.includes(r)) : c.sourceRows;
    const skuIds = await skusOfRows(t, args.batchId, rows);
    await linkMany(t, { ...args, role: d.role, entityId, skuIds, candidateKey: d.candidate_key });
  }
  await t
    .update(importEntityCandidates)
    .set({
      decision: d.action,
      entityId,
      reason: d.reason ?? null,
      decidedAt: now,
      appliedAt: d.action === 'unresolved' ? null : now,
    })
    .where(
      and(
        eq(importEntityCandidates.batchId, args.batchId),
        eq(importEntityCandidates.role, d.role),
        eq(importEntityCandidates.candidateKey, d.candidate_key),
      ),
    );
}

/** SKUs the rows imported (created, updated, or unchanged on a re-import). */
async function skusOfRows(t: Db, batchId: string, rows: number[]): Promise<string[]> {
  const out = new Set<string>();
  for (let i = 0; i < rows.length; i += 10_000) {
    const found = await queryRows<{ sku_id: string }>(
      t,
      sql`SELECT r.sku_id FROM unnest(${sql.param(rows.slice(i, i + 10_000))}::int[]) AS a(n) JOIN import_rows r ON r.batch_id = ${batchId} AND r.row_number = a.n WHERE r.sku_id IS NOT NULL`,
    );
    for (const f of found) out.add(f.sku_id);
  }
  return [...out];
}

async function linkMany(
  t: Db,
  a: {
    workspaceId: string;
    actor: Actor;
    role: EntityRole;
    entityId: string;
    skuIds: string[];
    batchId: string;
    candidateKey: string;
  },
) {
  for (let i = 0; i < a.skuIds.length; i += 1000) {
    const slice = a.skuIds.slice(i, i + 1000);
    await t
      .insert(skuEntities)
      .values(slice.map((skuId) => ({ workspaceId: a.workspaceId, skuId, role: a.role, entityId: a.entityId })))
      .onConflictDoUpdate({
        target: [skuEntities.skuId, skuEntities.role],
        set: { entityId: sql`excluded.entity_id`, createdAt: new Date() },
      });
    await recordAuditMany(t, {
      entries: slice.map((skuId) => ({
        workspaceId: a.workspaceId,
        actor: a.actor,
        action: 'sku.entity_linked',
        targetType: 'sku',
        targetId: skuId,
        data: { role: a.role, entity_id: a.entityId, import_batch_id: a.batchId, candidate_key: a.candidateKey },
      })),
    });
  }
  // In id order, the order import chunks lock SKU rows in (no deadlock between the two).
  for (const skuId of [...a.skuIds].sort())
    await afterDossierChange(t, {
      workspaceId: a.workspaceId,
      actor: a.actor,
      skuId,
      reason: resetReason.roleLinked(a.role, true),
    });
}
