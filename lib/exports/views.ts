/**
 * Saved views of the SKU table: a named set of list filters (q, status, blockers, category, sort).
 * scope_type=view exports exactly what the SKU list returns for these filters at run time, through the
 * list's own filter and order code (listSkuIds beside listSkus), never a copy of its query.
 */
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { auditEvents, savedViews, type SavedViewFilters } from '@/lib/db/schema';
import { AppError, isUniqueViolation } from '@/lib/http/errors';
import { ListSkusQuery, SKU_STATES } from '@/lib/skus/schemas';
import { listSkuIds } from '@/lib/skus/service';

export const SavedViewFiltersSchema = z.strictObject({
  q: z.string().max(200).optional(),
  status: z.array(z.enum(SKU_STATES)).max(SKU_STATES.length).optional(),
  has_blockers: z.enum(['true', 'false']).optional(),
  category_code: z.string().max(100).optional(),
  sort: z.enum(['created_desc', 'created_asc', 'code_asc', 'code_desc', 'blockers_desc']).optional(),
});

export const CreateSavedViewInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  filters: SavedViewFiltersSchema,
});

export const SavedView = z.object({ id: z.string(), name: z.string(), filters: z.record(z.string(), z.unknown()), created_at: z.string() }).meta({ id: 'SavedView' });

type Row = typeof savedViews.$inferSelect;
export const serializeView = (r: Row) => ({ id: r.id, name: r.name, filters: r.filters, created_at: r.createdAt.toISOString() });

export async function listViews(db: Db, workspaceId: string) {
  const rows = await db.select().from(savedViews).where(eq(savedViews.workspaceId, workspaceId)).orderBy(asc(savedViews.name), asc(savedViews.id));
  return rows.map(serializeView);
}

export async function getView(db: Db, workspaceId: string, id: string): Promise<Row> {
  const [row] = await db.select().from(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'Saved view not found.');
  return row;
}

export async function createView(db: Db, args: { workspaceId: string; actor: Actor; input: z.infer<typeof CreateSavedViewInput> }) {
  const filters: SavedViewFilters = Object.fromEntries(Object.entries(args.input.filters).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)));
  try {
    const [row] = await db.insert(savedViews).values({ workspaceId: args.workspaceId, name: args.input.name, filters, createdBy: args.actor.userId }).returning();
    await db.insert(auditEvents).values({ workspaceId: args.workspaceId, actorUserId: args.actor.userId, actorApiKeyId: args.actor.apiKeyId, actorLabel: args.actor.label, action: 'view.created', targetType: 'saved_view', targetId: row.id, data: { name: row.name, filters } });
    return serializeView(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', `A saved view named "${args.input.name}" already exists.`, { details: { name: args.input.name } });
    throw e;
  }
}

export async function deleteView(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  const row = await getView(db, args.workspaceId, args.id);
  await db.delete(savedViews).where(and(eq(savedViews.id, row.id), eq(savedViews.workspaceId, args.workspaceId)));
  return { success: true, deleted_id: row.id };
}

/** Every SKU id the list returns for these filters, in the list's order (the list's own filter code, one query). */
export async function skuIdsForFilters(db: Db, workspaceId: string, filters: SavedViewFilters): Promise<string[]> {
  const { cursor: _c, limit: _l, ...q } = ListSkusQuery.parse({ ...filters });
  return listSkuIds(db, workspaceId, q);
}
