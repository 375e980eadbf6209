/**
 * Golden files per template on a fixed catalogue (three SKUs: a complete EU product, a non-EU product
 * with six EU operators and over-long names, and a bare one with hostile text), rendered by the real
 * template code into real files. JSON is validated against JSON Schemas written from Amazon's and
 * eBay's documented fields (ajv), the XML against the published XSD (libxml2 in WebAssembly), XLSX is
 * read back with SheetJS. Set UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { PDFDocument } from 'pdf-lib';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import type { ExportItem } from '@/lib/exports/catalogue-data';
import { TEMPLATES, templateStatus, type ExportTemplateDefinition } from '@/lib/exports/templates';
import { runChecks } from '@/lib/exports/templates/checks';
import { catalogueColumns } from '@/lib/exports/templates/tables';
import type { RenderContext } from '@/lib/exports/templates/types';
import { localBlobStore } from '@/lib/storage/local';
import { DEFAULT_MAPPINGS, type ChannelMappings } from '@/lib/exports/channel-mappings';
import { AMAZON_GPSR_SCHEMAS, AMAZON_PTD_READ_ON } from '@/lib/exports/templates/amazon-ptd';
import { amazonValidator } from '@/lib/exports/templates/amazon';
import { KAUFLAND_RULES, OTTO_RULES, ZALANDO_RULES } from '@/lib/exports/templates/marketplace-rules';
import {
  EBAY_PICTOGRAMS,
  EBAY_SAFETY_RULES,
  EBAY_STATEMENTS,
  ebaySafetyLabels,
} from '@/lib/exports/templates/ebay-safety-labels';

const GOLDEN = path.join(import.meta.dirname, '../../fixtures/exports/golden');
const FIXTURES = path.join(import.meta.dirname, '../../fixtures/exports');
const XSD = path.join(import.meta.dirname, '../../../public/schemas/gpsr-product-safety-1.0.xsd');
const AT = new Date('2026-01-15T10:00:00.000Z');
const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-golden-'));
const store = localBlobStore(blobDir);

const ent = (
  id: string,
  name: string,
  country: string,
  extra: Partial<ExportItem['entities']['manufacturer']> = {},
) => ({
  id,
  name,
  trade_mark: null,
  street: 'Hauptstraße 1',
  postal_code: '10115',
  city: 'Berlin',
  region: null,
  country,
  email: `${id}@example.test`,
  contact_url: null,
  phone: null,
  ...extra,
});

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n% golden safety sheet\n%%EOF\n');

const CATALOGUE: ExportItem[] = [
  {
    sku: {
      id: '11111111-1111-4111-8111-111111111111',
      sku_code: 'GOLD-EU',
      product_name: 'Bamboo cutting board',
      gtin: '4006381333931',
      category_code: 'general',
      external_sku_id: null,
      public_id: 'pub-gold-eu',
    },
    fields: {
      brand: 'Holzwerk',
      model_number: 'CB-200',
      product_description: 'Cutting board, 30 x 20 cm.',
      product_image_url: 'https://images.example/cb-200.jpg',
      target_markets: 'DE,FR',
      country_of_origin: 'DE',
      safety_warnings_de: 'Nicht in der Spülmaschine reinigen.',
      safety_warnings_fr: 'Ne pas laver au lave-vaisselle.',
      instructions_de: 'Vor dem ersten Gebrauch einölen.',
      ce_marking: 'no',
    },
    entities: {
      manufacturer: ent('mfr-eu', 'Holzwerk Müller GmbH', 'DE', { contact_url: 'https://holzwerk.example/kontakt' }),
    },
    documents: [
      {
        id: 'd1111111-1111-4111-8111-111111111111',
        filename: 'Sicherheitshinweise.pdf',
        document_type: 'manual',
        mime_type: 'application/pdf',
        size_bytes: PDF_BYTES.byteLength,
        sha256: 'a'.repeat(64),
        storage_key: 'ws/documents/golden-de',
        language: 'de',
        valid_until: null,
        is_public: true,
      },
      {
        id: 'd2222222-2222-4222-8222-222222222222',
        filename: 'DoC CB-200.pdf',
        document_type: 'declaration_of_conformity',
        mime_type: 'application/pdf',
        size_bytes: 10,
        sha256: 'b'.repeat(64),
        storage_key: 'ws/documents/golden-doc',
        language: 'en',
        valid_until: '2030-12-31',
        is_public: false,
      },
    ],
  },
  {
    sku: {
      id: '22222222-2222-4222-8222-222222222222',
      sku_code: 'GOLD-CN',
      product_name: 'LED night light „Mond"',
      gtin: null,
      category_code: 'electrical',
      external_sku_id: 'ext-7',
      public_id: null,
      operator_role: 'importer',
    },
    fields: {
      gtin: '4006381333948',
      brand: 'Bright',
      target_markets: 'DE,IT,PL',
      weee_registration_numbers: 'DE: WEEE-Reg.-Nr. DE 12345678; IT: IT19020000011234',
      packaging_registration_numbers: 'DE: DE5551234567890',
      safety_warnings_de: 'Nur für den Innenbereich.',
      safety_warnings_it: 'Solo per uso interno.',
      country_of_origin: 'CN',
    },
    entities: {
      manufacturer: ent(
        'mfr-cn',
        `Shenzhen Bright Lighting Technology Manufacturing Company Limited of Guangdong Province, Export Division`,
        'CN',
        { city: 'Shenzhen Nanshan District Science and Technology Park South Area Block' },
      ),
      responsible_person: ent('rp-1', 'EU Rep GmbH', 'DE'),
      authorised_representative: ent('ar-1', 'AR Services BV', 'NL'),
      importer: ent('imp-1', 'Import Handel KG', 'AT'),
    },
    documents: [],
  },
  {
    sku: {
      id: '33333333-3333-4333-8333-333333333333',
      sku_code: 'GOLD-BARE',
      product_name: '=cmd|"/c calc"!A1 \u0000 bare 🧸',
      gtin: null,
      category_code: 'toys',
      external_sku_id: null,
      public_id: null,
    },
    fields: {
      target_markets: 'FR',
      brand: '+SUM(1,2)',
      product_description: 'Line one\r\nLine "two", with comma; and semicolon\u0007 bell',
    },
    entities: {},
    documents: [],
  },
];

function ctxFor(outPath: string): RenderContext {
  return {
    async *items() {
      yield CATALOGUE.slice(0, 2);
      yield CATALOGUE.slice(2);
    },
    outPath,
    store,
    db: null as never, // the table, JSON, XML and PDF templates read no database
    workspaceId: 'ws',
    actor: { userId: null, apiKeyId: null, label: 'golden' },
    workspaceName: 'Golden workspace <&>',
    generatedAt: AT,
    publicBaseUrl: 'https://compliance.example',
    skuCount: CATALOGUE.length,
    localizedKeys: ['instructions_de', 'safety_warnings_de', 'safety_warnings_fr', 'safety_warnings_it'],
    eprCountries: ['DE', 'FR', 'IT', 'PL'],
    progress: async () => {},
  };
}

async function render(t: ExportTemplateDefinition, extra: Partial<RenderContext> = {}) {
  const out = path.join(blobDir, `${t.channel}-${t.version}.${t.extension}`);
  await t.render({ ...ctxFor(out), ...extra });
  return fs.readFileSync(out);
}

/** A simple CSV (no quoted separators in the columns read) as records by header. */
function parseCatalogue(text: string, sep: string): Record<string, string>[] {
  const wb = XLSX.read(text.replace(/^\uFEFF/, ''), { type: 'string', FS: sep, raw: true });
  return XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets[wb.SheetNames[0]], { defval: '', raw: false });
}

function golden(name: string, actual: string) {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1' || !fs.existsSync(file)) fs.writeFileSync(file, actual);
  expect(actual).toBe(fs.readFileSync(file, 'utf8'));
}

const sheetsAsCsv = (bytes: Uint8Array) => {
  const wb = XLSX.read(bytes, { type: 'array' });
  return wb.SheetNames.map((n) => `## ${n}\n${XLSX.utils.sheet_to_csv(wb.Sheets[n], { RS: '\n' })}`).join('\n');
};

function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2);
          const parts: Buffer[] = [];
          s.on('data', (d: Buffer) => parts.push(d));
          s.on('end', () => {
            out.set(e.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

const byVersion = (channel: string, version: string) => {
  const t = TEMPLATES.find((x) => x.channel === channel && x.version === version);
  if (!t) throw new Error(`no template ${channel} ${version}`);
  return t;
};

const byChannel = (channel: string) => {
  const t = TEMPLATES.filter((x) => x.channel === channel).sort((a, b) => (a.version < b.version ? 1 : -1))[0];
  if (!t) throw new Error(`no template ${channel}`);
  return t;
};

describe('export templates on a fixed catalogue', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });

  it('Amazon EU listings: golden JSON, valid against the feed schema, per-marketplace references and media', async () => {
    const text = (await render(byVersion('amazon_eu', '2025.06'))).toString('utf8');
    golden('amazon_eu.json', text);
    const feed = JSON.parse(text);
    const validate = ajv.compile(
      JSON.parse(fs.readFileSync(path.join(FIXTURES, 'amazon-listings-feed.schema.json'), 'utf8')),
    );
    expect(validate(feed), JSON.stringify(validate.errors)).toBe(true);
    const eu = feed.messages.find((m: any) => m.sku === 'GOLD-EU');
    const ref = eu.patches.find((p: any) => p.path === '/attributes/gpsr_manufacturer_reference').value;
    expect(ref).toEqual([
      { gpsr_manufacturer_email_address: 'mfr-eu@example.test', marketplace_id: 'A1PA6795UKMFR9' },
      { gpsr_manufacturer_email_address: 'mfr-eu@example.test', marketplace_id: 'A13V1IB3VIYZZH' },
    ]);
    const media = eu.patches.find((p: any) => p.path === '/attributes/compliance_media').value;
    // Only the public document, at its public URL; the private DoC is not sent.
    expect(new Set(media.map((m: any) => m.source_location))).toEqual(
      new Set(['https://compliance.example/p/pub-gold-eu/documents/d1111111-1111-4111-8111-111111111111']),
    );
    const cn = feed.messages.find((m: any) => m.sku === 'GOLD-CN');
    expect(cn.patches.find((p: any) => p.path === '/attributes/dsa_responsible_party_address').value[0].value).toBe(
      'rp-1@example.test',
    );
    // The schema refuses what Amazon would: a wrong marketplace id.
    const broken = structuredClone(feed);
    broken.messages[0].patches[0].value[0].marketplace_id = 'XX';
    expect(validate(broken)).toBe(false);
  });

  it('eBay regulatory: golden JSON, valid against the schema, limits applied and ≤ 5 responsible persons', async () => {
    const text = (await render(byVersion('ebay', '2026.11'))).toString('utf8');
    golden('ebay.json', text);
    const body = JSON.parse(text);
    const validate = ajv.compile(
      JSON.parse(fs.readFileSync(path.join(FIXTURES, 'ebay-offers-regulatory.schema.json'), 'utf8')),
    );
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // One marketplace per offer by rule: DE,FR and DE,IT,PL go to EBAY_DE (priority), FR alone to EBAY_FR.
    expect(body.calls[0].requests.map((r: any) => r.marketplaceId)).toEqual(['EBAY_DE', 'EBAY_DE', 'EBAY_FR']);
    const cn = body.calls[0].requests.find((r: any) => r.sku === 'GOLD-CN').regulatory;
    expect([...cn.manufacturer.companyName].length).toBe(100);
    expect(cn.manufacturer.city.length).toBeLessThanOrEqual(64);
    expect(cn.responsiblePersons.map((p: any) => p.companyName)).toEqual([
      'EU Rep GmbH',
      'AR Services BV',
      'Import Handel KG',
    ]);
    const eu = body.calls[0].requests.find((r: any) => r.sku === 'GOLD-EU').regulatory;
    expect(eu.documents).toEqual([
      {
        documentId: null,
        documentType: 'INSTRUCTIONS_FOR_USE',
        languages: ['GERMAN'],
        fileName: 'Sicherheitshinweise.pdf',
        sha256: 'a'.repeat(64),
      },
      {
        documentId: null,
        documentType: 'DECLARATION_OF_CONFORMITY',
        languages: ['ENGLISH'],
        fileName: 'DoC CB-200.pdf',
        sha256: 'b'.repeat(64),
      },
    ]);
    const tooMany = structuredClone(body);
    tooMany.calls[0].requests[0].regulatory.responsiblePersons = Array.from({ length: 6 }, () => ({
      companyName: 'X',
      types: ['EU_RESPONSIBLE_PERSON'],
    }));
    expect(validate(tooMany)).toBe(false);
  });

  it('Otto, Kaufland and the GPSR catalogue CSV: golden, UTF-8 with BOM, formula-safe cells', async () => {
    const first = { otto: byVersion('otto', '2025.01'), kaufland: byVersion('kaufland', '2024.12') };
    for (const channel of ['otto', 'kaufland', 'gpsr_catalogue_csv']) {
      const bytes = await render(first[channel as keyof typeof first] ?? byChannel(channel));
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      golden(`${channel}.csv`, text);
      expect(text).toContain(`'=cmd|`);
      expect(text).not.toMatch(/[,;]=cmd/);
      expect(text).not.toMatch(/[,;]\+SUM/);
      expect(text).not.toMatch(/[\u0000\u0007]/);
    }
  });

  it('GPSR catalogue: a localized key that is also a catalogue field (instructions_needed) is one column, not two', () => {
    const names = catalogueColumns(['instructions_de', 'instructions_needed', 'safety_warnings_fr']).map((c) => c[0]);
    expect(names.filter((n) => n === 'instructions_needed')).toHaveLength(1);
    expect(names).toContain('instructions_de');
    expect(new Set(names).size).toBe(names.length);
  });

  it('EPR registration numbers: a catalogue column per register and country, Otto the German numbers; the operator role as a column', async () => {
    const names = catalogueColumns([], ['DE', 'IT']).map((c) => c[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'operator_role',
        'epr_weee_registration_DE',
        'epr_weee_registration_IT',
        'epr_battery_registration_DE',
        'epr_packaging_registration_IT',
      ]),
    );
    const rows = parseCatalogue((await render(byChannel('gpsr_catalogue_csv'))).toString('utf8'), ',');
    const cn = rows.find((r) => r.sku_code === 'GOLD-CN')!;
    expect(cn.operator_role).toBe('importer');
    expect(cn.epr_weee_registration_DE).toBe('WEEE-Reg.-Nr. DE 12345678');
    expect(cn.epr_weee_registration_IT).toBe('IT19020000011234');
    expect(cn.epr_weee_registration_PL).toBe('');
    expect(cn.epr_packaging_registration_DE).toBe('DE5551234567890');
    expect(cn.epr_battery_registration_DE).toBe('');
    const otto = parseCatalogue(
      (
        await render(byChannel('otto'), {
          mappings: { ...DEFAULT_MAPPINGS, otto_category: { electrical: 'Nachtlicht' } },
        })
      ).toString('utf8'),
      ';',
    );
    expect(otto.find((r) => r.sku === 'GOLD-CN')).toMatchObject({
      weeeRegistrationNumber: 'WEEE-Reg.-Nr. DE 12345678',
      packagingRegistrationNumber: 'DE5551234567890',
      batteryRegistrationNumber: '',
    });
  });

  it('GPSR catalogue XLSX and Zalando ZIP: read back with SheetJS, golden as CSV, PDFs per market language', async () => {
    const xlsx = await render(byChannel('gpsr_catalogue_xlsx'));
    const sheets = sheetsAsCsv(xlsx);
    golden('gpsr_catalogue_xlsx.txt', sheets);
    const wb = XLSX.read(xlsx, { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets.catalogue);
    expect(rows.map((r) => r.sku_code)).toEqual(['GOLD-EU', 'GOLD-CN', 'GOLD-BARE']);
    expect(rows[2].brand).toBe(`'+SUM(1,2)`);
    expect(rows[0].manufacturer_name).toBe('Holzwerk Müller GmbH');

    await store.put('ws/documents/golden-de', PDF_BYTES);
    const zip = await zipEntries(await render(byVersion('zalando', '2025.02')));
    expect([...zip.keys()]).toEqual(['articles.xlsx', 'safety-pdfs/de/GOLD-EU-Sicherheitshinweise.pdf']);
    expect(zip.get('safety-pdfs/de/GOLD-EU-Sicherheitshinweise.pdf')).toEqual(Buffer.from(PDF_BYTES));
    golden('zalando_articles.txt', sheetsAsCsv(zip.get('articles.xlsx')!));
  });

  it('GPSR XML: golden, and valid against the published XSD; hostile characters dropped', async () => {
    const text = (await render(byChannel('gpsr_xml'))).toString('utf8');
    golden('gpsr.xml', text);
    expect(text).not.toContain('\u0000');
    const res = await validateXML({
      xml: [{ fileName: 'export.xml', contents: text }],
      schema: [{ fileName: 'gpsr.xsd', contents: fs.readFileSync(XSD, 'utf8') }],
    });
    expect(res.errors, res.rawOutput).toEqual([]);
    expect(res.valid).toBe(true);
    // The XSD is a real check: an unknown operator role is refused.
    const bad = await validateXML({
      xml: [{ fileName: 'bad.xml', contents: text.replace('role="manufacturer"', 'role="wizard"') }],
      schema: [{ fileName: 'gpsr.xsd', contents: fs.readFileSync(XSD, 'utf8') }],
    });
    expect(bad.valid).toBe(false);
  });

  it('PDF summary: a real PDF with a page per few SKUs, title set, DejaVu for the non-Latin text', async () => {
    const bytes = await render(byChannel('compliance_summary_pdf'));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe('Compliance summary: Golden workspace <&>');
  });

  it('channel checks name the SKU, the field and the fix', () => {
    const kaufland = byVersion('kaufland', '2024.12');
    const bare = runChecks(kaufland.checks, CATALOGUE[2]);
    expect(bare.map((w) => w.field)).toEqual(
      expect.arrayContaining([
        'manufacturer_name',
        'gtin',
        'safety_warnings_fr',
        'product_image_url',
        'responsible_person_name',
      ]),
    );
    for (const w of bare) expect(w).toMatchObject({ sku_id: CATALOGUE[2].sku.id, sku_code: 'GOLD-BARE' });
    expect(runChecks(kaufland.checks, CATALOGUE[0])).toEqual([]);
    const ebay = runChecks(byVersion('ebay', '2026.11').checks, CATALOGUE[1]);
    expect(ebay.filter((w) => w.code === 'TOO_LONG').map((w) => w.field)).toEqual([
      'manufacturer_name',
      'manufacturer_address',
    ]);
  });

  it('status is computed: schema_drift names what the catalogue no longer defines; older versions deprecated', () => {
    const amazon = TEMPLATES.filter((t) => t.channel === 'amazon_eu');
    expect(amazon.map((t) => templateStatus(t).status).sort()).toEqual(['deprecated', 'deprecated', 'valid']);
    expect(templateStatus(byVersion('amazon_eu', '2026.11')).status).toBe('valid');
    expect(templateStatus(byVersion('ebay', '2026.11')).status).toBe('deprecated');
    expect(templateStatus(byVersion('ebay', '2026.12')).status).toBe('valid');
    for (const [channel, old] of [
      ['kaufland', '2024.12'],
      ['otto', '2025.01'],
      ['zalando', '2025.02'],
    ]) {
      expect(templateStatus(byVersion(channel, old)).status).toBe('deprecated');
      expect(templateStatus(byVersion(channel, '2026.12')).status).toBe('valid');
    }
    const versioned = new Set(['amazon_eu', 'ebay', 'kaufland', 'otto', 'zalando']);
    for (const t of TEMPLATES.filter((x) => !versioned.has(x.channel)))
      expect(templateStatus(t)).toEqual({ status: 'valid', reason: null, reason_item: null });
    const drifted = {
      ...byChannel('otto'),
      id: 'x',
      mapping: {
        fields: ['brand', 'energy_label_class'],
        document_types: ['manual', 'warranty_card'],
        entity_roles: ['manufacturer' as const],
      },
    };
    const s = templateStatus(drifted, [drifted]);
    expect(s.status).toBe('schema_drift');
    expect(s.reason).toContain('field energy_label_class');
    expect(s.reason).toContain('document type warranty_card');
    // The same as a code with its values, for the UI's language.
    expect(s.reason_item).toEqual({
      code: 'unknown_in_catalogue',
      params: { fields: ['energy_label_class'], document_types: ['warranty_card'], entity_roles: [] },
    });
    expect(new Set(TEMPLATES.map((t) => t.format))).toEqual(new Set(['XML', 'XLSX', 'CSV', 'PDF', 'ZIP', 'JSON']));
  });
});

describe('channel rules as data (2026.11/2026.12 templates)', () => {
  // The workspace maps "general" itself; "electrical" stays unmapped (shipped default: none).
  const mappings: ChannelMappings = {
    ...DEFAULT_MAPPINGS,
    amazon_product_type: { ...DEFAULT_MAPPINGS.amazon_product_type, general: 'PRODUCT' },
  };
  const ajv = new Ajv({ allErrors: true, strict: false });

  it('Amazon 2026.11 feed: product type per SKU from the mapping; an unmapped category is a warning and stays out', async () => {
    const t = byVersion('amazon_eu', '2026.11');
    const text = (await render(t, { mappings })).toString('utf8');
    golden('amazon_eu-2026.11.json', text);
    const feed = JSON.parse(text);
    const validate = ajv.compile(
      JSON.parse(fs.readFileSync(path.join(FIXTURES, 'amazon-listings-feed.schema.json'), 'utf8')),
    );
    expect(validate(feed), JSON.stringify(validate.errors)).toBe(true);
    expect(feed.messages.map((m: any) => [m.sku, m.productType])).toEqual([
      ['GOLD-EU', 'PRODUCT'],
      ['GOLD-BARE', 'TOY_FIGURE'],
    ]);
    const checks = t.checksFor!(mappings);
    const cn = runChecks(checks, CATALOGUE[1]).filter((w) => w.code === 'CHANNEL_UNMAPPED');
    expect(cn).toEqual([
      expect.objectContaining({
        sku_code: 'GOLD-CN',
        field: 'category_code',
        message: expect.stringContaining('"electrical"'),
        fix: expect.stringContaining('"electrical"'),
      }),
    ]);
    // The complete EU SKU passes its product type's schema; the bare toy fails it per attribute, each named.
    expect(runChecks(checks, CATALOGUE[0]).filter((w) => w.code === 'CHANNEL_SCHEMA')).toEqual([]);
    const bare = runChecks(checks, CATALOGUE[2]).filter((w) => w.code === 'CHANNEL_SCHEMA');
    expect(bare.map((w) => w.field).sort()).toEqual(
      ['country_of_origin', 'manufacturer_email', 'responsible_person_email', 'safety_warnings'].sort(),
    );
    expect(bare[0].message).toContain('TOY_FIGURE');
  });

  it('Amazon product type schemas: every one names its source and date, and refuses what Amazon would', () => {
    for (const [type, schema] of Object.entries(AMAZON_GPSR_SCHEMAS)) {
      expect(schema['x-read-on']).toBe(AMAZON_PTD_READ_ON);
      expect(schema['x-source'].every((u: string) => u.startsWith('https://developer-docs.amazon.com/'))).toBe(true);
      expect(schema.$id).toBe(`amazon-ptd/${type}/gpsr`);
    }
    const v = amazonValidator('TOY_FIGURE');
    const ok = {
      gpsr_manufacturer_reference: [
        { gpsr_manufacturer_email_address: 'm@example.test', marketplace_id: 'A1PA6795UKMFR9' },
      ],
      gpsr_safety_attestation: [{ value: false, marketplace_id: 'A1PA6795UKMFR9' }],
      dsa_responsible_party_address: [{ value: 'rp@example.test', marketplace_id: 'A1PA6795UKMFR9' }],
      safety_warning: [{ value: 'Achtung', language_tag: 'de_DE', marketplace_id: 'A1PA6795UKMFR9' }],
      country_of_origin: [{ value: 'DE', marketplace_id: 'A1PA6795UKMFR9' }],
    };
    expect(v(ok), JSON.stringify(v.errors)).toBe(true);
    expect(v({ ...ok, gpsr_safety_attestation: [{ value: 'yes', marketplace_id: 'A1PA6795UKMFR9' }] })).toBe(false);
    expect(v({ ...ok, country_of_origin: [{ value: 'Germany', marketplace_id: 'A1PA6795UKMFR9' }] })).toBe(false);
    const { safety_warning: _, ...noWarning } = ok;
    expect(v(noWarning)).toBe(false);
    // The generic product type does not require the toy's warning.
    expect(amazonValidator('PRODUCT')(noWarning)).toBe(true);
  });

  it('Amazon VALIDATION_PREVIEW requests: one patchListingsItem per SKU and marketplace, golden', async () => {
    const text = (await render(byVersion('amazon_eu_listings_api', '2026.11'), { mappings })).toString('utf8');
    golden('amazon_listings_preview-2026.11.json', text);
    const body = JSON.parse(text);
    expect(body.operation).toBe('patchListingsItem');
    // GOLD-EU: DE and FR; GOLD-BARE: FR; GOLD-CN left out (unmapped).
    expect(body.requests.map((r: any) => [r.path.split('/').pop(), r.query.marketplaceIds])).toEqual([
      ['GOLD-EU', 'A1PA6795UKMFR9'],
      ['GOLD-EU', 'A13V1IB3VIYZZH'],
      ['GOLD-BARE', 'A13V1IB3VIYZZH'],
    ]);
    for (const r of body.requests) {
      expect(r).toMatchObject({ method: 'PATCH', query: { mode: 'VALIDATION_PREVIEW' } });
      // Each request carries only its own marketplace's values.
      for (const p of r.body.patches) for (const v of p.value) expect(v.marketplace_id).toBe(r.query.marketplaceIds);
    }
  });

  it('eBay 2026.12: productSafety by eBay ids from the mapping table, golden, valid, within eBay limits', async () => {
    const text = (await render(byVersion('ebay', '2026.12'))).toString('utf8');
    golden('ebay-2026.12.json', text);
    const body = JSON.parse(text);
    const validate = ajv.compile(
      JSON.parse(fs.readFileSync(path.join(FIXTURES, 'ebay-offers-regulatory.schema.json'), 'utf8')),
    );
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // No free text anywhere in productSafety: only eBay's ids.
    for (const r of body.calls.flatMap((c: any) => c.requests)) {
      const ps = r.regulatory.productSafety;
      if (!ps) continue;
      for (const id of ps.statements ?? []) expect(Object.keys(EBAY_STATEMENTS)).toContain(id);
      for (const id of ps.pictograms ?? []) expect(Object.keys(EBAY_PICTOGRAMS)).toContain(id);
    }
    // The golden catalogue's warnings ("not dishwasher safe", "indoor use only") match no eBay statement.
    const checks = byVersion('ebay', '2026.12').checks;
    const unmapped = runChecks(checks, CATALOGUE[0]).filter((w) => w.code === 'CHANNEL_UNMAPPED');
    expect(unmapped).toEqual([expect.objectContaining({ sku_code: 'GOLD-EU', field: 'safety_warnings' })]);
  });

  it('eBay safety label rules, each on its own: the ids, the 2-pictogram limit, and no label for nothing', () => {
    const item = (fields: Record<string, string>): ExportItem => ({ ...CATALOGUE[2], fields });
    expect(ebaySafetyLabels(item({ age_grading: 'Nicht für Kinder unter 36 Monaten geeignet' }))).toMatchObject({
      statements: ['EBPSS101'],
      pictograms: ['EBPSP101'],
    });
    expect(ebaySafetyLabels(item({ battery_type: 'CR2032' }))).toMatchObject({
      statements: ['EBPSS103'],
      pictograms: ['EBPSP102'],
    });
    expect(ebaySafetyLabels(item({ safety_warnings_fr: 'Tenir hors de portée des enfants.' })).statements).toEqual([
      'EBPSS102',
    ]);
    expect(ebaySafetyLabels(item({ ce_marking: 'yes' }))).toMatchObject({ statements: [], pictograms: ['EBPSP201'] });
    const all = ebaySafetyLabels(
      item({
        age_grading: 'not suitable for children under 3 years',
        battery_type: 'button cell',
        ce_marking: 'yes',
        safety_warnings_en: 'Keep out of reach of children',
      }),
    );
    expect(all.statements).toEqual(['EBPSS101', 'EBPSS103', 'EBPSS102']);
    expect(all.pictograms).toEqual(['EBPSP101', 'EBPSP102']); // eBay takes 2
    expect(ebaySafetyLabels(item({ brand: 'x' }))).toEqual({ statements: [], pictograms: [], rules: [] });
    // Every rule's ids are eBay's published ones.
    for (const r of EBAY_SAFETY_RULES) {
      for (const id of r.statements) expect(EBAY_STATEMENTS[id]).toBeTruthy();
      for (const id of r.pictograms) expect(EBAY_PICTOGRAMS[id]).toBeTruthy();
    }
  });
});

describe('Kaufland, Otto and Zalando 2026.12: rules as data, validated before export', () => {
  // The workspace maps "general" and "toys"; "electrical" stays unmapped (no shipped defaults).
  const mappings: ChannelMappings = {
    ...DEFAULT_MAPPINGS,
    kaufland_category: { general: 'Schneidebretter', toys: 'Spielzeug > Holzspielzeug' },
    otto_category: { general: 'Schneidebrett', toys: 'Spielfigur' },
  };
  const unmappedOf = (t: ExportTemplateDefinition, item: ExportItem) =>
    runChecks(t.checksFor!(mappings), item).filter((w) => w.code === 'CHANNEL_UNMAPPED');

  it('every rules module names its sources and the day they were read; no category is guessed', () => {
    for (const r of [KAUFLAND_RULES, OTTO_RULES, ZALANDO_RULES]) {
      expect(r.sources.length).toBeGreaterThan(0);
      for (const s of r.sources) expect(s).toMatch(/^https:\/\//);
      expect(r.read_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(byVersion(r.channel, r.version).description).toContain(r.read_on);
    }
    expect(DEFAULT_MAPPINGS.kaufland_category).toEqual({});
    expect(DEFAULT_MAPPINGS.otto_category).toEqual({});
  });

  it("Kaufland 2026.12: golden CSV, category from Kaufland's tree, an unmapped category is a warning and stays out", async () => {
    const t = byVersion('kaufland', '2026.12');
    const text = (await render(t, { mappings })).toString('utf8');
    golden('kaufland-2026.12.csv', text);
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    const header = lines[0].split(KAUFLAND_RULES.dialect.separator);
    for (const a of KAUFLAND_RULES.required_attributes) expect(header).toContain(a);
    expect(lines.filter((l) => l.includes('GOLD-'))).toHaveLength(2); // GOLD-CN (electrical) is not in it
    expect(text).not.toContain('GOLD-CN');
    expect(text).toContain('Schneidebretter');
    expect(text).not.toMatch(/,general,/);
    expect(unmappedOf(t, CATALOGUE[1])).toEqual([
      expect.objectContaining({
        sku_code: 'GOLD-CN',
        field: 'category_code',
        message: expect.stringContaining('Kaufland'),
        fix: expect.stringContaining('"electrical"'),
      }),
    ]);
    expect(unmappedOf(t, CATALOGUE[0])).toEqual([]);
    // The complete EU SKU passes every Kaufland rule; without a mapping it would not.
    expect(runChecks(t.checksFor!(mappings), CATALOGUE[0])).toEqual([]);
    expect(runChecks(t.checksFor!(DEFAULT_MAPPINGS), CATALOGUE[0]).map((w) => w.code)).toEqual(['CHANNEL_UNMAPPED']);
  });

  it('Otto 2026.12: golden CSV with category and productReference, German safety information, DE required', async () => {
    const t = byVersion('otto', '2026.12');
    const text = (await render(t, { mappings })).toString('utf8');
    golden('otto-2026.12.csv', text);
    const [head, ...rows] = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const cols = head.split(';');
    expect(cols.slice(0, 5)).toEqual(['sku', 'productReference', 'ean', 'productName', 'category']);
    const eu = rows.find((r) => r.startsWith('GOLD-EU'))!.split(';');
    expect(eu[cols.indexOf('category')]).toBe('Schneidebrett');
    expect(eu[cols.indexOf('productReference')]).toBe('CB-200');
    expect(eu[cols.indexOf('safetyInformation')]).toBe('Nicht in der Spülmaschine reinigen.');
    expect(rows.some((r) => r.startsWith('GOLD-CN'))).toBe(false);
    expect(unmappedOf(t, CATALOGUE[1])).toHaveLength(1);
    // The bare toy sells in FR only: otto.de sells in Germany.
    const bare = runChecks(t.checksFor!(mappings), CATALOGUE[2]);
    expect(bare).toContainEqual(expect.objectContaining({ field: 'target_markets', code: 'REQUIRED_MISSING' }));
    expect(bare).toContainEqual(expect.objectContaining({ field: 'gtin', code: 'REQUIRED_MISSING' }));
  });

  it('a present EAN with a wrong check digit is a warning on every 2026.12 channel', () => {
    const bad: ExportItem = { ...CATALOGUE[0], fields: { ...CATALOGUE[0].fields, gtin: '4006381333932' } };
    for (const channel of ['kaufland', 'otto', 'zalando']) {
      const ws = runChecks(byVersion(channel, '2026.12').checksFor!(mappings), bad);
      expect(ws).toContainEqual(expect.objectContaining({ field: 'gtin', code: 'CHANNEL_INVALID' }));
    }
    expect(runChecks(byVersion('kaufland', '2026.12').checksFor!(mappings), CATALOGUE[0])).toEqual([]);
  });

  it('Zalando 2026.12: articles and brand operators, PDFs of the Zalando markets; one set of operators per brand', async () => {
    await store.put('ws/documents/golden-de', PDF_BYTES);
    const t = byVersion('zalando', '2026.12');
    const zip = await zipEntries(await render(t));
    expect([...zip.keys()]).toEqual(['articles.xlsx', 'safety-pdfs/de/GOLD-EU-Sicherheitshinweise.pdf']);
    const sheets = sheetsAsCsv(zip.get('articles.xlsx')!);
    golden('zalando-2026.12.txt', sheets);
    const wb = XLSX.read(zip.get('articles.xlsx')!, { type: 'array' });
    expect(wb.SheetNames).toEqual(['articles', 'brand_operators']);
    const brands = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets.brand_operators);
    expect(brands.map((b) => [b.brand, b.manufacturer_name, b.first_article_id])).toEqual([
      ['Holzwerk', 'Holzwerk Müller GmbH', 'GOLD-EU'],
      ['Bright', CATALOGUE[1].entities.manufacturer!.name, 'GOLD-CN'],
      [`'+SUM(1,2)`, undefined, 'GOLD-BARE'],
    ]);
    // GOLD-EU sells in DE and FR: the French PDF is missing, named with the market that needs it.
    const checks = t.checksFor!(mappings);
    expect(runChecks(checks, CATALOGUE[0])).toEqual([
      expect.objectContaining({
        field: 'safety_pdf_fr',
        code: 'LANGUAGE_MISSING',
        message: expect.stringContaining('FR'),
      }),
    ]);
    // A second SKU of the brand "Holzwerk" with another manufacturer: Zalando would show the first one's.
    const other: ExportItem = {
      ...CATALOGUE[0],
      sku: { ...CATALOGUE[0].sku, id: '44444444-4444-4444-8444-444444444444', sku_code: 'GOLD-EU-2' },
      entities: { manufacturer: ent('mfr-2', 'Andere Holz AG', 'AT') },
    };
    const conflict = runChecks(checks, other).filter((w) => w.code === 'CHANNEL_CONFLICT');
    expect(conflict).toEqual([
      expect.objectContaining({
        sku_code: 'GOLD-EU-2',
        field: 'manufacturer_name',
        message: expect.stringContaining('GOLD-EU'),
        fix: expect.stringContaining('"Holzwerk"'),
      }),
    ]);
    // The same operators under the same brand: no conflict; a fresh run starts again.
    expect(runChecks(checks, CATALOGUE[0]).filter((w) => w.code === 'CHANNEL_CONFLICT')).toEqual([]);
    expect(runChecks(t.checksFor!(mappings), other).filter((w) => w.code === 'CHANNEL_CONFLICT')).toEqual([]);
    // A target market Zalando does not sell in asks for no PDF.
    const us: ExportItem = { ...CATALOGUE[0], fields: { ...CATALOGUE[0].fields, target_markets: 'DE,US' } };
    expect(runChecks(t.checksFor!(mappings), us).filter((w) => w.code === 'LANGUAGE_MISSING')).toEqual([]);
  });
});
