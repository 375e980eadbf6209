'use client';

import * as React from 'react';
import { Boxes, Check, ChevronDown, LoaderCircle, Search, X } from 'lucide-react';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils/cn';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { documentMessages } from '@/lib/i18n/ui/documents';
import type { LinkedSku } from './types';
import type { DocumentSkuMatches } from '@/lib/documents/schemas';
import type { SkuList } from '@/lib/skus/schemas';

/** A SKU offered in the picker; `match` says what in the document names it (from the SKU matches). */
type SkuOption = LinkedSku & { match?: string };

type SkuMatchBody = DocumentSkuMatches;

/** SKUs matching `q` (GET /api/skus?q=), newest first; with a document and no query, the SKUs the document names come first. */
function useSkuSearch(q: string, enabled: boolean, documentId?: string) {
  const debounced = useDebouncedValue(q.trim(), 200);
  const p = new URLSearchParams({ limit: '8' });
  if (debounced) p.set('q', debounced);
  const list = useApiQuery<SkuList>(enabled ? `/api/skus?${p.toString()}` : null);
  // Without a query, the SKUs the document names come first; a failed match read only loses that ordering.
  const matched = useApiQuery<SkuMatchBody>(
    enabled && documentId && !debounced ? `/api/documents/${encodeURIComponent(documentId)}/sku-matches` : null,
  );
  const items = React.useMemo((): SkuOption[] => {
    if (!list.data) return [];
    const first: SkuOption[] = (matched.data?.matches ?? []).map((m) => ({
      id: m.sku_id,
      sku_code: m.sku_code,
      product_name: m.product_name,
      match: m.evidence.map((e) => `${e.kind.replace('_', ' ')} ${e.value}`).join(', '),
    }));
    return [...first, ...list.data.data.filter((s) => !first.some((f) => f.id === s.id))];
  }, [list.data, matched.data]);
  return {
    items: list.error ? [] : items,
    loading: list.loading || matched.loading,
    error: list.error ? list.error.message : null,
  };
}

export interface SkuPickerProps {
  value: LinkedSku | null;
  onChange: (sku: LinkedSku | null) => void;
  placeholder?: string;
  /** Accessible name of the trigger ("Link uploads to SKU"). */
  label: string;
  /** SKUs that cannot be picked (already linked). */
  excludeIds?: readonly string[];
  className?: string;
  /** Show a clear button when a SKU is chosen. */
  clearable?: boolean;
  size?: 'sm' | 'md';
  /** A trigger of your own (e.g. "Link to SKU" button) instead of the select-like one. */
  trigger?: React.ReactElement;
  disabled?: boolean;
  /** A document whose text names SKUs (GTIN, code, model): those are listed first, with what matched. */
  documentId?: string;
}

/** A searchable SKU chooser: type a code, a product name or a GTIN, pick with mouse or arrow keys. */
export function SkuPicker({
  value,
  onChange,
  placeholder,
  label,
  excludeIds = [],
  className,
  clearable = true,
  size = 'md',
  trigger,
  disabled,
  documentId,
}: SkuPickerProps) {
  const t = useT(documentMessages);
  const locale = useLocale();
  const [open, setOpen] = React.useState(false);
  const [q, setQ] = React.useState('');
  const [active, setActive] = React.useState(0);
  const { items, loading, error } = useSkuSearch(q, open, documentId);
  const listId = React.useId();
  const options = items.filter((s) => !excludeIds.includes(s.id));

  function pick(s: LinkedSku | null) {
    onChange(s);
    setOpen(false);
    setQ('');
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const s = options[active];
      if (s) pick(s);
    }
  }

  return (
    <div className={cn('flex min-w-0 items-center gap-1', className)}>
      <Popover
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setActive(0);
          if (!o) setQ('');
        }}
      >
        <PopoverTrigger asChild disabled={disabled}>
          {trigger ?? (
            <button
              type="button"
              aria-label={value ? `${label}: ${value.sku_code}` : label}
              className={cn(
                'flex w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-surface px-3 text-left shadow-xs',
                'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-60',
                size === 'sm' ? 'h-8 text-[0.8125rem]' : 'h-9 text-sm',
              )}
            >
              <span className={cn('flex min-w-0 items-center gap-1.5 truncate', !value && 'text-subtle-foreground')}>
                <Boxes className="size-4 shrink-0 text-subtle-foreground" aria-hidden="true" />
                {value ? (
                  <>
                    <span className="font-mono font-medium text-foreground">{value.sku_code}</span>
                    <span className="truncate text-muted-foreground">{value.product_name}</span>
                  </>
                ) : (
                  (placeholder ?? t('picker.any'))
                )}
              </span>
              <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </button>
          )}
        </PopoverTrigger>
        <PopoverContent className="w-96 p-0" align="start" onOpenAutoFocus={(e) => e.preventDefault()}>
          <div className="relative border-b border-border p-2">
            <Search
              className="pointer-events-none absolute top-1/2 left-4.5 size-4 -translate-y-1/2 text-subtle-foreground"
              aria-hidden="true"
            />
            <Input
              autoFocus
              value={q}
              onChange={(e) => {
                setQ(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder={t('picker.search_placeholder')}
              aria-label={t('picker.search_label')}
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-activedescendant={options[active] ? `${listId}-${options[active].id}` : undefined}
              className="pl-8"
              maxLength={200}
            />
          </div>
          <ul id={listId} role="listbox" aria-label={t('picker.list_label')} className="max-h-72 overflow-y-auto p-1">
            {loading && options.length === 0 ? (
              <li className="flex items-center gap-2 px-2 py-3 text-muted-foreground">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> {t('picker.searching')}
              </li>
            ) : error ? (
              <li className="px-2 py-3 text-danger-soft-foreground">{error}</li>
            ) : options.length === 0 ? (
              <li className="px-2 py-3 text-muted-foreground">
                {q.trim() ? t('picker.no_match') : t('picker.none_yet')}
              </li>
            ) : (
              options.map((s, i) => (
                <li
                  key={s.id}
                  id={`${listId}-${s.id}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(s)}
                  className={cn(
                    'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5',
                    i === active && 'bg-surface-muted',
                  )}
                  data-testid="sku-option"
                >
                  <span className="font-mono text-[0.8125rem] font-medium text-foreground">{s.sku_code}</span>
                  <span className="min-w-0 flex-1 truncate text-muted-foreground">{s.product_name}</span>
                  {s.match ? (
                    <span
                      className="shrink-0 rounded bg-success-soft px-1.5 text-xs text-success-soft-foreground"
                      title={t('picker.match_title', { match: s.match })}
                      data-testid="sku-option-match"
                    >
                      {t('picker.in_document')}
                    </span>
                  ) : null}
                  {value?.id === s.id ? <Check className="size-4 text-primary" aria-hidden="true" /> : null}
                </li>
              ))
            )}
          </ul>
        </PopoverContent>
      </Popover>
      {clearable && value && !trigger ? (
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          onClick={() => onChange(null)}
          aria-label={t('picker.clear', { label: locale === 'en' ? label.toLowerCase() : label })}
          disabled={disabled}
        >
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
