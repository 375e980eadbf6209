'use client';

import { useLocale } from '@/components/i18n/locale-provider';
import { TEMPLATE_TEXT_DE } from '@/lib/exports/templates/german';

/** A template's name and description in the UI language (the API sends them in English). */
export function useTemplateText(): (tpl: { id: string | null; name: string; description?: string | null }) => {
  name: string;
  description: string;
} {
  const locale = useLocale();
  return (tpl) => {
    const de = locale === 'de' && tpl.id ? TEMPLATE_TEXT_DE[tpl.id] : undefined;
    return { name: de?.name ?? tpl.name, description: de?.description ?? tpl.description ?? '' };
  };
}
