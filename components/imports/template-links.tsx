'use client';

import { Download, FileSpreadsheet } from 'lucide-react';
import { cn } from '@/lib/utils/cn';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import type { TemplateLanguage } from '@/lib/imports/template';

/** The template languages by their own names (the header row is in that language). */
const LANGUAGES: { lang: TemplateLanguage; name: string }[] = [
  { lang: 'en', name: 'English' },
  { lang: 'de', name: 'Deutsch' },
  { lang: 'fr', name: 'Français' },
  { lang: 'es', name: 'Español' },
  { lang: 'it', name: 'Italiano' },
];

const FORMATS = [
  { format: 'xlsx', label: 'Excel' },
  { format: 'csv', label: 'CSV' },
] as const;

export const templateUrl = (lang: TemplateLanguage, format: 'csv' | 'xlsx') =>
  `/api/import/template?lang=${lang}&format=${format}`;

/**
 * Downloads of the import template per language: headers the importer maps without changes and one
 * example row showing the formats.
 */
export function TemplateLinks({ className }: { className?: string }) {
  const t = useT(importMessages);
  const locale = useLocale();
  return (
    <section
      className={cn('grid gap-2 rounded-lg border border-border bg-surface-muted/40 px-4 py-3', className)}
      aria-labelledby="import-template-heading"
      data-testid="template-links"
    >
      <h2 id="import-template-heading" className="flex items-center gap-2 text-[0.8125rem] font-medium text-foreground">
        <FileSpreadsheet className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('template.title')}
      </h2>
      <p className="text-xs text-muted-foreground">{t('template.description')}</p>
      <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-[0.8125rem]">
        {LANGUAGES.map(({ lang, name }) => (
          <li key={lang} className="flex items-center gap-2" lang={lang}>
            <span className="text-foreground">{name}</span>
            {FORMATS.map(({ format, label }) => (
              <a
                key={format}
                href={templateUrl(lang, format)}
                download={`import-template-${lang}.${format}`}
                className="inline-flex items-center gap-1 rounded font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                data-testid={`template-${lang}-${format}`}
              >
                <Download className="size-3.5" aria-hidden="true" />
                {label}
                <span className="sr-only" lang={locale}>
                  {' '}
                  {t('template.link', { language: name })}
                </span>
              </a>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
