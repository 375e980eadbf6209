import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { isEeaMarket, normalizeCountryCode } from '@/lib/requirements';
import { countListedSkus, listSkus } from '@/lib/skus/list';
import { defineTool } from '../define-tool';
import { BlockerView, IdArg, Text, budgetText } from '../views';
import { AskView, openRequestsForSkus, skuOperators } from '../whom-to-ask';
import { Market, blockedInMarket } from './requirements';

/** At most this many SKUs are evaluated per call, so one answer stays quick on a large catalogue. */
const SCAN_LIMIT = 200;

const Item = z.object({
  sku: z.object({ id: z.string(), sku_code: z.string(), product_name: z.string(), status: z.string() }),
  blockers: z.array(BlockerView.extend({ ask: AskView })),
  warning_count: z.number().int(),
});

const AskGroup = z.object({
  party: z.string(),
  role: z.string().nullable(),
  entity_id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  asks: z.array(
    z.object({
      what: z.string(),
      sku_codes: z.array(z.string()),
      open_request_ids: z.array(z.string()),
    }),
  ),
});

export const marketReadinessTool = defineTool({
  name: 'market_readiness',
  title: 'Which SKUs cannot be sold in a market yet, why, and whom to ask',
  description:
    'Answers "which of my products cannot be sold in <market> yet, why, and whom must I ask for what?" in one call: ' +
    'the SKUs whose confirmed target markets include the market and that are not sellable there, each blocking obligation ' +
    'with its legal basis, and per blocker the operator to ask (name, role, e-mail) with the supplier request already open; ' +
    'then the asks grouped by operator. Counts cover the whole catalogue; the list is paged (next_cursor). Read-only.',
  input: z.object({
    market: Market,
    category_code: Text(100).optional().describe('Only SKUs of this category.'),
    entity_id: IdArg('economic operator (entity)').optional().describe('Only SKUs linked to this operator.'),
    cursor: z.string().max(2000).optional().describe('Opaque cursor: the next_cursor of the previous page.'),
    limit: z.number().int().min(1).max(50).default(10).describe('Blocked SKUs per page, 1 to 50 (default 10).'),
  }),
  output: z.object({
    market: z.string(),
    totals: z.object({
      skus_targeting: z.number().int().describe('SKUs whose confirmed target markets include the market.'),
      with_open_blockers: z
        .number()
        .int()
        .describe(
          'Of those, SKUs with any open blocker (for any of their markets): an upper bound of the blocked ones.',
        ),
      without_target_markets: z
        .number()
        .int()
        .describe('SKUs with no target market recorded: not counted above; set their markets to include them.'),
    }),
    items: z.array(Item),
    whom_to_ask: z.array(AskGroup).describe('The asks of this page grouped by operator (or your own team).'),
    scanned: z.number().int().describe('SKUs evaluated for this page.'),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  }),
  example: {
    arguments: { market: 'FR' },
    says: 'FR: 12 SKUs target FR, 9 with open blockers. TOY-FR Plush bear: WARNINGS_MISSING_FOR_LANGUAGE [GPSR Art. 9(7)] -> ask Holzwerk GmbH (manufacturer, safety@holzwerk.example) for: Safety warnings (French); request sent 2026-11-02, due 2026-11-16.',
  },
  async run({ db, workspaceId }, a) {
    const market = normalizeCountryCode(a.market);
    if (!market || !isEeaMarket(market))
      throw new AppError(
        'VALIDATION_FAILED',
        `"${a.market}" is not an EU/EEA market; use an ISO 3166-1 alpha-2 code such as FR.`,
        { details: { fields: [{ path: 'market', message: 'unknown or non-EEA market' }] } },
      );
    const scope = { market, category_code: a.category_code, entity_id: a.entity_id };
    const [targeting, withBlockers, withoutMarkets] = await Promise.all([
      countListedSkus(db, { workspaceId, q: scope }),
      countListedSkus(db, { workspaceId, q: { ...scope, has_blockers: 'true' } }),
      countListedSkus(db, {
        workspaceId,
        q: {
          category_code: a.category_code,
          entity_id: a.entity_id,
          blocker_code: 'TARGET_MARKETS_MISSING',
        },
      }),
    ]);
    // A SKU without open blockers is sellable in every market it targets (its stored evaluation covers
    // all of them): only SKUs with open blockers are evaluated for this market alone.
    const items: z.infer<typeof Item>[] = [];
    let cursor = a.cursor;
    let scanned = 0;
    let hasMore = false;
    while (items.length < a.limit && scanned < SCAN_LIMIT) {
      const page = await listSkus(db, {
        workspaceId,
        q: {
          ...scope,
          has_blockers: 'true',
          sort: 'code_asc',
          cursor,
          limit: Math.min(a.limit - items.length, SCAN_LIMIT - scanned),
        },
      });
      const requests = await openRequestsForSkus(db, { workspaceId, skuIds: page.data.map((s) => s.id) });
      for (const s of page.data) {
        const r = await blockedInMarket(db, {
          workspaceId,
          skuId: s.id,
          market,
          prefetched: {
            operators: await skuOperators(db, { workspaceId, skuId: s.id }),
            openRequests: requests.get(s.id) ?? [],
          },
        });
        if (!r.sellable) items.push({ sku: r.sku, blockers: r.blockers, warning_count: r.warnings.length });
      }
      scanned += page.data.length;
      cursor = page.next_cursor ?? undefined;
      hasMore = page.has_more;
      if (!page.has_more) break;
    }
    return {
      market,
      totals: { skus_targeting: targeting, with_open_blockers: withBlockers, without_target_markets: withoutMarkets },
      items,
      whom_to_ask: groupAsks(items),
      scanned,
      has_more: hasMore,
      next_cursor: hasMore ? (cursor ?? null) : null,
    };
  },
  text: (o) =>
    budgetText(
      [
        `${o.market}: ${o.totals.skus_targeting} SKU(s) target ${o.market}, ${o.totals.with_open_blockers} with open blockers` +
          (o.totals.without_target_markets
            ? `; ${o.totals.without_target_markets} SKU(s) have no target market yet`
            : '') +
          `. ${o.items.length ? `Cannot be sold in ${o.market} yet (this page):` : `No SKU on this page is blocked in ${o.market}.`}`,
        ...o.items.flatMap((i) => [
          `${i.sku.sku_code} ${i.sku.product_name} [${i.sku.id}]:`,
          ...i.blockers.map(
            (b) => `  - ${b.code}${b.legal_basis ? ` [${b.legal_basis}]` : ''}: ${b.message} -> ${askShort(b.ask)}`,
          ),
        ]),
        ...(o.whom_to_ask.length ? ['Whom to ask for what:'] : []),
        ...o.whom_to_ask.map(
          (g) =>
            `- ${g.party === 'operator' ? `${g.name} (${g.role}${g.email ? `, ${g.email}` : ', no e-mail'})` : g.party === 'workspace' ? 'your team' : 'no operator linked yet'}: ` +
            g.asks
              .map(
                (x) =>
                  `${x.what} for ${x.sku_codes.join(', ')}${x.open_request_ids.length ? ` (request open: ${x.open_request_ids.join(', ')})` : ''}`,
              )
              .join('; '),
        ),
        ...(o.has_more ? [`(more SKUs: pass next_cursor; ${o.scanned} evaluated for this page)`] : []),
      ],
      'pass a smaller limit or filter by category_code or entity_id',
    ),
});

function askShort(a: z.infer<typeof AskView>) {
  const req = a.open_request
    ? ` (request ${a.open_request.status}${a.open_request.due_date ? `, due ${a.open_request.due_date}` : ''})`
    : '';
  if (a.party === 'operator') return `ask ${a.name} (${a.role}) for: ${a.what}${req}`;
  if (a.party === 'no_operator_linked') return `no one to ask yet: ${a.what}`;
  return `your team: ${a.what}`;
}

function groupAsks(items: z.infer<typeof Item>[]): z.infer<typeof AskGroup>[] {
  const groups = new Map<string, z.infer<typeof AskGroup>>();
  for (const i of items)
    for (const b of i.blockers) {
      const a = b.ask;
      const key = a.entity_id ?? a.party;
      const g = groups.get(key) ?? {
        party: a.party,
        role: a.role,
        entity_id: a.entity_id,
        name: a.name,
        email: a.email,
        asks: [],
      };
      let ask = g.asks.find((x) => x.what === a.what);
      if (!ask) g.asks.push((ask = { what: a.what, sku_codes: [], open_request_ids: [] }));
      if (!ask.sku_codes.includes(i.sku.sku_code)) ask.sku_codes.push(i.sku.sku_code);
      if (a.open_request && !ask.open_request_ids.includes(a.open_request.id))
        ask.open_request_ids.push(a.open_request.id);
      groups.set(key, g);
    }
  return [...groups.values()];
}
