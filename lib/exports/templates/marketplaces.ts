/**
 * Kaufland, Otto and Zalando 2026.12: the channels' rules as data (marketplace-rules.ts), validated
 * before the file is written. Kaufland and Otto list a product under their own category trees: the
 * SKU's category goes through the workspace's mapping table, and a SKU whose category is not mapped is
 * a warning naming the fix and stays out of the file (a product in a wrong or invented category is
 * refused or hidden). Every channel matches products by EAN, so an EAN with a wrong check digit is a
 * warning too. Zalando shows one set of operators per brand (zDirect), so SKUs of one brand that name
 * different operators are warnings, and the file carries the brand-level operators beside the articles.
 */
import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { checkGtin } from '@/lib/gtin';
import { MARKET_LANGUAGE_RULES, officialLanguagesOf } from '@/lib/model/countries';
import { addressLine, operatorOf, type ExportEntity, type ExportItem } from '../catalogue-data';
import { DEFAULT_MAPPINGS, type CategoryMappingKind, type ChannelMappings } from '../channel-mappings';
import { safeEntryName } from '../dossier-zip';
import { safeCell } from '../output';
import { xlsxStreamWriter } from '../xlsx-stream';
import { targetMarkets } from './checks';
import { KAUFLAND_RULES, OTTO_RULES, ZALANDO_MARKETS, ZALANDO_RULES } from './marketplace-rules';
import { CORE_CHECKS, euOperator, manufacturer, warningText } from './shared';
import {
  ARTICLE_MAPPING,
  GTIN_CHECK,
  KAUFLAND_COLUMNS,
  OTTO_COLUMNS,
  SAFETY_PDF_TYPES,
  gtin,
  writeCsv,
  type Column,
} from './tables';
import type { ChannelCheck, ExportTemplateDefinition } from './types';

const CHANNEL_NAME: Record<CategoryMappingKind, string> = { kaufland_category: 'Kaufland', otto_category: 'Otto' };

/** The SKU's category on the channel (null: not mapped; the SKU stays out). */
export const channelCategory = (item: ExportItem, kind: CategoryMappingKind, mappings: ChannelMappings) =>
  mappings[kind][item.sku.category_code] ?? null;

function categoryCheck(kind: CategoryMappingKind, mappings: ChannelMappings): ChannelCheck {
  const name = CHANNEL_NAME[kind];
  return {
    kind: 'custom',
    field: 'category_code',
    label: `${name} category`,
    run: (item) =>
      channelCategory(item, kind, mappings)
        ? []
        : [
            {
              code: 'CHANNEL_UNMAPPED',
              message: `No ${name} category is mapped for the category "${item.sku.category_code}"; the SKU is not in the file (${name} lists products under its own category tree).`,
              fix: `Enter the ${name} category for "${item.sku.category_code}" in the export dialog's ${name} categories, or give the SKU another category.`,
            },
          ],
  };
}

/** An EAN the channel matches on: present is GTIN_CHECK's; here, a present one must be a valid GTIN. */
const GTIN_VALID: ChannelCheck = {
  kind: 'custom',
  field: 'gtin',
  label: 'GTIN / EAN',
  run: (item) => {
    const v = gtin(item);
    if (!v) return [];
    const c = checkGtin(String(v));
    return c.ok
      ? []
      : [
          {
            code: 'CHANNEL_INVALID',
            message: `GTIN / EAN "${v}" is not a valid GTIN: ${c.message} The channel matches products by EAN and refuses it.`,
            fix: 'Correct "GTIN / EAN" (8, 12, 13 or 14 digits with the GS1 check digit).',
          },
        ];
  },
};

// ---- Kaufland ----------------------------------------------------------------------------------

function kauflandColumns(mappings: ChannelMappings): Column[] {
  return KAUFLAND_COLUMNS.map((c): Column =>
    c[0] === 'category' ? ['category', (i) => channelCategory(i, 'kaufland_category', mappings)] : c,
  );
}

const KAUFLAND_BASE_CHECKS: ChannelCheck[] = [
  ...CORE_CHECKS,
  GTIN_CHECK,
  GTIN_VALID,
  {
    kind: 'required',
    field: 'product_description',
    label: 'Description',
    get: (i) => i.fields.product_description,
    fix: 'Fill "Product description".',
  },
  {
    kind: 'required',
    field: 'product_image_url',
    label: 'Picture',
    get: (i) => i.fields.product_image_url,
    fix: 'Fill "Product picture (URL)".',
  },
];

const KAUFLAND_TEMPLATE: ExportTemplateDefinition = {
  id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0d02',
  channel: 'kaufland',
  name: 'Kaufland products (CSV)',
  format: 'CSV',
  version: KAUFLAND_RULES.version,
  description: `Kaufland's mandatory attributes (${KAUFLAND_RULES.required_attributes.join(', ')}) with category from the workspace's Kaufland category table (Kaufland's tree, never the internal code), plus manufacturer contact, the EU responsible person for non-EU manufacturers, CE marking and the safety information, one row per product. Validated first: the mandatory attributes, a valid EAN and a mapped category; SKUs of an unmapped category are left out with a warning. Comma-separated, UTF-8 with BOM. Rules read ${KAUFLAND_RULES.read_on} from ${KAUFLAND_RULES.sources[0]}.`,
  extension: 'csv',
  contentType: 'text/csv; charset=utf-8',
  mapping: ARTICLE_MAPPING,
  checks: [...KAUFLAND_BASE_CHECKS, categoryCheck('kaufland_category', DEFAULT_MAPPINGS)],
  checksFor: (m) => [...KAUFLAND_BASE_CHECKS, categoryCheck('kaufland_category', m)],
  render: (ctx) => {
    const m = ctx.mappings ?? DEFAULT_MAPPINGS;
    return writeCsv(ctx, kauflandColumns(m), KAUFLAND_RULES.dialect.separator, (i) =>
      Boolean(channelCategory(i, 'kaufland_category', m)),
    );
  },
};

// ---- Otto --------------------------------------------------------------------------------------

function ottoColumns(mappings: ChannelMappings): Column[] {
  const byName = new Map(OTTO_COLUMNS.map((c) => [c[0], c]));
  return [
    byName.get('sku')!,
    // The variations of one product share a productReference: the model, else the SKU itself.
    ['productReference', (i) => i.fields.model_number ?? i.sku.sku_code],
    byName.get('ean')!,
    byName.get('productName')!,
    ['category', (i) => channelCategory(i, 'otto_category', mappings)],
    ...OTTO_COLUMNS.filter((c) => !['sku', 'ean', 'productName', 'safetyInformation'].includes(c[0])),
    // otto.de sells in Germany: the German safety information.
    ['safetyInformation', (i) => warningText(i, 'de')],
  ];
}

const OTTO_BASE_CHECKS: ChannelCheck[] = [
  ...CORE_CHECKS,
  GTIN_CHECK,
  GTIN_VALID,
  { kind: 'required', field: 'brand', label: 'Brand', get: (i) => i.fields.brand, fix: 'Fill "Brand".' },
  {
    kind: 'required',
    field: 'target_markets',
    label: 'Germany among the target markets (otto.de sells in Germany)',
    get: (i) => (targetMarkets(i).includes('DE') ? 'DE' : null),
    fix: 'Add DE to the target markets (and the German safety warnings).',
  },
];

const OTTO_TEMPLATE: ExportTemplateDefinition = {
  id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0c02',
  channel: 'otto',
  name: 'Otto articles (CSV)',
  format: 'CSV',
  version: OTTO_RULES.version,
  description: `One row per article with Otto's category from the workspace's Otto category table (the exact name Otto lists), productReference, brand, the manufacturer and the EU operator inline (Otto keeps no central manufacturer record) and the German safety information. Validated first: a valid EAN, brand, a mapped category and Germany among the target markets; SKUs of an unmapped category are left out with a warning. Semicolon-separated, UTF-8 with BOM. Rules read ${OTTO_RULES.read_on} from ${OTTO_RULES.sources[0]}.`,
  extension: 'csv',
  contentType: 'text/csv; charset=utf-8',
  mapping: ARTICLE_MAPPING,
  checks: [...OTTO_BASE_CHECKS, categoryCheck('otto_category', DEFAULT_MAPPINGS)],
  checksFor: (m) => [...OTTO_BASE_CHECKS, categoryCheck('otto_category', m)],
  render: (ctx) => {
    const m = ctx.mappings ?? DEFAULT_MAPPINGS;
    return writeCsv(ctx, ottoColumns(m), OTTO_RULES.dialect.separator, (i) =>
      Boolean(channelCategory(i, 'otto_category', m)),
    );
  },
};

// ---- Zalando -----------------------------------------------------------------------------------

/** The SKU's target markets Zalando sells in (its agreed sales markets there). */
export const zalandoMarkets = (i: ExportItem) => targetMarkets(i).filter((c) => ZALANDO_MARKETS.includes(c));
const zalandoLanguages = (i: ExportItem) => officialLanguagesOf(zalandoMarkets(i));

/** The safety PDFs in the languages of the SKU's Zalando sales markets, with their entry names. */
export function zalandoSalesPdfs(i: ExportItem) {
  const langs = new Set<string>(zalandoLanguages(i));
  return i.documents
    .filter(
      (d) =>
        d.mime_type === 'application/pdf' &&
        SAFETY_PDF_TYPES.has(d.document_type) &&
        d.language &&
        langs.has(d.language),
    )
    .map((d) => ({
      doc: d,
      language: d.language!,
      entry: `safety-pdfs/${d.language}/${safeEntryName(`${i.sku.sku_code}-${d.filename}`, d.mime_type)}`,
    }));
}

const OPERATOR_ROLES = ['manufacturer', 'importer', 'responsible_person'] as const;
type BrandOperators = Record<(typeof OPERATOR_ROLES)[number], ExportEntity | null>;
const operatorsOf = (i: ExportItem): BrandOperators => ({
  manufacturer: manufacturer(i),
  importer: operatorOf(i, 'importer'),
  responsible_person: euOperator(i) === operatorOf(i, 'importer') ? null : euOperator(i),
});
/** An operator as zDirect would show it: the same name and address is the same operator. */
const operatorKey = (e: ExportEntity | null) => (e ? `${e.name}\u0000${addressLine(e) ?? ''}` : '');

/**
 * Zalando keeps one set of operators per brand and shows it on every article of the brand: the first
 * SKU of a brand (in the run's order) sets it, a later SKU naming others is a warning. State per run
 * (checksFor makes a fresh check for each run and dry run).
 */
function brandConsistencyCheck(): ChannelCheck {
  const firstOf = new Map<string, { sku: string; keys: string[] }>();
  return {
    kind: 'custom',
    field: 'brand',
    label: 'One set of operators per brand (zDirect)',
    run: (item) => {
      const brand = item.fields.brand;
      if (!brand) return [];
      const ops = operatorsOf(item);
      const keys = OPERATOR_ROLES.map((r) => operatorKey(ops[r]));
      const first = firstOf.get(brand);
      if (!first) {
        firstOf.set(brand, { sku: item.sku.sku_code, keys });
        return [];
      }
      const differ = OPERATOR_ROLES.filter((_, n) => keys[n] !== first.keys[n]);
      if (!differ.length) return [];
      const roles = differ.map((r) => r.replace('_', ' ')).join(', ');
      return [
        {
          field: `${differ[0]}_name`,
          code: 'CHANNEL_CONFLICT',
          message: `Brand "${brand}": the ${roles} of this SKU differ from those of ${first.sku}, the brand's first SKU; Zalando keeps one set of operators per brand (zDirect) and would show ${first.sku}'s on this article.`,
          fix: `Link the same ${roles} to every SKU of the brand "${brand}", or give this SKU its own brand.`,
        },
      ];
    },
  };
}

const ZALANDO_LANGUAGES_CHECK: ChannelCheck = {
  kind: 'custom',
  field: 'safety_pdf',
  label: 'Safety PDF per language of the Zalando sales markets',
  run: (item) => {
    const have = new Set(zalandoSalesPdfs(item).map((p) => p.language));
    const markets = zalandoMarkets(item);
    return zalandoLanguages(item)
      .filter((l) => !have.has(l))
      .map((l) => ({
        field: `safety_pdf_${l}`,
        code: 'LANGUAGE_MISSING',
        message: `Safety PDF (manual or safety information) in "${l}" is missing; the Zalando sales markets ${markets
          .filter((m) => (MARKET_LANGUAGE_RULES[m]?.official as readonly string[] | undefined)?.includes(l))
          .join(', ')} need it.`,
        fix: `Attach a PDF with the warnings and instructions in "${l}" (type manual).`,
      }));
  },
};

const ZALANDO_STATIC_CHECKS: ChannelCheck[] = [
  GTIN_CHECK,
  GTIN_VALID,
  {
    kind: 'required',
    field: 'model_number',
    label: 'Model / type code',
    get: (i) => i.fields.model_number,
    fix: 'Fill "Model / type number".',
  },
  {
    kind: 'required',
    field: 'brand',
    label: 'Brand (Zalando keeps the operators per brand)',
    get: (i) => i.fields.brand,
    fix: 'Fill "Brand".',
  },
  {
    kind: 'required',
    field: 'target_markets',
    label: 'A Zalando sales market among the target markets',
    get: (i) => zalandoMarkets(i),
    fix: `Add one of Zalando's markets (${ZALANDO_MARKETS.join(', ')}) to the target markets.`,
  },
  ZALANDO_LANGUAGES_CHECK,
];

const ZALANDO_ARTICLE_COLUMNS: Column[] = [
  ['article_id', (i) => i.sku.sku_code],
  ['ean', gtin],
  ['model_type_code', (i) => i.fields.model_number],
  ['brand', (i) => i.fields.brand],
  ['product_name', (i) => i.sku.product_name],
  ['sales_markets', (i) => zalandoMarkets(i).join(',')],
  [
    'safety_pdf_languages',
    (i) =>
      zalandoSalesPdfs(i)
        .map((p) => p.language)
        .join(','),
  ],
  [
    'safety_pdf_files',
    (i) =>
      zalandoSalesPdfs(i)
        .map((p) => p.entry)
        .join('\n'),
  ],
];

const BRAND_HEADER = [
  'brand',
  ...OPERATOR_ROLES.flatMap((r) => [`${r}_name`, `${r}_address`, `${r}_country`, `${r}_email`, `${r}_contact_url`]),
  'first_article_id',
];

const ZALANDO_TEMPLATE: ExportTemplateDefinition = {
  id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0e02',
  channel: 'zalando',
  name: 'Zalando articles (XLSX + safety PDFs)',
  format: 'ZIP',
  version: ZALANDO_RULES.version,
  description: `articles.xlsx with two sheets: articles (article id, EAN, model/type code, brand, the Zalando sales markets among the target markets, the safety PDFs per language) and brand_operators (manufacturer, importer and responsible person per brand, to enter once per brand in zDirect's Compliance details); safety-pdfs/<language>/ with the PDFs of warnings and instructions in the languages of the Zalando sales markets. Validated first: a valid EAN, model/type code, brand, a Zalando market, a PDF per language, and one set of operators per brand (a SKU naming other operators than its brand's first SKU is a warning). Rules read ${ZALANDO_RULES.read_on} from ${ZALANDO_RULES.sources[0]}.`,
  extension: 'zip',
  contentType: 'application/zip',
  mapping: {
    fields: ['gtin', 'model_number', 'brand', 'target_markets'],
    document_types: [...SAFETY_PDF_TYPES],
    entity_roles: ['manufacturer', 'importer', 'responsible_person'],
  },
  checks: [...ZALANDO_STATIC_CHECKS, brandConsistencyCheck()],
  checksFor: () => [...ZALANDO_STATIC_CHECKS, brandConsistencyCheck()],
  async render(ctx) {
    const articles = `${ctx.outPath}.articles.xlsx`;
    const zip = new yazl.ZipFile();
    const pdfs: Array<{ entry: string; key: string; size: number }> = [];
    const missing: string[] = [];
    try {
      const book = xlsxStreamWriter(articles, ['articles', 'brand_operators'], { mtime: ctx.generatedAt });
      try {
        const [sheet, brandSheet] = book.sheets;
        await sheet.addRows([ZALANDO_ARTICLE_COLUMNS.map((c) => c[0])]);
        await brandSheet.addRows([BRAND_HEADER]);
        const brands = new Map<string, unknown[]>();
        let n = 0;
        for await (const chunk of ctx.items()) {
          await sheet.addRows(chunk.map((item) => ZALANDO_ARTICLE_COLUMNS.map((c) => safeCell(c[1](item)))));
          for (const item of chunk) {
            const brand = item.fields.brand;
            if (brand && !brands.has(brand)) {
              const ops = operatorsOf(item);
              brands.set(brand, [
                brand,
                ...OPERATOR_ROLES.flatMap((r) => {
                  const e = ops[r];
                  return e
                    ? [e.name, addressLine(e), e.country, e.email, e.contact_url]
                    : [null, null, null, null, null];
                }),
                item.sku.sku_code,
              ]);
            }
            for (const p of zalandoSalesPdfs(item)) {
              if (await ctx.store.exists(p.doc.storage_key))
                pdfs.push({ entry: p.entry, key: p.doc.storage_key, size: p.doc.size_bytes });
              else missing.push(p.entry);
            }
          }
          n += chunk.length;
          await ctx.progress(n);
        }
        await brandSheet.addRows([...brands.values()].map((r) => r.map((v) => safeCell(v as string | null))));
        await book.close();
      } catch (e) {
        await book.abort();
        throw e;
      }
      const done = pipeline(zip.outputStream as unknown as Readable, fs.createWriteStream(ctx.outPath));
      zip.addFile(articles, 'articles.xlsx', { mtime: ctx.generatedAt });
      for (const p of pdfs)
        zip.addReadStreamLazy(p.entry, { mtime: ctx.generatedAt, size: p.size, compress: false }, (cb) => {
          ctx.store.getStream(p.key).then(
            (web) => cb(null, Readable.fromWeb(web as import('node:stream/web').ReadableStream<Uint8Array>)),
            (err) => cb(err, new PassThrough()),
          );
        });
      if (missing.length)
        zip.addBuffer(Buffer.from(`Not found in storage:\r\n${missing.join('\r\n')}\r\n`), 'missing-documents.txt', {
          mtime: ctx.generatedAt,
        });
      zip.end();
      await done;
    } finally {
      await fs.promises.rm(articles, { force: true });
    }
  },
};

export const MARKETPLACE_TEMPLATES: ExportTemplateDefinition[] = [KAUFLAND_TEMPLATE, OTTO_TEMPLATE, ZALANDO_TEMPLATE];
