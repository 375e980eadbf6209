/**
 * The language of a SKU's untranslated product texts (the plain `product_description`,
 * `batch_or_serial_scheme` and `age_grading` keys). Imports, extraction and people write them in
 * whatever language the catalogue is kept in: a German shop's descriptions are German, and calling
 * them English made the public page announce "not available in German" over German text and the
 * Publication tab call German "missing". The texts are read together (one short age grading says
 * little on its own); a sample too short or unclear to tell keeps the former assumption, English.
 */
import { detectLanguage } from '@/lib/text/language';
import { TRANSLATED_FIELD_BASES } from '@/lib/model/catalogue';
import { isSafetyInfoLanguage, type SafetyInfoLanguage } from '@/lib/i18n/languages';

export const ASSUMED_SOURCE_LANGUAGE: SafetyInfoLanguage = 'en';

/** Detected language of the plain translated texts among `fields`, or null when they cannot tell. */
export function detectSourceLanguage(
  fields: Readonly<Record<string, string | null | undefined>>,
): SafetyInfoLanguage | null {
  const sample = TRANSLATED_FIELD_BASES.map((k) => fields[k]?.trim())
    .filter(Boolean)
    .join('\n');
  if (!sample) return null;
  const found = detectLanguage(sample);
  // ELD names Norwegian "no"; anything outside the safety-information languages is no answer.
  return found && isSafetyInfoLanguage(found) ? found : null;
}

/** The source language to act on: detected, else the assumption. */
export function sourceLanguageOf(fields: Readonly<Record<string, string | null | undefined>>): SafetyInfoLanguage {
  return detectSourceLanguage(fields) ?? ASSUMED_SOURCE_LANGUAGE;
}
