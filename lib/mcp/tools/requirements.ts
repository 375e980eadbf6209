import { z } from 'zod';
import { explainRequirements } from '@/lib/requirements/explain';
import { whyBlocked } from '@/lib/skus/why-blocked';
import { defineTool } from '../define-tool';
import { BlockerView, IdArg, Text, blockerLine, blockerView } from '../views';

const Market = Text(40).min(2).describe('ISO 3166-1 alpha-2 code of an EU/EEA market, e.g. FR.');

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

export const whyBlockedTool = defineTool({
  name: 'why_blocked',
  title: 'Why a SKU cannot be sold in a market',
  description:
    "Evaluates a SKU for one market (that market's languages and rules): what is missing, why (legal basis) and how to fix each item. Read-only: nothing is stored.",
  input: z.object({ sku_id: IdArg('SKU'), market: Market }),
  output: z.object({
    sku: z.object({ id: z.string(), sku_code: z.string(), product_name: z.string(), status: z.string() }),
    market: z.string(),
    sellable: z.boolean().describe('True when no open blocker remains for this market.'),
    profile_id: z.string(),
    required_languages: z.array(z.string()),
    blockers: z.array(BlockerView),
    warnings: z.array(BlockerView),
    waived: z.array(BlockerView),
  }),
  example: {
    arguments: { sku_id: '8d0f7c1e-0000-4000-8000-000000000001', market: 'FR' },
    says: 'Not sellable in FR: WARNINGS_MISSING_FOR_LANGUAGE: safety warnings in French are missing -> fix: field safety_warnings_fr.',
  },
  async run({ db, workspaceId }, a) {
    const r = await whyBlocked(db, workspaceId, a.sku_id, a.market);
    return {
      ...r,
      blockers: r.blockers.map(blockerView),
      warnings: r.warnings.map(blockerView),
      waived: r.waived.map(blockerView),
    };
  },
  text: (o) =>
    o.sellable
      ? `${o.sku.sku_code} can be sold in ${o.market}: no open blocker${o.warnings.length ? ` (${o.warnings.length} warning(s))` : ''}.`
      : `${o.sku.sku_code} cannot be sold in ${o.market} yet (${o.blockers.length} blocker(s)):\n${o.blockers.map(blockerLine).join('\n')}`,
});
