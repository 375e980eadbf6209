'use client';

import { useLocale } from '@/components/i18n/locale-provider';
import { CATEGORIES } from '@/lib/model/categories';

/** The categories with their names in the UI language, in catalogue order, for pickers. */
export function useCategoryOptions(): { code: string; label: string }[] {
  const locale = useLocale();
  return CATEGORIES.map((c) => ({ code: c.code, label: c.labels[locale] }));
}

/** A category's name in the UI language: `useCategoryLabel()(code)`; an unknown code shows as is, none as "—". */
export function useCategoryLabel(): (code: string | null | undefined) => string {
  const locale = useLocale();
  return (code) => {
    if (!code) return '—';
    return CATEGORIES.find((c) => c.code === code)?.labels[locale] ?? code;
  };
}
