'use client';

import * as React from 'react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toaster';
import { useT } from '@/components/i18n/locale-provider';
import { skuListMessages } from '@/lib/i18n/ui/sku-list';

/** "Save this view": names the SKU table's filters and saves them as a view. */
export function SaveViewDialog({
  open,
  onOpenChange,
  filters,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: Record<string, unknown>;
}) {
  const t = useT(skuListMessages);
  const [name, setName] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const saveView = useApiMutation<unknown, void>({ request: () => ({ path: '/api/views', body: { name, filters } }) });

  async function save() {
    setBusy(true);
    try {
      await saveView.run();
      toast.success(t('export.saved', { name }));
      onOpenChange(false);
      setName('');
    } catch (e) {
      toast.error(describeError(e).title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('export.dialog_title')}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="view-name">{t('export.name')}</Label>
          <Input
            id="view-name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('export.name_placeholder')}
          />
        </div>
        <DialogFooter>
          <Button onClick={save} loading={busy} disabled={!name.trim()}>
            {t('export.save_view')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
