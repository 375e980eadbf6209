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
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-2xl" data-testid="entity-dialog">
        <DialogHeader>
          <DialogTitle>{entity ? `Edit ${entity.name}` : 'New entity'}</DialogTitle>
          <DialogDescription>
            {entity
              ? `Changes apply to every SKU it is linked to${entity.sku_count ? ` (${entity.sku_count})` : ''}; their blockers are checked again.`
              : 'A manufacturer, importer, EU responsible person or authorised representative, entered once and linked to any number of SKUs.'}
          </DialogDescription>
        </DialogHeader>
        {entity ? <SupplierResponsiveness entityId={entity.id} name={entity.name} /> : null}
        <EntityForm formId="entity-dialog-form" entity={entity} onSaved={onSaved} onBusyChange={setBusy} />
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="entity-dialog-form" loading={busy}>
            {entity ? 'Save changes' : 'Create entity'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
