/**
 * Normalisation of catalogue cells into the canonical forms of the dossier catalogue
 * (lib/model/catalogue.ts): GTINs as verified digits, dates as YYYY-MM-DD, countries as ISO alpha-2,
 * numbers with a dot. Spreadsheets write these in many ways; this module accepts the common ones and
 * refuses to guess where digits were lost (a GTIN shown as 4.00638E+12). Pure, never throws.
 */
import { countryCode } from '@/lib/address/country';
import { acceptGtin, checkGtin, gtinFixSentence, GTIN_LENGTHS, type GtinFix } from '@/lib/gtin';
import { normalizeCountryCode } from '@/lib/model/countries';

export type Normalized<T = string> =
  | { ok: true; value: T; note?: NormalizeNote; flag?: NormalizeFlag }
  | { ok: false; code: NormalizeErrorCode; message: string };

/** A value that is imported as given but flagged on its row (a GTIN whose check digit is wrong). */
export interface NormalizeFlag {
  code: 'gtin_invalid_check_digit';
  message: string;
  details: { gtin: string; expected_check_digit: number | null; likely_fixes: GtinFix[] };
}

export type NormalizeNote =
  | 'gtin_leading_zeros_restored'
  | 'gtin_from_exact_exponent'
  | 'date_month_first'
  | 'date_two_digit_year'
  | 'date_from_serial';

export type NormalizeErrorCode =
  | 'gtin_scientific_notation'
  | 'gtin_not_numeric'
  | 'gtin_invalid_length'
  | 'gtin_invalid_check_digit'
  | 'invalid_date'
  | 'ambiguous_date'
  | 'unknown_country'
  | 'invalid_number';

// ------------------------------------------------------------------------------------------------ GTIN

/**
 * A GTIN cell to its digits. Accepts separators (spaces, hyphens: "0-42272-00558-1"), Excel's text
 * tricks (="0401234567890", a leading apostrophe), a ".0" tail from a float export. A number that lost
 * its leading zeros (11 digits of a UPC-A, 7 of an EAN-8) is padded to the next standard length when the
 * check digit then verifies (padding never changes a GS1 check digit, so the verified digits are exactly
 * the code). Scientific notation is refused unless every digit is still present.
 * A GTIN of 8, 12, 13 or 14 digits with a wrong check digit is imported as written and carries a `flag`
 * (the contract constrains digits and length only; the SKU gets the warning GTIN_CHECK_DIGIT_INVALID).
 * Empty input gives { ok: true, value: null }.
 */
export function normalizeGtin(raw: string | null | undefined): Normalized<string | null> {
  let s = (raw ?? '').trim();
  if (s === '') return { ok: true, value: null };
  const excelText = /^="(.*)"$/.exec(s);
  if (excelText) s = excelText[1];
  s = s.replace(/^'/, '').replace(/[\s\u00a0\u202f\-\u2010\u2011\u2013]/g, '');

  const sci = /^(\d)(?:[.,](\d+))?e\+?(\d{1,2})$/i.exec(s);
  if (sci) {
    const digits = sci[1] + (sci[2] ?? '');
    const exponent = Number(sci[3]);
    if (digits.length !== exponent + 1) {
      return {
        ok: false,
        code: 'gtin_scientific_notation',
        message: `"${raw}" is a GTIN shown in scientific notation: digits were lost in the spreadsheet. Format the column as text and export again.`,
      };
    }
    const check = finishGtin(digits, raw ?? '');
    return check.ok ? { ...check, note: 'gtin_from_exact_exponent' } : check;
  }
  const floatTail = /^(\d+)\.0+$/.exec(s);
  if (floatTail) s = floatTail[1];
  if (!/^\d+$/.test(s))
    return {
      ok: false,
      code: 'gtin_not_numeric',
      message: `"${truncate(raw ?? '')}" is not a GTIN: a GTIN has digits only.`,
    };
  return finishGtin(s, raw ?? '');
}

function finishGtin(digits: string, raw: string): Normalized<string | null> {
  if (GTIN_LENGTHS.includes(digits.length)) {
    const accepted = acceptGtin(digits);
    if (!accepted.ok) return checkDigitError(raw);
    if (accepted.check_digit_valid) return { ok: true, value: accepted.value };
    return {
      ok: true,
      value: accepted.value,
      flag: checkDigitFlag(accepted.value, accepted.expected_check_digit, accepted.likely_fixes),
    };
  }
  // Lost leading zeros: 7 digits of an EAN-8, 9-11 digits of a UPC-A / EAN-13 with leading zeros.
  const target = digits.length === 7 ? 8 : digits.length >= 9 && digits.length <= 11 ? 12 : null;
  if (target === null) {
    return {
      ok: false,
      code: 'gtin_invalid_length',
      message: `"${truncate(raw)}" has ${digits.length} digits; a GTIN has 8, 12, 13 or 14.`,
    };
  }
  // Padding never changes a GS1 check digit, so the padded code is judged by the same rule. A padded
  // code that does not verify is refused: with a length no GTIN has, the cell may not be a GTIN at all.
  const padded = digits.padStart(target, '0');
  return checkGtin(padded).ok ? { ok: true, value: padded, note: 'gtin_leading_zeros_restored' } : checkDigitError(raw);
}

function checkDigitError(raw: string): Normalized<string | null> {
  return {
    ok: false,
    code: 'gtin_invalid_check_digit',
    message: `"${truncate(raw)}" is not a valid GTIN: the check digit does not match (a typo, or digits lost).`,
  };
}

function checkDigitFlag(gtin: string, expected: number | undefined, fixes: GtinFix[]): NormalizeFlag {
  return {
    code: 'gtin_invalid_check_digit',
    message: /^0+$/.test(gtin)
      ? `GTIN ${gtin} is zeros only, a placeholder rather than a product code; imported as given.`
      : `GTIN ${gtin} has a wrong check digit (a typo, or digits lost); imported as given, check it.${gtinFixSentence(fixes)}`,
    details: { gtin, expected_check_digit: expected ?? null, likely_fixes: fixes },
  };
}

/**
 * A GTIN cell read where only a verified GTIN will do (recognising a GTIN column by its values, GTINs
 * proposed from a product page): a wrong check digit is a refusal here, as it was before.
 */
export function normalizeValidGtin(raw: string | null | undefined): Normalized<string | null> {
  const r = normalizeGtin(raw);
  return r.ok && r.flag ? checkDigitError(raw ?? '') : r;
}

/** True when the cell holds a valid GTIN as written or after restoring lost leading zeros. */
export function isGtinLike(raw: string): boolean {
  const r = normalizeValidGtin(raw);
  return r.ok && r.value !== null;
}

// ----------------------------------------------------------------------------------------------- dates

export interface DateOptions {
  /** "03/04/2021": day first (European, default) or month first (US) */
  order?: 'dmy' | 'mdy';
  /** bare numbers are Excel serials in this date system */
  date1904?: boolean;
}

/**
 * A date cell to YYYY-MM-DD. Accepts ISO (with or without time), DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY
 * (two-digit years as 19xx/20xx around 70), a time after the date, 8-digit YYYYMMDD or DDMMYYYY, and
 * Excel serial numbers (1900 or 1904 system) between 1955 and 2119. A slash date whose middle part is
 * above 12 is read month-first with a note ("5/19/2006").
 */
const TIME = String.raw`(?:[ T]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const DAY_MONTH_DATE = new RegExp(String.raw`^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})${TIME}$`);

export function normalizeDate(raw: string | null | undefined, options: DateOptions = {}): Normalized<string | null> {
  const s = (raw ?? '').trim();
  if (s === '') return { ok: true, value: null };
  const order = options.order ?? 'dmy';
  let m: RegExpExecArray | null;
  if ((m = ISO_DATE.exec(s))) {
    return ymd(Number(m[1]), Number(m[2]), Number(m[3]), raw);
  }
  if ((m = DAY_MONTH_DATE.exec(s))) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    const { year, twoDigit } = fullYear(m[4]);
    const note = twoDigit ? ('date_two_digit_year' as const) : undefined;
    // Dots are day-first everywhere; slashes and hyphens follow the option unless the numbers decide.
    let monthFirst = m[2] !== '.' && order === 'mdy';
    if (m[2] !== '.' && order === 'dmy' && b > 12 && a <= 12) monthFirst = true;
    if (m[2] !== '.' && order === 'mdy' && a > 12 && b <= 12) monthFirst = false;
    const result = monthFirst ? ymd(year, a, b, raw) : ymd(year, b, a, raw);
    const flipped = monthFirst && order === 'dmy';
    return withNote(result, flipped ? 'date_month_first' : note);
  }
  if ((m = /^(\d{8})$/.exec(s))) {
    const d = m[1];
    const asYmd = ymd(Number(d.slice(0, 4)), Number(d.slice(4, 6)), Number(d.slice(6, 8)), raw);
    if (/^(19|20)/.test(d) && asYmd.ok) return asYmd;
    return ymd(Number(d.slice(4, 8)), Number(d.slice(2, 4)), Number(d.slice(0, 2)), raw);
  }
  if ((m = /^(\d{5})(?:\.\d+)?$/.exec(s))) {
    const serial = Number(m[1]);
    if (serial >= 20000 && serial <= 80000)
      return { ok: true, value: serialDate(serial, options.date1904 ?? false), note: 'date_from_serial' };
  }
  return {
    ok: false,
    code: 'invalid_date',
    message: `"${truncate(s)}" is not a date in a known form (YYYY-MM-DD, DD.MM.YYYY, DD/MM/YYYY).`,
  };
}

function withNote(r: Normalized<string | null>, note: NormalizeNote | undefined): Normalized<string | null> {
  return r.ok && note && !r.note ? { ...r, note } : r;
}

function fullYear(y: string): { year: number; twoDigit: boolean } {
  if (y.length === 4) return { year: Number(y), twoDigit: false };
  const n = Number(y);
  return { year: n < 70 ? 2000 + n : 1900 + n, twoDigit: true };
}

function ymd(y: number, mo: number, d: number, raw: string | null | undefined): Normalized<string | null> {
  const valid =
    y >= 1900 && y <= 2200 && mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (!valid)
    return { ok: false, code: 'invalid_date', message: `"${truncate(raw ?? '')}" is not a valid calendar date.` };
  return {
    ok: true,
    value: `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  };
}

/** Excel serial day to ISO; the 1900 system counts the phantom 29 Feb 1900, so day 60+ is shifted. */
export function serialDate(serial: number, date1904: boolean): string {
  const whole = Math.floor(serial);
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const days = date1904 ? whole : whole < 60 ? whole + 1 : whole;
  return new Date(epoch + days * 86_400_000).toISOString().slice(0, 10);
}

// -------------------------------------------------------------------------------------------- countries

/** Alpha-3 codes seen in catalogues (customs data, ERP exports). */
const ALPHA3: Record<string, string> = {
  AUT: 'AT',
  BEL: 'BE',
  BGR: 'BG',
  HRV: 'HR',
  CYP: 'CY',
  CZE: 'CZ',
  DNK: 'DK',
  EST: 'EE',
  FIN: 'FI',
  FRA: 'FR',
  DEU: 'DE',
  GRC: 'GR',
  HUN: 'HU',
  IRL: 'IE',
  ITA: 'IT',
  LVA: 'LV',
  LTU: 'LT',
  LUX: 'LU',
  MLT: 'MT',
  NLD: 'NL',
  POL: 'PL',
  PRT: 'PT',
  ROU: 'RO',
  SVK: 'SK',
  SVN: 'SI',
  ESP: 'ES',
  SWE: 'SE',
  ISL: 'IS',
  LIE: 'LI',
  NOR: 'NO',
  CHE: 'CH',
  GBR: 'GB',
  USA: 'US',
  CAN: 'CA',
  MEX: 'MX',
  BRA: 'BR',
  ARG: 'AR',
  CHN: 'CN',
  HKG: 'HK',
  TWN: 'TW',
  JPN: 'JP',
  KOR: 'KR',
  IND: 'IN',
  PAK: 'PK',
  BGD: 'BD',
  LKA: 'LK',
  VNM: 'VN',
  THA: 'TH',
  MYS: 'MY',
  IDN: 'ID',
  PHL: 'PH',
  SGP: 'SG',
  KHM: 'KH',
  MMR: 'MM',
  TUR: 'TR',
  ISR: 'IL',
  ARE: 'AE',
  SAU: 'SA',
  EGY: 'EG',
  MAR: 'MA',
  TUN: 'TN',
  ZAF: 'ZA',
  AUS: 'AU',
  NZL: 'NZ',
  RUS: 'RU',
  UKR: 'UA',
  BLR: 'BY',
  SRB: 'RS',
  BIH: 'BA',
  MKD: 'MK',
  ALB: 'AL',
  MNE: 'ME',
  MDA: 'MD',
  GEO: 'GE',
  ARM: 'AM',
  AZE: 'AZ',
  KAZ: 'KZ',
  UZB: 'UZ',
  ETH: 'ET',
  KEN: 'KE',
};

const ORIGIN_PREFIX =
  /^(made in|product of|origin|hergestellt in|produziert in|herkunft|fabrique en|fabrique au|fabrique aux|fabriqué en|fabriqué au|fabriqué aux|fabricado en|hecho en|prodotto in|fabbricato in|made in the)\s*:?\s+/i;

/** "Deutschland", "germany", "DEU", "de", "Made in China", "Hergestellt in Italien" -> ISO alpha-2. */
export function normalizeCountry(raw: string | null | undefined): Normalized<string | null> {
  const s = (raw ?? '').trim();
  if (s === '') return { ok: true, value: null };
  let candidate = s
    .replace(ORIGIN_PREFIX, '')
    .replace(/\s*\(.*\)\s*$/, '')
    .trim();
  candidate = candidate.replace(/^(the|die|der|la|le|les|el|il|l')\s+/i, '').trim();
  // The country data library knows the names in every EU language ("Volksrepublik China", "Chine", "Cina").
  const direct = normalizeCountryCode(candidate) ?? ALPHA3[candidate.toUpperCase()] ?? countryCode(candidate);
  if (direct) return { ok: true, value: direct };
  return { ok: false, code: 'unknown_country', message: `"${truncate(s)}" is not a country name or ISO code.` };
}

// ---------------------------------------------------------------------------------------------- numbers

export type DecimalSeparator = '.' | ',';

/**
 * "1.234,56" -> "1234.56", "-0,368" -> "-0.368", "1,234.56" -> "1234.56", "12 345,6" -> "12345.6".
 * With one separator only, the column's separator (see detectDecimalSeparator) decides; "-" is empty.
 */
export function normalizeDecimal(
  raw: string | null | undefined,
  decimal: DecimalSeparator = '.',
): Normalized<string | null> {
  let s = (raw ?? '').trim();
  if (s === '' || s === '-' || s === '–') return { ok: true, value: null };
  s = s.replace(/[\s\u00a0\u202f']/g, '');
  const neg = /^\(.*\)$/.test(s) || s.startsWith('-');
  s = s.replace(/^[(+-]|\)$/g, '');
  if (!/^\d[\d.,]*$/.test(s))
    return { ok: false, code: 'invalid_number', message: `"${truncate(raw ?? '')}" is not a number.` };
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let sep: DecimalSeparator | null;
  if (lastDot >= 0 && lastComma >= 0) sep = lastDot > lastComma ? '.' : ',';
  else if (lastComma >= 0)
    sep = (s.match(/,/g) ?? []).length > 1 ? null : decimal === ',' || !/^\d{1,3},\d{3}$/.test(s) ? ',' : null;
  else if (lastDot >= 0)
    sep = (s.match(/\./g) ?? []).length > 1 ? null : decimal === '.' || !/^\d{1,3}\.\d{3}$/.test(s) ? '.' : null;
  else sep = null;
  let intPart = s;
  let frac = '';
  if (sep) {
    const at = s.lastIndexOf(sep);
    intPart = s.slice(0, at);
    frac = s.slice(at + 1);
  }
  const group = sep === ',' ? '.' : ',';
  intPart = intPart.split(sep === null ? /[.,]/ : group).join('');
  if (!/^\d+$/.test(intPart) || (frac && !/^\d+$/.test(frac)))
    return { ok: false, code: 'invalid_number', message: `"${truncate(raw ?? '')}" is not a number.` };
  const out = `${neg ? '-' : ''}${intPart.replace(/^0+(?=\d)/, '')}${frac ? `.${frac}` : ''}`;
  return { ok: true, value: out };
}

/** A column's decimal separator: a comma when values like "0,61" or "1.234,5" dominate. */
export function detectDecimalSeparator(values: readonly string[]): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const v of values.slice(0, 500)) {
    const t = v.trim();
    if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(t) || /^-?\d+,\d{1,2}$|^-?\d+,\d{4,}$/.test(t)) comma++;
    else if (/^-?\d{1,3}(,\d{3})+\.\d+$/.test(t) || /^-?\d+\.\d{1,2}$|^-?\d+\.\d{4,}$/.test(t)) dot++;
  }
  return comma > dot ? ',' : '.';
}

function truncate(s: string, n = 60) {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
