/**
 * The API's codes in the UI language. English keeps the SKU screens' own words (./labels); other
 * languages reuse the five-locale labels of dossier.pdf and the public page (lib/i18n/messages.ts) and the
 * blocker titles (lib/requirements/titles.ts), so one code reads the same on screen and in the PDF.
 */
import { languageName, countryName } from '@/lib/i18n/languages';
import { vocabularyLabel } from '@/lib/i18n/messages';
import { translator, type UiLocale } from '@/lib/i18n/ui';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { blockerTitle } from '@/lib/requirements/titles';
import { docTypeLabel } from '@/lib/i18n/ui/doc-types';
import { ROLE_LABELS, roleNoun, SECTION_LABELS } from './labels';
import type { Blocker, EntityRole } from './types';

export function documentTypeText(type: string | null | undefined, locale: UiLocale): string {
  return type ? docTypeLabel(type, locale) : translator(skuDossierMessages, locale)('document');
}

export function roleText(role: string, locale: UiLocale): string {
  if (locale === 'en') return ROLE_LABELS[role as EntityRole] ?? role;
  return vocabularyLabel(locale, 'role', role);
}

/** The role inside a sentence: English lowers its first letter ("link an importer"), German nouns keep theirs. */
export function roleInSentence(role: string, locale: UiLocale): string {
  return locale === 'en' ? roleNoun(role) : roleText(role, locale);
}

export function sectionText(section: string, locale: UiLocale): string {
  if (locale === 'en') return SECTION_LABELS[section] ?? section;
  return vocabularyLabel(locale, 'section', section);
}

/** Where a value came from (manual, import, document_extraction, ...), in the words of dossier.pdf. */
export function sourceText(source: string, locale: UiLocale): string {
  return vocabularyLabel(locale, 'source', source);
}

/** A value's status (suggested, confirmed, rejected). */
export function valueStatusText(status: string, locale: UiLocale): string {
  return vocabularyLabel(locale, 'status', status);
}

/** "Germany (DE)" / "Deutschland (DE)". */
export function countryText(code: string | null | undefined, locale: UiLocale): string {
  if (!code) return '—';
  const name = countryName(code, locale);
  return name && name !== code ? `${name} (${code})` : code;
}

/**
 * A blocker or warning as the UI shows it. The rules write their sentences in English: English shows the
 * rule's sentence, German the code's title with the languages it names, as dossier.pdf does. A review
 * issue's sentence is a person's own words, so it follows the title.
 */
export function blockerText(b: Pick<Blocker, 'code' | 'message' | 'details'>, locale: UiLocale): string {
  if (locale === 'en') return b.message;
  const title = blockerTitle(b.code, locale);
  if (b.code === 'REVIEW_ISSUE_OPEN') return `${title}: ${b.message}`;
  const languages = b.details?.languages;
  const names = Array.isArray(languages) ? languages.map((l) => languageName(String(l), locale)) : [];
  return names.length ? `${title}: ${names.join(' / ')}` : title;
}
