/**
 * Import value normalisation: GTINs (separators, Excel tricks, lost leading zeros restored only when the
 * check digit verifies, wrong check digits flagged, scientific notation refused) and dates (ISO, day-first
 * and month-first forms, two-digit years, Excel serials, impossible dates refused).
 */
import { describe, expect, it } from 'vitest';
import {
  detectDecimalSeparator,
  normalizeCountry,
  normalizeDate,
  normalizeDecimal,
  normalizeGtin,
  normalizeValidGtin,
  serialDate,
} from '@/lib/imports/normalize';

describe('normalizeGtin', () => {
  it('accepts valid GTIN-8/12/13/14 as written', () => {
    expect(normalizeGtin('96385074')).toEqual({ ok: true, value: '96385074' });
    expect(normalizeGtin('036000291452')).toEqual({ ok: true, value: '036000291452' });
    expect(normalizeGtin('4006381333931')).toEqual({ ok: true, value: '4006381333931' });
    expect(normalizeGtin('14006381333938')).toEqual({ ok: true, value: '14006381333938' });
  });

  it('strips separators and Excel text tricks', () => {
    expect(normalizeGtin('0-42272-00558-1')).toEqual({ ok: true, value: '042272005581' });
    expect(normalizeGtin('400 6381 33393 1')).toEqual({ ok: true, value: '4006381333931' });
    expect(normalizeGtin('="0036000291452"')).toEqual({ ok: true, value: '0036000291452' });
    expect(normalizeGtin("'036000291452")).toEqual({ ok: true, value: '036000291452' });
    expect(normalizeGtin('4006381333931.0')).toEqual({ ok: true, value: '4006381333931' });
  });

  it('restores leading zeros lost in a numeric cell when the check digit verifies', () => {
    expect(normalizeGtin('42272005581')).toEqual({
      ok: true,
      value: '042272005581',
      note: 'gtin_leading_zeros_restored',
    });
    expect(normalizeGtin('36000291452')).toEqual({
      ok: true,
      value: '036000291452',
      note: 'gtin_leading_zeros_restored',
    });
    expect(normalizeGtin('1234565')).toEqual({ ok: true, value: '01234565', note: 'gtin_leading_zeros_restored' });
  });

  it('keeps a GTIN of a GTIN length with a wrong check digit as written, flagged with the possible fixes', () => {
    expect(normalizeGtin('4006381333932')).toMatchObject({
      ok: true,
      value: '4006381333932',
      flag: { code: 'gtin_invalid_check_digit', details: { expected_check_digit: 1 } },
    });
    // digits 6 and 7 of 4006381333931 swapped: the flag names the correction among its candidates
    const swapped = normalizeGtin('4006318333931');
    expect(swapped.ok && swapped.flag?.details.likely_fixes).toContainEqual({
      kind: 'transposed_digits',
      value: '4006381333931',
      positions: [6, 7],
    });
    expect(swapped.ok && swapped.flag?.message).toContain('4006381333931 (digits 6 and 7 swapped)');
    expect(normalizeGtin('0000000000000')).toMatchObject({
      ok: true,
      value: '0000000000000',
      flag: { code: 'gtin_invalid_check_digit' },
    });
    expect(normalizeGtin('4006381333931')).toEqual({ ok: true, value: '4006381333931' });
  });

  it('rejects wrong lengths and letters with a code; padding that does not verify is not guessed', () => {
    expect(normalizeGtin('42272005582')).toMatchObject({ ok: false, code: 'gtin_invalid_check_digit' });
    expect(normalizeGtin('12345')).toMatchObject({ ok: false, code: 'gtin_invalid_length' });
    expect(normalizeGtin('400638133393112')).toMatchObject({ ok: false, code: 'gtin_invalid_length' });
    expect(normalizeGtin('ABC123')).toMatchObject({ ok: false, code: 'gtin_not_numeric' });
  });

  it('where only a verified GTIN will do (column detection, web pages), a wrong check digit is refused', () => {
    expect(normalizeValidGtin('4006381333932')).toMatchObject({ ok: false, code: 'gtin_invalid_check_digit' });
    expect(normalizeValidGtin('4006381333931')).toEqual({ ok: true, value: '4006381333931' });
  });

  it('refuses scientific notation that lost digits instead of guessing', () => {
    expect(normalizeGtin('4.00638E+12')).toMatchObject({ ok: false, code: 'gtin_scientific_notation' });
    expect(normalizeGtin('4,00638E+12')).toMatchObject({ ok: false, code: 'gtin_scientific_notation' });
    expect(normalizeGtin('1.23457E+14')).toMatchObject({ ok: false, code: 'gtin_scientific_notation' });
    // Every digit still present: not a guess.
    expect(normalizeGtin('4.006381333931E+12')).toEqual({
      ok: true,
      value: '4006381333931',
      note: 'gtin_from_exact_exponent',
    });
  });

  it('treats empty as no value', () => {
    expect(normalizeGtin('  ')).toEqual({ ok: true, value: null });
  });
});

describe('normalizeDate', () => {
  it('reads ISO, German, French/Spanish/Italian day-first forms', () => {
    expect(normalizeDate('2024-03-05')).toEqual({ ok: true, value: '2024-03-05' });
    expect(normalizeDate('2024-03-05T10:00:00Z')).toEqual({ ok: true, value: '2024-03-05' });
    expect(normalizeDate('05.03.2024')).toEqual({ ok: true, value: '2024-03-05' });
    expect(normalizeDate('5.3.2024')).toEqual({ ok: true, value: '2024-03-05' });
    expect(normalizeDate('09.07.2013 12:00:00')).toEqual({ ok: true, value: '2013-07-09' });
    expect(normalizeDate('05/03/2024')).toEqual({ ok: true, value: '2024-03-05' });
    expect(normalizeDate('13/10/2021')).toEqual({ ok: true, value: '2021-10-13' });
    expect(normalizeDate('05-03-2024')).toEqual({ ok: true, value: '2024-03-05' });
  });

  it('reads month-first when the numbers decide or the caller says so', () => {
    expect(normalizeDate('5/19/2006 0:00:00')).toEqual({ ok: true, value: '2006-05-19', note: 'date_month_first' });
    expect(normalizeDate('03/05/2024', { order: 'mdy' })).toEqual({ ok: true, value: '2024-03-05' });
  });

  it('reads two-digit years, 8-digit forms and Excel serials', () => {
    expect(normalizeDate('01-01-13')).toEqual({ ok: true, value: '2013-01-01', note: 'date_two_digit_year' });
    expect(normalizeDate('20240305')).toEqual({ ok: true, value: '2024-03-05' });
    expect(normalizeDate('02042003')).toEqual({ ok: true, value: '2003-04-02' });
    expect(normalizeDate('45292')).toEqual({ ok: true, value: '2024-01-01', note: 'date_from_serial' });
    expect(normalizeDate('45292', { date1904: true })).toEqual({
      ok: true,
      value: '2028-01-02',
      note: 'date_from_serial',
    });
    expect(serialDate(1, true)).toBe('1904-01-02');
    expect(serialDate(61, false)).toBe('1900-03-01');
  });

  it('refuses impossible and unknown dates', () => {
    expect(normalizeDate('31.02.2024')).toMatchObject({ ok: false, code: 'invalid_date' });
    expect(normalizeDate('Oct 2021')).toMatchObject({ ok: false, code: 'invalid_date' });
    expect(normalizeDate('2042003')).toMatchObject({ ok: false, code: 'invalid_date' });
  });
});

describe('normalizeCountry', () => {
  it('maps names in five languages, alpha-2, alpha-3 and "made in" phrases to ISO alpha-2', () => {
    const cases: [string, string][] = [
      ['Deutschland', 'DE'],
      ['Germany', 'DE'],
      ['Allemagne', 'DE'],
      ['Alemania', 'DE'],
      ['Germania', 'DE'],
      ['de', 'DE'],
      ['DEU', 'DE'],
      ['China', 'CN'],
      ['Chine', 'CN'],
      ['Cina', 'CN'],
      ['CHN', 'CN'],
      ['Made in China', 'CN'],
      ['Hergestellt in Italien', 'IT'],
      ['Fabriqué en France', 'FR'],
      ['Hecho en España', 'ES'],
      ['Prodotto in Italia', 'IT'],
      ['Österreich', 'AT'],
      ['UK', 'GB'],
      ['Vereinigtes Königreich', 'GB'],
      ['Türkei', 'TR'],
    ];
    for (const [raw, code] of cases) expect(normalizeCountry(raw), raw).toEqual({ ok: true, value: code });
  });

  it('refuses what is not a country', () => {
    expect(normalizeCountry('Europa')).toMatchObject({ ok: false, code: 'unknown_country' });
    expect(normalizeCountry('XX')).toMatchObject({ ok: false, code: 'unknown_country' });
  });
});

describe('decimals', () => {
  it('reads decimal commas, grouping and negative values', () => {
    expect(normalizeDecimal('-0,368', ',')).toEqual({ ok: true, value: '-0.368' });
    expect(normalizeDecimal('0,611553068', ',')).toEqual({ ok: true, value: '0.611553068' });
    expect(normalizeDecimal('1.234,56')).toEqual({ ok: true, value: '1234.56' });
    expect(normalizeDecimal('1,234.56')).toEqual({ ok: true, value: '1234.56' });
    expect(normalizeDecimal('12 345,6')).toEqual({ ok: true, value: '12345.6' });
    expect(normalizeDecimal('1,234', '.')).toEqual({ ok: true, value: '1234' });
    expect(normalizeDecimal('1,234', ',')).toEqual({ ok: true, value: '1.234' });
    expect(normalizeDecimal('-')).toEqual({ ok: true, value: null });
    expect(normalizeDecimal('12,50 €')).toMatchObject({ ok: false, code: 'invalid_number' });
  });

  it('detects a column of decimal commas', () => {
    expect(detectDecimalSeparator(['0,611553068', '81,20416129', '-0,368'])).toBe(',');
    expect(detectDecimalSeparator(['15.87', '0.85', '81.11'])).toBe('.');
  });
});
