import { z } from 'zod';
import { getCase, listCases } from '@/lib/recalls/cases';
import { getAlert, getMatch, listAlerts, listMatches } from '@/lib/recalls/matches';
import {
  MATCH_STATUSES,
  MatchReason,
  RecallAlert,
  RecallCase,
  RecallFeedEnum,
  RecallMatch,
} from '@/lib/recalls/schemas';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf, slicePage } from '../paging';
import { IdArg } from '../views';

/**
 * Market watch, read-only: the alerts read from the feeds, their matches against the catalogue (the
 * inbox) and the recall cases. Each tool needs the key scope recalls:read besides mcp:read, as the
 * GET /api/recalls/… operations do. The lists are bounded by the domain (the inbox and the alerts
 * at most LIST_CAP rows, the cases at most 200) and paged over that.
 */
const SCOPE = 'recalls:read' as const;
const LIST_CAP = 1000;

const AlertSummary = z.object({
  id: z.string(),
  feed: RecallFeedEnum,
  reference: z.string(),
  period: z.string().describe('ISO week the feed published it in, e.g. 2026-W47.'),
  brand: z.string().nullable(),
  name: z.string().nullable(),
  model: z.string().nullable(),
  gtins: z.array(z.string()),
  risk_type: z.string().nullable(),
  risk_level: z.string().nullable(),
  measures: z.string().nullable(),
  url: z.string().nullable(),
});
const alertSummary = (a: RecallAlert): z.infer<typeof AlertSummary> => ({
  id: a.id,
  feed: a.feed,
  reference: a.reference,
  period: a.period,
  brand: a.brand,
  name: a.name ?? a.product,
  model: a.model,
  gtins: a.gtins,
  risk_type: a.risk_type,
  risk_level: a.risk_level,
  measures: a.measures,
  url: a.url,
});
const alertLine = (a: z.infer<typeof AlertSummary>) =>
  `- ${a.feed} ${a.reference} (${a.period}): ${[a.brand, a.name, a.model].filter(Boolean).join(' / ') || 'no product named'}${a.risk_type ? `; risk: ${a.risk_type}` : ''}${a.gtins.length ? `; GTIN ${a.gtins.join(', ')}` : ''} [${a.id}]`;

const MatchSummary = z.object({
  id: z.string(),
  status: z.enum(MATCH_STATUSES),
  strength: z.enum(['strong', 'weak']),
  score: z.number(),
  sku: z.object({ id: z.string(), sku_code: z.string(), product_name: z.string() }),
  alert: z.object({ id: z.string(), feed: RecallFeedEnum, reference: z.string(), period: z.string() }),
  signals: z.array(MatchReason.shape.signal).describe('The signals that agree (gtin, brand_model, batch, …).'),
  decision_reason: z.string().nullable(),
  case_id: z.string().nullable(),
});
const matchSummary = (m: RecallMatch): z.infer<typeof MatchSummary> => ({
  id: m.id,
  status: m.status,
  strength: m.strength,
  score: m.score,
  sku: { id: m.sku.id, sku_code: m.sku.sku_code, product_name: m.sku.product_name },
  alert: { id: m.alert.id, feed: m.alert.feed, reference: m.alert.reference, period: m.alert.period },
  signals: m.reasons.map((r) => r.signal),
  decision_reason: m.decision_reason,
  case_id: m.case_id,
});
const matchLine = (m: z.infer<typeof MatchSummary>) =>
  `- [${m.status}, ${m.strength} ${m.score}] ${m.sku.sku_code} ~ ${m.alert.feed} ${m.alert.reference}: ${m.signals.join(', ')}${m.decision_reason ? `; decided: ${m.decision_reason}` : ''}${m.case_id ? `; case ${m.case_id}` : ''} [${m.id}]`;

const CaseSummary = z.object({
  id: z.string(),
  action: z.enum(['withdrawal', 'recall']),
  status: z.enum(['open', 'closed']),
  origin: z.enum(['match', 'manager']),
  reason: z.string(),
  alert_reference: z.string().nullable(),
  skus: z.array(z.object({ id: z.string(), sku_code: z.string(), market_status: z.string() })),
  notice_published_at: z.string().nullable(),
  outcome: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
const caseSummary = (c: RecallCase): z.infer<typeof CaseSummary> => ({
  id: c.id,
  action: c.action,
  status: c.status,
  origin: c.origin,
  reason: c.reason,
  alert_reference: c.alert?.reference ?? null,
  skus: c.skus.map((s) => ({ id: s.id, sku_code: s.sku_code, market_status: s.market_status })),
  notice_published_at: c.notice.published_at,
  outcome: c.outcome,
  created_at: c.created_at,
  closed_at: c.closed_at,
});
const caseLine = (c: z.infer<typeof CaseSummary>) =>
  `- ${c.action} (${c.status}${c.alert_reference ? `, alert ${c.alert_reference}` : ''}): ${c.skus.map((s) => `${s.sku_code} ${s.market_status}`).join(', ')}; notice ${c.notice_published_at ? `published ${c.notice_published_at.slice(0, 10)}` : 'not published'}${c.outcome ? `; outcome: ${c.outcome}` : ''} [${c.id}]`;

const more = (has: boolean) => (has ? ' (more: pass next_cursor)' : '');

export const listRecallAlertsTool = defineTool({
  name: 'list_recall_alerts',
  title: 'List recall alerts',
  description:
    'Alerts read from the Safety Gate weekly reports and the RappelConso export, newest week first: product, brand, model, GTINs, risk and measures.',
  scope: SCOPE,
  input: z.object({
    feed: RecallFeedEnum.optional().describe('safety_gate or rappelconso.'),
    period: z
      .string()
      .regex(/^\d{4}-W\d{2}$/)
      .optional()
      .describe('Only the alerts of this ISO week, e.g. 2026-W47.'),
    ...pageArgs,
  }),
  output: pageOf(AlertSummary),
  example: { arguments: { feed: 'safety_gate' }, says: 'The Safety Gate alerts read, newest week first.' },
  async run({ db, workspaceId }, a) {
    const all = await listAlerts(db, { workspaceId, q: { feed: a.feed, period: a.period, limit: LIST_CAP } });
    const page = slicePage(all.map(alertSummary), a.cursor, a.limit);
    return page;
  },
  text: (o) =>
    o.items.length
      ? `${o.items.length} alert(s)${more(o.has_more)}:\n${o.items.map(alertLine).join('\n')}`
      : 'No recall alerts read yet.',
});

export const getRecallAlertTool = defineTool({
  name: 'get_recall_alert',
  title: 'Read a recall alert',
  description:
    "One alert with its evidence (pictures, risk, danger, measures, notifying country) and the workspace's matches to it.",
  scope: SCOPE,
  input: z.object({ alert_id: IdArg('alert') }),
  output: z.object({ alert: RecallAlert, matches: z.array(MatchSummary) }),
  example: { arguments: { alert_id: '…' }, says: 'The alert, its evidence and which SKUs it matched.' },
  async run({ db, workspaceId }, a) {
    const alert = await getAlert(db, { workspaceId, id: a.alert_id });
    const matches = (await listMatches(db, { workspaceId, q: { alert_id: alert.id, limit: LIST_CAP } })).map(
      matchSummary,
    );
    return { alert, matches };
  },
  text: (o) =>
    [
      `${o.alert.feed} ${o.alert.reference} (${o.alert.period}): ${[o.alert.brand, o.alert.name ?? o.alert.product, o.alert.model].filter(Boolean).join(' / ')}`,
      o.alert.risk_type || o.alert.danger
        ? `Risk: ${[o.alert.risk_type, o.alert.danger].filter(Boolean).join(': ')}`
        : null,
      o.alert.measures ? `Measures: ${o.alert.measures}` : null,
      o.alert.gtins.length ? `GTIN: ${o.alert.gtins.join(', ')}` : null,
      o.alert.url ? `Source: ${o.alert.url}` : null,
      o.matches.length ? `Matches:\n${o.matches.map(matchLine).join('\n')}` : 'No SKU of the workspace matches it.',
    ]
      .filter(Boolean)
      .join('\n'),
});

export const listRecallMatchesTool = defineTool({
  name: 'list_recall_matches',
  title: 'List recall matches (the alerts inbox)',
  description:
    'Alerts matched against the catalogue: strong matches (a GTIN, or brand + model/type, agree) first, then weak ones, each by score, with the signals that agree and the decision taken.',
  scope: SCOPE,
  input: z.object({
    status: z.enum(MATCH_STATUSES).optional().describe('open (undecided), confirmed or dismissed.'),
    strength: z.enum(['strong', 'weak']).optional(),
    sku_id: IdArg('SKU').optional().describe('Only the matches of this SKU.'),
    ...pageArgs,
  }),
  output: pageOf(MatchSummary),
  example: { arguments: { status: 'open', strength: 'strong' }, says: 'The strong matches still to decide.' },
  async run({ db, workspaceId }, a) {
    const all = await listMatches(db, {
      workspaceId,
      q: {
        status: a.status,
        strength: a.strength,
        sku_id: a.sku_id,
        limit: LIST_CAP,
      },
    });
    return slicePage(all.map(matchSummary), a.cursor, a.limit);
  },
  text: (o) =>
    o.items.length
      ? `${o.items.length} match(es)${more(o.has_more)}:\n${o.items.map(matchLine).join('\n')}`
      : 'No matches.',
});

export const getRecallMatchTool = defineTool({
  name: 'get_recall_match',
  title: 'Read a recall match',
  description:
    "One match: its score and strength, each reason side by side (the alert's field beside the SKU's), the alert's evidence and the decision with its reason.",
  scope: SCOPE,
  input: z.object({ match_id: IdArg('match') }),
  output: RecallMatch,
  example: { arguments: { match_id: '…' }, says: 'Why the alert matched the SKU, signal by signal.' },
  async run({ db, workspaceId }, a) {
    return getMatch(db, { workspaceId, id: a.match_id });
  },
  text: (m) =>
    [
      `${m.sku.sku_code} (${m.sku.product_name}) ~ ${m.alert.feed} ${m.alert.reference}: ${m.strength}, score ${m.score}, ${m.status}`,
      ...m.reasons.map(
        (r) => `- ${r.signal}: alert ${r.alert_field} "${r.alert_value}" vs SKU ${r.sku_field} "${r.sku_value}"`,
      ),
      m.alert.risk_type || m.alert.danger
        ? `Risk: ${[m.alert.risk_type, m.alert.danger].filter(Boolean).join(': ')}`
        : null,
      m.alert.measures ? `Measures: ${m.alert.measures}` : null,
      m.decision_reason ? `Decision by ${m.decided_by ?? 'unknown'}: ${m.decision_reason}` : null,
      m.case_id ? `Recall case: ${m.case_id}` : null,
    ]
      .filter(Boolean)
      .join('\n'),
});

export const listRecallCasesTool = defineTool({
  name: 'list_recall_cases',
  title: 'List recall cases',
  description:
    'Withdrawals and recalls carried out, newest first: the SKUs and their market status, whether the notice is published, and the outcome of closed cases.',
  scope: SCOPE,
  input: z.object({
    status: z.enum(['open', 'closed']).optional(),
    sku_id: IdArg('SKU').optional().describe('Only the cases of this SKU.'),
    ...pageArgs,
  }),
  output: pageOf(CaseSummary),
  example: { arguments: { status: 'open' }, says: 'The recalls still open, with their SKUs and notice status.' },
  async run({ db, workspaceId }, a) {
    const all = await listCases(db, { workspaceId, q: { status: a.status, sku_id: a.sku_id } });
    return slicePage(all.map(caseSummary), a.cursor, a.limit);
  },
  text: (o) =>
    o.items.length
      ? `${o.items.length} recall case(s)${more(o.has_more)}:\n${o.items.map(caseLine).join('\n')}`
      : 'No recall cases.',
});

export const getRecallCaseTool = defineTool({
  name: 'get_recall_case',
  title: 'Read a recall case',
  description:
    'One recall case: action, reason, hazard, the alert, the SKUs with their batches and market status, the notice in each language (with the wording GPSR Art. 36(3) forbids flagged), the supplier request and the outcome.',
  scope: SCOPE,
  input: z.object({ case_id: IdArg('recall case') }),
  output: RecallCase,
  example: { arguments: { case_id: '…' }, says: 'The case, its SKUs and the notice per language.' },
  async run({ db, workspaceId }, a) {
    return getCase(db, { workspaceId, id: a.case_id });
  },
  text: (c) =>
    [
      `${c.action} (${c.status}, opened by ${c.opened_by ?? 'unknown'} on ${c.created_at.slice(0, 10)}): ${c.reason}`,
      c.hazard ? `Hazard: ${c.hazard}` : null,
      c.alert ? `Alert: ${c.alert.feed} ${c.alert.reference}` : null,
      ...c.skus.map(
        (s) => `- ${s.sku_code} ${s.market_status}${s.batches.length ? `, batches ${s.batches.join(', ')}` : ''}`,
      ),
      `Notice ${c.notice.published_at ? `published ${c.notice.published_at.slice(0, 10)}` : 'not published'}: ${Object.entries(
        c.notice.languages,
      )
        .map(([l, n]) => `${l} "${n.title}"${n.missing_template && !n.edited ? ' (to translate)' : ''}`)
        .join(', ')}`,
      c.supplier_request_id ? `Supplier asked: request ${c.supplier_request_id}` : null,
      c.outcome ? `Outcome (${c.closed_at?.slice(0, 10)}): ${c.outcome}` : null,
    ]
      .filter(Boolean)
      .join('\n'),
});
