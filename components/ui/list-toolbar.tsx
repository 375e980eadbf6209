'use client';

import * as React from 'react';
import { Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils/cn';
import { useT } from '@/components/i18n/locale-provider';
import { uiKitMessages } from '@/lib/i18n/ui/ui-kit';

/**
 * The one toolbar above a list: a search box that settles for 300 ms before it changes the query
 * (the URL, so the list), the list's own controls, and a row of filter chips with "Clear filters".
 */
export function ListToolbar({
  query,
  onQuery,
  searchLabel,
  placeholder,
  controls,
  chipsLabel,
  chips,
  filtered,
  onClear,
}: {
  query: string;
  onQuery: (q: string) => void;
  searchLabel: string;
  placeholder: string;
  controls?: React.ReactNode;
  chipsLabel?: string;
  chips?: React.ReactNode;
  filtered: boolean;
  onClear: () => void;
}) {
  const t = useT(uiKitMessages);
  const [text, setText] = React.useState(query);
  const pushed = React.useRef(query);
  // A query changed from outside (Clear filters, back button) replaces what the box shows.
  React.useEffect(() => {
    if (query === pushed.current) return;
    pushed.current = query;
    setText(query);
  }, [query]);
  React.useEffect(() => {
    if (text.trim() === query) return;
    const t = setTimeout(() => {
      pushed.current = text.trim();
      onQuery(text.trim());
    }, 300);
    return () => clearTimeout(t);
  }, [text, query, onQuery]);

  const clear = (
    <Button variant="ghost" size="sm" className="ml-auto h-7 text-xs" onClick={onClear}>
      <X aria-hidden="true" />
      {t('toolbar.clear')}
    </Button>
  );
  return (
    <div className="grid gap-3 border-b border-border px-5 py-3.5">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-56 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={placeholder}
            aria-label={searchLabel}
            className="pl-8"
            maxLength={200}
          />
        </div>
        {controls}
        {!chips && filtered ? clear : null}
      </div>
      {chips ? (
        <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label={chipsLabel}>
          {chips}
          {filtered ? clear : null}
        </div>
      ) : null}
    </div>
  );
}

/** A toggle in the toolbar's chip row. */
export function FilterChip({
  on,
  onClick,
  tone = 'primary',
  title,
  children,
}: {
  on: boolean;
  onClick: () => void;
  tone?: 'primary' | 'danger';
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      title={title}
      onClick={onClick}
      className={cn(
        'h-7 rounded-full border px-2.5 text-xs font-medium transition-colors',
        on
          ? tone === 'danger'
            ? 'border-danger/40 bg-danger-soft text-danger-soft-foreground'
            : 'border-primary bg-primary-soft text-primary-soft-foreground'
          : 'border-border bg-surface text-muted-foreground hover:border-border-strong hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

/** Below a list: how many rows are shown, and the button that loads the next page. */
export function ListFooter({
  count,
  noun,
  hasMore,
  onMore,
  loadingMore,
  moreLabel,
  extra,
  testId = 'load-more',
}: {
  count: number;
  noun: [singular: string, plural: string];
  hasMore: boolean;
  onMore: () => void;
  loadingMore: boolean;
  moreLabel: string;
  extra?: React.ReactNode;
  testId?: string;
}) {
  const t = useT(uiKitMessages);
  if (count === 0) return null;
  return (
    <div className="flex items-center justify-between gap-3 border-t border-border bg-surface-muted/40 px-5 py-2.5 text-xs text-muted-foreground">
      <span>
        {t('footer.shown', { count: String(count), noun: count === 1 ? noun[0] : noun[1] })}
        {hasMore ? t('footer.more_available') : ''}
        {extra}
      </span>
      {hasMore ? (
        <Button variant="secondary" size="sm" onClick={onMore} loading={loadingMore} data-testid={testId}>
          {moreLabel}
        </Button>
      ) : null}
    </div>
  );
}
