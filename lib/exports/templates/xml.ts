/**
 * The GPSR product-safety XML (our own format, published XSD at /schemas/gpsr-product-safety-1.0.xsd),
 * streamed product by product. Characters XML 1.0 cannot carry (NUL, other C0 controls, lone
 * surrogates) are dropped rather than producing a file no parser accepts.
 */
import { ENTITY_ROLES } from '@/lib/requirements/types';
import { FIELD_CATALOGUE } from '@/lib/model/catalogue';
import { addressLine, operatorOf, type ExportItem } from '../catalogue-data';
import { fileWriter } from '../output';
import { targetMarkets } from './checks';
import { CORE_CHECKS } from './shared';
import type { ExportTemplateDefinition } from './types';

export const GPSR_XML_NAMESPACE = 'urn:compliance-workspace:gpsr:product-safety:1.0';
export const GPSR_XSD_PATH = '/schemas/gpsr-product-safety-1.0.xsd';

const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(s: string): string {
  return s
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const el = (name: string, value: string | null | undefined, attrs = '') =>
  value ? `<${name}${attrs}>${xmlText(value)}</${name}>` : '';
const country = (v: string | null | undefined) => (v && /^[A-Z]{2}$/.test(v) ? v : null);
const lang = (v: string | null | undefined) => (v && /^[a-z]{2}$/.test(v) ? v : null);
const PLAIN_FIELDS = FIELD_CATALOGUE.filter(
  (d) =>
    !d.localized &&
    !d.entity &&
    !['gtin', 'brand', 'model_number', 'country_of_origin', 'target_markets'].includes(d.key),
).map((d) => d.key);

export function productXml(i: ExportItem): string {
  const gtin = i.fields.gtin ?? i.sku.gtin;
  const ops = ENTITY_ROLES.map(
    (role) => [role, role === 'authorised_representative' ? (i.entities[role] ?? null) : operatorOf(i, role)] as const,
  )
    .filter(([, e]) => e)
    .map(
      ([role, e]) =>
        `<Operator role="${role}">${el('Name', e!.name)}${el('TradeMark', e!.trade_mark)}${el('PostalAddress', addressLine(e!))}${el('Country', country(e!.country))}${el('Email', e!.email)}${el('ContactUrl', e!.contact_url)}${el('Phone', e!.phone)}</Operator>`,
    )
    .join('');
  const localized = (base: string, tag: string) =>
    Object.keys(i.fields)
      .filter((k) => k.startsWith(`${base}_`) && lang(k.slice(base.length + 1)))
      .sort()
      .map((k) => el(tag, i.fields[k], ` lang="${k.slice(base.length + 1)}"`))
      .join('');
  const markets = targetMarkets(i);
  return (
    `<Product id="${i.sku.id}">` +
    el('SkuCode', i.sku.sku_code) +
    el('Name', i.sku.product_name) +
    el('Gtin', gtin && /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin) ? gtin : null) +
    el('Brand', i.fields.brand) +
    el('ModelNumber', i.fields.model_number) +
    el('Category', i.sku.category_code) +
    el('CountryOfOrigin', country(i.fields.country_of_origin)) +
    (markets.length ? `<TargetMarkets>${markets.map((m) => `<Market>${m}</Market>`).join('')}</TargetMarkets>` : '') +
    `<Operators>${ops}</Operators>` +
    `<SafetyInformation>${localized('safety_warnings', 'Warnings')}${localized('instructions', 'Instructions')}</SafetyInformation>` +
    `<Fields>${PLAIN_FIELDS.filter((k) => i.fields[k])
      .map((k) => el('Field', i.fields[k], ` key="${k}"`))
      .join('')}</Fields>` +
    `<Documents>${i.documents
      .map(
        (d) =>
          `<Document id="${d.id}" type="${xmlText(d.document_type)}"${lang(d.language) ? ` lang="${d.language}"` : ''}>${el('FileName', d.filename)}${el('Sha256', d.sha256)}${el('ValidUntil', d.valid_until)}</Document>`,
      )
      .join('')}</Documents>` +
    `</Product>\n`
  );
}

export const XML_TEMPLATES: ExportTemplateDefinition[] = [
  {
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1201',
    channel: 'gpsr_xml',
    name: 'GPSR product safety (XML)',
    format: 'XML',
    version: '1.0',
    description: `Products with identification, operators, safety information per language, other dossier fields and documents, in namespace ${GPSR_XML_NAMESPACE}; validates against the published XSD ${GPSR_XSD_PATH}.`,
    extension: 'xml',
    contentType: 'application/xml',
    mapping: {
      fields: [
        'gtin',
        'brand',
        'model_number',
        'country_of_origin',
        'target_markets',
        'safety_warnings',
        'instructions',
        ...PLAIN_FIELDS,
      ],
      document_types: [],
      entity_roles: [...ENTITY_ROLES],
    },
    checks: CORE_CHECKS,
    async render(ctx) {
      const out = fileWriter(ctx.outPath);
      await out.write(
        `<?xml version="1.0" encoding="UTF-8"?>\n<ProductSafetyExport xmlns="${GPSR_XML_NAMESPACE}" version="1.0" generated="${ctx.generatedAt.toISOString()}" workspace="${xmlText(ctx.workspaceName)}">\n`,
      );
      let n = 0;
      for await (const chunk of ctx.items()) {
        await out.write(chunk.map(productXml).join(''));
        n += chunk.length;
        await ctx.progress(n);
      }
      await out.write('</ProductSafetyExport>\n');
      await out.close();
    },
  },
];
