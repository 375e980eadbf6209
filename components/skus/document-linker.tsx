'use client';

import * as React from 'react';
import { FileText, Link2, LoaderCircle, Search } from 'lucide-react';
import { ApiError } from '@/components/api/client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/toaster';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { documentTypeText } from './vocabulary';
import { RoleGate } from '@/components/team/role-gate';
import { queryKeys } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useDebouncedValue } from '@/components/use-debounced-value';
import type { DocumentPage } from '@/lib/documents/schemas';

type VaultItem = DocumentPage['data'][number];

/** Links a document already in the vault to this SKU: search by file name, pick, done (PUT /api/documents/{id}/skus/{skuId}). */
export function DocumentLinker({
  skuId,
  linkedIds,
  onLinked,
}: {
  skuId: string;
  linkedIds: readonly string[];
  onLinked: () => void;
}) {
  const t = useT(skuDossierMessages);
  const locale = useLocale();
  const [open, setOpen] = React.useState(false);
  const [q, setQ] = React.useState('');
  const [busy, setBusy] = React.useState<string | null>(null);
  const linkDocument = useApiMutation<unknown, VaultItem>({
    request: (d) => ({
      path: `/api/documents/${encodeURIComponent(d.id)}/skus/${encodeURIComponent(skuId)}`,
      method: 'PUT',
    }),
    invalidates: [queryKeys.documents],
  });
  const term = useDebouncedValue(q.trim(), 200);
  const search = new URLSearchParams({ limit: '10' });
  if (term) search.set('q', term);
  const found = useApiQuery<DocumentPage>(open ? `/api/documents?${search.toString()}` : null);
  const items: VaultItem[] | null = found.error ? [] : found.data ? found.data.data : null;

  async function link(d: VaultItem) {
    setBusy(d.id);
    try {
      await linkDocument.run(d);
      toast.success(t('linker.linked', { name: d.filename }));
      setOpen(false);
      onLinked();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('linker.failed'));
    } finally {
      setBusy(null);
    }
  }

  const shown = (items ?? []).filter((d) => !linkedIds.includes(d.id));
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <RoleGate need={'edit'}>
        <PopoverTrigger asChild>
          <Button size="sm" variant="secondary" data-testid="link-existing-document">
            <Link2 aria-hidden="true" />
            {t('linker.button')}
          </Button>
        </PopoverTrigger>
      </RoleGate>
      <PopoverContent align="end" className="w-96 p-2">
        <div className="relative mb-2">
          <Search
            className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-subtle-foreground"
            aria-hidden="true"
          />
          <Input
            autoFocus
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('linker.placeholder')}
            className="pl-8"
            aria-label={t('linker.search')}
          />
        </div>
        {items === null ? (
          <div className="flex justify-center p-3">
            <LoaderCircle className="size-4 animate-spin text-subtle-foreground" aria-hidden="true" />
          </div>
        ) : shown.length === 0 ? (
          <p className="p-3 text-[0.8125rem] text-muted-foreground">{t('linker.none')}</p>
        ) : (
          <ul className="grid max-h-72 gap-0.5 overflow-auto" role="listbox" aria-label={t('linker.list')}>
            {shown.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-[0.8125rem] hover:bg-surface-muted disabled:opacity-60"
                  onClick={() => link(d)}
                  disabled={busy !== null}
                  data-testid="vault-document-option"
                >
                  <FileText className="size-4 shrink-0 text-subtle-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate font-medium text-foreground">{d.filename}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {documentTypeText(d.document_type, locale)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
