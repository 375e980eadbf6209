/**
 * Passports for SKUs published before passports existed. A passport is normally compiled inside the
 * publication's transaction; a SKU published earlier has a public page but no passport, and nothing on
 * the resolver or the QR leads to one. This compiles the passport of the SKU's published revision, on
 * demand (the SKU page, or the whole workspace through the API), under the same rule as publishing:
 * only from the approved data, and only when that data is what was published (the SKU's status is
 * `published`: approved, and published at or after its approval). A SKU changed or re-approved since
 * its publication is skipped, and publishing it again compiles its passport.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { passports, publicPages, skus } from '@/lib/db/schema';
import { loadSkuReadModel } from '@/lib/skus/read-model';
import { compilePassport } from './service';

/** Most SKUs one call compiles; `remaining` says how many more a next call would look at. */
export const BACKFILL_BATCH = 100;

export type BackfillSkipReason = 'changed_since_publication' | 'withdrawn' | 'has_passport';

export interface BackfillResult {
  dry_run: boolean;
  compiled: { sku_id: string; sku_code: string; revision: number; version: number | null }[];
  skipped: { sku_id: string; sku_code: string; reason: BackfillSkipReason; message: string }[];
  remaining: number;
}

const SKIP_MESSAGE: Record<BackfillSkipReason, string> = {
  changed_since_publication:
    'The SKU changed or was approved again after its publication: its approved data is not the published revision. Publish it again to compile its passport.',
  withdrawn: 'The public page was withdrawn: no passport is compiled for it.',
  has_passport: 'The published revision already has its passport.',
};

/** Published SKUs of the workspace (or of the given ids) whose published revision has no passport. */
async function candidates(db: Db, workspaceId: string, skuIds: string[] | undefined) {
  const hasPassport = sql`EXISTS (SELECT 1 FROM ${passports} p WHERE p.sku_id = ${skus.id} AND p.workspace_id = ${skus.workspaceId} AND p.revision = ${skus.publishedRevision})`;
  return db
    .select({
      id: skus.id,
      skuCode: skus.skuCode,
      publicId: skus.publicId,
      publishedRevision: skus.publishedRevision,
      hasPassport: sql<boolean>`${hasPassport}`,
    })
    .from(skus)
    .where(
      and(
        eq(skus.workspaceId, workspaceId),
        isNotNull(skus.publishedRevision),
        isNotNull(skus.publicId),
        skuIds ? inArray(skus.id, skuIds) : sql`NOT ${hasPassport}`,
      ),
    )
    .orderBy(asc(skus.id));
}

export async function backfillPassports(
  db: Db,
  args: { workspaceId: string; actor: Actor; baseUrl: string; skuIds?: string[]; dryRun?: boolean },
): Promise<BackfillResult> {
  const all = await candidates(db, args.workspaceId, args.skuIds);
  const out: BackfillResult = { dry_run: Boolean(args.dryRun), compiled: [], skipped: [], remaining: 0 };
  const skip = (c: (typeof all)[number], reason: BackfillSkipReason) =>
    out.skipped.push({ sku_id: c.id, sku_code: c.skuCode, reason, message: SKIP_MESSAGE[reason] });
  const todo = all.filter((c) => {
    if (c.hasPassport) skip(c, 'has_passport');
    return !c.hasPassport;
  });
  out.remaining = Math.max(0, todo.length - BACKFILL_BATCH);
  for (const c of todo.slice(0, BACKFILL_BATCH)) {
    const done = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // The publication's lock: a publish running now compiles its own version, never the same one twice.
      await t.execute(sql`SELECT id FROM skus WHERE id = ${c.id} AND workspace_id = ${args.workspaceId} FOR UPDATE`);
      const [page] = await t
        .select({ withdrawnAt: publicPages.withdrawnAt })
        .from(publicPages)
        .where(and(eq(publicPages.publicId, c.publicId!), eq(publicPages.workspaceId, args.workspaceId)));
      if (!page || page.withdrawnAt) return 'withdrawn' as const;
      const model = await loadSkuReadModel(t, { workspaceId: args.workspaceId, skuId: c.id });
      const revision = model.row.publishedRevision;
      if (model.status !== 'published' || revision === null || model.row.publishedAt === null)
        return 'changed_since_publication' as const;
      const [again] = await t
        .select({ id: passports.id })
        .from(passports)
        .where(and(eq(passports.skuId, c.id), eq(passports.revision, revision)));
      if (again) return 'has_passport' as const;
      if (args.dryRun) return { revision, version: null };
      const row = await compilePassport(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        model,
        revision,
        publicId: c.publicId!,
        publishedAt: model.row.publishedAt.toISOString(),
        baseUrl: args.baseUrl,
      });
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'passport.backfilled',
        targetType: 'sku',
        targetId: c.id,
        data: { revision, version: row.version, content_sha256: row.contentSha256 },
      });
      return { revision, version: row.version as number | null };
    });
    if (typeof done === 'string') skip(c, done);
    else out.compiled.push({ sku_id: c.id, sku_code: c.skuCode, ...done });
  }
  return out;
}
