import type { Metadata } from 'next';
import { Card } from '@/components/ui/card';
import { AMAZON_PTD_READ_ON, AMAZON_PTD_SOURCES } from '@/lib/exports/templates/amazon-ptd';
import { EBAY_BULK_OFFER_LIMIT, EBAY_MARKETPLACE_SOURCE } from '@/lib/exports/templates/ebay-rules';
import { EBAY_SAFETY_LABELS_READ_ON, EBAY_SAFETY_LABELS_SOURCE } from '@/lib/exports/templates/ebay-safety-labels';
import {
  KAUFLAND_RULES,
  OTTO_RULES,
  ZALANDO_MARKETS,
  ZALANDO_RULES,
  type CsvDialect,
} from '@/lib/exports/templates/marketplace-rules';

export const metadata: Metadata = {
  title: 'Marketplace exports',
  description:
    "Channel rules as data: what each marketplace export checks before the file is written, the channels' own pages each rule was read from and when, the category mapping tables, and the warnings a run records.",
};

const code = 'rounded bg-surface-muted px-1 py-0.5 font-mono text-xs';

const separatorName = (d: CsvDialect) => (d.separator === ',' ? 'comma' : d.separator === ';' ? 'semicolon' : 'tab');
const dialectText = (d: CsvDialect) =>
  `${separatorName(d)}-separated, ${d.encoding}${d.bom ? ' with BOM' : ''}, ${d.lineEnd === '\r\n' ? 'CRLF' : 'LF'} line ends, double quotes around cells that hold the separator, a quote or a line break`;

const CHANNELS: Array<{
  name: string;
  version: string;
  read_on: string;
  sources: readonly string[];
  checks: string[];
  file: string;
}> = [
  {
    name: 'Amazon EU (amazon_eu 2026.11, amazon_eu_listings_api 2026.11)',
    version: '2026.11',
    read_on: AMAZON_PTD_READ_ON,
    sources: Object.values(AMAZON_PTD_SOURCES),
    checks: [
      'Product type per SKU from the amazon_product_type table (shipped defaults, editable per workspace); an unmapped category: CHANNEL_UNMAPPED, the SKU is left out.',
      "Each listing's GPSR attributes validated against the JSON Schema of its product type: CHANNEL_SCHEMA per attribute, with the field to fix.",
    ],
    file: 'JSON_LISTINGS_FEED, or patchListingsItem requests with mode=VALIDATION_PREVIEW.',
  },
  {
    name: 'eBay (ebay 2026.12)',
    version: '2026.12',
    read_on: EBAY_SAFETY_LABELS_READ_ON,
    sources: [EBAY_BULK_OFFER_LIMIT.source, EBAY_MARKETPLACE_SOURCE, ...Object.values(EBAY_SAFETY_LABELS_SOURCE)],
    checks: [
      `At most ${EBAY_BULK_OFFER_LIMIT.max} offers per bulkCreateOffer call; one marketplace per offer, chosen by the SKU's target markets (override per export).`,
      "Safety statements and pictograms as eBay's ids from the reviewable rule table; warnings no rule maps: CHANNEL_UNMAPPED.",
    ],
    file: 'bulkCreateOffer request bodies.',
  },
  {
    name: `Kaufland (kaufland ${KAUFLAND_RULES.version})`,
    version: KAUFLAND_RULES.version,
    read_on: KAUFLAND_RULES.read_on,
    sources: KAUFLAND_RULES.sources,
    checks: [
      `Mandatory attributes of every category: ${KAUFLAND_RULES.required_attributes.join(', ')} (REQUIRED_MISSING).`,
      "category from the kaufland_category table (Kaufland's tree, never the internal code); an unmapped category: CHANNEL_UNMAPPED, the SKU is left out.",
      'A present EAN with a wrong GS1 check digit: CHANNEL_INVALID (Kaufland matches products by EAN).',
      'Manufacturer name, postal and electronic address; the EU responsible person for a manufacturer outside the EU; safety warnings in the languages of the target markets.',
    ],
    file: `CSV: ${dialectText(KAUFLAND_RULES.dialect)}.`,
  },
  {
    name: `Otto (otto ${OTTO_RULES.version})`,
    version: OTTO_RULES.version,
    read_on: OTTO_RULES.read_on,
    sources: OTTO_RULES.sources,
    checks: [
      'category from the otto_category table (the exact name Otto lists); an unmapped category: CHANNEL_UNMAPPED, the SKU is left out.',
      'EAN present and valid (CHANNEL_INVALID), brand present, Germany among the target markets (otto.de sells in Germany) and the German safety information.',
      'Manufacturer and EU operator inline per article (Otto keeps no central manufacturer record).',
    ],
    file: `CSV: ${dialectText(OTTO_RULES.dialect)}; columns ${OTTO_RULES.required_attributes.join(', ')}, …`,
  },
  {
    name: `Zalando (zalando ${ZALANDO_RULES.version})`,
    version: ZALANDO_RULES.version,
    read_on: ZALANDO_RULES.read_on,
    sources: ZALANDO_RULES.sources,
    checks: [
      'EAN present and valid, model/type code, brand.',
      `A Zalando sales market among the target markets (${ZALANDO_MARKETS.join(', ')}); a safety PDF (manual or safety information) in each official language of those markets (LANGUAGE_MISSING names the markets).`,
      "One set of operators per brand: zDirect shows the brand's manufacturer, importer and responsible person on every article, so a SKU naming others than its brand's first SKU is CHANNEL_CONFLICT.",
    ],
    file: 'ZIP: articles.xlsx (sheets articles and brand_operators) and safety-pdfs/<language>/.',
  },
];

export default function ExportsDocsPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">Documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Marketplace exports</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Each marketplace template is a version of its channel&apos;s rules, written from the channel&apos;s own pages
          and dated. Before a file is written every SKU is checked against them; a SKU that breaks a rule is a warning
          naming the SKU, the field and the fix, and the run ends <code className={code}>completed_with_warnings</code>.
          Where a channel would refuse the product (an unmapped category), the SKU is left out of the file.
        </p>
      </header>

      <section className="mt-8 grid gap-3 text-sm">
        <h2 className="text-lg font-semibold">Scope</h2>
        <p>
          The export dialog starts with approved, not withdrawn products only. Through the API,{' '}
          <code className={code}>POST /api/exports</code> takes <code className={code}>approved_only</code>; without it
          the scope <code className={code}>all</code> keeps its meaning (every SKU). A dry run (
          <code className={code}>?dry_run=true</code>) says how many SKUs are left out and why, and groups the warnings
          by fix.
        </p>
      </section>

      <section className="mt-8 grid gap-3 text-sm">
        <h2 className="text-lg font-semibold">Category mapping tables</h2>
        <p>
          <code className={code}>GET /api/exports/channel-mappings</code> returns, per category code, the Amazon product
          type (<code className={code}>amazon_product_type</code>), Kaufland&apos;s category (
          <code className={code}>kaufland_category</code>) and Otto&apos;s category (
          <code className={code}>otto_category</code>), each with its origin (shipped default or the workspace&apos;s
          value). <code className={code}>PUT</code> sets values, <code className={code}>null</code> maps a category to
          nothing, <code className={code}>reset: true</code> goes back to the default. Kaufland and Otto ship no
          defaults: their category trees are theirs, and a category is never guessed. The export dialog shows the table
          of the template chosen.
        </p>
      </section>

      <section className="mt-8 grid gap-4 text-sm">
        <h2 className="text-lg font-semibold">Channels</h2>
        {CHANNELS.map((c) => (
          <Card key={c.name} className="grid gap-2 p-4">
            <h3 className="font-semibold">{c.name}</h3>
            <p className="text-xs text-muted-foreground">
              Rules read {c.read_on} from:{' '}
              {c.sources.map((s, i) => (
                <span key={s}>
                  {i ? ', ' : ''}
                  <a className="break-all text-primary underline underline-offset-2" href={s} rel="noreferrer">
                    {s}
                  </a>
                </span>
              ))}
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {c.checks.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
            <p>
              <strong>File:</strong> {c.file}
            </p>
          </Card>
        ))}
      </section>

      <section className="mt-8 grid gap-3 text-sm">
        <h2 className="text-lg font-semibold">Warning codes</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code className={code}>REQUIRED_MISSING</code>, <code className={code}>LANGUAGE_MISSING</code>: a field or a
            language the channel needs (languages only for the target markets that need them).
          </li>
          <li>
            <code className={code}>CHANNEL_UNMAPPED</code>: no value in a mapping table; the SKU is not in the file.
          </li>
          <li>
            <code className={code}>CHANNEL_SCHEMA</code>, <code className={code}>CHANNEL_INVALID</code>: a value the
            channel would refuse.
          </li>
          <li>
            <code className={code}>CHANNEL_CONFLICT</code>: SKUs that the channel would show with one shared value
            disagree (Zalando&apos;s operators per brand).
          </li>
          <li>
            <code className={code}>NOT_APPROVED</code>: a SKU exported on purpose without approval.
          </li>
        </ul>
      </section>
    </main>
  );
}
