import { and, asc, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Actor, WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { auditEvents, documents, jobRuns, publicPages, skus } from '@/lib/db/schema';
import { AppError, isUniqueViolation } from '@/lib/http/errors';
import { PLANS } from '@/lib/plans';
import { profileForCategory } from '@/lib/requirements';
import { decodeCursor, encodeCursor } from './cursor';
import { recomputeSku } from './evaluate';
import type { CreateSkuInput, ListSkusQuery } from './schemas';
import { serializeBlockers, serializeSku, skuStatus, skuStatusSql } from './serialize';

type SkuRow = typeof skus.$inferSelect;

export async function getSkuRow(db: Db, workspaceId: string, id: string): Promise<SkuRow> {
  const [row] = await db.select().from(skus).where(and(eq(skus.id, id), eq(skus.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
  return row;
}

async function countSkus(db: Db, workspaceId: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(skus).where(eq(skus.workspaceId, workspaceId));
  return Number(n);
}

function normalize(input: CreateSkuInput) {
  const profile = profileForCategory(input.category_code);
  return {
    normalized: {
      sku_code: input.sku_code,
      product_name: input.product_name.trim().replace(/\s+/g, ' '),
      gtin: input.gtin ?? null,
      category_code: profile.category_code,
      external_sku_id: input.external_sku_id?.trim() || null,
    },
    profile,
  };
}

/**
 * Creates a SKU: row, activity record, requirement evaluation, background event. With dryRun it only
 * describes what would happen (normalised values, category, profile, plan limit, blocking reason).
 */
export async function createSku(db: Db, args: { workspace: WorkspaceRef; actor: Actor; input: CreateSkuInput; dryRun: boolean }) {
  const { workspace, actor } = args;
  const { normalized, profile } = normalize(args.input);
  const limit = PLANS[workspace.plan].skuLimit;

  if (args.dryRun) {
    const current = await countSkus(db, workspace.id);
    const [taken] = await db.select({ id: skus.id }).from(skus).where(and(eq(skus.workspaceId, workspace.id), eq(skus.skuCode, normalized.sku_code)));
    const blocking_reason = taken
      ? { code: 'SKU_CODE_EXISTS', message: `A SKU with code ${normalized.sku_code} already exists.`, details: { sku_id: taken.id } }
      : current >= limit
        ? { code: 'PLAN_LIMIT_REACHED', message: `The ${PLANS[workspace.plan].label} plan allows ${limit} SKUs.`, details: { plan: workspace.plan, limit, current_count: current } }
        : null;
    return {
      dry_run: true as const,
      can_create: blocking_reason === null,
      normalized_sku: normalized,
      category: { selected_code: profile.category_code, defaulted: profile.defaulted },
      requirement_profile: { would_attach_default: profile.defaulted, id: profile.id },
      plan_limit: { plan: workspace.plan, limit, current_count: current },
      blocking_reason,
    };
  }

  let row: SkuRow;
  try {
    row = await db.transaction(async (tx) => {
      // Serialise creates per workspace so the plan limit holds under concurrency.
      await tx.execute(sql`SELECT id FROM workspaces WHERE id = ${workspace.id} FOR UPDATE`);
      const current = await countSkus(tx as unknown as Db, workspace.id);
      if (current >= limit) {
        throw new AppError('PLAN_LIMIT_REACHED', `The ${PLANS[workspace.plan].label} plan allows ${limit} SKUs; delete some or upgrade.`, {
          details: { limit: 'skus', plan: workspace.plan, max: limit, current },
        });
      }
      const [created] = await tx
        .insert(skus)
        .values({
          workspaceId: workspace.id,
          skuCode: normalized.sku_code,
          productName: normalized.product_name,
          gtin: normalized.gtin,
          categoryCode: normalized.category_code,
          categoryDefaulted: profile.defaulted,
          externalSkuId: normalized.external_sku_id,
          requirementProfileId: profile.id,
          createdBy: actor.userId,
        })
        .returning();
      await tx.insert(auditEvents).values({
        workspaceId: workspace.id,
        actorUserId: actor.userId,
        actorApiKeyId: actor.apiKeyId,
        actorLabel: actor.label,
        action: 'sku.created',
        targetType: 'sku',
        targetId: created.id,
        data: { sku_code: created.skuCode, product_name: created.productName, category_code: created.categoryCode },
      });
      await recomputeSku(tx as unknown as Db, workspace.id, created.id);
      const [fresh] = await tx.select().from(skus).where(eq(skus.id, created.id));
      return fresh;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('SKU_CODE_EXISTS', `A SKU with code ${normalized.sku_code} already exists in this workspace.`, { details: { sku_code: normalized.sku_code } });
    throw e;
  }
  await emitSkuCreated(db, row, actor);
  return row;
}

async function emitSkuCreated(db: Db, row: SkuRow, actor: Actor) {
  const { enqueueJob } = await import('@/lib/jobs');
  const { skuCreatedJob } = await import('./jobs');
  await enqueueJob(db, skuCreatedJob, { workspaceId: row.workspaceId, payload: { sku_id: row.id }, subjectType: 'sku', subjectId: row.id, createdBy: actor.userId });
}

const SORTS = {
  created_desc: { col: skus.createdAt, dir: 'desc' },
  created_asc: { col: skus.createdAt, dir: 'asc' },
  code_asc: { col: skus.skuCode, dir: 'asc' },
  code_desc: { col: skus.skuCode, dir: 'desc' },
  blockers_desc: { col: skus.blockerCount, dir: 'desc' },
} as const;

/** Keyset-paged listing: stable order (sort key, then id), no gaps or repeats while paging. */
export async function listSkus(db: Db, workspaceId: string, q: ListSkusQuery) {
  const sort = SORTS[q.sort];
  const where: SQL[] = [eq(skus.workspaceId, workspaceId)];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(skus.skuCode, like), ilike(skus.productName, like), ilike(skus.gtin, like))!);
  }
  if (q.status) where.push(inArray(skuStatusSql, Array.isArray(q.status) ? q.status : [q.status]));
  if (q.has_blockers === 'true') where.push(gt(skus.blockerCount, 0));
  if (q.has_blockers === 'false') where.push(eq(skus.blockerCount, 0));
  if (q.category_code) where.push(eq(skus.categoryCode, q.category_code));
  if (q.cursor) {
    const c = decodeCursor(q.cursor, q.sort);
    const key = sort.col === skus.createdAt ? new Date(String(c.key)) : c.key;
    const cmp = sort.dir === 'desc' ? lt : gt;
    where.push(or(cmp(sort.col, key as never), and(eq(sort.col, key as never), cmp(skus.id, c.id)))!);
  }
  const order = sort.dir === 'desc' ? [desc(sort.col), desc(skus.id)] : [asc(sort.col), asc(skus.id)];
  const rows = await db
    .select()
    .from(skus)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit + 1);
  const has_more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const keyOf = (r: SkuRow) => (sort.col === skus.createdAt ? r.createdAt.toISOString() : sort.col === skus.skuCode ? r.skuCode : r.blockerCount);
  return { data: page.map(serializeSku), has_more, next_cursor: has_more && last ? encodeCursor(q.sort, keyOf(last), last.id) : null };
}

export function skuDetail(row: SkuRow) {
  const status = skuStatus(row);
  const open = row.blockers.filter((b) => !b.waived);
  return {
    sku: serializeSku(row),
    blockers: serializeBlockers(row.blockers),
    status,
    can_generate_draft: open.some((b) => b.fix?.kind === 'field'),
    can_publish: row.approvalState === 'approved' && row.blockerCount === 0,
  };
}

export async function getSku(db: Db, workspaceId: string, id: string) {
  return skuDetail(await getSkuRow(db, workspaceId, id));
}

/**
 * Deletes the SKU and everything that belongs only to it, in one transaction. Documents stay in the
 * vault (they may serve other SKUs); the public page is withdrawn (410); an audit record remains.
 */
export async function deleteSku(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(skus).where(and(eq(skus.id, args.id), eq(skus.workspaceId, args.workspaceId))).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
    await tx.update(documents).set({ skuId: null }).where(and(eq(documents.skuId, row.id), eq(documents.workspaceId, args.workspaceId)));
    await tx
      .update(jobRuns)
      .set({ status: 'cancelled', completedAt: new Date(), error: 'SKU deleted' })
      .where(and(eq(jobRuns.workspaceId, args.workspaceId), eq(jobRuns.subjectType, 'sku'), eq(jobRuns.subjectId, row.id), inArray(jobRuns.status, ['queued', 'running'])));
    await tx.update(publicPages).set({ withdrawnAt: new Date(), skuId: null }).where(eq(publicPages.skuId, row.id));
    // dossier values, entity links, waivers, review issues, revisions and document links cascade.
    await tx.delete(skus).where(eq(skus.id, row.id));
    await tx.insert(auditEvents).values({
      workspaceId: args.workspaceId,
      actorUserId: args.actor.userId,
      actorApiKeyId: args.actor.apiKeyId,
      actorLabel: args.actor.label,
      action: 'sku.deleted',
      targetType: 'sku',
      targetId: row.id,
      data: { sku_code: row.skuCode, product_name: row.productName, gtin: row.gtin, public_id: row.publicId },
    });
    return { success: true, deleted_id: row.id };
  });
}

async function audit(db: Db, workspaceId: string, actor: Actor, action: string, skuId: string, data: Record<string, unknown> = {}) {
  await db.insert(auditEvents).values({ workspaceId, actorUserId: actor.userId, actorApiKeyId: actor.apiKeyId, actorLabel: actor.label, action, targetType: 'sku', targetId: skuId, data });
}

function openBlockers(row: SkuRow) {
  return row.blockers.filter((b) => !b.waived && b.severity === 'blocker');
}

/** Approval is a person's decision, refused while blocker-severity blockers are open. */
export async function approveSku(db: Db, args: { workspaceId: string; actor: Actor; id: string; dryRun: boolean }) {
  await getSkuRow(db, args.workspaceId, args.id);
  await recomputeSku(db, args.workspaceId, args.id);
  const row = await getSkuRow(db, args.workspaceId, args.id);
  const open = openBlockers(row);
  if (args.dryRun) {
    return { dry_run: true, can_approve: open.length === 0, already_approved: row.approvalState === 'approved', blockers: open, sku: serializeSku(row) };
  }
  if (open.length) {
    throw new AppError('APPROVAL_BLOCKED', `The SKU has ${open.length} open blocker${open.length === 1 ? '' : 's'}: ${open.map((b) => b.code).join(', ')}.`, {
      details: { blockers: open.map((b) => ({ code: b.code, message: b.message, required_fields: b.required_fields ?? [] })) },
    });
  }
  if (row.approvalState !== 'approved') {
    await db.update(skus).set({ approvalState: 'approved', approvedAt: new Date(), approvedBy: args.actor.userId, approvedByLabel: args.actor.label, updatedAt: new Date() }).where(eq(skus.id, row.id));
    await audit(db, args.workspaceId, args.actor, 'sku.approved', row.id, { blocker_count: 0, waived: row.blockers.filter((b) => b.waived).map((b) => b.code) });
  }
  return { sku: serializeSku(await getSkuRow(db, args.workspaceId, args.id)) };
}

/** Review completion needs every review issue and extraction conflict resolved. */
export async function completeReview(db: Db, args: { workspaceId: string; actor: Actor; id: string; dryRun: boolean }) {
  await getSkuRow(db, args.workspaceId, args.id);
  await recomputeSku(db, args.workspaceId, args.id);
  const row = await getSkuRow(db, args.workspaceId, args.id);
  const open = row.blockers.filter((b) => b.code === 'EXTRACTION_CONFLICT_OPEN' || b.code === 'REVIEW_ISSUE_OPEN');
  const issues = open.filter((b) => b.code === 'REVIEW_ISSUE_OPEN').map((b) => ({ message: b.message, details: (b as { details?: unknown }).details ?? null }));
  const conflicts = open.filter((b) => b.code === 'EXTRACTION_CONFLICT_OPEN').map((b) => ({ message: b.message, required_fields: b.required_fields ?? [], details: (b as { details?: unknown }).details ?? null }));
  if (args.dryRun) return { dry_run: true, can_complete: open.length === 0, open_review_issues: issues, open_conflicts: conflicts, sku: serializeSku(row) };
  if (open.length) {
    throw new AppError('REVIEW_INCOMPLETE', `Resolve ${issues.length} review issue(s) and ${conflicts.length} extraction conflict(s) first.`, {
      details: { open_review_issues: issues, open_conflicts: conflicts },
    });
  }
  if (row.reviewState !== 'complete') {
    await db.update(skus).set({ reviewState: 'complete', reviewCompletedAt: new Date(), reviewCompletedBy: args.actor.label, updatedAt: new Date() }).where(eq(skus.id, row.id));
    await audit(db, args.workspaceId, args.actor, 'sku.review_completed', row.id);
  }
  return { sku: serializeSku(await getSkuRow(db, args.workspaceId, args.id)) };
}

/**
 * A change to confirmed data invalidates a past approval and review: the person approved other facts.
 * Called by every mutation of dossier values, entity links, documents and waivers.
 */
export async function afterDossierChange(db: Db, args: { workspaceId: string; actor: Actor; skuId: string; reason: string }) {
  const [row] = await db.select().from(skus).where(and(eq(skus.id, args.skuId), eq(skus.workspaceId, args.workspaceId)));
  if (!row) return;
  if (row.approvalState === 'approved' || row.reviewState === 'complete') {
    await db
      .update(skus)
      .set({ approvalState: 'pending', approvedAt: null, approvedBy: null, approvedByLabel: null, reviewState: 'open', reviewCompletedAt: null, reviewCompletedBy: null })
      .where(eq(skus.id, row.id));
    await audit(db, args.workspaceId, args.actor, 'sku.approval_reset', row.id, { reason: args.reason, was: { approval_state: row.approvalState, review_state: row.reviewState } });
  }
  await recomputeSku(db, args.workspaceId, args.skuId);
}
