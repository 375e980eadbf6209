'use client';

import * as React from 'react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CountrySelect } from '@/components/entities/country-select';
import { countryName } from '@/lib/i18n/languages';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import type { CatalogueField } from './types';

/** Example values (the same in every language) and hints, by field kind. */
const EXAMPLES: Record<string, string> = { email: 'safety@example.com', url: 'https://…' };
const HINTS = { gtin: 'input.gtin', country_list: 'input.country_list', list: 'input.list' } as const;

function usePlaceholder(): (kind: string) => string | undefined {
  const t = useT(skuDossierMessages);
  return (kind) => EXAMPLES[kind] ?? (kind in HINTS ? t(HINTS[kind as keyof typeof HINTS]) : undefined);
}

/** "yes"/"no" of an enum field in the UI language; other options are shown as stored. */
function useEnumLabel(): (value: string) => string {
  const common = useT(commonMessages);
  return (value) => (value === 'yes' ? common('yes') : value === 'no' ? common('no') : value);
}

export interface FieldInputProps {
  id: string;
  field: CatalogueField;
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  invalid?: boolean;
  describedBy?: string;
}

/** The control for one dossier field, by its kind. Enter saves single-line fields, Ctrl+Enter multi-line ones; Escape cancels. */
export function FieldInput({ id, field, value, onChange, onSubmit, onCancel, invalid, describedBy }: FieldInputProps) {
  const t = useT(skuDossierMessages);
  const locale = useLocale();
  const placeholder = usePlaceholder();
  const enumLabel = useEnumLabel();
  const common = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy } as const;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (e.key === 'Enter' && (field.kind !== 'multiline' || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit();
    }
  };

  switch (field.kind) {
    case 'multiline':
      return (
        <Textarea
          {...common}
          autoFocus
          rows={field.key.startsWith('safety_warnings') || field.key.startsWith('instructions') ? 5 : 4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
      );
    case 'date':
      return (
        <Input
          {...common}
          autoFocus
          type="date"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          className="w-48"
        />
      );
    case 'country':
      return (
        <CountrySelect
          id={id}
          value={value || null}
          onChange={(c) => onChange(c ?? '')}
          invalid={invalid}
          aria-describedby={describedBy}
          className="max-w-sm"
        />
      );
    case 'enum': {
      const options = field.enum_values?.length ? field.enum_values : ['yes', 'no'];
      return (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger
            {...common}
            // The Add button that opened the editor is gone: without focus here it fell to <body>.
            autoFocus
            // Esc on the closed list cancels the editor like every other input (Enter opens the list).
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                onCancel();
              }
            }}
            className="w-40"
          >
            <SelectValue placeholder={t('input.choose')} />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o} value={o}>
                {enumLabel(o)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      );
    }
    case 'country_list': {
      const codes = value
        .split(/[,;\s]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean);
      return (
        <div className="grid gap-1.5">
          <Input
            {...common}
            autoFocus
            value={value}
            placeholder={placeholder('country_list')}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            className="font-mono"
          />
          {codes.length ? (
            <p className="text-xs text-muted-foreground">
              {codes
                .map((c) => (c === 'EU' ? t('input.eu27') : /^[A-Z]{2}$/.test(c) ? countryName(c, locale) : c))
                .join(', ')}
            </p>
          ) : null}
        </div>
      );
    }
    default:
      return (
        <Input
          {...common}
          autoFocus
          type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.kind === 'gtin' ? 'numeric' : undefined}
          placeholder={placeholder(field.kind)}
          className={field.kind === 'gtin' ? 'font-mono' : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
      );
  }
}

/** A stored value as the page shows it: countries with names, yes/no capitalised, lists one per line. */
export function FieldValue({ field, value }: { field: CatalogueField; value: string }) {
  const locale = useLocale();
  const enumLabel = useEnumLabel();
  switch (field.kind) {
    case 'country':
      return (
        <span>
          {countryName(value, locale)} <span className="font-mono text-xs text-muted-foreground">{value}</span>
        </span>
      );
    case 'country_list':
      return (
        <span className="flex flex-wrap gap-1">
          {value.split(',').map((c) => (
            <span
              key={c}
              className="rounded border border-border bg-surface-muted px-1.5 py-px text-xs"
              title={countryName(c.trim(), locale)}
            >
              {c.trim()}
            </span>
          ))}
        </span>
      );
    case 'enum':
      return <span>{enumLabel(value)}</span>;
    case 'list':
      return (
        <ul className="grid gap-0.5">
          {value
            .split(/;\s*/)
            .filter(Boolean)
            .map((item, i) => (
              <li key={`${i}-${item}`}>{item}</li>
            ))}
        </ul>
      );
    case 'url':
      // Only http(s) becomes a link: a stored value is never trusted to be a safe scheme.
      if (!/^https?:\/\//i.test(value)) return <span className="break-all">{value}</span>;
      return (
        <a
          href={value}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="break-all text-primary hover:underline"
        >
          {value}
        </a>
      );
    case 'gtin':
      return <span className="font-mono tabular-nums">{value}</span>;
    case 'multiline':
      return <span className="block whitespace-pre-wrap">{value}</span>;
    default:
      return <span className="break-words">{value}</span>;
  }
}
