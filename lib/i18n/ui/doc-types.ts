import { vocabularyLabel } from '../messages';
import type { UiLocale } from '../ui';

/**
 * Document type names in the UI language, taken from the five-locale labels of the dossier and the public
 * page (lib/i18n/messages.ts), so a type is named alike everywhere. The English UI keeps its shorter
 * "Declaration of conformity" (the dossier says "EU declaration of conformity").
 */
export function docTypeLabel(type: string, locale: UiLocale): string {
  if (locale === 'en' && type === 'declaration_of_conformity') return 'Declaration of conformity';
  const label = vocabularyLabel(locale, 'doctype', type);
  return label === type ? type.replace(/_/g, ' ') : label;
}
