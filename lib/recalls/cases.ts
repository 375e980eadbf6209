import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import { recordAudit } from '@/lib/audit';
import type { Db } from '@/lib/db/client';
import {
  publicPages,
  recallAlerts,
  recallCaseSkus,
  recallCases,
  recallMatches,
  skuMarketStates,
  skus,
  type SkuMarketStatus,
  type StoredRecallNotice,
} from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { officialLanguagesOf } from '@/lib/model/countries';
import { generateNotice, noticeWarnings, type NoticeFacts } from './notice';
import type { RecallCase } from './schemas';
import { serializeAlert } from './serialize';
import { addressOf, confirmedFields, marketsOf, skuOperatorsByRole } from './sku-facts';

type CaseRow = typeof recallCases.$inferSelect;

export async function getCaseRow(db: Db, { workspaceId, id }: { workspaceId: string; id: string }): Promise<CaseRow> {
  const [row] = await db
    .select()
    .from(recallCases)
    .where(and(eq(recallCases.workspaceId, workspaceId), eq(recallCases.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'Recall case not found.');
  return row;
}

export async function getCase(db: Db, { workspaceId, id }: { workspaceId: string; id: string }): Promise<RecallCase> {
  const c = await getCaseRow(db, { workspaceId, id });
  const members = await db
    .select({
      id: skus.id,
      code: skus.skuCode,
      name: skus.productName,
      gtin: skus.gtin,
      batches: recallCaseSkus.batches,
      market: skuMarketStates.status,
      publicId: sql<
        string | null
      >`(SELECT ${publicPages.publicId} FROM ${publicPages} WHERE ${publicPages.skuId} = ${skus.id} AND ${publicPages.withdrawnAt} IS NULL LIMIT 1)`,
    })
    .from(recallCaseSkus)
    .innerJoin(skus, eq(skus.id, recallCaseSkus.skuId))
    .leftJoin(skuMarketStates, eq(skuMarketStates.skuId, skus.id))
    .where(and(eq(recallCaseSkus.workspaceId, workspaceId), eq(recallCaseSkus.caseId, c.id)))
    .orderBy(skus.skuCode);
  const [alert] = c.alertId ? await db.select().from(recallAlerts).where(eq(recallAlerts.id, c.alertId)) : [];
  return {
    id: c.id,
    action: c.action,
    status: c.status,
    origin: c.origin,
    reason: c.reason,
    hazard: c.hazard,
    alert: alert ? serializeAlert(alert) : null,
    skus: members.map((m) => ({
      id: m.id,
      sku_code: m.code,
      product_name: m.name,
      gtin: m.gtin,
      batches: m.batches,
      market_status: m.market ?? 'on_market',
      public_id: m.publicId,
    })),
    notice: {
      languages: Object.fromEntries(
        Object.entries(c.notice.languages).map(([lang, n]) => [
          lang,
          { ...n, warnings: noticeWarnings(`${n.title}\n${n.body}`) },
        ]),
      ),
      published_at: c.noticePublishedAt ? c.noticePublishedAt.toISOString() : null,
    },
    supplier_request_id: c.supplierRequestId,
    outcome: c.outcome,
    opened_by: c.openedByLabel,
    closed_by: c.closedByLabel,
    closed_at: c.closedAt ? c.closedAt.toISOString() : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export async function listCases(
  db: Db,
  { workspaceId, q = {} }: { workspaceId: string; q?: { status?: 'open' | 'closed'; sku_id?: string } },
) {
  const rows = await db
    .select({ id: recallCases.id })
    .from(recallCases)
    .where(
      and(
        eq(recallCases.workspaceId, workspaceId),
        q.status ? eq(recallCases.status, q.status) : undefined,
        q.sku_id
          ? sql`EXISTS (SELECT 1 FROM ${recallCaseSkus} WHERE ${recallCaseSkus.caseId} = ${recallCases.id} AND ${recallCaseSkus.skuId} = ${q.sku_id})`
          : undefined,
      ),
    )
    .orderBy(desc(recallCases.createdAt))
    .limit(200);
  const out: RecallCase[] = [];
  for (const r of rows) out.push(await getCase(db, { workspaceId, id: r.id }));
  return out;
}

/** The notice texts of a case's first SKU, one per language of its target markets (English when none). */
async function draftNotice(
  db: Db,
  workspaceId: string,
  args: { action: 'recall' | 'withdrawal'; skuIds: string[]; batches: Map<string, string[]>; hazard: string },
): Promise<StoredRecallNotice> {
  const [first] = await db
    .select()
    .from(skus)
    .where(and(eq(skus.workspaceId, workspaceId), eq(skus.id, args.skuIds[0])));
  const fields = await confirmedFields(db, {
    workspaceId,
    skuIds: args.skuIds,
    keys: ['brand', 'model_number', 'product_image_url', 'target_markets'],
  });
  const markets = [...new Set(args.skuIds.flatMap((id) => marketsOf(fields.get(id)?.target_markets)))];
  const f = fields.get(first.id) ?? {};
  const ops = await skuOperatorsByRole(db, { workspaceId, skuId: first.id });
  const who = ops.responsible_person ?? ops.importer ?? ops.manufacturer ?? null;
  const facts: NoticeFacts = {
    action: args.action,
    productName: args.skuIds.length > 1 ? `${first.productName} (+${args.skuIds.length - 1})` : first.productName,
    brand: f.brand ?? null,
    model: f.model_number ?? null,
    gtin: args.skuIds.length > 1 ? null : first.gtin,
    batches: [...new Set(args.skuIds.flatMap((id) => args.batches.get(id) ?? []))],
    pictureUrl: f.product_image_url ?? null,
    markets,
    hazard: args.hazard,
    contact: {
      name: who?.name ?? null,
      address: who ? addressOf(who) : null,
      email: who?.email ?? null,
      phone: who?.phone ?? null,
      url: who?.contactUrl ?? null,
    },
  };
  const languages = officialLanguagesOf(markets) as string[];
  if (!languages.length) languages.push('en');
  const notice: StoredRecallNotice = { languages: {} };
  for (const lang of languages) {
    const g = generateNotice(lang, facts);
    notice.languages[lang] = {
      title: g.title,
      body: g.body,
      edited: false,
      generated_from: g.generated_from,
      missing_template: g.missing_template,
    };
  }
  return notice;
}

/** Sets the market status of SKUs for a case and audits each change (sku.recalled / sku.market_withdrawn). */
async function setMarketStatus(
  tx: Db,
  args: { workspaceId: string; actor: Actor; caseId: string; skuIds: string[]; status: SkuMarketStatus },
) {
  if (!args.skuIds.length) return;
  const now = new Date();
  for (const skuId of args.skuIds)
    await tx
      .insert(skuMarketStates)
      .values({
        skuId,
        workspaceId: args.workspaceId,
        status: args.status,
        caseId: args.caseId,
        changedAt: now,
        changedByLabel: args.actor.label,
      })
      .onConflictDoUpdate({
        target: skuMarketStates.skuId,
        set: { status: args.status, caseId: args.caseId, changedAt: now, changedByLabel: args.actor.label },
      });
  const codes = await tx
    .select({ id: skus.id, code: skus.skuCode })
    .from(skus)
    .where(and(eq(skus.workspaceId, args.workspaceId), inArray(skus.id, args.skuIds)));
  const action =
    args.status === 'recalled'
      ? 'sku.recalled'
      : args.status === 'withdrawn'
        ? 'sku.market_withdrawn'
        : 'sku.back_on_market';
  for (const c of codes)
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action,
      targetType: 'sku',
      targetId: c.id,
      data: { sku_code: c.code, case_id: args.caseId, market_status: args.status },
    });
}

/**
 * Takes the locks a case opening decides on, in a fixed order (SKUs by id, then matches by id) so two
 * openings never deadlock, and checks again under them: a SKU is in at most one open case (a second
 * opening is 409 naming the case to carry it out in), and a match is carried out once, by a case, while
 * it is still confirmed (a concurrent decision or opening may have changed it since it was read).
 */
async function lockForOpening(tx: Db, workspaceId: string, skuIds: string[], matchIds: string[]) {
  await tx
    .select({ id: skus.id })
    .from(skus)
    .where(and(eq(skus.workspaceId, workspaceId), inArray(skus.id, skuIds)))
    .orderBy(skus.id)
    .for('update');
  const busy = await tx
    .select({ caseId: recallCaseSkus.caseId, skuId: recallCaseSkus.skuId, code: skus.skuCode })
    .from(recallCaseSkus)
    .innerJoin(recallCases, eq(recallCases.id, recallCaseSkus.caseId))
    .innerJoin(skus, eq(skus.id, recallCaseSkus.skuId))
    .where(
      and(
        eq(recallCaseSkus.workspaceId, workspaceId),
        inArray(recallCaseSkus.skuId, skuIds),
        eq(recallCases.status, 'open'),
      ),
    );
  if (busy.length)
    throw new AppError(
      'INVALID_STATE',
      `${[...new Set(busy.map((b) => b.code))].join(', ')} ${busy.length > 1 ? 'are' : 'is'} already in an open recall case: carry it out there, or close that case first.`,
      {
        details: {
          case_id: busy[0].caseId,
          case_ids: [...new Set(busy.map((b) => b.caseId))],
          sku_ids: busy.map((b) => b.skuId),
        },
      },
    );
  if (!matchIds.length) return;
  const ms = await tx
    .select({ id: recallMatches.id, status: recallMatches.status, caseId: recallMatches.caseId })
    .from(recallMatches)
    .where(and(eq(recallMatches.workspaceId, workspaceId), inArray(recallMatches.id, matchIds)))
    .orderBy(recallMatches.id)
    .for('update');
  const taken = ms.filter((m) => m.status !== 'confirmed' || m.caseId);
  if (taken.length)
    throw new AppError(
      'INVALID_STATE',
      'The match is no longer open for a case: it was decided or carried out meanwhile.',
      {
        details: { match_ids: taken.map((m) => m.id), case_id: taken.find((m) => m.caseId)?.caseId ?? null },
      },
    );
}

/**
 * Opens a recall case: from confirmed matches (their SKUs and the alert) and/or SKUs a manager names
 * (with batches). In one transaction: the case, its SKUs, their market status (recalled, or withdrawn),
 * the notice drafted in the languages of the SKUs' markets, the matches linked, and the audit.
 */
export async function openCase(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    input: {
      action: 'withdrawal' | 'recall';
      reason: string;
      hazard?: string;
      match_ids?: string[];
      skus?: { sku_id: string; batches: string[] }[];
    };
  },
) {
  const { workspaceId, actor, input } = args;
  const batches = new Map<string, string[]>();
  for (const s of input.skus ?? []) batches.set(s.sku_id, [...new Set(s.batches)]);
  let alertId: string | null = null;
  const matchIds = [...new Set(input.match_ids ?? [])];
  if (matchIds.length) {
    const ms = await db
      .select()
      .from(recallMatches)
      .where(and(eq(recallMatches.workspaceId, workspaceId), inArray(recallMatches.id, matchIds)));
    if (ms.length !== matchIds.length) throw new AppError('NOT_FOUND', 'Match not found.');
    const undecided = ms.filter((m) => m.status !== 'confirmed');
    if (undecided.length)
      throw new AppError(
        'INVALID_STATE',
        'Only confirmed matches open a recall case: confirm the match first, with its reason.',
        {
          details: { match_ids: undecided.map((m) => m.id) },
        },
      );
    alertId = ms[0].alertId;
    for (const m of ms) if (!batches.has(m.skuId)) batches.set(m.skuId, []);
  }
  const skuIds = [...batches.keys()];
  if (!skuIds.length)
    throw new AppError('VALIDATION_FAILED', 'Name the SKUs concerned, or confirmed matches.', {
      details: { fields: [{ path: 'skus', message: 'at least one SKU or match is required' }] },
    });
  const found = await db
    .select({ id: skus.id })
    .from(skus)
    .where(and(eq(skus.workspaceId, workspaceId), inArray(skus.id, skuIds)));
  if (found.length !== skuIds.length) throw new AppError('NOT_FOUND', 'SKU not found.');
  let hazard = input.hazard ?? '';
  if (!hazard && alertId) {
    const [a] = await db.select().from(recallAlerts).where(eq(recallAlerts.id, alertId));
    hazard = [a?.riskType, a?.danger].filter(Boolean).join(': ');
  }
  const notice = await draftNotice(db, workspaceId, { action: input.action, skuIds, batches, hazard });
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockForOpening(tx, workspaceId, skuIds, matchIds);
    const [c] = await tx
      .insert(recallCases)
      .values({
        workspaceId,
        action: input.action,
        origin: matchIds.length ? 'match' : 'manager',
        alertId,
        reason: input.reason,
        hazard,
        notice,
        openedByLabel: actor.label,
      })
      .returning({ id: recallCases.id });
    await tx
      .insert(recallCaseSkus)
      .values(skuIds.map((skuId) => ({ caseId: c.id, workspaceId, skuId, batches: batches.get(skuId) ?? [] })));
    if (matchIds.length)
      await tx
        .update(recallMatches)
        .set({ caseId: c.id, updatedAt: new Date() })
        .where(inArray(recallMatches.id, matchIds));
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'recall.case_opened',
      targetType: 'recall_case',
      targetId: c.id,
      data: { action: input.action, reason: input.reason, sku_ids: skuIds, match_ids: matchIds, alert_id: alertId },
    });
    await setMarketStatus(tx, {
      workspaceId,
      actor,
      caseId: c.id,
      skuIds,
      status: input.action === 'recall' ? 'recalled' : 'withdrawn',
    });
    return c.id;
  });
  return getCase(db, { workspaceId, id });
}

async function lockOpenCase(tx: Db, workspaceId: string, id: string) {
  const [c] = await tx
    .select()
    .from(recallCases)
    .where(and(eq(recallCases.workspaceId, workspaceId), eq(recallCases.id, id)))
    .for('update');
  if (!c) throw new AppError('NOT_FOUND', 'Recall case not found.');
  if (c.status !== 'open')
    throw new AppError('INVALID_STATE', 'The recall case is closed.', { details: { status: c.status } });
  return c;
}

/** Edits the notice in one language (a new language may be added) until it is published. */
export async function editNotice(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; language: string; title: string; body: string },
) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const c = await lockOpenCase(tx, args.workspaceId, args.id);
    if (c.noticePublishedAt)
      throw new AppError('INVALID_STATE', 'The notice is published; it is no longer edited here.', {
        details: { published_at: c.noticePublishedAt.toISOString() },
      });
    const prior = c.notice.languages[args.language];
    const notice: StoredRecallNotice = {
      languages: {
        ...c.notice.languages,
        [args.language]: {
          title: args.title,
          body: args.body,
          edited: true,
          generated_from: prior?.generated_from ?? null,
          missing_template: false,
        },
      },
    };
    await tx.update(recallCases).set({ notice, updatedAt: new Date() }).where(eq(recallCases.id, c.id));
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'recall.notice_edited',
      targetType: 'recall_case',
      targetId: c.id,
      data: { language: args.language, warnings: noticeWarnings(`${args.title}\n${args.body}`) },
    });
  });
  return getCase(db, { workspaceId: args.workspaceId, id: args.id });
}

/**
 * Publishes the notice: the SKUs' public pages show it and /p/{id}/recall serves it. A language still
 * holding the untranslated fallback is refused (409 INVALID_STATE, details.missing_languages): a
 * consumer must read it in the language of the market.
 */
export async function publishNotice(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const c = await lockOpenCase(tx, args.workspaceId, args.id);
    if (c.noticePublishedAt) throw new AppError('INVALID_STATE', 'The notice is already published.');
    const missing = Object.entries(c.notice.languages)
      .filter(([, n]) => n.missing_template && !n.edited)
      .map(([l]) => l);
    if (missing.length)
      throw new AppError(
        'INVALID_STATE',
        `The notice in ${missing.join(', ')} is still the English fallback: translate it before publishing.`,
        { details: { missing_languages: missing } },
      );
    const now = new Date();
    await tx.update(recallCases).set({ noticePublishedAt: now, updatedAt: now }).where(eq(recallCases.id, c.id));
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'recall.notice_published',
      targetType: 'recall_case',
      targetId: c.id,
      data: { languages: Object.keys(c.notice.languages) },
    });
  });
  return getCase(db, { workspaceId: args.workspaceId, id: args.id });
}

/** Closes the case with its outcome; the SKUs' market status is kept, or set as given. */
export async function closeCase(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; outcome: string; market_status?: SkuMarketStatus },
) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const c = await lockOpenCase(tx, args.workspaceId, args.id);
    const now = new Date();
    await tx
      .update(recallCases)
      .set({ status: 'closed', outcome: args.outcome, closedAt: now, closedByLabel: args.actor.label, updatedAt: now })
      .where(eq(recallCases.id, c.id));
    const members = await tx
      .select({ skuId: recallCaseSkus.skuId })
      .from(recallCaseSkus)
      .where(eq(recallCaseSkus.caseId, c.id));
    if (args.market_status)
      await setMarketStatus(tx, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        caseId: c.id,
        skuIds: members.map((m) => m.skuId),
        status: args.market_status,
      });
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'recall.case_closed',
      targetType: 'recall_case',
      targetId: c.id,
      data: { outcome: args.outcome, market_status: args.market_status ?? null },
    });
  });
  return getCase(db, { workspaceId: args.workspaceId, id: args.id });
}

/** Audits a step done outside the database (a pack or a delisting file handed out). */
export async function auditCaseStep(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; action: string; data?: Record<string, unknown> },
) {
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: args.action,
    targetType: 'recall_case',
    targetId: args.id,
    data: args.data ?? {},
  });
}

/** A SKU's market status and its case (no row: on the market). */
export async function skuMarketStatus(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const [row] = await db
    .select()
    .from(skuMarketStates)
    .where(and(eq(skuMarketStates.workspaceId, workspaceId), eq(skuMarketStates.skuId, skuId)));
  return {
    status: (row?.status ?? 'on_market') as SkuMarketStatus,
    case_id: row?.caseId ?? null,
    changed_at: row?.changedAt ? row.changedAt.toISOString() : null,
  };
}

/**
 * The recall status a public page shows, by its public id: the SKU's market status and, when its case
 * published a notice, the notice in every language. Nothing of an unpublished notice leaves the workspace.
 */
export async function publicRecallStatus(db: Db, { publicId }: { publicId: string }) {
  const [page] = await db.select().from(publicPages).where(eq(publicPages.publicId, publicId));
  if (!page?.skuId) return null;
  const [state] = await db.select().from(skuMarketStates).where(eq(skuMarketStates.skuId, page.skuId));
  const [c] = state?.caseId ? await db.select().from(recallCases).where(eq(recallCases.id, state.caseId)) : [];
  const published = c?.noticePublishedAt ? c : null;
  return {
    public_id: publicId,
    recall_status: (state?.status ?? 'on_market') as SkuMarketStatus,
    action: published?.action ?? null,
    published_at: published?.noticePublishedAt?.toISOString() ?? null,
    notice: published
      ? Object.fromEntries(
          Object.entries(published.notice.languages).map(([l, n]) => [l, { title: n.title, body: n.body }]),
        )
      : null,
  };
}
