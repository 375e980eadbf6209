'use client';

import * as React from 'react';
import { Check, Search } from 'lucide-react';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EuBadge } from '@/components/entities/eu-badge';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { importEntityMessages } from '@/lib/i18n/ui/import-entities';
import type { Entity } from '@/components/skus/types';

export interface EntityChooserProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** what to search for first: the candidate's name */
  initialQuery: string;
  title: string;
  selectedId?: string | null;
  onChoose: (entity: Entity) => void;
}

/** A searchable list over GET /api/entities?q= to pick the existing entity an import candidate is. */
export function EntityChooser({ open, onOpenChange, initialQuery, title, selectedId, onChoose }: EntityChooserProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="entity-chooser">
        {open ? (
          <ChooserBody
            initialQuery={initialQuery}
            title={title}
            selectedId={selectedId}
            onChoose={onChoose}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ChooserBody({
  initialQuery,
  title,
  selectedId,
  onChoose,
  onCancel,
}: Omit<EntityChooserProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const t = useT(importEntityMessages);
  const common = useT(commonMessages);
  const [q, setQ] = React.useState(initialQuery);
  const debounced = useDebouncedValue(q.trim(), 250);
  const found = useApiQuery<{ data: Entity[] }>(
    `/api/entities${debounced ? `?q=${encodeURIComponent(debounced)}` : ''}`,
  );
  const results = found.data?.data ?? null;
  const error = found.error?.message ?? null;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{t('chooser.description')}</DialogDescription>
      </DialogHeader>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          autoFocus
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('chooser.search_placeholder')}
          aria-label={t('chooser.search_label')}
          className="pl-8"
          maxLength={200}
        />
      </div>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <div
        className="max-h-80 overflow-y-auto rounded-lg border border-border"
        role="list"
        aria-label={t('chooser.list_label')}
      >
        {results === null ? (
          <div className="grid gap-2 p-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : results.length === 0 ? (
          <p className="px-4 py-6 text-center text-[0.8125rem] text-muted-foreground">
            {debounced ? t('chooser.no_match', { query: debounced }) : t('chooser.none')} {t('chooser.instead')}
          </p>
        ) : (
          results.map((e) => (
            <div
              key={e.id}
              role="listitem"
              className="flex items-center gap-3 border-b border-border px-3.5 py-2.5 last:border-0"
              data-testid="entity-choice"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="font-medium text-foreground">{e.name}</span>
                  <EuBadge established={e.eu_established} country={e.country} />
                </div>
                <p className="truncate text-xs text-muted-foreground">
                  {[e.postal_address, e.email].filter(Boolean).join(' · ') || t('chooser.no_contact')}
                </p>
              </div>
              <Button
                size="sm"
                variant={e.id === selectedId ? 'subtle' : 'secondary'}
                onClick={() => onChoose(e)}
                aria-label={t('chooser.choose_label', { name: e.name })}
              >
                {e.id === selectedId ? <Check aria-hidden="true" /> : null}
                {e.id === selectedId ? t('chooser.chosen') : t('chooser.choose')}
              </Button>
            </div>
          ))
        )}
      </div>
      <DialogFooter>
        <Button variant="ghost" onClick={onCancel}>
          {common('cancel')}
        </Button>
      </DialogFooter>
    </>
  );
}
