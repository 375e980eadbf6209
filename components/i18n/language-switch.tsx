'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem } from '@/components/ui/dropdown-menu';
import { UI_LOCALES, UI_LOCALE_COOKIE, UI_LOCALE_NAMES, isUiLocale, type UiLocale } from '@/lib/i18n/ui';
import { shellMessages } from '@/lib/i18n/ui/shell';
import { cn } from '@/lib/utils/cn';
import { useLocale, useT } from './locale-provider';

/** Remembers the choice in this browser for a year and re-renders the page in it. */
function useChooseLocale(): (locale: UiLocale) => void {
  const router = useRouter();
  return React.useCallback(
    (locale) => {
      const secure = window.location.protocol === 'https:' ? '; secure' : '';
      document.cookie = `${UI_LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
      router.refresh();
    },
    [router],
  );
}

/** The UI language as radio items of the account menu. */
export function LanguageMenuItems() {
  const t = useT(shellMessages);
  const locale = useLocale();
  const choose = useChooseLocale();
  return (
    <>
      <DropdownMenuLabel>{t('menu.language')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={locale} onValueChange={(v) => isUiLocale(v) && choose(v)}>
        {UI_LOCALES.map((l) => (
          <DropdownMenuRadioItem key={l} value={l} lang={l}>
            {UI_LOCALE_NAMES[l]}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}

/** The UI language as a row of buttons, for pages without the account menu (sign-in, sign-up). */
export function LanguageButtons({ className }: { className?: string }) {
  const t = useT(shellMessages);
  const locale = useLocale();
  const choose = useChooseLocale();
  return (
    <div role="group" aria-label={t('menu.language')} className={cn('flex gap-3', className)}>
      {UI_LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => choose(l)}
          className={cn('hover:text-foreground', l === locale && 'font-medium text-foreground')}
        >
          {UI_LOCALE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
