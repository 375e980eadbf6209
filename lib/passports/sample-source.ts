/**
 * Sample passport sources (what the compiler reads from an approved revision): a battery SKU with a rich
 * dossier, and variants. Used by the unit tests and by scripts/validate-passports.ts, which validates the
 * passports compiled from them against the published schema files.
 */
import type { PassportSource, SourceField } from '@/lib/passports/source';

const field = (value: string, over: Partial<SourceField> = {}): SourceField => ({
  value,
  source: 'manual',
  provenance: {},
  confirmed_by: 'reviewer@example.test',
  confirmed_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

export function batterySource(
  over: { fields?: Record<string, string | null>; category?: string } = {},
): PassportSource {
  const fields: Record<string, SourceField> = {
    model_number: field('EB-48V-14', {
      source: 'document_extraction',
      provenance: { document_id: 'doc-ds', document_name: 'Datasheet EB-48.pdf', page: 2, quote: 'Model EB-48V-14' },
    }),
    product_description: field('48 V e-bike battery pack, 14 Ah.'),
    brand: field('Voltwerk'),
    hs_code: field('850760'),
    country_of_origin: field('DE'),
    applicable_legislation: field('Regulation (EU) 2023/1542'),
    harmonised_standards: field('EN 50604-1:2016'),
    safety_warnings_en: field('Do not short-circuit. Keep away from fire.'),
    other_marks: field('crossed-out wheeled bin; CE'),
    battery_category: field('lmt'),
    battery_chemistry: field('NMC (lithium nickel manganese cobalt oxide)'),
    battery_rated_capacity_ah: field('14 Ah'),
    battery_nominal_voltage_v: field('48 V'),
    battery_weight_kg: field('3,2 kg'),
    battery_manufacturing_date: field('2026-10-01'),
    battery_manufacturing_place: field('Akkuweg 3\n38100 Braunschweig'),
    operator_identifier: field('DE123456789', { confirmed_by: 'ops-lead@example.test' }),
    battery_carbon_footprint: field('61.5'),
    battery_carbon_footprint_class: field('B'),
    battery_recycled_content: field('Cobalt 12/4; Lithium 6/0; Nickel 6/0; Lead 85/0'),
    battery_due_diligence_report_url: field('https://voltwerk.example/due-diligence-2026.pdf'),
  };
  for (const [k, v] of Object.entries(over.fields ?? {})) {
    if (v === null) delete fields[k];
    else fields[k] = field(v);
  }
  return {
    base_url: 'https://app.example',
    public_id: 'ab12cd34ef',
    version: 3,
    revision: 3,
    published_at: '2026-11-28T09:00:00.000Z',
    workspace_name: 'Voltwerk GmbH',
    approved_by: 'approver@example.test',
    approved_at: '2026-11-27T09:00:00.000Z',
    sku: {
      id: '00000000-0000-4000-8000-000000000001',
      sku_code: 'EB-48',
      product_name: 'E-bike battery 48 V',
      gtin: '4012345678901',
      gtin14: '04012345678901',
      category_code: over.category ?? 'batteries',
    },
    fields,
    entities: [
      {
        role: 'manufacturer',
        name: 'Voltwerk GmbH',
        street: 'Akkuweg 3',
        postal_code: '38100',
        city: 'Braunschweig',
        address_lines: ['Akkuweg 3', '38100 Braunschweig'],
        country: 'DE',
        email: 'safety@voltwerk.example',
        url: 'https://voltwerk.example',
        phone: null,
      },
    ],
    documents: [
      {
        id: 'doc-doc',
        name: 'EU declaration of conformity EB-48.pdf',
        type: 'declaration_of_conformity',
        sha256: 'a'.repeat(64),
        mime_type: 'application/pdf',
        is_public: true,
        valid_until: null,
        url: 'https://app.example/p/ab12cd34ef/documents/doc-doc',
      },
      {
        id: 'doc-ds',
        name: 'Datasheet EB-48.pdf',
        type: 'other',
        sha256: 'b'.repeat(64),
        mime_type: 'application/pdf',
        is_public: false,
        valid_until: null,
        url: 'https://app.example/api/documents/doc-ds/file',
      },
      {
        id: 'doc-tr',
        name: 'UN 38.3 test report EB-48.pdf',
        type: 'test_report',
        sha256: 'c'.repeat(64),
        mime_type: 'application/pdf',
        is_public: false,
        valid_until: null,
        url: 'https://app.example/api/documents/doc-tr/file',
      },
    ],
  };
}
