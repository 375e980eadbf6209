import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { recallAlerts, recallMatches, type StoredMatchReason } from '@/lib/db/schema';
import { emitWebhookEvent } from '@/lib/events/emit';
import { CatalogueIndex, loadMatchSkus } from './catalogue';
import { matchAlertToSku, type MatchAlert } from './matching';

type AlertRow = typeof recallAlerts.$inferSelect;

const matchAlertOf = (a: AlertRow): MatchAlert => ({
  brand: a.brand,
  name: a.name,
  product: a.product,
  category: a.category,
  model: a.model,
  batch: a.batch,
  barcode: a.barcode,
  gtins: a.gtins,
});

interface Found {
  alert: AlertRow;
  skuId: string;
  skuCode: string;
  score: number;
  strength: 'strong' | 'weak';
  reasons: StoredMatchReason[];
}

/**
 * Stores the matches of these alerts against these SKUs. A match already decided (confirmed or
 * dismissed) keeps its decision and is not re-scored; an open one takes the new score. A new match is
 * the webhook event recall.match, written in the same transaction. Returns how many are new.
 */
async function storeMatches(tx: Db, workspaceId: string, found: Found[]): Promise<number> {
  let created = 0;
  for (const f of found) {
    const [row] = await tx
      .insert(recallMatches)
      .values({
        workspaceId,
        alertId: f.alert.id,
        skuId: f.skuId,
        score: f.score,
        strength: f.strength,
        reasons: f.reasons,
      })
      .onConflictDoUpdate({
        target: [recallMatches.alertId, recallMatches.skuId],
        set: { score: f.score, strength: f.strength, reasons: f.reasons, updatedAt: new Date() },
        setWhere: sql`${recallMatches.status} = 'open'`,
      })
      .returning({ id: recallMatches.id, inserted: sql<boolean>`(xmax = 0)` });
    if (row?.inserted) {
      created++;
      await emitWebhookEvent(tx, {
        workspaceId,
        type: 'recall.match',
        data: {
          match_id: row.id,
          alert_id: f.alert.id,
          feed: f.alert.feed,
          reference: f.alert.reference,
          sku_id: f.skuId,
          sku_code: f.skuCode,
          score: f.score,
          strength: f.strength,
        },
      });
    }
  }
  return created;
}

function matchAll(alerts: AlertRow[], index: CatalogueIndex): Found[] {
  const out: Found[] = [];
  for (const a of alerts) {
    const ma = matchAlertOf(a);
    for (const s of index.candidates(ma)) {
      const r = matchAlertToSku(ma, s);
      if (r) out.push({ alert: a, skuId: s.id, skuCode: s.sku_code, ...r });
    }
  }
  return out;
}

/** New or changed alerts against the whole catalogue (an import). */
export async function matchAlertsAgainstCatalogue(
  tx: Db,
  { workspaceId, alertIds }: { workspaceId: string; alertIds: readonly string[] },
) {
  if (!alertIds.length) return 0;
  const alerts = await tx
    .select()
    .from(recallAlerts)
    .where(and(eq(recallAlerts.workspaceId, workspaceId), inArray(recallAlerts.id, alertIds as string[])));
  const index = new CatalogueIndex(await loadMatchSkus(tx, { workspaceId }));
  return storeMatches(tx, workspaceId, matchAll(alerts, index));
}

/** Some SKUs (new or changed ones), or the whole catalogue, against the alerts of the last year. */
export async function matchSkusAgainstRecentAlerts(
  tx: Db,
  { workspaceId, skuIds, now = new Date() }: { workspaceId: string; skuIds: readonly string[] | undefined; now?: Date },
) {
  const since = new Date(now.getTime() - 366 * 86_400_000).toISOString().slice(0, 10);
  const alerts = await tx
    .select()
    .from(recallAlerts)
    .where(
      and(
        eq(recallAlerts.workspaceId, workspaceId),
        sql`(${recallAlerts.publishedOn} IS NULL OR ${gte(recallAlerts.publishedOn, since)})`,
      ),
    );
  if (!alerts.length) return 0;
  const index = new CatalogueIndex(await loadMatchSkus(tx, { workspaceId, skuIds }));
  return storeMatches(tx, workspaceId, matchAll(alerts, index));
}
