import type { RecallFeed } from '@/lib/db/schema';

/** One alert as a feed publishes it, mapped to the workspace's fields (strings trimmed, empty = null). */
export interface ParsedAlert {
  feed: RecallFeed;
  /** the feed's own key: Safety Gate "reference" (A12/01234/26), RappelConso "numero_fiche" (or id) */
  reference: string;
  /** ISO week the feed published it in: 2026-W47 */
  period: string;
  published_on: string | null;
  case_number: string | null;
  category: string | null;
  product: string | null;
  brand: string | null;
  name: string | null;
  model: string | null;
  batch: string | null;
  barcode: string | null;
  risk_type: string | null;
  danger: string | null;
  measures: string | null;
  description: string | null;
  notifying_country: string | null;
  country_of_origin: string | null;
  risk_level: string | null;
  alert_type: string | null;
  pictures: string[];
  url: string | null;
  company_recall_code: string | null;
  production_dates: string | null;
}

/** A feed file that cannot be read: the code goes to the API's error details. */
export class FeedRefused extends Error {
  constructor(
    readonly code:
      | 'too_large'
      | 'doctype_refused'
      | 'too_deep'
      | 'not_well_formed'
      | 'not_a_feed'
      | 'too_many_alerts'
      | 'cell_too_large',
    message: string,
  ) {
    super(message);
    this.name = 'FeedRefused';
  }
}

/** Bounds of a feed file: a weekly report is well under 5 MB and holds a few hundred alerts. */
export const FEED_LIMITS = { maxBytes: 25 * 1024 * 1024, maxDepth: 24, maxAlerts: 20_000, maxFieldChars: 20_000 };

export const clean = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  const s = (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '').trim();
  return s ? s.slice(0, FEED_LIMITS.maxFieldChars) : null;
};

/** The ISO 8601 week of a date (YYYY-MM-DD or a Date): 2026-W47. */
export function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** A date the feeds write (2026-11-20, 20/11/2026, 2026-11-20T08:00:00+01:00) as YYYY-MM-DD, else null. */
export function feedDate(raw: string | null): string | null {
  if (!raw) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})/.exec(raw);
  if (m) return `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return null;
}
