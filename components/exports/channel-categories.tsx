'use client';

import * as React from 'react';
import { apiFetch, describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { useT } from '@/components/i18n/locale-provider';
import { exportMessages } from '@/lib/i18n/ui/exports';
import type { ExportChannelMappings } from '@/lib/exports/schemas';

type Kind = 'kaufland_category' | 'otto_category';
const CHANNEL: Record<Kind, string> = { kaufland_category: 'Kaufland', otto_category: 'Otto' };

/**
 * Kaufland's or Otto's category for each of our categories (shown in the export dialog for the
 * templates that use it): the workspace's value, editable; empty means "not mapped" and the category's
 * SKUs stay out of the file with a warning. Nothing is shipped as a default: the channels' trees are
 * theirs and a wrong category is refused.
 */
export function ChannelCategories({ kind, onSaved }: { kind: Kind; onSaved?: () => void }) {
  const t = useT(exportMessages);
  const [table, setTable] = React.useState<ExportChannelMappings | null>(null);
  const [draft, setDraft] = React.useState<Record<string, string>>({});
  const saveMappings = useApiMutation<
    ExportChannelMappings,
    Partial<Record<Kind, { category_code: string; value: string | null }[]>>
  >({
    request: (body) => ({ path: '/api/exports/channel-mappings', method: 'PUT', body }),
  });
  const busy = saveMappings.pending;

  React.useEffect(() => {
    let live = true;
    apiFetch<ExportChannelMappings>('/api/exports/channel-mappings').then(
      (r) => {
        if (!live) return;
        setTable(r);
        setDraft(Object.fromEntries(r[kind].entries.map((e) => [e.category_code, e.value ?? ''])));
      },
      (e) => toast.error(describeError(e).title),
    );
    return () => {
      live = false;
    };
  }, [kind]);

  if (!table) return null;
  const channel = CHANNEL[kind];
  const entries = table[kind].entries;
  const changed = entries.filter((e) => (draft[e.category_code] ?? '').trim() !== (e.value ?? ''));

  async function save() {
    try {
      const r = await saveMappings.run({
        [kind]: changed.map((e) => ({
          category_code: e.category_code,
          value: draft[e.category_code]?.trim() || null,
        })),
      });
      setTable(r);
      toast.success(t('channel_categories.saved'));
      onSaved?.();
    } catch (e) {
      toast.error(describeError(e).title);
    }
  }

  return (
    <details className="rounded-md border p-2 text-sm" data-testid={`channel-categories-${kind}`}>
      <summary className="cursor-pointer font-medium">{t('channel_categories.title', { channel })}</summary>
      <p className="my-1 text-xs text-muted-foreground">
        {t('channel_categories.hint', { channel, date: table[kind].read_on })}
      </p>
      <div className="grid grid-cols-[8rem_1fr] items-center gap-1.5">
        {entries.map((e) => (
          <React.Fragment key={e.category_code}>
            <label htmlFor={`${kind}-${e.category_code}`} className="text-xs">
              {e.category_code}
            </label>
            <Input
              id={`${kind}-${e.category_code}`}
              value={draft[e.category_code] ?? ''}
              placeholder={t('channel_categories.none')}
              onChange={(ev) => setDraft((d) => ({ ...d, [e.category_code]: ev.target.value }))}
            />
          </React.Fragment>
        ))}
      </div>
      <Button className="mt-2" size="sm" onClick={save} loading={busy} disabled={!changed.length}>
        {t('channel_categories.save')}
      </Button>
    </details>
  );
}
