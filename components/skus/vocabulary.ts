/**
 * The API's codes in the UI language. Roles come from the entities dictionary, document types from
 * lib/i18n/ui/doc-types.ts; sections keep the SKU screens' shorter English words; the other codes reuse the
 * five-locale labels of dossier.pdf (lib/i18n/messages.ts) and the blocker titles (lib/requirements/titles.ts),
 * so one code reads the same on screen and in the PDF.
 */
import { languageName, countryName } from '@/lib/i18n/languages';
import { vocabularyLabel } from '@/lib/i18n/messages';
import { translator, type UiLocale } from '@/lib/i18n/ui';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { blockerTitle } from '@/lib/requirements/titles';
import { docTypeLabel } from '@/lib/i18n/ui/doc-types';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { fieldLabel } from '@/lib/model/catalogue';
import type { Blocker, EntityRole } from './types';
import { legalBasisOf } from '@/lib/currency/finding-params';
import type { CurrencyCode } from '@/lib/currency/types';
import { currencyMessages } from '@/lib/i18n/ui/currency';
import { legalBasisText } from '@/components/currency/currency-texts';

export function documentTypeText(type: string | null | undefined, locale: UiLocale): string {
  return type ? docTypeLabel(type, locale) : translator(skuDossierMessages, locale)('document');
}

const isRole = (role: string): role is EntityRole =>
  ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'].includes(role);

/** An operator role's label, from the entities dictionary (the one owner of role words). */
export function roleText(role: string, locale: UiLocale): string {
  return isRole(role) ? translator(entityMessages, locale)(`role.${role}`) : role.replace(/_/g, ' ');
}

/** The role inside a sentence ("link an importer"; "EU" keeps its capitals). */
export function roleInSentence(role: string, locale: UiLocale): string {
  return isRole(role) ? translator(entityMessages, locale)(`role_noun.${role}`) : role.replace(/_/g, ' ');
}

/** The English section names of the SKU screens (shorter than dossier.pdf's). */
const SECTION_LABELS: Record<string, string> = {
  identification: 'Identification',
  entities: 'Operators',
  safety: 'Safety information',
  compliance: 'Compliance',
  category: 'Category requirements',
};

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
  // What was not checked: the act's name (a citation, not translated) or the markets.
  if (b.code === 'REGIME_NOT_CHECKED' && typeof b.details?.acts === 'string') return `${title}: ${b.details.acts}`;
  if (b.code === 'MARKETS_NOT_CHECKED' && Array.isArray(b.details?.markets))
    return `${title}: ${b.details.markets.join(', ')}`;
  // Evidence currency: the cited standard or notified body the finding is about.
  if (b.code.startsWith('STANDARD_') && typeof b.details?.standard === 'string')
    return `${title}: ${b.details.standard}`;
  if (b.code.startsWith('NOTIFIED_BODY_') && typeof b.details?.number === 'string')
    return `${title}: ${b.details.number}`;
  // One blocker per obligation (issue 35): each missing language with only the markets that need it.
  const byLanguage = b.details?.by_language;
  if (Array.isArray(byLanguage) && byLanguage.length)
    return `${title}: ${byLanguage
      .map((e: { languages?: unknown; markets?: unknown }) => {
        const langs = Array.isArray(e.languages) ? e.languages.map((l) => languageName(String(l), locale)) : [];
        const markets = Array.isArray(e.markets) ? ` (${e.markets.join(', ')})` : '';
        return `${langs.join(' / ')}${markets}`;
      })
      .join('; ')}`;
  const languages = b.details?.languages;
  const names = Array.isArray(languages) ? languages.map((l) => languageName(String(l), locale)) : [];
  return names.length ? `${title}: ${names.join(' / ')}` : title;
}

/**
 * A blocker's legal basis as shown: an evidence-currency finding's in the UI's language (the act's provision),
 * others as the rule cites it.
 */
export function blockerLegalBasis(
  b: Pick<Blocker, 'code' | 'legal_basis' | 'details' | 'rule_id'>,
  locale: UiLocale,
): string | undefined {
  if (b.rule_id !== 'builtin.evidence_currency') return b.legal_basis ?? undefined;
  return legalBasisText(
    legalBasisOf(b.code as CurrencyCode, (b.details ?? {}) as Record<string, unknown>),
    translator(currencyMessages, locale),
  );
}

/**
 * Why an approval was reset, from the audit entry's reason_code and reason_params (the field, role and
 * source in words); entries written before codes existed keep their English `reason`.
 */
export function resetReasonText(data: Record<string, unknown>, locale: UiLocale): string | null {
  const code = typeof data.reason_code === 'string' ? data.reason_code : null;
  const key = `reset.${code}`;
  if (!code || !Object.hasOwn(skuDossierMessages.en, key)) return typeof data.reason === 'string' ? data.reason : null;
  const raw = (data.reason_params ?? {}) as Record<string, unknown>;
  const p = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v ?? '')]));
  if (p.field) p.field = fieldLabel(p.field, locale);
  if (p.role) p.role = roleInSentence(p.role, locale);
  if (p.source) p.source = sourceText(p.source, locale);
  return translator(skuDossierMessages, locale)(key as keyof (typeof skuDossierMessages)['en'], p);
}
