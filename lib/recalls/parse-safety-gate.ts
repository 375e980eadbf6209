import { XMLParser } from 'fast-xml-parser';
import { decodeText } from '@/lib/text/decode';
import { clean, feedDate, FEED_LIMITS, FeedRefused, isoWeek, type ParsedAlert } from './feed-types';

/**
 * The EU Safety Gate weekly report (XML). Each alert is an element holding caseNumber, reference,
 * category, product, brand, name, type_numberOfModel, batchNumber, barcode, riskType, danger, measures,
 * URLrecall, description, notifyingCountry, countryOfOrigin, type, level, pictures/picture,
 * onlineTrader, companyRecallCode and productionDates; the report names report_date, report_year and
 * report_week. Any element holding a caseNumber or reference with a product field is read as an alert,
 * so a wrapper element renamed by the Commission does not lose the week.
 *
 * Hostile files are refused before or while parsing, bounded: a size limit; no DTD at all (a weekly
 * report has none, and a DOCTYPE is how XXE and entity expansion ("billion laughs") arrive; entities are
 * not processed either); a nesting limit enforced by the parser; an alert count limit.
 */
export function parseSafetyGateWeekly(bytes: Uint8Array): { alerts: ParsedAlert[]; periods: string[] } {
  if (bytes.byteLength > FEED_LIMITS.maxBytes)
    throw new FeedRefused('too_large', `The file is larger than ${FEED_LIMITS.maxBytes / 1024 / 1024} MB.`);
  const xml = decodeText(bytes).text;
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new FeedRefused(
      'doctype_refused',
      'The XML declares a DOCTYPE or entities; a Safety Gate report has none, and they are refused (external entities, entity expansion).',
    );
  if (!/<[A-Za-z_]/.test(xml)) throw new FeedRefused('not_a_feed', 'The file is not XML.');
  let doc: unknown;
  try {
    doc = new XMLParser({
      ignoreAttributes: true,
      processEntities: false,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      parseTagValue: false,
      trimValues: true,
      maxNestedTags: FEED_LIMITS.maxDepth,
      isArray: (name) => name === 'picture',
    }).parse(xml, true);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    if (/nest/i.test(msg))
      throw new FeedRefused('too_deep', `The XML nests deeper than ${FEED_LIMITS.maxDepth} elements.`);
    throw new FeedRefused('not_well_formed', `The XML is not well-formed: ${msg.slice(0, 200)}`);
  }
  const header = findHeader(doc);
  const reportPeriod = header.year && header.week ? `${header.year}-W${String(header.week).padStart(2, '0')}` : null;
  const reportDate = feedDate(header.date);
  const alerts: ParsedAlert[] = [];
  collectAlerts(doc, (n) => {
    if (alerts.length >= FEED_LIMITS.maxAlerts)
      throw new FeedRefused('too_many_alerts', `The report holds more than ${FEED_LIMITS.maxAlerts} alerts.`);
    const a = toAlert(n, reportPeriod, reportDate);
    if (a) alerts.push(a);
  });
  if (!alerts.length)
    throw new FeedRefused(
      'not_a_feed',
      'No alert found: a Safety Gate weekly report holds elements with caseNumber or reference, and a product.',
    );
  return { alerts, periods: [...new Set(alerts.map((a) => a.period))].sort() };
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function findHeader(doc: unknown) {
  const out = { date: null as string | null, year: 0, week: 0 };
  const visit = (v: unknown, depth: number) => {
    if (depth > 3 || !isNode(v)) return;
    if (v.report_date !== undefined) out.date = clean(v.report_date);
    if (v.report_year !== undefined) out.year = Number(clean(v.report_year)) || 0;
    if (v.report_week !== undefined) out.week = Number(clean(v.report_week)) || 0;
    for (const child of Object.values(v)) visit(child, depth + 1);
  };
  visit(doc, 0);
  return out;
}

function collectAlerts(v: unknown, push: (n: Node) => void) {
  if (Array.isArray(v)) {
    for (const x of v) collectAlerts(x, push);
    return;
  }
  if (!isNode(v)) return;
  if ((v.caseNumber !== undefined || v.reference !== undefined) && (v.product !== undefined || v.name !== undefined)) {
    push(v);
    return;
  }
  for (const child of Object.values(v)) collectAlerts(child, push);
}

function text(n: Node, key: string): string | null {
  const v = n[key];
  if (Array.isArray(v)) return clean(v.filter((x) => typeof x === 'string').join('; '));
  return clean(v);
}

function pictures(n: Node): string[] {
  const p = n.pictures;
  const list: unknown[] = isNode(p) ? ([] as unknown[]).concat(p.picture ?? []) : typeof p === 'string' ? [p] : [];
  return list
    .map((x) => clean(x))
    .filter((x): x is string => !!x && /^https?:\/\//i.test(x))
    .slice(0, 20);
}

function toAlert(n: Node, reportPeriod: string | null, reportDate: string | null): ParsedAlert | null {
  const reference = text(n, 'reference') ?? text(n, 'caseNumber');
  if (!reference) return null;
  const published = reportDate;
  const period = reportPeriod ?? (published ? isoWeek(new Date(`${published}T00:00:00Z`)) : 'unknown');
  return {
    feed: 'safety_gate',
    reference,
    period,
    published_on: published,
    case_number: text(n, 'caseNumber'),
    category: text(n, 'category'),
    product: text(n, 'product'),
    brand: text(n, 'brand'),
    name: text(n, 'name'),
    model: text(n, 'type_numberOfModel'),
    batch: text(n, 'batchNumber'),
    barcode: text(n, 'barcode'),
    risk_type: text(n, 'riskType'),
    danger: text(n, 'danger'),
    measures: text(n, 'measures'),
    description: text(n, 'description'),
    notifying_country: text(n, 'notifyingCountry'),
    country_of_origin: text(n, 'countryOfOrigin'),
    risk_level: text(n, 'level'),
    alert_type: text(n, 'type'),
    pictures: pictures(n),
    url: text(n, 'URLrecall'),
    company_recall_code: text(n, 'companyRecallCode'),
    production_dates: text(n, 'productionDates'),
  };
}
