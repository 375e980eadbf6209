'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { createColumnHelper } from '@tanstack/react-table';
import { BookmarkPlus, FileDown } from 'lucide-react';
import { apiFetch, describeError } from '@/components/api/client';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toaster';
import { newExportHref } from './types';
import { RoleGate } from '@/components/team/role-gate';

/** The row-selection column of the SKU table (TanStack's row selection state). */
export function selectColumn<T>() {
  return createColumnHelper<T>().display({
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all shown SKUs"
        checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
        onCheckedChange={(v) => table.toggleAllRowsSelected(v === true)}
        data-testid="select-all"
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label="Select SKU"
        checked={row.getIsSelected()}
        onCheckedChange={(v) => row.toggleSelected(v === true)}
        data-testid="select-row"
      />
    ),
  });
}

/** "Export selected" and "Save view" beside the SKU table's filters. */
export function SkuTableExportBar({
  selectedIds,
  filters,
}: {
  selectedIds: string[];
  filters: Record<string, unknown>;
}) {
  const router = useRouter();
  const [naming, setNaming] = React.useState(false);
  const [name, setName] = React.useState('');
  const [busy, setBusy] = React.useState(false);

  async function save() {
    setBusy(true);
    try {
      await apiFetch('/api/views', { method: 'POST', body: { name, filters } });
      toast.success(`View "${name}" saved; export it from Exports.`);
      setNaming(false);
      setName('');
    } catch (e) {
      toast.error(describeError(e).title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <RoleGate need={'edit'}>
        <Button variant="secondary" size="sm" onClick={() => setNaming(true)} data-testid="save-view">
          <BookmarkPlus aria-hidden="true" />
          Save view
        </Button>
      </RoleGate>
      <Button
        size="sm"
        disabled={!selectedIds.length}
        onClick={() => router.push(newExportHref({ skuIds: selectedIds }))}
        data-testid="export-selected"
      >
        <FileDown aria-hidden="true" />
        Export selected{selectedIds.length ? ` (${selectedIds.length})` : ''}
      </Button>
      <Dialog open={naming} onOpenChange={setNaming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Save this view</DialogTitle>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="view-name">Name</Label>
            <Input
              id="view-name"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Toys for Amazon DE"
            />
          </div>
          <DialogFooter>
            <Button onClick={save} loading={busy} disabled={!name.trim()}>
              Save view
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
