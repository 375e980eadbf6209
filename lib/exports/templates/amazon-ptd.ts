/**
 * Amazon's rules as data: the product type each category is listed under, and the GPSR attributes a
 * listing of each product type carries, as JSON Schemas written from Amazon's Product Type Definitions
 * (JSON Schema 2019-09 with Amazon's meta-schema; each attribute an array of per-marketplace objects).
 * Every schema names its source and the date it was read. A listing with the wrong product type is
 * refused, so a category without a mapping is never guessed: its SKUs are warnings and stay out of the
 * file until the workspace maps the category (export_channel_mappings, kind amazon_product_type).
 *
 * What is not here: the live definitions themselves (getDefinitionsProductType needs a seller's
 * authorisation and returns links valid for 7 days). The attribute shapes below are the ones the
 * definitions publish for the GPSR attributes; re-read them when Amazon's monthly attribute update
 * changes them, and bump AMAZON_PTD_READ_ON.
 */

export const AMAZON_PTD_READ_ON = '2026-11-30';

export const AMAZON_PTD_SOURCES = {
  gpsr_attributes:
    'https://developer-docs.amazon.com/sp-api/changelog/developers-can-use-attributes-in-their-programmatic-listings-submissions-to-comply-with-gpsr',
  meta_schema: 'https://developer-docs.amazon.com/sp-api/docs/product-type-definition-meta-schema',
  definitions_api: 'https://developer-docs.amazon.com/sp-api/docs/product-type-definitions-api',
  validation_preview: 'https://developer-docs.amazon.com/sp-api/docs/preview-errors-before-creating-a-listing',
} as const;

/** The shipped default: category code → product type. The workspace's own rows override it. */
export const DEFAULT_AMAZON_PRODUCT_TYPES: Readonly<Record<string, string | null>> = {
  toys: 'TOY_FIGURE',
  batteries: 'BATTERY',
  cosmetics: 'BEAUTY',
  // Too broad for one product type: the workspace decides (until then the SKUs are warnings).
  general: null,
  electrical: null,
  chemicals: null,
  textiles: null,
  machinery: null,
};

/** An Amazon product type name as the definitions spell them. */
export const AMAZON_PRODUCT_TYPE_PATTERN = /^[A-Z][A-Z0-9_]{1,79}$/;

const marketplaceId = { type: 'string', pattern: '^A[A-Z0-9]{8,16}$' } as const;
const languageTag = { type: 'string', pattern: '^[a-z]{2}_[A-Z]{2}$' } as const;
const perMarketplace = (value: Record<string, unknown>, required: string[]) => ({
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: [...required, 'marketplace_id'],
    properties: { ...value, marketplace_id: marketplaceId },
    additionalProperties: false,
  },
});

/** The GPSR attributes as the Product Type Definitions describe them. */
const GPSR_ATTRIBUTES = {
  gpsr_manufacturer_reference: perMarketplace(
    { gpsr_manufacturer_email_address: { type: 'string', minLength: 1, maxLength: 250 } },
    ['gpsr_manufacturer_email_address'],
  ),
  dsa_responsible_party_address: perMarketplace({ value: { type: 'string', minLength: 1, maxLength: 250 } }, ['value']),
  gpsr_safety_attestation: perMarketplace({ value: { type: 'boolean' } }, ['value']),
  manufacturer: perMarketplace({ value: { type: 'string', minLength: 1, maxLength: 100 }, language_tag: languageTag }, [
    'value',
  ]),
  safety_warning: perMarketplace(
    { value: { type: 'string', minLength: 1, maxLength: 2000 }, language_tag: languageTag },
    ['value', 'language_tag'],
  ),
  country_of_origin: perMarketplace({ value: { type: 'string', pattern: '^[A-Z]{2}$' } }, ['value']),
  compliance_media: perMarketplace(
    {
      content_type: {
        enum: [
          'user_manual',
          'safety_data_sheet',
          'declaration_of_conformity',
          'certificate_of_compliance',
          'safety_information',
        ],
      },
      content_language: languageTag,
      source_location: { type: 'string', pattern: '^https://' },
    },
    ['content_type', 'content_language', 'source_location'],
  ),
} as const;

/** What every EU listing of these product types must carry for GPSR (Amazon's GPSR changelog). */
const GPSR_REQUIRED = ['gpsr_manufacturer_reference', 'gpsr_safety_attestation', 'dsa_responsible_party_address'];

function productTypeSchema(productType: string, extraRequired: string[] = []) {
  return {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: `amazon-ptd/${productType}/gpsr`,
    title: `${productType}: GPSR attributes of a listing (EU marketplaces)`,
    'x-source': [AMAZON_PTD_SOURCES.gpsr_attributes, AMAZON_PTD_SOURCES.meta_schema],
    'x-read-on': AMAZON_PTD_READ_ON,
    type: 'object',
    required: [...GPSR_REQUIRED, ...extraRequired],
    properties: GPSR_ATTRIBUTES,
    // Other attributes of the product type are not ours to send in a GPSR update.
    additionalProperties: false,
  };
}

/** One schema per product type the defaults or a workspace can map to (others get the generic one). */
export const AMAZON_GPSR_SCHEMAS: Readonly<Record<string, ReturnType<typeof productTypeSchema>>> = {
  TOY_FIGURE: productTypeSchema('TOY_FIGURE', ['safety_warning', 'country_of_origin']),
  BATTERY: productTypeSchema('BATTERY', ['safety_warning', 'country_of_origin']),
  BEAUTY: productTypeSchema('BEAUTY', ['country_of_origin']),
  PRODUCT: productTypeSchema('PRODUCT'),
};

export const amazonGpsrSchema = (productType: string) =>
  AMAZON_GPSR_SCHEMAS[productType] ?? AMAZON_GPSR_SCHEMAS.PRODUCT;

/** The fix a person applies for an attribute the schema finds missing or wrong. */
export const AMAZON_ATTRIBUTE_FIX: Record<string, { field: string; fix: string }> = {
  gpsr_manufacturer_reference: {
    field: 'manufacturer_email',
    fix: "Add the manufacturer's email or contact page (exactly as registered for the brand in Seller Central).",
  },
  dsa_responsible_party_address: {
    field: 'responsible_person_email',
    fix: "Add the EU responsible person's email or contact page (or the manufacturer's, when it is established in the EU).",
  },
  gpsr_safety_attestation: {
    field: 'safety_warnings',
    fix: 'Add the safety warnings, or confirm that none are needed.',
  },
  safety_warning: {
    field: 'safety_warnings',
    fix: 'Add the safety warnings in the language of each Amazon marketplace among the target markets.',
  },
  country_of_origin: { field: 'country_of_origin', fix: 'Fill "Country of origin" (ISO code).' },
  manufacturer: { field: 'manufacturer_name', fix: 'Link a manufacturer on the Entities tab.' },
  compliance_media: { field: 'documents', fix: 'Publish the document on the safety page so it has a public URL.' },
};
