/**
 * Amazon EU listings: a JSON_LISTINGS_FEED (Listings Items API shape) of PATCH messages that set the
 * GPSR attributes per marketplace. Manufacturer and RP contacts are entered at brand level in Seller
 * Central; the listing carries references to them (the same email/URL), per marketplace.
 */
import { fileWriter } from '../output';
import { targetMarkets } from './checks';
import { CORE_CHECKS, euOperator, manufacturer, needsEuOperator, publicDocumentUrl, warningText } from './shared';
import Ajv2019 from 'ajv/dist/2019';
import type { ValidateFunction } from 'ajv';
import type { ChannelCheck, ExportTemplateDefinition } from './types';
import type { ExportItem } from '../catalogue-data';
import { DEFAULT_MAPPINGS, type ChannelMappings } from '../channel-mappings';
import { AMAZON_ATTRIBUTE_FIX, AMAZON_PTD_READ_ON, AMAZON_PTD_SOURCES, amazonGpsrSchema } from './amazon-ptd';

/** Amazon EU marketplaces (the GPSR attributes apply there), with the listing language. */
export const AMAZON_MARKETPLACES: Record<string, { id: string; language: string; tag: string }> = {
  DE: { id: 'A1PA6795UKMFR9', language: 'de', tag: 'de_DE' },
  FR: { id: 'A13V1IB3VIYZZH', language: 'fr', tag: 'fr_FR' },
  IT: { id: 'APJ6JRA9NG5V4', language: 'it', tag: 'it_IT' },
  ES: { id: 'A1RKKUPIHCS9HS', language: 'es', tag: 'es_ES' },
  NL: { id: 'A1805IZSGTT6HS', language: 'nl', tag: 'nl_NL' },
  SE: { id: 'A2NODRKZP88ZB9', language: 'sv', tag: 'sv_SE' },
  PL: { id: 'A1C3SOZRARQ6R3', language: 'pl', tag: 'pl_PL' },
  BE: { id: 'AMEN7PMS3EDWL', language: 'fr', tag: 'fr_BE' },
};

/** Our document types as Amazon compliance_media content types (others are not sent). */
export const AMAZON_CONTENT_TYPES: Record<string, string> = {
  manual: 'user_manual',
  safety_data_sheet: 'safety_data_sheet',
  declaration_of_conformity: 'declaration_of_conformity',
  certificate: 'certificate_of_compliance',
  test_report: 'safety_information',
  risk_assessment: 'safety_information',
};

const LANGUAGE_TAG: Record<string, string> = {
  de: 'de_DE',
  fr: 'fr_FR',
  it: 'it_IT',
  es: 'es_ES',
  nl: 'nl_NL',
  sv: 'sv_SE',
  pl: 'pl_PL',
  en: 'en_GB',
};

export function amazonMarkets(item: ExportItem): string[] {
  const m = targetMarkets(item).filter((c) => AMAZON_MARKETPLACES[c]);
  return m.length ? m : [];
}

/** The GPSR attributes of one listing, per Amazon EU marketplace among the target markets. */
function amazonAttributes(item: ExportItem, publicBaseUrl: string | null, withMedia: boolean) {
  const markets = amazonMarkets(item);
  const mfr = manufacturer(item);
  const rp = needsEuOperator(item) ? euOperator(item) : mfr;
  const perMarket = <T extends object>(f: (mp: (typeof AMAZON_MARKETPLACES)[string], code: string) => T | null) =>
    markets.map((c) => f(AMAZON_MARKETPLACES[c], c)).filter((x): x is T => x !== null);
  const attributes: Record<string, unknown[]> = {};
  const ref = mfr ? (mfr.email ?? mfr.contact_url) : null;
  if (ref)
    attributes.gpsr_manufacturer_reference = perMarket((mp) => ({
      gpsr_manufacturer_email_address: ref,
      marketplace_id: mp.id,
    }));
  const rpRef = rp ? (rp.email ?? rp.contact_url) : null;
  if (rpRef) attributes.dsa_responsible_party_address = perMarket((mp) => ({ value: rpRef, marketplace_id: mp.id }));
  if (mfr?.name)
    attributes.manufacturer = perMarket((mp) => ({ value: mfr.name, language_tag: mp.tag, marketplace_id: mp.id }));
  const warnings = perMarket((mp) => {
    const text = warningText(item, mp.language);
    return text ? { value: text, language_tag: mp.tag, marketplace_id: mp.id } : null;
  });
  if (warnings.length) attributes.safety_warning = warnings;
  // "yes" only when no warning is needed: a product with warnings attests nothing.
  attributes.gpsr_safety_attestation = perMarket((mp) => ({
    value: !Object.keys(item.fields).some((k) => k.startsWith('safety_warnings_')),
    marketplace_id: mp.id,
  }));
  if (item.fields.country_of_origin)
    attributes.country_of_origin = perMarket((mp) => ({ value: item.fields.country_of_origin, marketplace_id: mp.id }));
  if (withMedia) {
    const media = item.documents.flatMap((d) => {
      const type = AMAZON_CONTENT_TYPES[d.document_type];
      const url = publicDocumentUrl({ publicBaseUrl }, item, d);
      if (!type || !url) return [];
      return perMarket((mp) => ({
        content_type: type,
        content_language: (d.language && LANGUAGE_TAG[d.language]) || mp.tag,
        source_location: url,
        marketplace_id: mp.id,
      }));
    });
    if (media.length) attributes.compliance_media = media;
  }
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => v.length));
}

const patchesOf = (attributes: Record<string, unknown[]>) =>
  Object.entries(attributes).map(([name, value]) => ({ op: 'replace', path: `/attributes/${name}`, value }));

function amazonMessage(
  item: ExportItem,
  messageId: number,
  publicBaseUrl: string | null,
  withMedia: boolean,
  productType = 'PRODUCT',
) {
  return {
    messageId,
    sku: item.sku.sku_code,
    operationType: 'PATCH',
    productType,
    patches: patchesOf(amazonAttributes(item, publicBaseUrl, withMedia)),
  };
}

/** The SKU's Amazon product type from the mapping table (null: not mapped, the SKU stays out). */
export const amazonProductType = (item: ExportItem, mappings: ChannelMappings) =>
  mappings.amazon_product_type[item.sku.category_code] ?? null;

let ajv: Ajv2019 | null = null;
const validators = new Map<string, ValidateFunction>();
/** The compiled schema of a product type (compiled once per process). */
export function amazonValidator(productType: string): ValidateFunction {
  const schema = amazonGpsrSchema(productType);
  let v = validators.get(schema.$id);
  if (!v) {
    ajv ??= new Ajv2019({ allErrors: true, strict: false });
    v = ajv.compile(schema);
    validators.set(schema.$id, v);
  }
  return v;
}

/** Findings of the schema of the SKU's product type, one per attribute, with the field and fix. */
export function amazonSchemaFindings(item: ExportItem, productType: string, attributes: Record<string, unknown[]>) {
  const validate = amazonValidator(productType);
  if (validate(attributes)) return [];
  const byAttribute = new Map<string, string>();
  for (const e of validate.errors ?? []) {
    const attr =
      (e.params as { missingProperty?: string }).missingProperty ?? e.instancePath.split('/')[1] ?? '(listing)';
    if (!byAttribute.has(attr))
      byAttribute.set(
        attr,
        e.keyword === 'required' ? 'is required' : `${e.instancePath} ${e.message ?? 'is invalid'}`,
      );
  }
  return [...byAttribute].map(([attr, what]) => ({
    field: AMAZON_ATTRIBUTE_FIX[attr]?.field ?? attr,
    code: 'CHANNEL_SCHEMA',
    message: `Amazon product type ${productType}: ${attr} ${what} (the listing would be refused).`,
    fix: AMAZON_ATTRIBUTE_FIX[attr]?.fix ?? `Correct ${attr}.`,
  }));
}

/** Mapping and schema checks of the 2026.11 templates (need the workspace's mapping table). */
function mappedChecks(mappings: ChannelMappings): ChannelCheck[] {
  return [
    {
      kind: 'custom',
      field: 'category_code',
      label: 'Amazon product type',
      run: (item) => {
        if (!amazonMarkets(item).length) return []; // the target_markets check says it
        const productType = amazonProductType(item, mappings);
        if (!productType)
          return [
            {
              field: 'category_code',
              code: 'CHANNEL_UNMAPPED',
              message: `No Amazon product type is mapped for the category "${item.sku.category_code}"; the SKU is not in the file (a listing with a wrong product type is refused).`,
              fix: `Choose the Amazon product type for the category "${item.sku.category_code}" in the export dialog's Amazon product types, or give the SKU another category.`,
            },
          ];
        return amazonSchemaFindings(item, productType, amazonAttributes(item, null, false));
      },
    },
  ];
}

function amazonTemplate(opts: {
  id: string;
  version: string;
  withMedia: boolean;
  /** 2026.11: product type per SKU from the mapping table, schema-validated; unmapped SKUs left out. */
  mapped?: boolean;
}): ExportTemplateDefinition {
  const base = {
    id: opts.id,
    channel: 'amazon_eu',
    name: 'Amazon EU listings (GPSR attributes)',
    format: 'JSON',
    version: opts.version,
    description:
      'JSON_LISTINGS_FEED of PATCH messages: gpsr_manufacturer_reference, dsa_responsible_party_address, gpsr_safety_attestation, manufacturer, safety_warning per listing language' +
      (opts.withMedia ? ', compliance_media (public document URLs per language)' : '') +
      ' and country_of_origin, for each Amazon EU marketplace among the target markets. Replace SELLER_ID before upload.',
    extension: 'json',
    contentType: 'application/json',
    mapping: {
      fields: [
        'manufacturer_name',
        'manufacturer_email',
        'manufacturer_url',
        'responsible_person_email',
        'country_of_origin',
        'target_markets',
        'safety_warnings',
      ],
      document_types: opts.withMedia ? Object.keys(AMAZON_CONTENT_TYPES) : [],
      entity_roles: ['manufacturer', 'responsible_person', 'importer'],
    },
    checks: [
      ...CORE_CHECKS,
      {
        kind: 'required',
        field: 'target_markets',
        label: 'An Amazon EU marketplace among the target markets',
        get: (i) => amazonMarkets(i),
        fix: 'Add DE, FR, IT, ES, NL, SE, PL or BE to the target markets.',
      },
      {
        kind: 'required',
        field: 'country_of_origin',
        label: 'Country of origin',
        get: (i) => i.fields.country_of_origin,
        fix: 'Fill "Country of origin".',
      },
    ],
    async render(ctx) {
      const mappings = ctx.mappings ?? DEFAULT_MAPPINGS;
      const out = fileWriter(ctx.outPath);
      await out.write(`{"header":{"sellerId":"SELLER_ID","version":"2.0","issueLocale":"en_US"},"messages":[`);
      let n = 0;
      let seen = 0;
      for await (const chunk of ctx.items()) {
        let text = '';
        for (const item of chunk) {
          seen++;
          const productType = opts.mapped ? amazonProductType(item, mappings) : 'PRODUCT';
          if (!productType) continue; // a warning of the run says why
          n++;
          text += `${n > 1 ? ',' : ''}\n${JSON.stringify(amazonMessage(item, n, ctx.publicBaseUrl, opts.withMedia, productType))}`;
        }
        await out.write(text);
        await ctx.progress(seen);
      }
      await out.write('\n]}\n');
      await out.close();
    },
  } satisfies ExportTemplateDefinition;
  if (!opts.mapped) return base;
  return {
    ...base,
    description:
      base.description +
      ` Product type per SKU from the category mapping (defaults written from Amazon's Product Type Definitions, read ${AMAZON_PTD_READ_ON}; editable per workspace); each listing's attributes validated against the product type's JSON Schema; SKUs of an unmapped category are left out with a warning.`,
    checks: [...base.checks, ...mappedChecks(DEFAULT_MAPPINGS)],
    checksFor: (mappings) => [...base.checks, ...mappedChecks(mappings)],
  };
}

/**
 * Listings Items API requests for a real submission, first as a preview: one patchListingsItem per SKU
 * and marketplace with mode=VALIDATION_PREVIEW (Amazon validates without saving; 1 request per second),
 * the body {productType, patches}. Sending the same requests without `mode` submits them.
 */
function amazonPreviewTemplate(): ExportTemplateDefinition {
  const feed = amazonTemplate({ id: '', version: '', withMedia: true, mapped: true });
  return {
    ...feed,
    id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a11',
    channel: 'amazon_eu_listings_api',
    name: 'Amazon EU Listings Items API (VALIDATION_PREVIEW requests)',
    version: '2026.11',
    description:
      "patchListingsItem requests (Listings Items API 2021-08-01), one per SKU and Amazon EU marketplace among its target markets, with mode=VALIDATION_PREVIEW so Amazon answers with the listing's issues without saving it; body {productType, patches} with the GPSR attributes of that marketplace. Product type per SKU from the category mapping, attributes validated against the product type's JSON Schema; SKUs of an unmapped category are left out with a warning. Replace SELLER_ID; drop mode to submit.",
    async render(ctx) {
      const mappings = ctx.mappings ?? DEFAULT_MAPPINGS;
      const out = fileWriter(ctx.outPath);
      await out.write(
        `{"api":"listings/2021-08-01","operation":"patchListingsItem","source":${JSON.stringify(AMAZON_PTD_SOURCES.validation_preview)},"rate_limit_per_second":1,"requests":[`,
      );
      let n = 0;
      let seen = 0;
      for await (const chunk of ctx.items()) {
        let text = '';
        for (const item of chunk) {
          seen++;
          const productType = amazonProductType(item, mappings);
          if (!productType) continue;
          const attributes = amazonAttributes(item, ctx.publicBaseUrl, true);
          for (const code of amazonMarkets(item)) {
            const mp = AMAZON_MARKETPLACES[code].id;
            // One marketplace per request: only that marketplace's values of each attribute.
            const own = Object.fromEntries(
              Object.entries(attributes)
                .map(([k, v]) => [k, v.filter((x) => (x as { marketplace_id?: string }).marketplace_id === mp)])
                .filter(([, v]) => v.length),
            ) as Record<string, unknown[]>;
            n++;
            text += `${n > 1 ? ',' : ''}\n${JSON.stringify({
              method: 'PATCH',
              path: `/listings/2021-08-01/items/SELLER_ID/${encodeURIComponent(item.sku.sku_code)}`,
              query: { marketplaceIds: mp, mode: 'VALIDATION_PREVIEW', includedData: 'issues', issueLocale: 'en_US' },
              body: { productType, patches: patchesOf(own) },
            })}`;
          }
        }
        await out.write(text);
        await ctx.progress(seen);
      }
      await out.write('\n]}\n');
      await out.close();
    },
  };
}

export const AMAZON_TEMPLATES: ExportTemplateDefinition[] = [
  amazonTemplate({ id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a01', version: '2024.12', withMedia: false }),
  amazonTemplate({ id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a02', version: '2025.06', withMedia: true }),
  // 2026.11: a product type per SKU (2025.06 sent "PRODUCT" for every SKU, which Amazon refuses).
  amazonTemplate({ id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a03', version: '2026.11', withMedia: true, mapped: true }),
  amazonPreviewTemplate(),
];
