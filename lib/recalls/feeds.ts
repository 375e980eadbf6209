import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import { recordAudit } from '@/lib/audit';
import type { Db } from '@/lib/db/client';
import { recallAlerts, recallFeedImports, recallFeedSources, type RecallFeed } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { safeFetch } from '@/lib/net/safe-fetch';
import { FEED_LIMITS, FeedRefused, type ParsedAlert } from './feed-types';
import { barcodeGtins } from './matching';
import { matchAlertsAgainstCatalogue } from './match-store';
import { parseRappelConso } from './parse-rappelconso';
import { parseSafetyGateWeekly } from './parse-safety-gate';
import { serializeFeedImport, serializeFeedSource } from './serialize';

export function parseFeed(feed: RecallFeed, bytes: Uint8Array) {
  return feed === 'safety_gate' ? parseSafetyGateWeekly(bytes) : parseRappelConso(bytes);
}

const hashOf = (a: ParsedAlert) => createHash('sha256').update(JSON.stringify(a)).digest('hex');

/**
 * Reads a feed file into the workspace's alerts: one alert per feed and reference, kept with its week.
 * Idempotent: the same file again changes nothing (every alert unchanged, no new match); an alert whose
 * content changed is updated and matched again; new alerts are matched against the whole catalogue.
 * A file that cannot be read safely is refused with 422 UNREADABLE_FILE and details.reason.
 */
export async function importFeed(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor | null;
    label?: string;
    feed: RecallFeed;
    bytes: Uint8Array;
    source: 'upload' | 'url';
    sourceRef: string;
  },
) {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(args.feed, args.bytes);
  } catch (err) {
    if (err instanceof FeedRefused)
      throw new AppError('UNREADABLE_FILE', err.message, { details: { reason: err.code, feed: args.feed } });
    throw err;
  }
  const sha256 = createHash('sha256').update(args.bytes).digest('hex');
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const refs = parsed.alerts.map((a) => a.reference);
    const existing = new Map<string, { id: string; hash: string }>();
    for (let i = 0; i < refs.length; i += 1000) {
      const rows = await tx
        .select({ id: recallAlerts.id, reference: recallAlerts.reference, hash: recallAlerts.contentHash })
        .from(recallAlerts)
        .where(
          and(
            eq(recallAlerts.workspaceId, args.workspaceId),
            eq(recallAlerts.feed, args.feed),
            inArray(recallAlerts.reference, refs.slice(i, i + 1000)),
          ),
        );
      for (const r of rows) existing.set(r.reference, { id: r.id, hash: r.hash });
    }
    const [imp] = await tx
      .insert(recallFeedImports)
      .values({
        workspaceId: args.workspaceId,
        feed: args.feed,
        source: args.source,
        sourceRef: args.sourceRef.slice(0, 500),
        sha256,
        periods: parsed.periods,
        alertCount: parsed.alerts.length,
        createdByLabel: args.label ?? args.actor?.label ?? null,
      })
      .returning();
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    const toMatch: string[] = [];
    for (const a of parsed.alerts) {
      const hash = hashOf(a);
      const prior = existing.get(a.reference);
      if (prior && prior.hash === hash) {
        unchanged++;
        continue;
      }
      const values = {
        period: a.period,
        publishedOn: a.published_on,
        caseNumber: a.case_number,
        category: a.category,
        product: a.product,
        brand: a.brand,
        name: a.name,
        model: a.model,
        batch: a.batch,
        barcode: a.barcode,
        gtins: barcodeGtins(a.barcode),
        riskType: a.risk_type,
        danger: a.danger,
        measures: a.measures,
        description: a.description,
        notifyingCountry: a.notifying_country,
        countryOfOrigin: a.country_of_origin,
        riskLevel: a.risk_level,
        alertType: a.alert_type,
        pictures: a.pictures,
        url: a.url,
        companyRecallCode: a.company_recall_code,
        productionDates: a.production_dates,
        contentHash: hash,
        importId: imp.id,
      };
      if (prior) {
        await tx
          .update(recallAlerts)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(recallAlerts.id, prior.id));
        updated++;
        toMatch.push(prior.id);
      } else {
        const [row] = await tx
          .insert(recallAlerts)
          .values({ workspaceId: args.workspaceId, feed: args.feed, reference: a.reference, ...values })
          .returning({ id: recallAlerts.id });
        created++;
        toMatch.push(row.id);
      }
    }
    const matches = await matchAlertsAgainstCatalogue(tx, { workspaceId: args.workspaceId, alertIds: toMatch });
    const [done] = await tx
      .update(recallFeedImports)
      .set({ createdCount: created, updatedCount: updated, unchangedCount: unchanged, matchCount: matches })
      .where(eq(recallFeedImports.id, imp.id))
      .returning();
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      label: args.label,
      action: 'recall.feed_imported',
      targetType: 'recall_feed_import',
      targetId: imp.id,
      data: {
        feed: args.feed,
        source: args.source,
        source_ref: args.sourceRef.slice(0, 500),
        periods: parsed.periods,
        alerts: parsed.alerts.length,
        created,
        updated,
        unchanged,
        new_matches: matches,
      },
    });
    return serializeFeedImport(done);
  });
}

export async function listFeedImports(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db
    .select()
    .from(recallFeedImports)
    .where(eq(recallFeedImports.workspaceId, workspaceId))
    .orderBy(desc(recallFeedImports.createdAt))
    .limit(100);
  return rows.map(serializeFeedImport);
}

const MAX_SOURCES = 10;

export async function listFeedSources(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db
    .select()
    .from(recallFeedSources)
    .where(eq(recallFeedSources.workspaceId, workspaceId))
    .orderBy(recallFeedSources.createdAt);
  return rows.map(serializeFeedSource);
}

export async function addFeedSource(
  db: Db,
  args: { workspaceId: string; actor: Actor; feed: RecallFeed; url: string },
) {
  let u: URL;
  try {
    u = new URL(args.url);
  } catch {
    throw new AppError('URL_NOT_ALLOWED', 'The URL is not valid.', { details: { reason: 'invalid_url' } });
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new AppError('URL_NOT_ALLOWED', 'Only http(s) URLs are read.', { details: { reason: 'scheme' } });
  const current = await listFeedSources(db, { workspaceId: args.workspaceId });
  if (current.length >= MAX_SOURCES)
    throw new AppError('PLAN_LIMIT_REACHED', `A workspace reads at most ${MAX_SOURCES} feed URLs.`, {
      details: { limit: 'recall_feed_sources', max: MAX_SOURCES },
    });
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(recallFeedSources)
      .values({ workspaceId: args.workspaceId, feed: args.feed, url: u.toString(), createdByLabel: args.actor.label })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', 'This feed URL is already configured.');
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'recall.feed_source_added',
      targetType: 'recall_feed_source',
      targetId: row.id,
      data: { feed: row.feed, url: row.url },
    });
    return serializeFeedSource(row);
  });
}

export async function deleteFeedSource(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .delete(recallFeedSources)
      .where(and(eq(recallFeedSources.workspaceId, args.workspaceId), eq(recallFeedSources.id, args.id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Feed source not found.');
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'recall.feed_source_removed',
      targetType: 'recall_feed_source',
      targetId: row.id,
      data: { feed: row.feed, url: row.url },
    });
    return { id: row.id, deleted: true as const };
  });
}

/**
 * Reads one configured URL through the SSRF-safe fetch and imports what it serves. The outcome is kept on
 * the source (last_status / last_error), so a failing URL is visible rather than silent.
 */
export async function fetchFeedSource(db: Db, args: { workspaceId: string; actor: Actor | null; id: string }) {
  const [src] = await db
    .select()
    .from(recallFeedSources)
    .where(and(eq(recallFeedSources.workspaceId, args.workspaceId), eq(recallFeedSources.id, args.id)));
  if (!src) throw new AppError('NOT_FOUND', 'Feed source not found.');
  const res = await safeFetch(src.url, {
    maxBytes: FEED_LIMITS.maxBytes,
    timeoutMs: 30_000,
    headers: { accept: 'application/xml, text/xml, text/csv, application/json;q=0.9, */*;q=0.5' },
  });
  const note = async (status: string, error: string | null) =>
    db
      .update(recallFeedSources)
      .set({ lastFetchedAt: new Date(), lastStatus: status, lastError: error })
      .where(eq(recallFeedSources.id, src.id));
  if (!res.ok) {
    await note('failed', res.error.message);
    throw new AppError(res.error.code === 'address_refused' ? 'URL_NOT_ALLOWED' : 'FETCH_FAILED', res.error.message, {
      details: { reason: res.error.code },
    });
  }
  if (res.status >= 400) {
    await note('failed', `HTTP ${res.status}`);
    throw new AppError('FETCH_FAILED', `The feed URL answered HTTP ${res.status}.`, {
      details: { reason: 'http_status', status: res.status },
    });
  }
  try {
    const out = await importFeed(db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      label: args.actor ? undefined : 'feed schedule',
      feed: src.feed,
      bytes: res.body,
      source: 'url',
      sourceRef: src.url,
    });
    await note('ok', null);
    return out;
  } catch (err) {
    await note('failed', err instanceof Error ? err.message.slice(0, 500) : 'failed');
    throw err;
  }
}
