import { z } from 'zod';
import { FIELD_CATALOGUE, fieldDefinition } from '@/lib/model/catalogue';
import { getDossierFields } from '@/lib/dossier/service';
import { Dashboard, ListSkusQuery, SKU_STATES } from '@/lib/skus/schemas';
import { getSku, getSkuRow } from '@/lib/skus/service';
import { listSkus } from '@/lib/skus/list';
import { readinessSummary } from '@/lib/skus/readiness';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf, slicePage } from '../paging';
import { BlockerView, IdArg, Text, SkuView, blockerLine, blockerView, budgetText, shortQuote, skuView } from '../views';
import {
  AskView,
  OperatorView,
  askLine,
  openRequestsForSkus,
  operatorLine,
  skuOperators,
  whomToAsk,
} from '../whom-to-ask';

export const listSkusTool = defineTool({
  name: 'list_skus',
  title: 'List SKUs',
  description:
    'SKUs of the workspace with their readiness status and blocker counts, newest first unless sorted otherwise. ' +
    'Filters (all optional, combined with AND): q (text), status, has_blockers, category_code, market (confirmed target market), ' +
    'blocker_code (an open blocker of that code), entity_id (linked economic operator, from list_entities). Unknown arguments are an error.',
  input: z.object({
    q: Text(200).optional().describe('Search in SKU code, product name and GTIN.'),
    status: z.array(z.enum(SKU_STATES)).max(5).optional().describe('Only SKUs in these statuses.'),
    has_blockers: z.boolean().optional().describe('Only SKUs with (true) or without (false) open blockers.'),
    category_code: Text(100).optional().describe('e.g. toys, electrical, cosmetics, general.'),
    market: ListSkusQuery.shape.market,
    blocker_code: Text(100)
      .optional()
      .describe(ListSkusQuery.shape.blocker_code.description ?? ''),
    entity_id: IdArg('economic operator (entity)')
      .optional()
      .describe(
        'Only SKUs linked to this operator (manufacturer, importer, responsible person), id from list_entities.',
      ),
    sort: ListSkusQuery.shape.sort,
    ...pageArgs,
  }),
  output: pageOf(SkuView),
  example: {
    arguments: { has_blockers: true, sort: 'blockers_desc', limit: 5 },
    says: 'The five SKUs with the most open blockers.',
  },
  async run({ db, workspaceId }, a) {
    const q = ListSkusQuery.parse({
      q: a.q,
      status: a.status,
      category_code: a.category_code,
      market: a.market,
      blocker_code: a.blocker_code,
      entity_id: a.entity_id,
      sort: a.sort,
      cursor: a.cursor,
      limit: a.limit,
      has_blockers: a.has_blockers === undefined ? undefined : String(a.has_blockers),
    });
    const page = await listSkus(db, { workspaceId, q });
    return { items: page.data.map(skuView), has_more: page.has_more, next_cursor: page.next_cursor };
  },
  text: (o) =>
    o.items.length
      ? `${o.items.length} SKU(s)${o.has_more ? ' (more: pass next_cursor)' : ''}:\n${o.items.map((s) => `- ${s.sku_code} ${s.product_name}: ${s.status}, as ${s.operator_role}, ${s.blocker_count} blocker(s) [${s.id}]`).join('\n')}`
      : 'No SKUs match.',
});

export const getSkuTool = defineTool({
  name: 'get_sku',
  title: 'Read a SKU',
  description:
    'One SKU with its status, its economic operators (role, name, country, contact, EU establishment) and every blocker ' +
    '(open first, then warnings, waived ones flagged), each with its legal basis, the fix, and whom to ask for what: ' +
    'the operator holding the evidence with the supplier request already open, or your own team.',
  input: z.object({ sku_id: IdArg('SKU') }),
  output: z.object({
    sku: SkuView,
    can_publish: z.boolean(),
    operators: z.array(OperatorView),
    blockers: z.array(BlockerView.extend({ ask: AskView.nullable().describe('Null for waived blockers.') })),
  }),
  example: {
    arguments: { sku_id: '8d0f7c1e-0000-4000-8000-000000000001' },
    says: 'Status "blocked"; manufacturer Holzwerk GmbH (DE, EU-established, safety@holzwerk.example); TOY_DOC_MISSING [Directive 2009/48/EC Art. 15] -> ask Holzwerk GmbH for: EU declaration of conformity; request sent 2026-11-02, due 2026-11-16.',
  },
  async run({ db, workspaceId }, a) {
    const [d, row] = await Promise.all([
      getSku(db, { workspaceId, id: a.sku_id }),
      getSkuRow(db, { workspaceId, id: a.sku_id }),
    ]);
    const [operators, requests] = await Promise.all([
      skuOperators(db, { workspaceId, skuId: a.sku_id }),
      openRequestsForSkus(db, { workspaceId, skuIds: [a.sku_id] }),
    ]);
    const ctx = { operators, openRequests: requests.get(a.sku_id) ?? [], profileId: row.requirementProfileId };
    return {
      sku: skuView(d.sku),
      can_publish: d.can_publish,
      operators,
      blockers: d.blockers.map((b) => ({ ...blockerView(b), ask: b.waived ? null : whomToAsk(b, ctx) })),
    };
  },
  text: (o) =>
    budgetText([
      `${o.sku.sku_code} ${o.sku.product_name}: ${o.sku.status}, ${o.sku.blocker_count} open blocker(s).`,
      `Seller's role: ${o.sku.operator_role} (${o.sku.operator_role_source === 'sku' ? 'this SKU’s own' : 'the workspace’s'}); the duties and blockers follow it.`,
      o.operators.length ? 'Operators:' : 'Operators: none linked.',
      ...o.operators.map(operatorLine),
      o.blockers.length ? 'Blockers:' : 'No blockers.',
      ...o.blockers.flatMap((b) => [blockerLine(b), ...(b.ask ? [`  whom: ${askLine(b.ask)}`] : [])]),
    ]),
});

const DossierValueView = z.object({
  id: z.string(),
  value: z.string(),
  status: z.string().describe('confirmed, suggested, rejected'),
  source: z.string().describe('manual, import, document_extraction, ...'),
  provenance: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('Where the value comes from: document_id, page and quote, or import batch, row and column.'),
  confidence: z.number().nullable(),
  created_at: z.string(),
});

/** "document 3f2c…, page 2: \"Made in Germany\"" or "import batch …, row 4" or the source alone. */
function sourceText(v: { source: string; provenance: Record<string, unknown> | null; confidence: number | null }) {
  const p = v.provenance ?? {};
  const parts: string[] = [v.source];
  if (p.document_id)
    parts.push(
      `document ${p.document_name ? `"${shortQuote(p.document_name)}" ` : ''}${String(p.document_id)}${p.page ? `, page ${String(p.page)}` : ''}`,
    );
  if (p.quote) parts.push(`quote "${shortQuote(p.quote)}"`);
  if (p.batch_id) parts.push(`import ${String(p.batch_id)}${p.row !== undefined ? `, row ${String(p.row)}` : ''}`);
  if (p.entity_id) parts.push(`entity ${String(p.entity_id)}`);
  if (v.confidence !== null) parts.push(`confidence ${v.confidence}`);
  return parts.join('; ');
}

const OPERATOR_ATTRIBUTE = {
  name: 'name',
  address: 'postal_address',
  country: 'country',
  email: 'email',
  url: 'contact_url',
} as const;

export const getDossierTool = defineTool({
  name: 'get_dossier',
  title: 'Read the dossier of a SKU',
  description:
    'The dossier values of a SKU, one entry per field: the confirmed value and open suggestions, each with status, source, ' +
    'provenance (document, page, quote; or import row) and confidence, and for operator fields (manufacturer_name...) the value ' +
    'of the operator linked in that role. The text answer carries the same facts. Paged by field.',
  input: z.object({
    sku_id: IdArg('SKU'),
    field_key: Text(100).optional().describe('Only this field, e.g. manufacturer_name.'),
    ...pageArgs,
  }),
  output: pageOf(
    z.object({
      field_key: z.string(),
      section: z.string().nullable(),
      current: DossierValueView.nullable(),
      suggestions: z.array(DossierValueView.extend({ conflicts_with_current: z.boolean() })),
      from_operator: z
        .object({ role: z.string(), entity_id: z.string(), name: z.string(), value: z.string().nullable() })
        .nullable()
        .describe(
          'For an operator field: the operator linked in its role and its current value (what exports and the safety page use when no value is confirmed here).',
        ),
    }),
  ),
  example: {
    arguments: { sku_id: '8d0f7c1e-0000-4000-8000-000000000001', field_key: 'manufacturer_name' },
    says: 'manufacturer_name = "Holzwerk GmbH" (confirmed; document_extraction; document 3f2c..., page 1; quote "Manufacturer: Holzwerk GmbH"; confidence 0.92).',
  },
  async run({ db, workspaceId }, a) {
    const [all, operators] = await Promise.all([
      getDossierFields(db, { workspaceId, skuId: a.sku_id }),
      skuOperators(db, { workspaceId, skuId: a.sku_id }),
    ]);
    // An operator field with nothing stored still has an answer when the operator is linked: its value.
    const present = new Set(all.map((f) => f.field_key));
    const operatorOnly = FIELD_CATALOGUE.filter(
      (d) => d.entity && !present.has(d.key) && operators.some((o) => o.role === d.entity!.role),
    ).map((d) => ({ field_key: d.key, section: d.section as string | null, current: null, suggestions: [] }));
    const fields = [...all, ...operatorOnly].filter((f) => !a.field_key || f.field_key === a.field_key);
    const view = (v: {
      id: string;
      value: string;
      status: string;
      source: string;
      provenance: unknown;
      confidence: number | null;
      created_at: string;
    }) => ({
      id: v.id,
      value: v.value,
      status: v.status,
      source: v.source,
      provenance: (v.provenance as Record<string, unknown> | null) ?? null,
      confidence: v.confidence,
      created_at: v.created_at,
    });
    const fromOperator = (fieldKey: string) => {
      const def = fieldDefinition(fieldKey)?.entity;
      const op = def && operators.find((o) => o.role === def.role);
      if (!def || !op) return null;
      return { role: op.role, entity_id: op.entity_id, name: op.name, value: op[OPERATOR_ATTRIBUTE[def.attribute]] };
    };
    const page = slicePage(fields, a.cursor, a.limit);
    return {
      ...page,
      items: page.items.map((f) => ({
        field_key: f.field_key,
        section: f.section,
        current: f.current ? view(f.current) : null,
        suggestions: f.suggestions.map((s) => ({ ...view(s), conflicts_with_current: s.conflicts_with_current })),
        from_operator: fromOperator(f.field_key),
      })),
    };
  },
  text: (o) =>
    o.items.length
      ? budgetText(
          [
            ...o.items.flatMap((f) => [
              `- ${f.field_key}: ${
                f.current
                  ? `"${shortQuote(f.current.value)}" (confirmed; ${sourceText(f.current)})`
                  : f.from_operator?.value
                    ? `no value confirmed here; linked ${f.from_operator.role} ${f.from_operator.name} gives "${shortQuote(f.from_operator.value)}"`
                    : 'no confirmed value'
              }`,
              ...f.suggestions.map(
                (s) =>
                  `  suggestion "${shortQuote(s.value)}" (${sourceText(s)}${s.conflicts_with_current ? '; conflicts with the confirmed value' : ''}) [${s.id}]`,
              ),
            ]),
            ...(o.has_more ? ['(more fields: pass next_cursor)'] : []),
          ],
          'ask for one field_key or pass a smaller limit',
        )
      : 'No dossier values.',
});

export const readinessSummaryTool = defineTool({
  name: 'readiness_summary',
  title: 'Readiness of the catalogue',
  description:
    'How ready the catalogue is: SKUs by status, open blockers counted by code, SKUs (and blocked SKUs) per category and per target market, and the most frequent blockers.',
  input: z.object({ top: z.number().int().min(1).max(50).default(10).describe('How many top blockers to list.') }),
  output: Dashboard.extend({
    by_blocker_code: z.array(z.object({ code: z.string(), count: z.number().int() })),
    by_category: z.array(z.object({ category_code: z.string(), skus: z.number().int(), blocked: z.number().int() })),
    by_target_market: z.array(z.object({ market: z.string(), skus: z.number().int(), blocked: z.number().int() })),
  }),
  example: {
    arguments: { top: 3 },
    says: '42 SKUs, 17 blocked; FR: 12 SKUs, 9 blocked; top blocker WARNINGS_MISSING_FOR_LANGUAGE (9).',
  },
  run: ({ db, workspaceId }, a) => readinessSummary(db, { workspaceId, opts: { top: a.top } }),
  text: (o) =>
    [
      `${o.totals.skus} SKU(s): ${o.totals.blocked} blocked, ${o.totals.needs_review} need review, ${o.totals.ready_for_approval} ready for approval, ${o.totals.approved} approved, ${o.totals.published} published.`,
      o.by_target_market.length
        ? `By market: ${o.by_target_market.map((m) => `${m.market} ${m.blocked}/${m.skus} blocked`).join(', ')}.`
        : 'No SKU has target markets yet.',
      o.top_blockers.length
        ? `Top blockers: ${o.top_blockers.map((b) => `${b.code} (${b.count})`).join(', ')}.`
        : 'No open blockers.',
    ].join('\n'),
});
