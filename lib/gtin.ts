/**
 * The one GTIN rule (GS1 General Specifications): 8, 12, 13 or 14 digits, not all zeros, and the last
 * digit is the mod-10 check digit of the others. The new-SKU form, the SKU API, the importer, the
 * dossier catalogue and document extraction all judge a GTIN here, so a value one of them accepts is
 * never refused by another. Callers strip their own input tricks (spreadsheet notation, separators)
 * first; `gtinDigits` removes the separators people paste.
 */

export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

export type GtinProblem = 'not_numeric' | 'invalid_length' | 'all_zeros' | 'invalid_check_digit' | 'empty';

export type GtinCheck = { ok: true; value: string } | { ok: false; problem: GtinProblem; message: string };

/** "4006381 333931", "0-42272-00558-1" -> digits only (other characters are kept, so they fail the check). */
export function gtinDigits(raw: string): string {
  return raw.replace(/[\s\u00a0\u202f\-\u2010\u2011\u2013]/g, '');
}

/** GS1 mod-10 check digit over all digits but the last: position 1 (next to the check digit) weighs 3. */
export function gtinCheckDigitValid(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < 2) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - i;
    sum += Number(body[i]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** Judges a GTIN after separators are removed; the message is written for the person who typed it. */
export function checkGtin(raw: string): GtinCheck {
  const v = gtinDigits(raw.trim());
  if (!v) return { ok: false, problem: 'empty', message: 'The GTIN is empty.' };
  if (!/^\d+$/.test(v)) return { ok: false, problem: 'not_numeric', message: 'A GTIN has digits only.' };
  if (!GTIN_LENGTHS.includes(v.length))
    return { ok: false, problem: 'invalid_length', message: `A GTIN has 8, 12, 13 or 14 digits (got ${v.length}).` };
  if (/^0+$/.test(v))
    return { ok: false, problem: 'all_zeros', message: 'A GTIN of zeros only is a placeholder, not a product code.' };
  if (!gtinCheckDigitValid(v))
    return {
      ok: false,
      problem: 'invalid_check_digit',
      message: 'The GTIN check digit is wrong: check for a typo or a lost leading zero.',
    };
  return { ok: true, value: v };
}

export const isValidGtin = (raw: string): boolean => checkGtin(raw).ok;

/** The GTIN-14 form (left-padded with zeros): GTINs of different lengths that are one code compare equal. */
export function gtin14(raw: string): string | null {
  const c = checkGtin(raw);
  return c.ok ? c.value.padStart(14, '0') : null;
}
