'use client';

import * as React from 'react';
import { apiFetch, describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { useT } from '@/components/i18n/locale-provider';
import { exportMessages } from '@/lib/i18n/ui/exports';

type Entry = {
  category_code: string;
  product_type: string | null;
  default_product_type: string | null;
  origin: string;
};
type Table = { amazon_product_type: { source: string; read_on: string; entries: Entry[] } };

/**
 * The Amazon product type of each category (shown in the export dialog for Amazon templates that use
 * it): the shipped default or the workspace's value, editable; empty means "no product type" and the
 * category's SKUs stay out of the file with a warning.
 */
export function AmazonProductTypes({ onSaved }: { onSaved?: () => void }) {
  const t = useT(exportMessages);
  const [table, setTable] = React.useState<Table | null>(null);
  const [draft, setDraft] = React.useState<Record<string, string>>({});
  const saveTypes = useApiMutation<Table, { category_code: string; product_type: string | null }[]>({
    request: (rows) => ({ path: '/api/exports/channel-mappings', method: 'PUT', body: { amazon_product_type: rows } }),
  });
  const busy = saveTypes.pending;

  React.useEffect(() => {
    let live = true;
    apiFetch<Table>('/api/exports/channel-mappings').then(
      (r) => {
        if (!live) return;
        setTable(r);
        setDraft(Object.fromEntries(r.amazon_product_type.entries.map((e) => [e.category_code, e.product_type ?? ''])));
      },
      (e) => toast.error(describeError(e).title),
    );
    return () => {
      live = false;
    };
  }, []);

  if (!table) return null;
  const entries = table.amazon_product_type.entries;
  const changed = entries.filter((e) => (draft[e.category_code] ?? '') !== (e.product_type ?? ''));

  async function save() {
    try {
      const r = await saveTypes.run(
        changed.map((e) => ({
          category_code: e.category_code,
          product_type: draft[e.category_code]?.trim().toUpperCase() || null,
        })),
      );
      setTable(r);
      toast.success(t('amazon_types.saved'));
      onSaved?.();
    } catch (e) {
      toast.error(describeError(e).title);
    }
  }

  return (
    <details className="rounded-md border p-2 text-sm" data-testid="amazon-product-types">
      <summary className="cursor-pointer font-medium">{t('amazon_types.title')}</summary>
      <p className="my-1 text-xs text-muted-foreground">
        {t('amazon_types.hint', { date: table.amazon_product_type.read_on })}
      </p>
      <div className="grid grid-cols-[8rem_1fr] items-center gap-1.5">
        {entries.map((e) => (
          <React.Fragment key={e.category_code}>
            <label htmlFor={`amazon-type-${e.category_code}`} className="text-xs">
              {e.category_code}
            </label>
            <Input
              id={`amazon-type-${e.category_code}`}
              value={draft[e.category_code] ?? ''}
              placeholder={t('amazon_types.none')}
              onChange={(ev) => setDraft((d) => ({ ...d, [e.category_code]: ev.target.value }))}
            />
          </React.Fragment>
        ))}
      </div>
      <Button className="mt-2" size="sm" onClick={save} loading={busy} disabled={!changed.length}>
        {t('amazon_types.save')}
      </Button>
    </details>
  );
}
