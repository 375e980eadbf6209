'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { BookmarkPlus, FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/components/i18n/locale-provider';
import { skuListMessages } from '@/lib/i18n/ui/sku-list';
import { newExportHref } from './types';
import { RoleGate } from '@/components/team/role-gate';

// The dialog loads when "Save view" is first pressed, not with the SKU list.
const SaveViewDialog = dynamic(() => import('./save-view-dialog').then((m) => m.SaveViewDialog), { ssr: false });

/** "Export selected" and "Save view" beside the SKU table's filters. */
export function SkuTableExportBar({
  selectedIds,
  filters,
}: {
  selectedIds: string[];
  filters: Record<string, unknown>;
}) {
  const router = useRouter();
  const t = useT(skuListMessages);
  const [naming, setNaming] = React.useState(false);
  // Mounted on first use and kept (its closing animation, its chunk loaded once).
  const [dialogMounted, setDialogMounted] = React.useState(false);

  return (
    <>
      <RoleGate need={'edit'}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setDialogMounted(true);
            setNaming(true);
          }}
          data-testid="save-view"
        >
          <BookmarkPlus aria-hidden="true" />
          {t('export.save_view')}
        </Button>
      </RoleGate>
      <Button
        size="sm"
        disabled={!selectedIds.length}
        onClick={() => router.push(newExportHref({ skuIds: selectedIds }))}
        data-testid="export-selected"
      >
        <FileDown aria-hidden="true" />
        {selectedIds.length ? t('export.selected_count', { count: selectedIds.length }) : t('export.selected')}
      </Button>
      {dialogMounted ? <SaveViewDialog open={naming} onOpenChange={setNaming} filters={filters} /> : null}
    </>
  );
}
