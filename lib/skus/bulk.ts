/**
 * Bulk actions of the SKU list's selection: assign a category, add to a saved view (linking an entity
 * in a role is lib/entities/bulk-link.ts, on the same rules). Each runs in one transaction over 1 to 200 SKUs: the rows are locked first (in id order,
 * so two bulk requests over overlapping selections queue instead of deadlocking), an id that is not a
 * SKU of this workspace fails the whole request with 404 listing those ids (nothing is written), then
 * only the SKUs the action changes are written, approval-reset where the change touches what was
 * approved, re-evaluated, and audited with one event each.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAuditMany } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { savedViews, savedViewSkus } from '@/lib/db/schema';
import { createView, getView, serializeView } from './views';
import { Uuid } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { recomputeSkusBulk } from './recompute-bulk';
import { CATEGORY_CODES, profileForCategory } from '@/lib/requirements';
import { resetApprovals } from './approval-reset';
import { skuIdsInWorkspace } from './ids-in-workspace';
import { BULK_FILTER_MAX, SkuFilter } from './schemas';
import { countListedSkus, listSkuIds } from './list';
import { resetReason } from './reset-reasons';

export const BULK_MAX = 200;

export const BulkIds = z
  .array(Uuid)
  .min(1, 'Select at least one SKU.')
  .max(BULK_MAX, `At most ${BULK_MAX} SKUs per request.`)
  .describe(`The SKUs, 1 to ${BULK_MAX}.`);

export const target = {
  ids: BulkIds.optional(),
  filter: SkuFilter.optional().describe(
    `Instead of ids: every SKU the list shows for these filters (as GET /api/skus), resolved when the request runs; at most ${BULK_FILTER_MAX}.`,
  ),
};
/** Exactly one of ids and filter names the SKUs. */
export function withTarget<S extends z.ZodObject>(schema: S) {
  return schema.refine((v) => ('ids' in v && v.ids ? 1 : 0) + ('filter' in v && v.filter ? 1 : 0) === 1, {
    message: 'Give either ids or filter.',
    path: ['ids'],
  });
}
export interface BulkTarget {
  ids?: string[];
  filter?: SkuFilter;
}

export const BulkCategoryInput = withTarget(z.strictObject({ ...target, category_code: z.enum(CATEGORY_CODES) }));
export type BulkCategoryInput = z.infer<typeof BulkCategoryInput>;

export const BulkViewInput = z.union([
  withTarget(z.strictObject({ ...target, view_id: Uuid })),
  withTarget(
    z.strictObject({
      ...target,
      new_view_name: z.string().trim().min(1).max(100).describe('Creates a view holding only these SKUs.'),
    }),
  ),
]);
export type BulkViewInput = z.infer<typeof BulkViewInput>;

/**
 * The ids a bulk request names: its ids, or every SKU of this workspace its filter matches (the list's
 * own filter code, so the banner's count and the action agree). Over `max` is a 422 before anything runs.
 */
export async function bulkTargetIds(
  db: Db,
  { workspaceId, input, max = BULK_FILTER_MAX }: { workspaceId: string; input: BulkTarget; max?: number },
): Promise<string[]> {
  if (input.ids) return input.ids;
  const filter = input.filter ?? {};
  const count = await countListedSkus(db, { workspaceId, q: filter });
  if (count > max)
    throw new AppError(
      'SELECTION_TOO_LARGE',
      `${count} SKUs match; a bulk action may touch at most ${max} at once. Narrow the search or filters.`,
      { details: { count, max } },
    );
  if (!count)
    throw new AppError('VALIDATION_FAILED', 'No SKU matches the filter.', {
      details: { fields: [{ path: 'filter', message: 'matches no SKU' }] },
    });
  return listSkuIds(db, { workspaceId, q: filter });
}

export const BulkResult = z
  .object({
    changed_ids: z.array(z.string()).describe('SKUs this request changed (one audit event each).'),
    unchanged_ids: z.array(z.string()).describe('SKUs that already were as asked.'),
    approval_reset_ids: z.array(z.string()).describe('SKUs whose approval or completed review was reset.'),
  })
  .meta({ id: 'SkuBulkResult' });
export type BulkResult = z.infer<typeof BulkResult>;

interface LockedSku {
  id: string;
  sku_code: string;
  category_code: string;
  category_defaulted: boolean;
  category_source: string | null;
}

/** The statement of bulkSkusOrThrow (exported so a test can check its plan): one key probe per id. */
export function bulkSkusQuery(workspaceId: string, ids: readonly string[], lock: boolean) {
  return sql`SELECT id, sku_code, category_code, category_defaulted, category_match->>'source' AS category_source FROM skus
    WHERE id = ANY(${skuIdsInWorkspace(workspaceId, ids)})
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`;
}

/**
 * The SKUs (id order), locked when `lock`, or a 404 naming every id that is not a SKU of the
 * workspace: a foreign id is reported as missing, never as someone else's.
 */
export async function bulkSkusOrThrow(
  tx: Db,
  { workspaceId, ids, opts }: { workspaceId: string; ids: readonly string[]; opts: { lock: boolean } },
): Promise<LockedSku[]> {
  const wanted = [...new Set(ids.map((i) => i.toLowerCase()))];
  const rows = await queryRows<LockedSku & Record<string, unknown>>(tx, bulkSkusQuery(workspaceId, wanted, opts.lock));
  const found = new Set(rows.map((r) => r.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length)
    throw new AppError(
      'NOT_FOUND',
      `${missing.length} of the selected SKU${missing.length === 1 ? ' was' : 's were'} not found in this workspace; nothing was changed.`,
      { details: { missing_ids: missing } },
    );
  return rows;
}

export const lockSkus = (tx: Db, { workspaceId, ids }: { workspaceId: string; ids: readonly string[] }) =>
  bulkSkusOrThrow(tx, { workspaceId, ids, opts: { lock: true } });

const tx$ = (tx: unknown) => tx as Db;

export async function bulkAssignCategory(
  db: Db,
  args: { workspaceId: string; actor: Actor; input: BulkCategoryInput },
): Promise<BulkResult> {
  const profile = profileForCategory(args.input.category_code);
  return db.transaction(async (raw) => {
    const tx = tx$(raw);
    const rows = await lockSkus(tx, {
      workspaceId: args.workspaceId,
      ids: await bulkTargetIds(tx, { workspaceId: args.workspaceId, input: args.input }),
    });
    // A category the evaluation inferred becomes a person's pick even where it is the same code.
    const changed = rows.filter(
      (r) => r.category_code !== profile.category_code || r.category_defaulted || r.category_source !== 'person',
    );
    const ids = changed.map((r) => r.id);
    if (!ids.length) return { changed_ids: [], unchanged_ids: rows.map((r) => r.id), approval_reset_ids: [] };
    await tx.execute(sql`
      UPDATE skus SET category_code = ${profile.category_code}, category_defaulted = false,
        category_match = ${JSON.stringify({ confidence: 1, reason: 'Chosen by a person.', source: 'person' })}::jsonb,
        requirement_profile_id = ${profile.id}, updated_at = now()
      WHERE id = ANY(${skuIdsInWorkspace(args.workspaceId, ids)})`);
    // The category decides which requirements apply: what was approved was judged under another profile.
    const reset = await resetApprovals(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds: ids,
      reason: resetReason.categoryChanged(),
    });
    await recomputeSkusBulk(tx, { workspaceId: args.workspaceId, skuIds: ids });
    await recordAuditMany(tx, {
      entries: changed.map((r) => ({
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.category_changed',
        targetType: 'sku',
        targetId: r.id,
        data: { sku_code: r.sku_code, from: r.category_code, to: profile.category_code, bulk: true },
      })),
    });
    return {
      changed_ids: ids,
      unchanged_ids: rows.filter((r) => !ids.includes(r.id)).map((r) => r.id),
      approval_reset_ids: reset,
    };
  });
}

/** Adds the SKUs to a saved view (or to a new view holding only them). A view is not approved data. */
export async function bulkAddToView(db: Db, args: { workspaceId: string; actor: Actor; input: BulkViewInput }) {
  return db.transaction(async (raw) => {
    const tx = tx$(raw);
    const rows = await lockSkus(tx, {
      workspaceId: args.workspaceId,
      ids: await bulkTargetIds(tx, { workspaceId: args.workspaceId, input: args.input }),
    });
    let view;
    if ('view_id' in args.input) view = await getView(tx, { workspaceId: args.workspaceId, id: args.input.view_id });
    else {
      const created = await createView(tx, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        input: { name: args.input.new_view_name, filters: {} },
        kind: 'selection',
      });
      view = await getView(tx, { workspaceId: args.workspaceId, id: created.id });
    }
    const inserted = await tx
      .insert(savedViewSkus)
      .values(
        rows.map((r) => ({ viewId: view.id, workspaceId: args.workspaceId, skuId: r.id, addedBy: args.actor.userId })),
      )
      .onConflictDoNothing()
      .returning({ skuId: savedViewSkus.skuId });
    const added = new Set(inserted.map((i) => i.skuId));
    const changed = rows.filter((r) => added.has(r.id));
    await recordAuditMany(tx, {
      entries: changed.map((r) => ({
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.added_to_view',
        targetType: 'sku',
        targetId: r.id,
        data: { sku_code: r.sku_code, view_id: view.id, view_name: view.name, bulk: true },
      })),
    });
    const [fresh] = await tx
      .select()
      .from(savedViews)
      .where(and(eq(savedViews.id, view.id), eq(savedViews.workspaceId, args.workspaceId)));
    return {
      changed_ids: changed.map((r) => r.id),
      unchanged_ids: rows.filter((r) => !added.has(r.id)).map((r) => r.id),
      approval_reset_ids: [] as string[],
      view: serializeView(fresh),
    };
  });
}
