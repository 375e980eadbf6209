/**
 * Table-shaped templates: Otto and Kaufland per-article CSV (operators inline), the full GPSR catalogue
 * as CSV and XLSX, and Zalando's article sheet with the safety PDFs per sales-market language (ZIP).
 * CSV and XLSX are streamed chunk by chunk (CSV: UTF-8 with BOM, CRLF; XLSX: lib/exports/xlsx-stream.ts),
 * so a run holds one chunk of rows at a time whatever its size.
 */
import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { FIELD_CATALOGUE } from '@/lib/model/catalogue';
import { ENTITY_ROLES } from '@/lib/requirements/types';
import { EPR_REGISTRATION_FIELDS, registrationNumbers } from '@/lib/requirements/packs/epr';
import { addressLine, operatorOf, type ExportItem } from '../catalogue-data';
import { safeEntryName } from '../dossier-zip';
import { BOM, csvField, csvRow, fileWriter, safeCell } from '../output';
import { xlsxStreamWriter } from '../xlsx-stream';
import { marketLanguages, targetMarkets } from './checks';
import { CORE_CHECKS, euOperator, warningText } from './shared';
import type { ExportTemplateDefinition, RenderContext } from './types';

type Cell = string | number | boolean | null | undefined;
export type Column = [header: string, get: (item: ExportItem) => Cell];

/**
 * Streams the rows as CSV (UTF-8 with BOM, CRLF). `keep`: the items that go into the file (the others
 * are counted for progress; a warning of the run says why they are not in it).
 */
export async function writeCsv(
  ctx: RenderContext,
  columns: Column[],
  sep: string,
  keep: (item: ExportItem) => boolean = () => true,
) {
  const out = fileWriter(ctx.outPath);
  await out.write(
    BOM +
      csvRow(
        columns.map((c) => c[0]),
        sep,
      ) +
      '\r\n',
  );
  const getters = columns.map((c) => c[1]);
  let n = 0;
  for await (const chunk of ctx.items()) {
    // One string per batch, built field by field (no array of cells per row).
    let text = '';
    for (const item of chunk) {
      if (!keep(item)) continue;
      for (let i = 0; i < getters.length; i++)
        text += i ? sep + csvField(getters[i](item), sep) : csvField(getters[i](item), sep);
      text += '\r\n';
    }
    n += chunk.length;
    await out.write(text);
    await ctx.progress(n);
  }
  await out.close();
}

/** One XLSX sheet of these columns, written chunk by chunk as the items are read. */
async function writeXlsx(ctx: RenderContext, outPath: string, sheetName: string, columns: Column[]) {
  const book = xlsxStreamWriter(outPath, [sheetName], { mtime: ctx.generatedAt });
  try {
    const [sheet] = book.sheets;
    await sheet.addRows([columns.map((c) => c[0])]);
    let n = 0;
    for await (const chunk of ctx.items()) {
      await sheet.addRows(chunk.map((item) => columns.map((c) => safeCell(c[1](item)))));
      n += chunk.length;
      await ctx.progress(n);
    }
    await book.close();
  } catch (e) {
    await book.abort();
    throw e;
  }
}

export const op =
  (
    role: 'manufacturer' | 'importer' | 'responsible_person',
    get: (e: NonNullable<ReturnType<typeof operatorOf>>) => Cell,
  ) =>
  (i: ExportItem) => {
    const e = operatorOf(i, role);
    return e ? get(e) : null;
  };
export const eu = (get: (e: NonNullable<ReturnType<typeof operatorOf>>) => Cell) => (i: ExportItem) => {
  const e = euOperator(i);
  return e ? get(e) : null;
};
export const warningsOf = (i: ExportItem) =>
  marketLanguages(i)
    .map((l) => (warningText(i, l) ? `[${l}] ${warningText(i, l)}` : null))
    .filter(Boolean)
    .join('\n') || null;
export const gtin = (i: ExportItem) => i.fields.gtin ?? i.sku.gtin;

// ---- catalogue ----------------------------------------------------------------------------------

const ROLE_ATTRS = ['name', 'trade_mark', 'address', 'country', 'email', 'contact_url', 'phone'] as const;

/** The registration number of this EPR register (a dossier field of "<country>: <number>" entries) for one country. */
const registrationIn = (field: string, country: string) => (i: ExportItem) =>
  registrationNumbers(i.fields[field]).get(country) ?? null;

/**
 * One column per EPR register and country (epr_weee_registration_DE, ...): marketplaces ask for the
 * number of the country they sell in (Germany: the WEEE, battery and LUCID packaging numbers).
 */
export function eprColumns(countries: readonly string[]): Column[] {
  return EPR_REGISTRATION_FIELDS.flatMap(({ stream, field }) =>
    countries.map((c): Column => [`epr_${stream}_registration_${c}`, registrationIn(field, c)]),
  );
}

export function catalogueColumns(localizedKeys: readonly string[], eprCountries: readonly string[] = []): Column[] {
  const base: Column[] = [
    ['sku_id', (i) => i.sku.id],
    ['sku_code', (i) => i.sku.sku_code],
    ['product_name', (i) => i.sku.product_name],
    ['category_code', (i) => i.sku.category_code],
    ['external_sku_id', (i) => i.sku.external_sku_id],
    ['operator_role', (i) => i.sku.operator_role ?? null],
  ];
  const fields: Column[] = FIELD_CATALOGUE.filter((d) => !d.localized && !d.entity).map((d): Column => [
    d.key,
    (i) => (d.key === 'gtin' ? gtin(i) : i.fields[d.key]),
  ]);
  // A localized key that is also a catalogue field (instructions_needed matches instructions_*) is not a
  // second column of the same name.
  const fieldKeys = new Set(fields.map((c) => c[0]));
  const loc: Column[] = localizedKeys.filter((k) => !fieldKeys.has(k)).map((k): Column => [k, (i) => i.fields[k]]);
  const ents: Column[] = ENTITY_ROLES.flatMap((role) => {
    // The role's operator is resolved once per item for its seven columns, not once per column.
    let last: ExportItem | null = null;
    let operator: ReturnType<typeof operatorOf> | undefined;
    const of = (i: ExportItem) => {
      if (i !== last) {
        last = i;
        operator = role === 'authorised_representative' ? i.entities[role] : operatorOf(i, role);
      }
      return operator;
    };
    return ROLE_ATTRS.map((a): Column => [
      `${role}_${a}`,
      (i) => {
        const e = of(i);
        if (!e) return null;
        return a === 'address' ? addressLine(e) : e[a];
      },
    ]);
  });
  const docs: Column[] = [
    ['document_count', (i) => i.documents.length],
    [
      'documents',
      (i) =>
        i.documents
          .map(
            (d) =>
              `${d.document_type}: ${d.filename} (sha256 ${d.sha256}${d.valid_until ? `, valid until ${d.valid_until}` : ''})`,
          )
          .join('\n') || null,
    ],
  ];
  return [...base, ...fields, ...loc, ...eprColumns(eprCountries), ...ents, ...docs];
}

const CATALOGUE_MAPPING = {
  fields: FIELD_CATALOGUE.filter((d) => !d.entity).map((d) => d.key),
  document_types: [],
  entity_roles: [...ENTITY_ROLES],
};

const CATALOGUE_DESCRIPTION =
  'Every confirmed dossier field, the seller’s economic-operator role for the SKU, the EPR registration number per register (WEEE, batteries, packaging) and country, the four operator roles with their addresses, and each linked document (type, name, SHA-256, validity), one row per SKU.';

export const CATALOGUE_TEMPLATES: ExportTemplateDefinition[] = [
  {
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f01',
    channel: 'gpsr_catalogue_xlsx',
    name: 'GPSR catalogue (XLSX)',
    format: 'XLSX',
    version: '1.0',
    description: `${CATALOGUE_DESCRIPTION} Sheets: catalogue, documents.`,
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    mapping: CATALOGUE_MAPPING,
    checks: CORE_CHECKS,
    async render(ctx) {
      // One pass over the items fills both sheets (each pass reads the database again).
      const columns = catalogueColumns(ctx.localizedKeys, ctx.eprCountries);
      const book = xlsxStreamWriter(ctx.outPath, ['catalogue', 'documents'], { mtime: ctx.generatedAt });
      try {
        const [sheet, docSheet] = book.sheets;
        await sheet.addRows([columns.map((c) => c[0])]);
        await docSheet.addRows([
          ['sku_code', 'document_id', 'document_type', 'filename', 'language', 'sha256', 'size_bytes', 'valid_until'],
        ]);
        let n = 0;
        for await (const chunk of ctx.items()) {
          const rows: Cell[][] = [];
          const docRows: Cell[][] = [];
          for (const i of chunk) {
            rows.push(columns.map((c) => safeCell(c[1](i))));
            for (const d of i.documents)
              docRows.push(
                [
                  i.sku.sku_code,
                  d.id,
                  d.document_type,
                  d.filename,
                  d.language,
                  d.sha256,
                  d.size_bytes,
                  d.valid_until,
                ].map(safeCell),
              );
          }
          await sheet.addRows(rows);
          await docSheet.addRows(docRows);
          n += chunk.length;
          await ctx.progress(n);
        }
        await book.close();
      } catch (e) {
        await book.abort();
        throw e;
      }
    },
  },
  {
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02',
    channel: 'gpsr_catalogue_csv',
    name: 'GPSR catalogue (CSV)',
    format: 'CSV',
    version: '1.0',
    description: `${CATALOGUE_DESCRIPTION} UTF-8 with BOM, comma-separated.`,
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    mapping: CATALOGUE_MAPPING,
    checks: CORE_CHECKS,
    render: (ctx) => writeCsv(ctx, catalogueColumns(ctx.localizedKeys, ctx.eprCountries), ','),
  },
];

// ---- Otto and Kaufland -----------------------------------------------------------------------

export const OTTO_COLUMNS: Column[] = [
  ['sku', (i) => i.sku.sku_code],
  ['ean', gtin],
  ['productName', (i) => i.sku.product_name],
  ['brand', (i) => i.fields.brand],
  ['modelNumber', (i) => i.fields.model_number],
  ['manufacturerName', op('manufacturer', (e) => e.name)],
  ['manufacturerAddress', op('manufacturer', addressLine)],
  ['manufacturerCountry', op('manufacturer', (e) => e.country)],
  ['manufacturerEmail', op('manufacturer', (e) => e.email)],
  ['manufacturerContactUrl', op('manufacturer', (e) => e.contact_url)],
  ['euOperatorName', eu((e) => e.name)],
  ['euOperatorAddress', eu(addressLine)],
  ['euOperatorCountry', eu((e) => e.country)],
  ['euOperatorEmail', eu((e) => e.email)],
  ['euOperatorContactUrl', eu((e) => e.contact_url)],
  ['safetyInformation', warningsOf],
  ['countryOfOrigin', (i) => i.fields.country_of_origin],
  // Otto sells in Germany: the German registers' numbers (stiftung ear WEEE and battery, LUCID packaging).
  ['weeeRegistrationNumber', registrationIn('weee_registration_numbers', 'DE')],
  ['batteryRegistrationNumber', registrationIn('battery_registration_numbers', 'DE')],
  ['packagingRegistrationNumber', registrationIn('packaging_registration_numbers', 'DE')],
];

export const KAUFLAND_COLUMNS: Column[] = [
  ['ean', gtin],
  ['id_offer', (i) => i.sku.sku_code],
  ['title', (i) => i.sku.product_name],
  ['description', (i) => i.fields.product_description],
  ['manufacturer', op('manufacturer', (e) => e.name)],
  ['picture', (i) => i.fields.product_image_url],
  ['category', (i) => i.sku.category_code],
  ['mpn', (i) => i.fields.model_number],
  ['manufacturer_address', op('manufacturer', addressLine)],
  ['manufacturer_email', op('manufacturer', (e) => e.email ?? e.contact_url)],
  ['eu_responsible_person_name', eu((e) => e.name)],
  ['eu_responsible_person_address', eu(addressLine)],
  ['eu_responsible_person_email', eu((e) => e.email ?? e.contact_url)],
  ['ce_marking', (i) => i.fields.ce_marking],
  ['safety_information', warningsOf],
];

export const ARTICLE_MAPPING = {
  fields: [
    'gtin',
    'brand',
    'model_number',
    'product_description',
    'product_image_url',
    'country_of_origin',
    'ce_marking',
    'safety_warnings',
    'target_markets',
  ],
  document_types: [],
  entity_roles: ['manufacturer' as const, 'responsible_person' as const, 'importer' as const],
};

export const GTIN_CHECK = {
  kind: 'required' as const,
  field: 'gtin',
  label: 'GTIN / EAN',
  get: gtin,
  fix: 'Fill "GTIN / EAN".',
};

export const ARTICLE_TEMPLATES: ExportTemplateDefinition[] = [
  {
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0c01',
    channel: 'otto',
    name: 'Otto articles (CSV)',
    format: 'CSV',
    version: '2025.01',
    description:
      'One row per article with the manufacturer and the EU operator inline (Otto keeps no central manufacturer record), identifiers, the safety information of the target-market languages and the German EPR registration numbers (WEEE, batteries, packaging/LUCID). Semicolon-separated, UTF-8 with BOM.',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    mapping: {
      ...ARTICLE_MAPPING,
      fields: [
        ...ARTICLE_MAPPING.fields,
        'weee_registration_numbers',
        'battery_registration_numbers',
        'packaging_registration_numbers',
      ],
    },
    checks: [
      ...CORE_CHECKS,
      GTIN_CHECK,
      { kind: 'required', field: 'brand', label: 'Brand', get: (i) => i.fields.brand, fix: 'Fill "Brand".' },
    ],
    render: (ctx) => writeCsv(ctx, OTTO_COLUMNS, ';'),
  },
  {
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0d01',
    channel: 'kaufland',
    name: 'Kaufland products (CSV)',
    format: 'CSV',
    version: '2024.12',
    description:
      'Kaufland base attributes (ean, title, description, manufacturer, picture, category) plus manufacturer contact, the EU responsible person for non-EU manufacturers, CE marking and the safety information, one row per product. UTF-8 with BOM.',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    mapping: ARTICLE_MAPPING,
    checks: [
      ...CORE_CHECKS,
      GTIN_CHECK,
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
    ],
    render: (ctx) => writeCsv(ctx, KAUFLAND_COLUMNS, ','),
  },
];

// ---- Zalando ---------------------------------------------------------------------------------

export const ZALANDO_COLUMNS: Column[] = [
  ['article_id', (i) => i.sku.sku_code],
  ['ean', gtin],
  ['model_type_code', (i) => i.fields.model_number],
  ['brand', (i) => i.fields.brand],
  ['product_name', (i) => i.sku.product_name],
  ['sales_markets', (i) => targetMarkets(i).join(',')],
  [
    'safety_pdf_languages',
    (i) =>
      zalandoPdfs(i)
        .map((p) => p.language)
        .join(','),
  ],
  [
    'safety_pdf_files',
    (i) =>
      zalandoPdfs(i)
        .map((p) => p.entry)
        .join('\n'),
  ],
];

export const SAFETY_PDF_TYPES = new Set(['manual', 'safety_data_sheet', 'other']);

/** The safety PDFs of the article in the languages of its sales markets, with their entry names. */
export function zalandoPdfs(i: ExportItem) {
  const langs = new Set(marketLanguages(i));
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

export const ZALANDO_TEMPLATES: ExportTemplateDefinition[] = [
  {
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0e01',
    channel: 'zalando',
    name: 'Zalando articles (XLSX + safety PDFs)',
    format: 'ZIP',
    version: '2025.02',
    description:
      'articles.xlsx (article id, EAN, model/type code, brand, sales markets, the safety PDFs per language) and safety-pdfs/<language>/ with the PDFs of warnings and instructions in the languages of the agreed sales markets. Manufacturer, importer and RP are kept at partner level in zDirect.',
    extension: 'zip',
    contentType: 'application/zip',
    mapping: {
      fields: ['gtin', 'model_number', 'brand', 'target_markets'],
      document_types: [...SAFETY_PDF_TYPES],
      entity_roles: [],
    },
    checks: [
      GTIN_CHECK,
      {
        kind: 'required',
        field: 'model_number',
        label: 'Model / type code',
        get: (i) => i.fields.model_number,
        fix: 'Fill "Model / type number".',
      },
      {
        kind: 'languages',
        field: 'safety_pdf',
        label: 'Safety PDF (manual or safety information)',
        has: (i, l) => zalandoPdfs(i).some((p) => p.language === l),
        fix: 'Attach a PDF with the warnings and instructions in "{lang}" (type manual).',
      },
    ],
    async render(ctx) {
      // articles.xlsx is written first to a file beside the output, then zipped with the PDFs.
      const articles = `${ctx.outPath}.articles.xlsx`;
      try {
        await writeXlsx(ctx, articles, 'articles', ZALANDO_COLUMNS);
        const zip = new yazl.ZipFile();
        const done = pipeline(zip.outputStream as unknown as Readable, fs.createWriteStream(ctx.outPath));
        zip.addFile(articles, 'articles.xlsx', { mtime: ctx.generatedAt });
        const missing: string[] = [];
        for await (const chunk of ctx.items()) {
          for (const i of chunk) {
            for (const p of zalandoPdfs(i)) {
              if (!(await ctx.store.exists(p.doc.storage_key))) {
                missing.push(p.entry);
                continue;
              }
              const key = p.doc.storage_key;
              zip.addReadStreamLazy(
                p.entry,
                { mtime: ctx.generatedAt, size: p.doc.size_bytes, compress: false },
                (cb) => {
                  ctx.store.getStream(key).then(
                    (web) => cb(null, Readable.fromWeb(web as import('node:stream/web').ReadableStream<Uint8Array>)),
                    (err) => cb(err, new PassThrough()),
                  );
                },
              );
            }
          }
        }
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
  },
];
