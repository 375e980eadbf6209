/**
 * Light sources: ecodesign (Commission Regulation (EU) 2019/2020) and energy labelling (Commission
 * Delegated Regulation (EU) 2019/2015 under Regulation (EU) 2017/1369), with the registration of the
 * model in EPREL. A regime pack (lib/requirements/regimes.ts): it applies to lamps whatever their
 * category, found by their words or by "Light source sold as such: yes".
 *
 * A light source sold as such carries the label, has a product information sheet and is registered; a
 * luminaire that only contains one ("containing product") has none of these duties (2019/2015 Art. 3,
 * 2019/2020 Art. 2): its rules are conditional on the fact, which is asked when unknown.
 */
import { annex, art } from '../packs';
import type { RegimePack } from '../regimes';

const DATES_NOTE =
  'Application date (1 September 2021) from Art. 11 of 2019/2015 and Art. 12 of 2019/2020 as remembered.';
const ANNEX_NOTE = 'Annex number not re-read against the published text.';
const LIGHT_SOURCE = [{ fact: 'is_light_source' as const, is: 'yes' as const }];
/** Both Regulations apply from 1 September 2021. */
const APPLIES_FROM = '2021-09-01';

export const LIGHT_SOURCE_TERMS: readonly string[] = [
  // en
  'lamp',
  'light bulb',
  'bulb',
  'led bulb',
  'led lamp',
  'led tube',
  'led strip',
  'light source',
  'luminaire',
  'lighting',
  'ceiling light',
  'wall light',
  'pendant light',
  'spotlight',
  'downlight',
  'fluorescent tube',
  // de
  'lampe',
  'leuchte',
  'leuchtmittel',
  'gluhbirne',
  'gluhlampe',
  'birne',
  'led streifen',
  'lichtquelle',
  'beleuchtung',
  'strahler',
  // fr, es, it
  'ampoule',
  'luminaire',
  'eclairage',
  'bombilla',
  'lampara',
  'luminaria',
  'iluminacion',
  'lampadina',
  'lampada',
  'illuminazione',
  // nl, pl
  'gloeilamp',
  'verlichting',
  'lichtbron',
  'zarowk',
  'lampa',
  'oswietlenie',
  'zrodlo swiatla',
];

export function lightSourcesPack(): RegimePack {
  return {
    id: 'light-sources@2026-11',
    section: 'light-sources',
    title: 'Light sources: ecodesign (EU) 2019/2020 and energy labelling (EU) 2019/2015',
    summary:
      'For a light source placed on the market as such: the EPREL registration, the energy label and the product information sheet (documents of type "other" whose references name the label or the sheet), and a declaration of conformity naming the ecodesign measure. A luminaire that only contains a light source has none of these duties. The ecodesign limits themselves (efficacy, standby power, functional parameters) are for the test report and are not checked here.',
    applies: { terms: LIGHT_SOURCE_TERMS, fields_yes: ['is_light_source'] },
    rules: [
      {
        id: 'light_sources.eprel',
        code: 'LIGHT_SOURCE_EPREL_NUMBER_MISSING',
        severity: 'blocker',
        when: LIGHT_SOURCE,
        applies_from: APPLIES_FROM,
        legal: [art('energy_label', '4', '1'), art('energy_label_ls', '3', '1', 'b', DATES_NOTE)],
        message: 'The EPREL registration number of the light source is missing.',
        satisfied_by: 'The registration number of the model in EPREL.',
        why: 'Regulation (EU) 2017/1369 Art. 4(1): before placing on the market a unit of a model covered by a delegated act, the supplier enters the model in the product database (EPREL); 2019/2015 Art. 3(1)(b) lists the product information sheet parameters to be entered. Mandatory for every light source sold as such: blocker. A luminaire that only contains one (answer "no") is not registered.',
        spec: { kind: 'fields_all', fields: ['eprel_registration_number'] },
      },
      {
        id: 'light_sources.label',
        code: 'LIGHT_SOURCE_ENERGY_LABEL_MISSING',
        severity: 'blocker',
        when: LIGHT_SOURCE,
        applies_from: APPLIES_FROM,
        legal: [
          art('energy_label_ls', '3', '1', 'a'),
          annex('energy_label_ls', 'III', ANNEX_NOTE),
          annex('energy_label_ls', 'VIII', `Annex on distance selling: ${ANNEX_NOTE}`),
          art('energy_label', '5', '1', undefined, 'Dealer duty of the framework regulation; paragraph not re-read.'),
        ],
        message: 'The energy label of the light source is not linked.',
        satisfied_by:
          'A linked, unexpired document of type "other" whose references name the energy label (or one with no recorded references).',
        why: '2019/2015 Art. 3(1)(a): each light source placed on the market as such is supplied with the printed label (Annex III) in its packaging; online offers show the label (Annex VIII), so the seller needs the label file the supplier generates in EPREL. Mandatory: blocker.',
        spec: {
          kind: 'document',
          types: ['other'],
          references_any: [
            'energy label',
            'Energielabel',
            'étiquette énergétique',
            'etiqueta energética',
            'etichetta energetica',
          ],
        },
      },
      {
        id: 'light_sources.product_information_sheet',
        code: 'LIGHT_SOURCE_INFORMATION_SHEET_MISSING',
        severity: 'blocker',
        when: LIGHT_SOURCE,
        applies_from: APPLIES_FROM,
        legal: [art('energy_label_ls', '3', '1', 'b'), annex('energy_label_ls', 'V', ANNEX_NOTE)],
        message: 'The product information sheet of the light source is not linked.',
        satisfied_by:
          'A linked, unexpired document of type "other" whose references name the product information sheet (or one with no recorded references).',
        why: '2019/2015 Art. 3(1)(b) and Annex V: the supplier makes the product information sheet available (through EPREL) and to dealers; online offers make it available next to the label (Annex VIII). Mandatory: blocker.',
        spec: {
          kind: 'document',
          types: ['other'],
          references_any: [
            'product information sheet',
            'Produktdatenblatt',
            "fiche d'information produit",
            'ficha de información del producto',
            'scheda informativa del prodotto',
          ],
        },
      },
      {
        id: 'light_sources.doc_ecodesign',
        code: 'LIGHT_SOURCE_DOC_ECODESIGN_NOT_CITED',
        severity: 'blocker',
        when: LIGHT_SOURCE,
        applies_from: APPLIES_FROM,
        legal: [
          art('ecodesign', '5', '1'),
          annex('ecodesign', 'VI'),
          art('ecodesign_ls', '4', undefined, undefined, 'Article on conformity assessment not re-read.'),
        ],
        message:
          'The declaration of conformity of this light source does not cite the ecodesign measure (Regulation (EU) 2019/2020 or Directive 2009/125/EC).',
        satisfied_by: 'A declaration of conformity that also names Regulation (EU) 2019/2020 or Directive 2009/125/EC.',
        why: "Directive 2009/125/EC Art. 5(1): before a product covered by an implementing measure is placed on the market it bears the CE marking and the manufacturer issues a declaration of conformity (Annex VI) naming the measure; 2019/2020 is that measure for light sources. Conditional on a light source sold as such; an absent declaration is the electrical pack's blocker.",
        spec: {
          kind: 'document_cites',
          types: ['declaration_of_conformity'],
          act: 'Regulation (EU) 2019/2020 (ecodesign of light sources)',
          any: ['2019/2020', '2009/125/EC', '2009/125/EG', '2009/125/CE'],
        },
      },
    ],
  };
}
