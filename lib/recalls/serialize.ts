import type { recallAlerts, recallFeedImports, recallFeedSources } from '@/lib/db/schema';
import type { FeedImport, FeedSource, RecallAlert } from './schemas';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function serializeFeedImport(r: typeof recallFeedImports.$inferSelect): FeedImport {
  return {
    id: r.id,
    feed: r.feed,
    source: r.source,
    source_ref: r.sourceRef,
    sha256: r.sha256,
    periods: r.periods,
    alert_count: r.alertCount,
    created_count: r.createdCount,
    updated_count: r.updatedCount,
    unchanged_count: r.unchangedCount,
    match_count: r.matchCount,
    created_by: r.createdByLabel,
    created_at: r.createdAt.toISOString(),
  };
}

export function serializeFeedSource(r: typeof recallFeedSources.$inferSelect): FeedSource {
  return {
    id: r.id,
    feed: r.feed,
    url: r.url,
    enabled: r.enabled,
    last_fetched_at: iso(r.lastFetchedAt),
    last_status: r.lastStatus,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
  };
}

export function serializeAlert(r: typeof recallAlerts.$inferSelect): RecallAlert {
  return {
    id: r.id,
    feed: r.feed,
    reference: r.reference,
    period: r.period,
    published_on: r.publishedOn,
    case_number: r.caseNumber,
    category: r.category,
    product: r.product,
    brand: r.brand,
    name: r.name,
    model: r.model,
    batch: r.batch,
    barcode: r.barcode,
    gtins: r.gtins,
    risk_type: r.riskType,
    danger: r.danger,
    measures: r.measures,
    description: r.description,
    notifying_country: r.notifyingCountry,
    country_of_origin: r.countryOfOrigin,
    risk_level: r.riskLevel,
    alert_type: r.alertType,
    pictures: r.pictures,
    url: r.url,
    company_recall_code: r.companyRecallCode,
    production_dates: r.productionDates,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
