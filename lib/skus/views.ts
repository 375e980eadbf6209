/**
 * Saved views of the SKU table: a named set of list filters (q, status, blockers, category, sort).
 * scope_type=view exports exactly what the SKU list returns for these filters at run time, through the
 * list's own filter and order code (listSkuIds beside listSkus), never a copy of its query, followed by
 * the SKUs added to the view by hand (saved_view_skus). A view of kind 'selection' (made from the list's
 * selection) has no filter: it holds exactly the SKUs added to it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { savedViewSkus, savedViews, skus, type SavedViewFilters, type SavedViewKind } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { isUniqueViolation } from '@/lib/db/errors';
import { ListSkusQuery } from './schemas';
import type { CreateSavedViewInput } from './schemas';
import { listSkuIds } from './list';

type Row = typeof savedViews.$inferSelect;
export const serializeView = (r: Row) => ({
  id: r.id,
  name: r.name,
  filters: r.filters,
  kind: r.kind,
  created_at: r.createdAt.toISOString(),
});

export async function listViews(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db
    .select()
    .from(savedViews)
    .where(eq(savedViews.workspaceId, workspaceId))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
  return rows.map(serializeView);
}

export async function getView(db: Db, { workspaceId, id }: { workspaceId: string; id: string }): Promise<Row> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'Saved view not found.');
  return row;
}

export async function createView(
  db: Db,
  args: { workspaceId: string; actor: Actor; input: CreateSavedViewInput; kind?: SavedViewKind },
) {
  const filters: SavedViewFilters = Object.fromEntries(
    Object.entries(args.input.filters).filter(
      ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length),
    ),
  );
  try {
    const [row] = await db
      .insert(savedViews)
      .values({
        workspaceId: args.workspaceId,
        name: args.input.name,
        filters,
        kind: args.kind ?? 'filters',
        createdBy: args.actor.userId,
      })
      .returning();
    await recordAudit(db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'view.created',
      targetType: 'saved_view',
      targetId: row.id,
      data: { name: row.name, filters, kind: row.kind },
    });
    return serializeView(row);
  } catch (e) {
    if (isUniqueViolation(e))
      throw new AppError('CONFLICT', `A saved view named "${args.input.name}" already exists.`, {
        details: { name: args.input.name },
      });
    throw e;
  }
}

export async function deleteView(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  const row = await getView(db, { workspaceId: args.workspaceId, id: args.id });
  await db.delete(savedViews).where(and(eq(savedViews.id, row.id), eq(savedViews.workspaceId, args.workspaceId)));
  return { success: true, deleted_id: row.id };
}

/** Every SKU id the list returns for these filters, in the list's order (the list's own filter code, one query). */
export async function skuIdsForFilters(
  db: Db,
  { workspaceId, filters }: { workspaceId: string; filters: SavedViewFilters },
): Promise<string[]> {
  const { cursor: _c, limit: _l, ...q } = ListSkusQuery.parse({ ...filters });
  return listSkuIds(db, { workspaceId, q });
}

/**
 * The view's SKUs in export order: the filter's matches in the list's order (none for a 'selection'
 * view), then the hand-added SKUs not already among them, by SKU code.
 */
export async function skuIdsForView(
  db: Db,
  { workspaceId, view }: { workspaceId: string; view: Row },
): Promise<string[]> {
  const ids = view.kind === 'selection' ? [] : await skuIdsForFilters(db, { workspaceId, filters: view.filters });
  const added = await db
    .select({ id: savedViewSkus.skuId })
    .from(savedViewSkus)
    .innerJoin(skus, and(eq(skus.id, savedViewSkus.skuId), eq(skus.workspaceId, workspaceId)))
    .where(and(eq(savedViewSkus.viewId, view.id), eq(savedViewSkus.workspaceId, workspaceId)))
    .orderBy(asc(skus.skuCode), asc(skus.id));
  const seen = new Set(ids);
  for (const a of added) if (!seen.has(a.id)) ids.push(a.id);
  return ids;
}
