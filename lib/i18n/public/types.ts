/**
 * What each public locale beyond the five contract locales must say: the page and PDF dictionary,
 * the label of every dossier field and every category. `PublicLocaleTexts` makes a locale file
 * complete; tests/unit/i18n/public-locales.test.ts checks FIELD_LABEL_KEYS against the catalogue,
 * so a new field cannot go without its 26 labels.
 */
import type { CategoryCode } from '@/lib/enums';
import type { Dictionary } from '../messages-en';

export const FIELD_LABEL_KEYS = [
  'gtin',
  'model_number',
  'batch_or_serial_scheme',
  'product_image_url',
  'brand',
  'product_description',
  'manufacturer_name',
  'manufacturer_address',
  'manufacturer_country',
  'manufacturer_email',
  'manufacturer_url',
  'importer_name',
  'importer_address',
  'importer_country',
  'importer_email',
  'responsible_person_name',
  'responsible_person_address',
  'responsible_person_country',
  'responsible_person_email',
  'safety_warnings',
  'instructions',
  'target_markets',
  'ce_marking',
  'other_marks',
  'applicable_legislation',
  'harmonised_standards',
  'country_of_origin',
  'hs_code',
  'age_grading',
  'placed_on_market_date',
  'doc_issue_date',
  'certificate_valid_until',
  'instructions_needed',
  'electrically_powered',
  'radio_equipment',
  'rated_voltage',
  'battery_type',
  'cpnp_number',
  'ingredients_inci',
  'ufi_code',
  'fibre_composition',
  'fibre_label_languages',
  'contains_animal_parts',
  'clp_hazardous',
  'battery_cd_pb_above_limit',
  'eprel_registration_number',
  'is_light_source',
  'weee_registration_numbers',
  'battery_registration_numbers',
  'packaging_registration_numbers',
  'ppe_category',
  'notified_body_number',
  'nominal_content',
  'minimum_durability_or_pao',
  'cosmetic_function',
  'cosmetic_small_pack',
  'cosmetic_function_evident',
  'battery_category',
  'battery_chemistry',
  'battery_rated_capacity_ah',
  'battery_nominal_voltage_v',
  'battery_weight_kg',
  'battery_manufacturing_date',
  'battery_manufacturing_place',
  'operator_identifier',
  'battery_carbon_footprint',
  'battery_carbon_footprint_class',
  'battery_recycled_content',
  'battery_due_diligence_report_url',
  'facility_identifier',
] as const;
export type FieldLabelKey = (typeof FIELD_LABEL_KEYS)[number];

export interface PublicLocaleTexts {
  messages: Dictionary;
  fields: Readonly<Record<FieldLabelKey, string>>;
  categories: Readonly<Record<CategoryCode, string>>;
  /** Quotation marks around a quoted source text in dossier.pdf. */
  quotes: readonly [open: string, close: string];
}
