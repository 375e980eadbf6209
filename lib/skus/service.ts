import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import { resetApprovals } from './approval-reset';
import { personOf, type Actor, type WorkspaceRef } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, encodeKeysetCursor, timestampText } from '@/lib/db/keyset';
import { publicPages, skus, workspaces } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { isUniqueViolation } from '@/lib/db/errors';
import { PLANS } from '@/lib/plans';
import { CURRENT_PROFILE_BY_CATEGORY, resolveCategory } from '@/lib/requirements';
import { fourEyesEnabled, fourEyesRefusal, recordApproval, serializeApproval } from './approval';
import { recomputeSku } from './evaluate';
import type {
  ApprovalBlockedDetails,
  CountSkusQuery,
  CreateSkuInput,
  ListSkusQuery,
  ReviewIncompleteDetails,
} from './schemas';
import { serializeBlockers, serializeSku, skuStatus, skuStatusSql } from './serialize';
import { skuSearchCondition } from './search';
import { getWorkspaceOperatorRole } from './workspace-role';
import type { OperatorRole } from '@/lib/enums';
import { DEFAULT_OPERATOR_ROLE } from '@/lib/requirements/types';
import type { ResetReason } from './reset-reasons';

type SkuRow = typeof skus.$inferSelect;

export async function getSkuRow(db: Db, { workspaceId, id }: { workspaceId: string; id: string }): Promise<SkuRow> {
  const [row] = await db
    .select()
    .from(skus)
    .where(and(eq(skus.id, id), eq(skus.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
  return row;
}

async function countSkus(db: Db, workspaceId: string) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(skus)
    .where(eq(skus.workspaceId, workspaceId));
  return Number(n);
}

function normalize(input: CreateSkuInput) {
  const product_name = input.product_name.trim().replace(/\s+/g, ' ');
  // The category as given (a code or a shop path) and, where it does not decide, the product's name.
  const category = resolveCategory({ category_text: input.category_code, product_name });
  const profile = {
    id: CURRENT_PROFILE_BY_CATEGORY[category.code],
    defaulted: category.defaulted,
    category_code: category.code,
    category_text: input.category_code?.trim() || null,
    match: { confidence: category.confidence, reason: category.reason, source: category.source },
  };
  return {
    normalized: {
      sku_code: input.sku_code,
      product_name,
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
export async function createSku(
  db: Db,
  args: { workspace: WorkspaceRef; actor: Actor; input: CreateSkuInput; dryRun: boolean },
) {
  const { workspace, actor } = args;
  const { normalized, profile } = normalize(args.input);
  const limit = PLANS[workspace.plan].skuLimit;

  if (args.dryRun) {
    const current = await countSkus(db, workspace.id);
    const [taken] = await db
      .select({ id: skus.id })
      .from(skus)
      .where(and(eq(skus.workspaceId, workspace.id), eq(skus.skuCode, normalized.sku_code)));
    const blocking_reason = taken
      ? {
          code: 'SKU_CODE_EXISTS',
          message: `A SKU with code ${normalized.sku_code} already exists.`,
          details: { sku_id: taken.id },
        }
      : current >= limit
        ? {
            code: 'PLAN_LIMIT_REACHED',
            message: `The ${PLANS[workspace.plan].label} plan allows ${limit} SKUs.`,
            details: { plan: workspace.plan, limit, current_count: current },
          }
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
        throw new AppError(
          'PLAN_LIMIT_REACHED',
          `The ${PLANS[workspace.plan].label} plan allows ${limit} SKUs; delete some or upgrade.`,
          {
            details: { limit: 'skus', plan: workspace.plan, max: limit, current },
          },
        );
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
          categoryText: profile.category_text,
          categoryMatch: profile.match,
          externalSkuId: normalized.external_sku_id,
          requirementProfileId: profile.id,
          createdBy: actor.userId,
        })
        .returning();
      await recordAudit(tx, {
        workspaceId: workspace.id,
        actor,
        action: 'sku.created',
        targetType: 'sku',
        targetId: created.id,
        data: { sku_code: created.skuCode, product_name: created.productName, category_code: created.categoryCode },
      });
      await recomputeSku(tx as unknown as Db, { workspaceId: workspace.id, skuId: created.id });
      const [fresh] = await tx.select().from(skus).where(eq(skus.id, created.id));
      return fresh;
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new AppError(
        'SKU_CODE_EXISTS',
        `A SKU with code ${normalized.sku_code} already exists in this workspace.`,
        { details: { sku_code: normalized.sku_code } },
      );
    throw e;
  }
  await emitSkuCreated(db, row, actor);
  return row;
}

async function emitSkuCreated(db: Db, row: SkuRow, actor: Actor) {
  const { enqueueJob } = await import('@/lib/jobs');
  const { skuCreatedJob } = await import('./jobs');
  await enqueueJob(db, {
    job: skuCreatedJob,
    workspaceId: row.workspaceId,
    payload: { sku_id: row.id },
    subjectType: 'sku',
    subjectId: row.id,
    createdBy: actor.userId,
  });
}

const SORTS = {
  created_desc: { col: skus.createdAt, dir: 'desc', kind: 'timestamp' },
  created_asc: { col: skus.createdAt, dir: 'asc', kind: 'timestamp' },
  code_asc: { col: skus.skuCode, dir: 'asc', kind: 'text' },
  code_desc: { col: skus.skuCode, dir: 'desc', kind: 'text' },
  blockers_desc: { col: skus.blockerCount, dir: 'desc', kind: 'int' },
  // Most serious first (issue 35): the worst legal weight of the open blockers, then their number.
  serious_desc: { col: skus.blockerSeriousness, dir: 'desc', kind: 'int' },
} as const;

/** The list's filters and its stable order (sort key, id): shared by the page query and the id listing. */
function listFilters(
  workspaceId: string,
  q: Omit<ListSkusQuery, 'limit' | 'cursor' | 'sort'> & { sort?: ListSkusQuery['sort'] },
) {
  const sort = SORTS[q.sort ?? 'created_desc'];
  const where: SQL[] = [eq(skus.workspaceId, workspaceId)];
  const search = q.q ? skuSearchCondition(workspaceId, q.q) : undefined;
  if (search) where.push(search);
  if (q.status) where.push(inArray(skuStatusSql, Array.isArray(q.status) ? q.status : [q.status]));
  if (q.has_blockers === 'true') where.push(gt(skus.blockerCount, 0));
  if (q.has_blockers === 'false') where.push(eq(skus.blockerCount, 0));
  if (q.category_code) where.push(eq(skus.categoryCode, q.category_code));
  // target_markets is stored normalised ("DE,FR,AT"): a market matches one comma-separated code.
  if (q.market)
    where.push(sql`EXISTS (SELECT 1 FROM dossier_values v WHERE v.sku_id = ${skus.id} AND v.workspace_id = ${workspaceId}
      AND v.field_key = 'target_markets' AND v.status = 'confirmed' AND v.superseded_at IS NULL
      AND ',' || replace(v.value, ' ', '') || ',' LIKE ${`%,${q.market.toUpperCase()},%`})`);
  if (q.blocker_code)
    where.push(sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${skus.blockers}) b
      WHERE b->>'code' = ${q.blocker_code} AND coalesce(b->'waived', 'null'::jsonb) = 'null'::jsonb)`);
  if (q.entity_id)
    where.push(sql`EXISTS (SELECT 1 FROM sku_entities se WHERE se.sku_id = ${skus.id}
      AND se.workspace_id = ${workspaceId} AND se.entity_id = ${q.entity_id})`);
  const order = sort.dir === 'desc' ? [desc(sort.col), desc(skus.id)] : [asc(sort.col), asc(skus.id)];
  return { sort, where, order };
}

/**
 * Keyset-paged listing: ORDER BY (sort key, id) and a cursor over the same pair, the timestamp carried
 * at the database's microsecond precision, so no row is skipped or repeated while paging.
 */
export async function listSkus(db: Db, { workspaceId, q }: { workspaceId: string; q: ListSkusQuery }) {
  const { sort, where, order } = listFilters(workspaceId, q);
  if (q.cursor) {
    const c = decodeKeysetCursor(q.cursor, q.sort, sort.kind);
    where.push(afterKeyset(sort.dir, sort.col, c.value, skus.id, c.id));
  }
  // The workspace's operator role (what a SKU without its own follows) is read in the same statement:
  // a second query per page was one of the round trips a raw handler does not pay (bench/skus-list.ts).
  const rows = await db
    .select({
      row: skus,
      createdKey: timestampText(skus.createdAt),
      workspaceRole: sql<OperatorRole | null>`(select ${workspaces.operatorRole} from ${workspaces} where ${workspaces.id} = ${workspaceId})`,
    })
    .from(skus)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit + 1);
  const has_more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const keyOf = (r: (typeof rows)[number]) =>
    sort.kind === 'timestamp'
      ? r.createdKey
      : sort.kind === 'text'
        ? r.row.skuCode
        : sort.col === skus.blockerSeriousness
          ? (r.row.blockerSeriousness ?? 0)
          : r.row.blockerCount;
  return {
    data: page.map((r) => serializeSku(r.row, r.workspaceRole ?? DEFAULT_OPERATOR_ROLE)),
    has_more,
    next_cursor: has_more && last ? encodeKeysetCursor(q.sort, keyOf(last), last.row.id) : null,
  };
}

/** Every SKU id the list shows for these filters, in the list's order, in one query (exports, bulk work). */
export async function listSkuIds(
  db: Db,
  {
    workspaceId,
    q,
  }: { workspaceId: string; q: Omit<ListSkusQuery, 'limit' | 'cursor' | 'sort'> & { sort?: ListSkusQuery['sort'] } },
): Promise<string[]> {
  const { where, order } = listFilters(workspaceId, q);
  const rows = await db
    .select({ id: skus.id })
    .from(skus)
    .where(and(...where))
    .orderBy(...order);
  return rows.map((r) => r.id);
}

/** How many SKUs the list shows for these filters (the "select all matching" banner, bulk targets). */
export async function countListedSkus(
  db: Db,
  { workspaceId, q }: { workspaceId: string; q: CountSkusQuery },
): Promise<number> {
  const { where } = listFilters(workspaceId, q);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(skus)
    .where(and(...where));
  return Number(row?.n ?? 0);
}

export function skuDetail(row: SkuRow, workspaceRole: OperatorRole) {
  const status = skuStatus(row);
  const open = row.blockers.filter((b) => !b.waived);
  return {
    sku: serializeSku(row, workspaceRole),
    blockers: serializeBlockers(row.blockers),
    status,
    can_generate_draft: open.some((b) => b.fix?.kind === 'field'),
    can_publish: row.approvalState === 'approved' && row.blockerCount === 0,
  };
}

export async function getSku(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [row, workspaceRole] = await Promise.all([
    getSkuRow(db, { workspaceId, id }),
    getWorkspaceOperatorRole(db, { workspaceId }),
  ]);
  return skuDetail(row, workspaceRole);
}

/**
 * Deletes the SKU and everything that belongs only to it, in one transaction. Documents stay in the
 * vault (they may serve other SKUs); the public page is withdrawn (410); an audit record remains.
 */
export async function deleteSku(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(skus)
      .where(and(eq(skus.id, args.id), eq(skus.workspaceId, args.workspaceId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
    const { cancelSubjectRuns } = await import('@/lib/jobs');
    await cancelSubjectRuns(tx, {
      workspaceId: args.workspaceId,
      subjectType: 'sku',
      subjectId: row.id,
      reason: 'SKU deleted',
    });
    await tx.update(publicPages).set({ withdrawnAt: new Date(), skuId: null }).where(eq(publicPages.skuId, row.id));
    // dossier values, entity links, waivers, review issues, revisions and document links cascade.
    await tx.delete(skus).where(eq(skus.id, row.id));
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.deleted',
      targetType: 'sku',
      targetId: row.id,
      data: { sku_code: row.skuCode, product_name: row.productName, gtin: row.gtin, public_id: row.publicId },
    });
    return { success: true, deleted_id: row.id };
  });
}

/**
 * Locks the SKU row until the transaction ends (404 when it is not in the workspace). Every change of
 * a SKU's confirmed data or of its review/approval state takes this lock before reading, so concurrent
 * requests apply one after another: each sees the previous one's result, a state change and its audit
 * event happen once, and an approval never rests on data that changed while it was being decided.
 */
export async function lockSkuRow(tx: Db, { workspaceId, id }: { workspaceId: string; id: string }): Promise<SkuRow> {
  const [row] = await tx
    .select()
    .from(skus)
    .where(and(eq(skus.id, id), eq(skus.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'SKU not found.');
  return row;
}

function openBlockers(row: SkuRow) {
  return row.blockers.filter((b) => !b.waived && b.severity === 'blocker');
}

function approvalBlocked(open: SkuRow['blockers']) {
  return new AppError(
    'APPROVAL_BLOCKED',
    `The SKU has ${open.length} open blocker${open.length === 1 ? '' : 's'}: ${open.map((b) => b.code).join(', ')}.`,
    {
      details: {
        blockers: open.map((b) => ({ code: b.code, message: b.message, required_fields: b.required_fields ?? [] })),
      } satisfies ApprovalBlockedDetails,
    },
  );
}

/**
 * Approval is a person's decision, refused while blocker-severity blockers are open and, with the
 * workspace's four-eyes setting, when the approver last changed the confirmed data or completed the
 * review. Decided in one transaction under the SKU's row lock: blockers recomputed from the data as it
 * is now, the state changed only if not yet approved, the approval record (dossier hash, waivers in
 * force) and the audit event written with that change (once). A refusal is an audit event too.
 */
export async function approveSku(db: Db, args: { workspaceId: string; actor: Actor; id: string; dryRun: boolean }) {
  if (args.dryRun) {
    await getSkuRow(db, { workspaceId: args.workspaceId, id: args.id });
    await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.id });
    const row = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.id });
    const open = openBlockers(row);
    const fourEyes = await fourEyesRefusal(db, { workspaceId: args.workspaceId, actor: args.actor, row });
    const workspaceRole = await getWorkspaceOperatorRole(db, { workspaceId: args.workspaceId });
    return {
      dry_run: true,
      can_approve: open.length === 0 && !fourEyes,
      already_approved: row.approvalState === 'approved',
      blockers: open,
      four_eyes: fourEyes ? { code: fourEyes.code, message: fourEyes.message, ...(fourEyes.details as object) } : null,
      sku: serializeSku(row, workspaceRole),
    };
  }
  // A refusal still commits the recomputed blockers (they are what the person is shown) and its audit
  // event, so it is returned from the transaction and thrown after it.
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.id });
    await recomputeSku(t, { workspaceId: args.workspaceId, skuId: args.id });
    const row = await getSkuRow(t, { workspaceId: args.workspaceId, id: args.id });
    const workspaceRole = await getWorkspaceOperatorRole(t, { workspaceId: args.workspaceId });
    const open = openBlockers(row);
    // Approving an approved SKU again answers with it (idempotent), unless blockers opened since.
    if (row.approvalState === 'approved' && !open.length) return { sku: serializeSku(row, workspaceRole) };
    const refused = open.length
      ? approvalBlocked(open)
      : await fourEyesRefusal(t, { workspaceId: args.workspaceId, actor: args.actor, row });
    if (refused) {
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.approval_refused',
        targetType: 'sku',
        targetId: row.id,
        data: {
          code: refused.code,
          message: refused.message,
        },
      });
      return { refused };
    }
    const fourEyes = await fourEyesEnabled(t, { workspaceId: args.workspaceId });
    const [won] = await t
      .update(skus)
      .set({
        approvalState: 'approved',
        approvedAt: new Date(),
        approvedBy: personOf(args.actor),
        approvedByLabel: args.actor.label,
        updatedAt: new Date(),
      })
      .where(and(eq(skus.id, row.id), ne(skus.approvalState, 'approved')))
      .returning();
    const record = await recordApproval(t, { workspaceId: args.workspaceId, actor: args.actor, row, fourEyes });
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'sku.approved',
      targetType: 'sku',
      targetId: row.id,
      data: {
        blocker_count: 0,
        waived: row.blockers.filter((b) => b.waived).map((b) => b.code),
        dossier_hash: record.dossierHash,
        four_eyes: fourEyes,
        review_completed_by: row.reviewCompletedBy,
      },
    });
    return { sku: serializeSku(won ?? row, workspaceRole), approval: serializeApproval(record) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

function reviewOpenItems(row: SkuRow) {
  const open = row.blockers.filter((b) => b.code === 'EXTRACTION_CONFLICT_OPEN' || b.code === 'REVIEW_ISSUE_OPEN');
  const issues = open
    .filter((b) => b.code === 'REVIEW_ISSUE_OPEN')
    .map((b) => ({ message: b.message, details: (b as { details?: unknown }).details ?? null }));
  const conflicts = open
    .filter((b) => b.code === 'EXTRACTION_CONFLICT_OPEN')
    .map((b) => ({
      message: b.message,
      required_fields: b.required_fields ?? [],
      details: (b as { details?: unknown }).details ?? null,
    }));
  return { open, issues, conflicts };
}

/** Review completion needs every review issue and extraction conflict resolved; decided as approval is. */
export async function completeReview(db: Db, args: { workspaceId: string; actor: Actor; id: string; dryRun: boolean }) {
  if (args.dryRun) {
    await getSkuRow(db, { workspaceId: args.workspaceId, id: args.id });
    await recomputeSku(db, { workspaceId: args.workspaceId, skuId: args.id });
    const row = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.id });
    const { open, issues, conflicts } = reviewOpenItems(row);
    return {
      dry_run: true,
      can_complete: open.length === 0,
      open_review_issues: issues,
      open_conflicts: conflicts,
      sku: serializeSku(row, await getWorkspaceOperatorRole(db, { workspaceId: args.workspaceId })),
    };
  }
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSkuRow(t, { workspaceId: args.workspaceId, id: args.id });
    await recomputeSku(t, { workspaceId: args.workspaceId, skuId: args.id });
    const row = await getSkuRow(t, { workspaceId: args.workspaceId, id: args.id });
    const { open, issues, conflicts } = reviewOpenItems(row);
    if (open.length) {
      const refused = new AppError(
        'REVIEW_INCOMPLETE',
        `Resolve ${issues.length} review issue(s) and ${conflicts.length} extraction conflict(s) first.`,
        {
          details: { open_review_issues: issues, open_conflicts: conflicts } satisfies ReviewIncompleteDetails,
        },
      );
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.review_refused',
        targetType: 'sku',
        targetId: row.id,
        data: {
          code: refused.code,
          open_review_issues: issues.length,
          open_conflicts: conflicts.length,
        },
      });
      return { refused };
    }
    const won = await t
      .update(skus)
      .set({
        reviewState: 'complete',
        reviewCompletedAt: new Date(),
        reviewCompletedBy: args.actor.label,
        reviewCompletedByUser: personOf(args.actor),
        updatedAt: new Date(),
      })
      .where(and(eq(skus.id, row.id), ne(skus.reviewState, 'complete')))
      .returning();
    if (won.length)
      await recordAudit(t, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'sku.review_completed',
        targetType: 'sku',
        targetId: row.id,
      });
    return { sku: serializeSku(won[0] ?? row, await getWorkspaceOperatorRole(t, { workspaceId: args.workspaceId })) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

/**
 * A change to confirmed data invalidates a past approval and review: the person approved other facts.
 * Called by every mutation of dossier values, entity links, documents and waivers, inside the
 * mutation's transaction where there is one. The SKU row is locked first (see lockSkuRow): an approval
 * deciding at the same time either saw this change, or committed first and is reset here.
 */
export async function afterDossierChange(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; reason: ResetReason },
) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select()
      .from(skus)
      .where(and(eq(skus.id, args.skuId), eq(skus.workspaceId, args.workspaceId)))
      .for('update');
    if (!row) return;
    await resetApprovals(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      skuIds: [row.id],
      reason: args.reason,
    });
    await recomputeSku(t, { workspaceId: args.workspaceId, skuId: args.skuId });
  });
}
