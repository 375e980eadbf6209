/**
 * eBay: the offer's `regulatory` container (Inventory API) per SKU, as bulkCreateOffer bodies
 * { calls: [{ requests: [...] }, ...] } of at most 25 offers each (eBay's limit per call), each offer on
 * one marketplace chosen from the SKU's target markets by the rule in ebay-rules.ts. Documents are listed with eBay's documentType and languages; their documentId
 * comes from the Media API (createDocument) when they are uploaded, so it is null here with the file's
 * name and SHA-256 to match.
 */
import { isEuEstablished } from '@/lib/model/countries';
import type { ExportEntity, ExportItem } from '../catalogue-data';
import { clip, fileWriter } from '../output';
import { marketLanguages, targetMarkets } from './checks';
import { CORE_CHECKS, euOperator, manufacturer, needsEuOperator, warningText } from './shared';
import type { ExportTemplateDefinition } from './types';
import { EBAY_SAFETY_LABELS_READ_ON, ebaySafetyLabels, hasUnmappedWarnings } from './ebay-safety-labels';
import {
  chooseEbayMarketplace,
  EBAY_BULK_OFFER_LIMIT,
  EBAY_FALLBACK_MARKETPLACE,
  EBAY_MARKETPLACE_PRIORITY,
  type EbayMarketplaceId,
} from './ebay-rules';

/** eBay's field limits (ResponsiblePerson / Manufacturer types). */
export const EBAY_LIMITS = {
  companyName: 100,
  addressLine1: 180,
  addressLine2: 180,
  city: 64,
  postalCode: 9,
  stateOrProvince: 64,
  email: 250,
  phone: 64,
  contactUrl: 250,
  component: 120,
  responsiblePersons: 5,
} as const;

export const EBAY_DOCUMENT_TYPES: Record<string, string> = {
  declaration_of_conformity: 'DECLARATION_OF_CONFORMITY',
  certificate: 'CERTIFICATE_OF_CONFORMITY',
  manual: 'INSTRUCTIONS_FOR_USE',
  safety_data_sheet: 'SAFETY_DATA_SHEET',
  test_report: 'SAFETY_TEST_LAB_REPORTS',
  risk_assessment: 'OTHER_SAFETY_DOCUMENTS',
  cpsr: 'OTHER_SAFETY_DOCUMENTS',
};

export const EBAY_LANGUAGES: Record<string, string> = {
  bg: 'BULGARIAN',
  hr: 'CROATIAN',
  cs: 'CZECH',
  da: 'DANISH',
  nl: 'DUTCH',
  en: 'ENGLISH',
  et: 'ESTONIAN',
  fi: 'FINNISH',
  fr: 'FRENCH',
  de: 'GERMAN',
  el: 'GREEK',
  hu: 'HUNGARIAN',
  ga: 'IRISH',
  it: 'ITALIAN',
  lv: 'LATVIAN',
  lt: 'LITHUANIAN',
  mt: 'MALTESE',
  pl: 'POLISH',
  pt: 'PORTUGUESE',
  ro: 'ROMANIAN',
  sk: 'SLOVAK',
  sl: 'SLOVENIAN',
  es: 'SPANISH',
  sv: 'SWEDISH',
};

function company(e: ExportEntity) {
  const line2 = [e.postal_code, e.city].filter(Boolean).join(' ');
  return {
    companyName: clip(e.name, EBAY_LIMITS.companyName),
    addressLine1: clip(e.street, EBAY_LIMITS.addressLine1),
    ...(e.region ? { stateOrProvince: clip(e.region, EBAY_LIMITS.stateOrProvince) } : {}),
    city: clip(e.city ?? (line2 || null), EBAY_LIMITS.city),
    postalCode: clip(e.postal_code, EBAY_LIMITS.postalCode),
    country: e.country,
    ...(e.email ? { email: clip(e.email, EBAY_LIMITS.email) } : {}),
    ...(e.phone ? { phone: clip(e.phone, EBAY_LIMITS.phone) } : {}),
    ...(e.contact_url ? { contactUrl: clip(e.contact_url, EBAY_LIMITS.contactUrl) } : {}),
  };
}

const drop = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;

export function responsiblePersons(item: ExportItem): ExportEntity[] {
  const out: ExportEntity[] = [];
  for (const role of ['responsible_person', 'authorised_representative', 'importer'] as const) {
    const e = item.entities[role];
    if (e && isEuEstablished(e.country) && !out.some((x) => x.id === e.id)) out.push(e);
  }
  if (!out.length && needsEuOperator(item)) {
    const e = euOperator(item);
    if (e) out.push(e);
  }
  return out;
}

/**
 * productSafety by eBay's ids (2026.12): statements and pictograms from the mapping table. 2026.11 and
 * earlier wrote the warning texts into statements, which eBay refuses (it takes only its ids).
 */
function productSafetyByIds(item: ExportItem) {
  const labels = ebaySafetyLabels(item);
  if (!labels.statements.length && !labels.pictograms.length) return null;
  return {
    ...(labels.pictograms.length ? { pictograms: labels.pictograms } : {}),
    ...(labels.statements.length ? { statements: labels.statements } : {}),
  };
}

export function ebayRequest(item: ExportItem, preferred?: EbayMarketplaceId | null, opts: { labelIds?: boolean } = {}) {
  const mfr = manufacturer(item);
  const languages = marketLanguages(item);
  const statements = languages.map((l) => warningText(item, l)).filter((s): s is string => Boolean(s));
  const safety = opts.labelIds ? productSafetyByIds(item) : statements.length ? { statements } : null;
  return {
    sku: item.sku.sku_code,
    marketplaceId: chooseEbayMarketplace(targetMarkets(item), preferred).marketplaceId,
    format: 'FIXED_PRICE',
    regulatory: {
      ...(mfr ? { manufacturer: drop(company(mfr)) } : {}),
      responsiblePersons: responsiblePersons(item)
        .slice(0, EBAY_LIMITS.responsiblePersons)
        .map((e) => ({ ...drop(company(e)), types: ['EU_RESPONSIBLE_PERSON'] })),
      ...(safety ? { productSafety: safety } : {}),
      documents: item.documents
        .filter((d) => EBAY_DOCUMENT_TYPES[d.document_type])
        .map((d) => ({
          documentId: null,
          documentType: EBAY_DOCUMENT_TYPES[d.document_type],
          languages: d.language && EBAY_LANGUAGES[d.language] ? [EBAY_LANGUAGES[d.language]] : [],
          fileName: d.filename,
          sha256: d.sha256,
        })),
    },
  };
}

const len = (get: (e: ExportEntity) => string | null) => (i: ExportItem) => {
  const m = manufacturer(i);
  return m ? get(m) : null;
};

function ebayTemplate(opts: { id: string; version: string; labelIds: boolean }): ExportTemplateDefinition {
  return {
    id: opts.id,
    channel: 'ebay',
    name: 'eBay regulatory (Inventory API offers)',
    format: 'JSON',
    version: opts.version,
    description: opts.labelIds
      ? `bulkCreateOffer calls of at most 25 offers, one marketplace per offer from the SKU's target markets (its only eBay country; of several, the export's preferred marketplace, else the first of DE, FR, IT, ES, NL, BE, AT, PL, IE), each with regulatory.manufacturer, responsiblePersons (EU, at most 5, eBay field limits applied), productSafety with eBay's statement and pictogram ids mapped from the dossier (age grading, battery type, CE marking, warnings; table read ${EBAY_SAFETY_LABELS_READ_ON}; at most 2 pictograms and 8 statements) and documents with eBay document types and languages (documentId to be filled by the Media API upload).`
      : "bulkCreateOffer calls of at most 25 offers, one marketplace per offer from the SKU's target markets (its only eBay country; of several, the export's preferred marketplace, else the first of DE, FR, IT, ES, NL, BE, AT, PL, IE), each with regulatory.manufacturer, responsiblePersons (EU, at most 5, eBay field limits applied), productSafety.statements (warnings of the target-market languages) and documents with eBay document types and languages (documentId to be filled by the Media API upload).",
    extension: 'json',
    contentType: 'application/json',
    mapping: {
      fields: [
        'manufacturer_name',
        'manufacturer_address',
        'manufacturer_country',
        'manufacturer_email',
        'responsible_person_name',
        'target_markets',
        'safety_warnings',
      ],
      document_types: Object.keys(EBAY_DOCUMENT_TYPES),
      entity_roles: ['manufacturer', 'responsible_person', 'authorised_representative', 'importer'],
    },
    checks: [
      ...CORE_CHECKS,
      {
        kind: 'max_length',
        field: 'manufacturer_name',
        label: 'Manufacturer name (eBay companyName)',
        max: EBAY_LIMITS.companyName,
        get: len((e) => e.name),
      },
      {
        kind: 'max_length',
        field: 'manufacturer_address',
        label: 'Manufacturer street (eBay addressLine1)',
        max: EBAY_LIMITS.addressLine1,
        get: len((e) => e.street),
      },
      {
        kind: 'max_length',
        field: 'manufacturer_address',
        label: 'Manufacturer city (eBay city)',
        max: EBAY_LIMITS.city,
        get: len((e) => e.city),
      },
      {
        kind: 'max_length',
        field: 'manufacturer_url',
        label: 'Manufacturer website (eBay contactUrl)',
        max: EBAY_LIMITS.contactUrl,
        get: len((e) => e.contact_url),
      },
      {
        kind: 'required',
        field: 'manufacturer_country',
        label: 'Manufacturer country (ISO-2)',
        get: (i) => manufacturer(i)?.country,
        fix: "Set the manufacturer's country.",
      },
      {
        kind: 'required',
        field: 'target_markets',
        label: 'A target market with an eBay site',
        get: (i) => (chooseEbayMarketplace(targetMarkets(i)).rule === 'fallback' ? null : 'ok'),
        fix: `Add a target market with an eBay site (${EBAY_MARKETPLACE_PRIORITY.map(([c]) => c).join(', ')}); until then the offer goes to the export's preferred marketplace or ${EBAY_FALLBACK_MARKETPLACE}.`,
      },
      {
        kind: 'max_count',
        field: 'responsible_person_name',
        label: 'EU responsible persons',
        max: EBAY_LIMITS.responsiblePersons,
        get: responsiblePersons,
      },
      ...(opts.labelIds
        ? [
            {
              kind: 'custom' as const,
              field: 'safety_warnings',
              label: 'eBay product safety statements',
              run: (i: ExportItem) =>
                hasUnmappedWarnings(i)
                  ? [
                      {
                        code: 'CHANNEL_UNMAPPED',
                        message:
                          "The safety warnings match none of eBay's predefined statements in the mapping table; eBay takes only its statement ids, so the offer carries no statement for them.",
                        fix: "Pick the matching statement in eBay's listing form, or state the hazard in the dossier (age grading, battery type, CE marking) so a rule of the table applies.",
                      },
                    ]
                  : [],
            },
          ]
        : []),
    ],
    async render(ctx) {
      const preferred = ctx.options?.ebay_marketplace ?? null;
      const out = fileWriter(ctx.outPath);
      await out.write('{"calls":[');
      // Offers are written as they are read; a call is closed after every EBAY_BULK_OFFER_LIMIT.max.
      let n = 0;
      for await (const chunk of ctx.items()) {
        let text = '';
        for (const item of chunk) {
          const inCall = n % EBAY_BULK_OFFER_LIMIT.max;
          if (inCall === 0) text += `${n ? '\n]},' : ''}\n{"requests":[`;
          text += `${inCall ? ',' : ''}\n${JSON.stringify(ebayRequest(item, preferred, { labelIds: opts.labelIds }))}`;
          n++;
        }
        await out.write(text);
        await ctx.progress(n);
      }
      await out.write(n ? '\n]}\n]}\n' : ']}\n');
      await out.close();
    },
  };
}

export const EBAY_TEMPLATES: ExportTemplateDefinition[] = [
  // 2026.11: calls of at most 25 offers, marketplace by rule (2025.03 put every offer in one body).
  ebayTemplate({ id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0b01', version: '2026.11', labelIds: false }),
  // 2026.12: productSafety by eBay's statement and pictogram ids (2026.11 wrote free text there).
  ebayTemplate({ id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0b02', version: '2026.12', labelIds: true }),
];
