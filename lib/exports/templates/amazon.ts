/**
 * Amazon EU listings: a JSON_LISTINGS_FEED (Listings Items API shape) of PATCH messages that set the
 * GPSR attributes per marketplace. Manufacturer and RP contacts are entered at brand level in Seller
 * Central; the listing carries references to them (the same email/URL), per marketplace.
 */
import { fileWriter } from '../output';
import { targetMarkets } from './checks';
import { CORE_CHECKS, euOperator, manufacturer, needsEuOperator, publicDocumentUrl, warningText } from './shared';
import type { ExportTemplateDefinition } from './types';
import type { ExportItem } from '../catalogue-data';

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

function amazonMessage(item: ExportItem, messageId: number, publicBaseUrl: string | null, withMedia: boolean) {
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
  return {
    messageId,
    sku: item.sku.sku_code,
    operationType: 'PATCH',
    productType: 'PRODUCT',
    patches: Object.entries(attributes)
      .filter(([, v]) => v.length)
      .map(([name, value]) => ({ op: 'replace', path: `/attributes/${name}`, value })),
  };
}

function amazonTemplate(opts: { id: string; version: string; withMedia: boolean }): ExportTemplateDefinition {
  return {
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
      const out = fileWriter(ctx.outPath);
      await out.write(`{"header":{"sellerId":"SELLER_ID","version":"2.0","issueLocale":"en_US"},"messages":[`);
      let n = 0;
      for await (const chunk of ctx.items()) {
        let text = '';
        for (const item of chunk) {
          n++;
          text += `${n > 1 ? ',' : ''}\n${JSON.stringify(amazonMessage(item, n, ctx.publicBaseUrl, opts.withMedia))}`;
        }
        await out.write(text);
        await ctx.progress(n);
      }
      await out.write('\n]}\n');
      await out.close();
    },
  };
}

export const AMAZON_TEMPLATES = [
  amazonTemplate({ id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a01', version: '2024.12', withMedia: false }),
  amazonTemplate({ id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a02', version: '2025.06', withMedia: true }),
];
