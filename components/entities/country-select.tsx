'use client';

import * as React from 'react';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Select as SelectPrimitive } from 'radix-ui';
import { countryName } from '@/lib/i18n/languages';
import { EEA_STATES, ISO_COUNTRY_CODES } from '@/lib/requirements/countries';

const NONE = '__none__';

interface CountryOption {
  code: string;
  name: string;
}

let cached: { eea: CountryOption[]; other: CountryOption[] } | null = null;

/** ISO 3166-1 countries by English name, EU/EEA states first (where a responsible person must sit). */
export function countryOptions() {
  if (cached) return cached;
  const eeaSet = new Set(EEA_STATES);
  const all = ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, 'en') })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
  cached = { eea: all.filter((c) => eeaSet.has(c.code)), other: all.filter((c) => !eeaSet.has(c.code)) };
  return cached;
}

export function countryLabel(code: string | null | undefined): string {
  if (!code) return '—';
  const name = countryName(code, 'en');
  return name && name !== code ? `${name} (${code})` : code;
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
  placeholder = 'Choose a country',
  invalid,
  className,
  ...aria
}: CountrySelectProps) {
  const { eea, other } = countryOptions();
  return (
    <Select value={value || (allowEmpty ? NONE : undefined)} onValueChange={(v) => onChange(v === NONE ? null : v)}>
      <SelectTrigger
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={aria['aria-describedby']}
        className={className}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-80">
        {allowEmpty ? <SelectItem value={NONE}>No country</SelectItem> : null}
        <SelectGroup>
          <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
            EU and EEA
          </SelectPrimitive.Label>
          {eea.map((c) => (
            <SelectItem key={c.code} value={c.code}>
              {c.name} ({c.code})
            </SelectItem>
          ))}
        </SelectGroup>
        <SelectGroup>
          <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
            Other countries
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
