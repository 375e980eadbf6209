import { z } from 'zod';
import { explainRequirements } from '@/lib/requirements/explain';
import { whyBlocked } from '@/lib/skus/why-blocked';
import { defineTool } from '../define-tool';
import type { Db } from '@/lib/db/client';
import { BlockerView, IdArg, Text, blockerLine, blockerView, budgetText } from '../views';
import {
  AskView,
  OperatorView,
  askLine,
  openRequestsForSkus,
  operatorLine,
  skuOperators,
  whomToAsk,
  type OpenRequest,
} from '../whom-to-ask';

export const Market = Text(40).min(2).describe('ISO 3166-1 alpha-2 code of an EU/EEA market, e.g. FR.');

export const explainRequirementsTool = defineTool({
  name: 'explain_requirements',
  title: 'Explain the requirements for a category and markets',
  description:
    'The requirement profile for a product category and target markets, rule by rule: what is required, the legal basis, and what a product with nothing recorded would be asked for (per market language).',
  input: z.object({
    category: Text(100)
      .default('general')
      .describe(
        'Category code (general, toys, electrical, cosmetics, chemicals, textiles, batteries) or a plain name ("Spielzeug").',
      ),
    markets: z.array(Market).min(1).max(31).describe('Target markets.'),
  }),
  output: z.object({
    category_code: z.string(),
    category_defaulted: z
      .boolean()
      .describe('True when the category was not recognised and the general profile applies.'),
    profile_id: z.string(),
    profile_title: z.string(),
    markets: z.array(
      z.object({ market: z.string(), official_languages: z.array(z.string()), note: z.string().nullable() }),
    ),
    required_languages: z.array(z.string()),
    rules: z.array(
      z.object({
        rule_id: z.string(),
        code: z.string(),
        severity: z.enum(['blocker', 'warning']),
        legal_basis: z.string().nullable(),
        doc_url: z.string().describe('The rule on /docs/requirements (relative to the app URL).'),
        requires: z.string(),
        applies_from: z.string().nullable(),
        applies_until: z.string().nullable(),
        checks: z.array(
          z.object({
            code: z.string(),
            message: z.string(),
            fix: z.object({ kind: z.string(), target: z.string() }).nullable(),
          }),
        ),
      }),
    ),
  }),
  example: {
    arguments: { category: 'toys', markets: ['FR', 'BE'] },
    says: 'toys@2026-11: CE marking (Directive 2009/48/EC), EN 71 test report, warnings in fr, and nl or fr for BE ...',
  },
  run: async (_ctx, a) => explainRequirements({ category: a.category, markets: a.markets }),
  text: (o) =>
    `${o.profile_title} (${o.profile_id}) for ${o.markets.map((m) => m.market).join(', ')}; languages: ${o.required_languages.join(', ') || 'none'}.\n` +
    o.rules
      .map((r) => `- ${r.code} (${r.severity})${r.legal_basis ? ` [${r.legal_basis}]` : ''}: ${r.requires}`)
      .join('\n'),
});

const AskedBlocker = BlockerView.extend({ ask: AskView });

/** why_blocked for one SKU with operators and whom to ask: shared by why_blocked and market_readiness. */
export async function blockedInMarket(
  db: Db,
  {
    workspaceId,
    skuId,
    market,
    prefetched,
  }: {
    workspaceId: string;
    skuId: string;
    market: string;
    prefetched?: { operators: OperatorView[]; openRequests: OpenRequest[] };
  },
) {
  const [r, operators, requests] = await Promise.all([
    whyBlocked(db, { workspaceId, skuId, rawMarket: market }),
    prefetched ? prefetched.operators : skuOperators(db, { workspaceId, skuId }),
    prefetched ? null : openRequestsForSkus(db, { workspaceId, skuIds: [skuId] }),
  ]);
  const ctx = {
    operators,
    openRequests: prefetched ? prefetched.openRequests : (requests?.get(skuId) ?? []),
    profileId: r.profile_id,
  };
  const asked = (b: (typeof r.blockers)[number]) => ({ ...blockerView(b), ask: whomToAsk(b, ctx) });
  return {
    ...r,
    operators,
    blockers: r.blockers.map(asked),
    warnings: r.warnings.map(asked),
    waived: r.waived.map(blockerView),
  };
}

export const whyBlockedTool = defineTool({
  name: 'why_blocked',
  title: 'Why a SKU cannot be sold in a market',
  description:
    "Evaluates a SKU for one market (that market's languages and rules): what is missing, why (legal basis), how to fix each item, " +
    'and whom to ask for what (the operator holding the evidence, with contact and the supplier request already open). ' +
    'Lists the SKU operators (role, name, country, contact, EU establishment). Read-only: nothing is stored.',
  input: z.object({ sku_id: IdArg('SKU'), market: Market }),
  output: z.object({
    sku: z.object({ id: z.string(), sku_code: z.string(), product_name: z.string(), status: z.string() }),
    market: z.string(),
    sellable: z.boolean().describe('True when no open blocker remains for this market.'),
    profile_id: z.string(),
    required_languages: z.array(z.string()),
    operators: z.array(OperatorView),
    blockers: z.array(AskedBlocker),
    warnings: z.array(AskedBlocker),
    waived: z.array(BlockerView),
  }),
  example: {
    arguments: { sku_id: '8d0f7c1e-0000-4000-8000-000000000001', market: 'FR' },
    says: 'Not sellable in FR: WARNINGS_MISSING_FOR_LANGUAGE: safety warnings in French are missing -> fix: field safety_warnings_fr; ask Holzwerk GmbH (manufacturer, safety@holzwerk.example) for: Safety warnings (French); no request open.',
  },
  run: ({ db, workspaceId }, a) => blockedInMarket(db, { workspaceId, skuId: a.sku_id, market: a.market }),
  text: (o) =>
    budgetText([
      o.sellable
        ? `${o.sku.sku_code} can be sold in ${o.market}: no open blocker${o.warnings.length ? ` (${o.warnings.length} warning(s))` : ''}.`
        : `${o.sku.sku_code} cannot be sold in ${o.market} yet (${o.blockers.length} blocker(s)):`,
      ...o.blockers.flatMap((b) => [blockerLine(b), `  whom: ${askLine(b.ask)}`]),
      ...(o.warnings.length ? ['Warnings (do not block the sale):'] : []),
      ...o.warnings.flatMap((b) => [blockerLine(b), `  whom: ${askLine(b.ask)}`]),
      o.operators.length ? 'Operators:' : 'Operators: none linked.',
      ...o.operators.map(operatorLine),
    ]),
});
