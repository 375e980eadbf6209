'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Entity } from '@/components/skus/types';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { EntityForm } from './entity-form';
import { SupplierResponsiveness } from './supplier-responsiveness';

export interface EntityFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this entity; create a new one when absent. */
  entity?: Entity | null;
  onSaved: (entity: Entity) => void;
}

export function EntityFormDialog({ open, onOpenChange, entity, onSaved }: EntityFormDialogProps) {
  const t = useT(entityMessages);
  const tc = useT(commonMessages);
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-2xl" data-testid="entity-dialog">
        <DialogHeader>
          <DialogTitle>{entity ? t('dialog.edit_title', { name: entity.name }) : t('dialog.new_title')}</DialogTitle>
          <DialogDescription>
            {entity
              ? entity.sku_count
                ? t('dialog.edit_description_count', { count: entity.sku_count })
                : t('dialog.edit_description')
              : t('dialog.new_description')}
          </DialogDescription>
        </DialogHeader>
        {entity ? <SupplierResponsiveness entityId={entity.id} name={entity.name} /> : null}
        <EntityForm formId="entity-dialog-form" entity={entity} onSaved={onSaved} onBusyChange={setBusy} />
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form="entity-dialog-form" loading={busy}>
            {entity ? t('dialog.save') : t('dialog.create')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
