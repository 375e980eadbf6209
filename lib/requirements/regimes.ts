/**
 * Regimes a product falls under beside its category's profile, and those no pack covers.
 *
 * - A regime pack (lib/requirements/packs/*.ts, listed in REGIME_PACKS of pack-registry.ts) adds its rules to
 *   whatever profile the product has, when the product falls under it: by its category, by words of its
 *   shop category or name ("LED-Leuchtmittel", "light bulb"), or by a confirmed fact ("Electrically
 *   powered: yes"). Light sources, the EPR registers (WEEE, batteries, packaging) and the cosmetic
 *   labelling items are such packs: they cut across categories.
 * - A regime no pack covers (food contact materials, medical devices, detergents...) is recognised by
 *   the same words and reported as a warning, "not checked by this workspace: …", so a clean blocker
 *   list never implies that law was checked.
 * - Target markets outside the EU/EEA (Switzerland, the United Kingdom) are reported the same way: the
 *   rules shown are Union law.
 *
 * Pure; matches are remembered (bounded), since a catalogue repeats its category paths and names.
 */
import { normalizeFieldValue } from '@/lib/model/catalogue';
import { boundedMemo } from '@/lib/utils/bounded-memo';
import type { CategoryCode } from '@/lib/model/categories';
import { foldText, isEeaMarket, normalizeCountryCode } from '@/lib/model/countries';
import type { RequirementRule } from './rule-types';
import type { Blocker, RequirementInput } from './types';

/** When a regime pack applies: any one of these holds. */
export interface RegimeApplicability {
  /** Every product (the packaging register). */
  all?: boolean;
  /** The product's category is one of these. */
  categories?: readonly CategoryCode[];
  /** Its shop category or name contains one of these words (folded; see `matchedTerm`). */
  terms?: readonly string[];
  /** A dossier field has a confirmed value (any value). */
  fields_present?: readonly string[];
  /** A yes/no dossier field is confirmed "yes". */
  fields_yes?: readonly string[];
}

export interface RegimePack {
  /** Versioned id, e.g. "light-sources@2026-11". */
  id: string;
  /** Its section on /docs/requirements (the rules' anchors). */
  section: string;
  title: string;
  summary: string;
  applies: RegimeApplicability;
  rules: RequirementRule[];
}

// ----- words ----------------------------------------------------------------------------------

const ENDINGS = ['', 's', 'es', 'e', 'en', 'n', 'er', 'i', 'y', 'a'];

function termPattern(terms: readonly string[]): RegExp {
  // A term matches as whole words with a plural or case ending on its last word; a term of six or more
  // letters also as the head of a compound ("Tischleuchten" → "leuchte", "Fahrradhelm" needs "helm" as
  // its own term and is listed). Shorter terms only as whole words, so "pan" never matches "japan".
  const alternatives = terms.map((t) => {
    const escaped = t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return t.length >= 6 && !t.includes(' ') ? `[a-z]*${escaped}` : escaped;
  });
  return new RegExp(`(?:^| )(${alternatives.join('|')})(?:${ENDINGS.filter(Boolean).join('|')})?(?= |$)`);
}

const patterns = new WeakMap<readonly string[], RegExp>();

/** The first term (as written in the list) found in a text, or null. */
export function matchedTerm(terms: readonly string[], text: string | null | undefined): string | null {
  if (!text) return null;
  let re = patterns.get(terms);
  if (!re) patterns.set(terms, (re = termPattern(terms)));
  const m = re.exec(foldText(text));
  if (!m) return null;
  const hit = m[1];
  return terms.find((t) => hit === t || hit.endsWith(t)) ?? hit;
}

/** The words that describe the product: its shop category and its name. */
function productTexts(input: RequirementInput): string[] {
  return [
    input.sku.category_text,
    input.sku.product_name,
    input.sku.category_defaulted ? null : input.sku.category_code,
  ]
    .filter((t): t is string => typeof t === 'string' && t.trim() !== '')
    .map((t) => t.slice(0, 300));
}

// ----- regime packs ---------------------------------------------------------------------------

export function regimeApplies(
  pack: Pick<RegimePack, 'applies'>,
  category: CategoryCode,
  input: RequirementInput,
  fields: ReadonlyMap<string, string>,
): boolean {
  const a = pack.applies;
  if (a.all) return true;
  if (a.categories?.includes(category)) return true;
  if (a.fields_present?.some((f) => fields.has(f))) return true;
  if (a.fields_yes?.some((f) => fields.get(f)?.toLowerCase() === 'yes')) return true;
  if (a.terms) {
    const terms = a.terms;
    if (productTexts(input).some((t) => matchedTerm(terms, t) !== null)) return true;
  }
  return false;
}

// ----- regimes no pack covers ------------------------------------------------------------------

export interface UncoveredRegime {
  id: string;
  /** What the law governs, in English. */
  name: string;
  /** The acts, in English. */
  acts: string;
  terms: readonly string[];
  /** Categories whose products are never in this regime (a textile is not a detergent). */
  not_in?: readonly CategoryCode[];
}

export const UNCOVERED_REGIMES: readonly UncoveredRegime[] = [
  {
    id: 'food_contact',
    name: 'materials and articles in contact with food',
    acts: 'Regulation (EC) No 1935/2004 (and Regulation (EU) No 10/2011 for plastics)',
    terms: [
      // en
      'mug',
      'cup',
      'drinking bottle',
      'water bottle',
      'drinkware',
      'tableware',
      'dinnerware',
      'plate',
      'cutlery',
      'flatware',
      'cookware',
      'frying pan',
      'saucepan',
      'baking tray',
      'kitchen utensil',
      'cutting board',
      'chopping board',
      'lunch box',
      'lunchbox',
      'food container',
      'food storage',
      'baby bottle',
      'sippy cup',
      'drinking straw',
      'teapot',
      'kettle',
      'toaster',
      'coffee maker',
      'coffee machine',
      'blender',
      // de
      'becher',
      'tasse',
      'trinkflasche',
      'geschirr',
      'teller',
      'besteck',
      'pfanne',
      'bratpfanne',
      'kochtopf',
      'backblech',
      'schneidebrett',
      'brotdose',
      'frischhaltedose',
      'vorratsdose',
      'babyflasche',
      'trinkhalm',
      'wasserkocher',
      'kaffeemaschine',
      // fr
      'gourde',
      'vaisselle',
      'assiette',
      'couverts',
      'poele',
      'casserole',
      'planche a decouper',
      'boite a lunch',
      'biberon',
      'bouilloire',
      'cafetiere',
      // es, it
      'taza',
      'botella de agua',
      'vajilla',
      'plato',
      'cubiertos',
      'sarten',
      'olla',
      'tabla de cortar',
      'fiambrera',
      'hervidor',
      'cafetera',
      'tazza',
      'borraccia',
      'stoviglie',
      'piatto',
      'posate',
      'padella',
      'pentola',
      'tagliere',
      'bollitore',
      // nl, pl
      'beker',
      'mok',
      'drinkfles',
      'servies',
      'bestek',
      'koekenpan',
      'snijplank',
      'broodtrommel',
      'zuigfles',
      'waterkoker',
      'kubek',
      'talerz',
      'sztucce',
      'patelnia',
      'garnek',
      'deska do krojenia',
      'czajnik',
    ],
    not_in: ['textiles', 'cosmetics', 'chemicals'],
  },
  {
    id: 'medical_devices',
    name: 'medical devices',
    acts: 'Regulation (EU) 2017/745 (MDR)',
    terms: [
      'clinical thermometer',
      'fever thermometer',
      'blood pressure monitor',
      'pulse oximeter',
      'wound plaster',
      'bandage',
      'wound dressing',
      'contact lens',
      'hearing aid',
      'medical device',
      'fieberthermometer',
      'blutdruckmessgerat',
      'pflaster',
      'wundverband',
      'kontaktlinse',
      'horgerat',
      'medizinprodukt',
      'thermometre medical',
      'tensiometre',
      'pansement',
      'lentille de contact',
      'dispositif medical',
      'tensiometro',
      'aposito',
      'lente de contacto',
      'producto sanitario',
      'sfigmomanometro',
      'cerotto',
      'lente a contatto',
      'dispositivo medico',
      'bloeddrukmeter',
      'pleister',
      'contactlens',
      'hoortoestel',
      'cisnieniomierz',
      'plaster opatrunkowy',
      'wyrob medyczny',
    ],
  },
  {
    id: 'detergents',
    name: 'detergents (labelling of surfactants and ingredients)',
    acts: 'Regulation (EC) No 648/2004',
    terms: [
      'detergent',
      'laundry detergent',
      'washing powder',
      'dishwasher tablet',
      'washing up liquid',
      'dish soap',
      'cleaning agent',
      'fabric softener',
      'waschmittel',
      'spulmittel',
      'reinigungsmittel',
      'weichspuler',
      'geschirrspultab',
      'lessive',
      'liquide vaisselle',
      'nettoyant',
      'adoucissant',
      'detergente',
      'lavavajillas',
      'suavizante',
      'detersivo',
      'ammorbidente',
      'wasmiddel',
      'afwasmiddel',
      'wasverzachter',
      'proszek do prania',
      'plyn do naczyn',
    ],
    not_in: ['textiles', 'electrical', 'machinery'],
  },
  {
    id: 'biocides',
    name: 'biocidal products',
    acts: 'Regulation (EU) No 528/2012',
    terms: [
      'insect repellent',
      'mosquito repellent',
      'disinfectant',
      'hand sanitizer',
      'hand sanitiser',
      'insecticide',
      'rat poison',
      'insektenschutz',
      'muckenschutz',
      'desinfektionsmittel',
      'insektizid',
      'anti moustique',
      'desinfectant',
      'insecticide',
      'repelente',
      'desinfectante',
      'insecticida',
      'repellente',
      'disinfettante',
      'insetticida',
      'desinfectiemiddel',
      'insectenwerend',
      'srodek dezynfekujacy',
      'odstraszacz',
    ],
  },
  {
    id: 'aerosols',
    name: 'aerosol dispensers',
    acts: 'Directive 75/324/EEC',
    terms: ['aerosol', 'spray can', 'spraydose', 'aerosoldose', 'bombe aerosol', 'bomboletta spray', 'spuitbus'],
  },
  {
    id: 'chargers',
    name: 'external power supplies and the common charger',
    acts: 'Regulation (EU) 2019/1782 (ecodesign of external power supplies) and Directive (EU) 2022/2380 (common charger)',
    terms: [
      'charger',
      'phone charger',
      'power adapter',
      'power supply',
      'usb charger',
      'netzteil',
      'ladegerat',
      'chargeur',
      'cargador',
      'caricabatterie',
      'alimentatore',
      'oplader',
      'ladowarka',
      'zasilacz',
    ],
    not_in: ['batteries'],
  },
];

/** The regimes no pack covers that the product's words point to, with the word found. */
export const uncoveredRegimes = boundedMemo(
  (key: string): { regime: UncoveredRegime; term: string }[] => {
    const [category, ...texts] = key.split('\u0000');
    const out: { regime: UncoveredRegime; term: string }[] = [];
    for (const regime of UNCOVERED_REGIMES) {
      if (regime.not_in?.includes(category as CategoryCode)) continue;
      for (const t of texts) {
        const term = matchedTerm(regime.terms, t);
        if (term) {
          out.push({ regime, term });
          break;
        }
      }
    }
    return out;
  },
  512,
  1000,
);

export function regimesNotChecked(category: CategoryCode, input: RequirementInput): Blocker[] {
  const texts = productTexts(input);
  if (texts.length === 0) return [];
  return uncoveredRegimes([category, ...texts].join('\u0000')).map(({ regime, term }) => ({
    code: 'REGIME_NOT_CHECKED',
    key: `REGIME_NOT_CHECKED:${regime.id}`,
    severity: 'warning' as const,
    message: `Not checked by this workspace: ${regime.name} (${regime.acts}). The product looks like one ("${term}"), and no requirement pack here covers that law, so the requirements shown are not complete for it.`,
    required_fields: [],
    fix: { kind: 'review' as const, target: regime.id },
    rule_id: 'builtin.regime_not_checked',
    waivable: true,
    details: { regime: regime.id, regime_name: regime.name, acts: regime.acts, matched: term },
  }));
}

// ----- markets outside the EU/EEA ---------------------------------------------------------------

const MARKET_NOTES: Record<string, string> = {
  CH: 'Switzerland (Swiss product safety law, e.g. the Product Safety Act PrSG and its ordinances; EU rules apply there only where the EU–Swiss Mutual Recognition Agreement says so)',
  GB: 'the United Kingdom (UK law: in Great Britain, e.g. the General Product Safety Regulations 2005 and UKCA rules; Northern Ireland follows the EU rules listed under the Windsor Framework)',
  UK: 'the United Kingdom (UK law: in Great Britain, e.g. the General Product Safety Regulations 2005 and UKCA rules; Northern Ireland follows the EU rules listed under the Windsor Framework)',
};

/** The target markets as given, outside the EU/EEA (normalised ISO codes, in order). */
function nonEeaMarkets(input: RequirementInput, fields: ReadonlyMap<string, string>): string[] {
  let list: string[] = [];
  if (input.target_markets && input.target_markets.length > 0)
    list = input.target_markets.map((m) => normalizeCountryCode(m)).filter((m): m is string => !!m);
  else {
    const raw = fields.get('target_markets');
    const parsed = raw ? normalizeFieldValue('target_markets', raw) : null;
    if (parsed?.ok) list = parsed.value.split(',');
  }
  return [...new Set(list)].filter((m) => !isEeaMarket(m));
}

export function marketsNotChecked(input: RequirementInput, fields: ReadonlyMap<string, string>): Blocker[] {
  const markets = nonEeaMarkets(input, fields);
  if (markets.length === 0) return [];
  const where = markets.map((m) => MARKET_NOTES[m] ?? m).join('; ');
  return [
    {
      code: 'MARKETS_NOT_CHECKED',
      key: 'MARKETS_NOT_CHECKED',
      severity: 'warning',
      message: `Not checked by this workspace: the law of ${where}. The rules shown are European Union law for the EU/EEA markets; they are not the law of ${markets.join(', ')}.`,
      required_fields: [],
      fix: { kind: 'field', target: 'target_markets' },
      rule_id: 'builtin.markets_not_checked',
      waivable: true,
      details: { markets },
    },
  ];
}
