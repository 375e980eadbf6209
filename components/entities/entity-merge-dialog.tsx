'use client';

import * as React from 'react';
import { Search } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { queryKeys } from '@/components/api/queries/keys';
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
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useDebouncedValue } from '@/components/use-debounced-value';
import type { Entity, EntityMergeResult } from '@/lib/entities/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { EuBadge } from './eu-badge';

/** Picks the duplicate to fold into `survivor` and confirms what moves. */
export function EntityMergeDialog({
  open,
  onOpenChange,
  survivor,
  onMerged,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  survivor: Entity;
  onMerged: (res: EntityMergeResult) => void;
}) {
  const t = useT(entityMessages);
  const tc = useT(commonMessages);
  const [q, setQ] = React.useState(survivor.name.split(/\s+/)[0] ?? '');
  const debounced = useDebouncedValue(q.trim(), 250);
  const [picked, setPicked] = React.useState<Entity | null>(null);
  const mergeInto = useApiMutation<EntityMergeResult, string>({
    request: (duplicateId) => ({
      path: `/api/entities/${survivor.id}/merge`,
      method: 'POST',
      body: { duplicate_id: duplicateId },
    }),
    idempotent: true,
    invalidates: [queryKeys.entities],
  });
  const busy = mergeInto.pending;
  const error = mergeInto.error ? describeError(mergeInto.error) : null;

  const found = useApiQuery<{ data: Entity[] }>(
    open ? `/api/entities?limit=50${debounced ? `&q=${encodeURIComponent(debounced)}` : ''}` : null,
  );
  const results = found.data ? found.data.data.filter((e) => e.id !== survivor.id) : null;
  const shownError = error ?? (found.error ? describeError(found.error) : null);

  async function merge() {
    if (!picked) return;
    try {
      const res = await mergeInto.run(picked.id);
      setPicked(null);
      onMerged(res);
    } catch {
      // Shown below through mergeInto.error.
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-2xl" data-testid="merge-dialog">
        <DialogHeader>
          <DialogTitle>{t('merge.title', { name: survivor.name })}</DialogTitle>
          <DialogDescription>{t('merge.description', { name: survivor.name })}</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('merge.search_placeholder')}
            aria-label={t('merge.search')}
            className="pl-8"
            maxLength={200}
          />
        </div>
        <fieldset className="max-h-72 overflow-y-auto rounded-lg border border-border">
          <legend className="sr-only">{t('merge.legend')}</legend>
          {results === null ? (
            <p className="px-4 py-4 text-[0.8125rem] text-muted-foreground">{tc('loading')}</p>
          ) : results.length === 0 ? (
            <p className="px-4 py-4 text-[0.8125rem] text-muted-foreground">{t('merge.none')}</p>
          ) : (
            results.map((e) => (
              <label
                key={e.id}
                className="flex cursor-pointer items-start gap-3 border-b border-border px-3.5 py-2.5 last:border-0 hover:bg-surface-muted/50"
                data-testid="merge-candidate"
              >
                <input
                  type="radio"
                  name="duplicate"
                  className="mt-1"
                  checked={picked?.id === e.id}
                  onChange={() => setPicked(e)}
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <span className="font-medium">{e.name}</span>
                    <EuBadge established={e.eu_established} country={e.country} />
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {[e.postal_address, e.email, t('merge.skus', { count: e.sku_count ?? 0 })]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            ))
          )}
        </fieldset>
        {shownError ? (
          <Alert variant="danger" title={shownError.title} data-testid="merge-error">
            {shownError.description}
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {tc('cancel')}
          </Button>
          <Button onClick={() => void merge()} disabled={!picked} loading={busy} data-testid="confirm-merge">
            {picked ? t('merge.confirm', { duplicate: picked.name, survivor: survivor.name }) : t('merge.merge')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
