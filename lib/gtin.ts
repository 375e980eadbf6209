/**
 * The one GTIN rule (GS1 General Specifications): 8, 12, 13 or 14 digits, not all zeros, and the last
 * digit is the mod-10 check digit of the others. The new-SKU form, the SKU API, the importer, the
 * dossier catalogue and document extraction all judge a GTIN here, so a value one of them accepts is
 * never refused by another. Callers strip their own input tricks (spreadsheet notation, separators)
 * first; `gtinDigits` removes the separators people paste.
 *
 * Two questions with two answers: `acceptGtin` says whether a value may be STORED (the contract: any
 * digit string of 8, 12, 13 or 14 digits; a wrong check digit is a data-quality warning, never a
 * refusal), `checkGtin` whether it is a VALID GTIN (reading numbers out of documents and web pages, where
 * the check digit tells a GTIN from any other number, and publishing, where marketplaces refuse one).
 */

export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

export type GtinProblem = 'not_numeric' | 'invalid_length' | 'all_zeros' | 'invalid_check_digit' | 'empty';

export type GtinCheck = { ok: true; value: string } | { ok: false; problem: GtinProblem; message: string };

/** "4006381 333931", "0-42272-00558-1" -> digits only (other characters are kept, so they fail the check). */
export function gtinDigits(raw: string): string {
  return raw.replace(/[\s\u00a0\u202f\-\u2010\u2011\u2013]/g, '');
}

/** The GS1 mod-10 check digit of the digits before it: position 1 (next to the check digit) weighs 3. */
export function gtinCheckDigitOf(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - i;
    sum += Number(body[i]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** GS1 mod-10 check digit over all digits but the last. */
export function gtinCheckDigitValid(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < 2) return false;
  return gtinCheckDigitOf(digits.slice(0, -1)) === Number(digits[digits.length - 1]);
}

/** Judges a GTIN after separators are removed; the message is written for the person who typed it. */
export function checkGtin(raw: string): GtinCheck {
  const shape = gtinShape(raw);
  if (!shape.ok) return shape;
  const v = shape.value;
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

/** The GTIN-14 form (left-padded with zeros) of a valid GTIN: GTINs of different lengths that are one code compare equal. */
export function gtin14(raw: string): string | null {
  const c = checkGtin(raw);
  return c.ok ? c.value.padStart(14, '0') : null;
}

/** Digits only, 8, 12, 13 or 14 of them (the contract's constraint on a stored GTIN). */
function gtinShape(raw: string): GtinCheck {
  const v = gtinDigits(raw.trim());
  if (!v) return { ok: false, problem: 'empty', message: 'The GTIN is empty.' };
  if (!/^\d+$/.test(v)) return { ok: false, problem: 'not_numeric', message: 'A GTIN has digits only.' };
  if (!GTIN_LENGTHS.includes(v.length))
    return { ok: false, problem: 'invalid_length', message: `A GTIN has 8, 12, 13 or 14 digits (got ${v.length}).` };
  return { ok: true, value: v };
}

/** A correction that makes the check digit verify (a candidate for a person to check, never applied by itself). */
export interface GtinFix {
  kind: 'transposed_digits' | 'lost_leading_zero';
  /** the corrected GTIN */
  value: string;
  /** 1-based positions of the swapped digits (transposed_digits) */
  positions?: [number, number];
}

export type GtinAcceptance =
  | {
      ok: true;
      /** the digits as stored: never changed, a wrong check digit included */
      value: string;
      check_digit_valid: boolean;
      /** what the check digit would be for the digits before it (when it is wrong) */
      expected_check_digit?: number;
      /** candidate corrections when the check digit is wrong (at most 4; empty when none or too many fit) */
      likely_fixes: GtinFix[];
    }
  | { ok: false; problem: Exclude<GtinProblem, 'invalid_check_digit' | 'all_zeros'>; message: string };

/**
 * Whether a value may be stored as a GTIN: the contract's digits-and-length rule only. A wrong check
 * digit (or a placeholder of zeros) is accepted and reported, with the likely fixes, so every write
 * path keeps the value the person gave and the SKU carries the warning GTIN_CHECK_DIGIT_INVALID.
 */
export function acceptGtin(raw: string): GtinAcceptance {
  const shape = gtinShape(raw);
  if (!shape.ok) return shape as Extract<GtinAcceptance, { ok: false }>;
  const v = shape.value;
  if (gtinCheckDigitValid(v) && !/^0+$/.test(v))
    return { ok: true, value: v, check_digit_valid: true, likely_fixes: [] };
  return {
    ok: true,
    value: v,
    check_digit_valid: false,
    expected_check_digit: gtinCheckDigitOf(v.slice(0, -1)),
    likely_fixes: gtinLikelyFixes(v),
  };
}

/**
 * Corrections of a GTIN with a wrong check digit that a person or a spreadsheet most likely caused:
 * - two adjacent digits swapped (the GS1 check catches every such swap except of digits 5 apart);
 * - a leading zero lost and the code's digits shifted left, so the last digit is a stray one: "0" in front
 *   and the last digit dropped verifies (a 13-digit EAN pasted into a 12-digit UPC cell and typed on).
 * Only corrections that verify and are not zeros only are listed; none for a placeholder of zeros.
 */
export function gtinLikelyFixes(digits: string): GtinFix[] {
  if (!/^\d+$/.test(digits) || /^0+$/.test(digits) || gtinCheckDigitValid(digits)) return [];
  const out: GtinFix[] = [];
  for (let i = 0; i + 1 < digits.length; i++) {
    if (digits[i] === digits[i + 1]) continue;
    const swapped = digits.slice(0, i) + digits[i + 1] + digits[i] + digits.slice(i + 2);
    if (gtinCheckDigitValid(swapped) && !/^0+$/.test(swapped))
      out.push({ kind: 'transposed_digits', value: swapped, positions: [i + 1, i + 2] });
  }
  const shifted = `0${digits.slice(0, -1)}`;
  if (digits[0] !== '0' && gtinCheckDigitValid(shifted)) out.push({ kind: 'lost_leading_zero', value: shifted });
  // Many candidates means none is likely: the digits alone cannot tell which (a single mistyped digit is as likely).
  // More candidates than a person can check means the digits alone cannot tell (a mistyped digit is as likely).
  return out.length <= 4 ? out : [];
}

/** One sentence naming the candidate fixes ("" when there is none), for warnings and import flags. */
export function gtinFixSentence(fixes: readonly GtinFix[]): string {
  if (fixes.length === 0) return '';
  const parts = fixes.map((f) =>
    f.kind === 'transposed_digits'
      ? `${f.value} (digits ${f.positions![0]} and ${f.positions![1]} swapped)`
      : `${f.value} (a leading zero lost)`,
  );
  return ` Possible correction${parts.length > 1 ? 's' : ''}: ${parts.join(', ')}.`;
}
