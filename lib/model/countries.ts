/**
 * Country data for the requirement engine: ISO 3166-1 alpha-2 codes, the EU/EEA membership that
 * decides "established in the Union", and which languages safety information needs per market.
 * Pure data plus lookups; imports nothing from the domain so every module may depend on it.
 */
import { boundedMemo } from '@/lib/utils/bounded-memo';
import { countryName, type SafetyInfoLanguage } from '@/lib/i18n/languages';

/** The 249 officially assigned ISO 3166-1 alpha-2 codes. */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
  'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
  'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
  'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
  'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
  'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
  'VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const ISO_SET: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);

export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;
/** GPSR is EEA-relevant: Iceland, Liechtenstein and Norway apply it too. */
export const EEA_NON_EU_STATES = ['IS', 'LI', 'NO'] as const;
export const EEA_STATES: readonly string[] = [...EU_MEMBER_STATES, ...EEA_NON_EU_STATES];
const EEA_SET: ReadonlySet<string> = new Set(EEA_STATES);

/**
 * Languages safety information needs per market. `required` is a list of groups: every group must be
 * covered, and a group is covered by any one of its languages (Malta: Maltese or English). This is a
 * practical reading of each state's rules under GPSR Art. 9(7); a new reading is a data change here.
 */
export interface MarketLanguageRule {
  official: SafetyInfoLanguage[];
  required: SafetyInfoLanguage[][];
  note?: string;
}

export const MARKET_LANGUAGE_RULES: Readonly<Record<string, MarketLanguageRule>> = {
  AT: { official: ['de'], required: [['de']] },
  BE: {
    official: ['nl', 'fr', 'de'],
    required: [['nl'], ['fr'], ['de']],
    note: 'Nationwide sale: the languages of all three language areas.',
  },
  BG: { official: ['bg'], required: [['bg']] },
  HR: { official: ['hr'], required: [['hr']] },
  CY: { official: ['el'], required: [['el']] },
  CZ: { official: ['cs'], required: [['cs']] },
  DK: { official: ['da'], required: [['da']] },
  EE: { official: ['et'], required: [['et']] },
  FI: { official: ['fi', 'sv'], required: [['fi'], ['sv']], note: 'Finnish and Swedish are both required.' },
  FR: { official: ['fr'], required: [['fr']] },
  DE: { official: ['de'], required: [['de']] },
  GR: { official: ['el'], required: [['el']] },
  HU: { official: ['hu'], required: [['hu']] },
  IE: { official: ['en', 'ga'], required: [['en', 'ga']], note: 'English or Irish.' },
  IT: { official: ['it'], required: [['it']] },
  LV: { official: ['lv'], required: [['lv']] },
  LT: { official: ['lt'], required: [['lt']] },
  LU: { official: ['fr', 'de'], required: [['fr', 'de']], note: 'French or German.' },
  MT: { official: ['mt', 'en'], required: [['mt', 'en']], note: 'Maltese or English.' },
  NL: { official: ['nl'], required: [['nl']] },
  PL: { official: ['pl'], required: [['pl']] },
  PT: { official: ['pt'], required: [['pt']] },
  RO: { official: ['ro'], required: [['ro']] },
  SK: { official: ['sk'], required: [['sk']] },
  SI: { official: ['sl'], required: [['sl']] },
  ES: { official: ['es'], required: [['es']] },
  SE: { official: ['sv'], required: [['sv']] },
  IS: { official: ['is'], required: [['is']] },
  LI: { official: ['de'], required: [['de']] },
  NO: { official: ['no'], required: [['no']] },
};

/** Codes people write that are not ISO but mean one: the EU itself uses EL for Greece. */
const COUNTRY_ALIASES: Record<string, string> = { UK: 'GB', EL: 'GR' };

/** Country names in our five UI locales (from ICU) plus a few colloquial ones, built once on demand. */
let nameIndex: Map<string, string> | null = null;
const EXTRA_NAMES: Record<string, string> = {
  usa: 'US',
  'u s a': 'US',
  'united states of america': 'US',
  america: 'US',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'united kingdom': 'GB',
  holland: 'NL',
  prc: 'CN',
  'p r china': 'CN',
  'china mainland': 'CN',
  'mainland china': 'CN',
  'peoples republic of china': 'CN',
  turkey: 'TR',
  turkei: 'TR',
  'south korea': 'KR',
  'republic of korea': 'KR',
  'czech republic': 'CZ',
  tschechien: 'CZ',
  'hong kong sar': 'HK',
  taiwan: 'TW',
};

export function foldText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function countryNameIndex(): Map<string, string> {
  if (nameIndex) return nameIndex;
  const index = new Map<string, string>();
  for (const locale of ['en', 'de', 'fr', 'es', 'it']) {
    for (const code of ISO_COUNTRY_CODES) {
      const name = countryName(code, locale);
      if (name && name !== code) index.set(foldText(name), code);
    }
  }
  for (const [name, code] of Object.entries(EXTRA_NAMES)) index.set(foldText(name), code);
  nameIndex = index;
  return index;
}

/** "de", "DE", "Deutschland", "Germany", "Allemagne", "UK" → ISO alpha-2 code, or null. */
export function normalizeCountryCode(raw: unknown): string | null {
  return typeof raw === 'string' ? countryCodeOf(raw) : null;
}

// A catalogue names the same few countries on every row (an import evaluates each new SKU's operators).
const countryCodeOf = boundedMemo(
  (raw: string): string | null => {
    const trimmed = raw.trim();
    if (trimmed.length === 0 || trimmed.length > 80) return null;
    const upper = trimmed.toUpperCase();
    if (/^[A-Z]{2}$/.test(upper)) {
      if (ISO_SET.has(upper)) return upper;
      return COUNTRY_ALIASES[upper] ?? null;
    }
    return countryNameIndex().get(foldText(trimmed)) ?? null;
  },
  1024,
  80,
);

/** Established in the Union for GPSR purposes: an EU member state or an EEA state. */
export function isEuEstablished(country: string | null | undefined): boolean {
  if (!country) return false;
  const code = normalizeCountryCode(country);
  return code !== null && EEA_SET.has(code);
}

export function isEeaMarket(country: string): boolean {
  return EEA_SET.has(country);
}

export function marketLanguageRule(country: string): MarketLanguageRule | null {
  return MARKET_LANGUAGE_RULES[country] ?? null;
}

/** Official languages of the given markets (deduplicated, in market order): what a public page offers first. */
export function officialLanguagesOf(markets: readonly string[]): SafetyInfoLanguage[] {
  const out: SafetyInfoLanguage[] = [];
  for (const m of markets) for (const l of MARKET_LANGUAGE_RULES[m]?.official ?? []) if (!out.includes(l)) out.push(l);
  return out;
}
