'use client';

import * as React from 'react';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Select as SelectPrimitive } from 'radix-ui';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { countryName } from '@/lib/i18n/languages';
import type { UiLocale } from '@/lib/i18n/ui';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { EEA_STATES, ISO_COUNTRY_CODES } from '@/lib/model/countries';

const NONE = '__none__';

interface CountryOption {
  code: string;
  name: string;
}

const cache = new Map<UiLocale, { eea: CountryOption[]; other: CountryOption[] }>();

/** ISO 3166-1 countries by name in the UI language, EU/EEA states first (where a responsible person must sit). */
export function countryOptions(locale: UiLocale = 'en') {
  const hit = cache.get(locale);
  if (hit) return hit;
  const eeaSet = new Set(EEA_STATES);
  const all = ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
  const options = { eea: all.filter((c) => eeaSet.has(c.code)), other: all.filter((c) => !eeaSet.has(c.code)) };
  cache.set(locale, options);
  return options;
}

/** "Germany (DE)", or "Deutschland (DE)" in German. */
export function countryLabel(code: string | null | undefined, locale: UiLocale = 'en'): string {
  if (!code) return '—';
  const name = countryName(code, locale);
  return name && name !== code ? `${name} (${code})` : code;
}

/** `countryLabel` in the UI language. */
export function useCountryLabel(): (code: string | null | undefined) => string {
  const locale = useLocale();
  return React.useCallback((code) => countryLabel(code, locale), [locale]);
}

export interface CountrySelectProps {
  id?: string;
  value: string | null | undefined;
  onChange: (code: string | null) => void;
  /** Offer "No country" as a choice. */
  allowEmpty?: boolean;
  placeholder?: string;
  invalid?: boolean;
  'aria-describedby'?: string;
  className?: string;
}

/** A country picker with names; type the first letters of a name to jump to it. */
export function CountrySelect({
  id,
  value,
  onChange,
  allowEmpty = true,
  placeholder,
  invalid,
  className,
  ...aria
}: CountrySelectProps) {
  const t = useT(entityMessages);
  const { eea, other } = countryOptions(useLocale());
  return (
    <Select value={value || (allowEmpty ? NONE : undefined)} onValueChange={(v) => onChange(v === NONE ? null : v)}>
      <SelectTrigger
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={aria['aria-describedby']}
        className={className}
      >
        <SelectValue placeholder={placeholder ?? t('country.choose')} />
      </SelectTrigger>
      <SelectContent className="max-h-80">
        {allowEmpty ? <SelectItem value={NONE}>{t('country.none')}</SelectItem> : null}
        <SelectGroup>
          <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
            {t('country.eea')}
          </SelectPrimitive.Label>
          {eea.map((c) => (
            <SelectItem key={c.code} value={c.code}>
              {c.name} ({c.code})
            </SelectItem>
          ))}
        </SelectGroup>
        <SelectGroup>
          <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
            {t('country.other')}
          </SelectPrimitive.Label>
          {other.map((c) => (
            <SelectItem key={c.code} value={c.code}>
              {c.name} ({c.code})
            </SelectItem>
          ))}
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}
