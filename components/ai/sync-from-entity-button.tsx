'use client';

import * as React from 'react';
import { ArrowRight, Building2, RefreshCw } from 'lucide-react';
import { ApiError, apiFetch, describeError } from '@/components/api/client';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/toaster';
import { idempotentWrite } from '@/components/api/client';
import { SkuPageContext } from '@/components/skus/sku-context';
import { useLinkedRoles } from './linked-roles';
import { fieldDefinition } from '@/lib/dossier/catalogue';
import { RoleGate } from '@/components/team/role-gate';

interface Preview {
  entity: { id: string; name: string; role: string };
  old_value: string | null;
  new_value: string;
  would_change: boolean;
}

const ROLE_NAME: Record<string, string> = {
  manufacturer: 'manufacturer',
  importer: 'importer',
  responsible_person: 'EU responsible person',
};

/**
 * "Sync from manufacturer" (importer, EU responsible person) on a dossier field a linked entity
 * provides: opening it shows the dry run (old and new value), confirming copies the entity's value in.
 * Renders nothing for fields no entity provides, or when no entity of the field's role is linked.
 */
export function SyncFromEntityButton({
  skuId,
  fieldKey,
  label,
  onSynced,
}: {
  skuId: string;
  fieldKey: string;
  label: string;
  onSynced: () => void;
}) {
  const role = fieldDefinition(fieldKey)?.entity?.role;
  const version = React.useContext(SkuPageContext)?.version ?? 0;
  const linked = useLinkedRoles(skuId, version);
  const [open, setOpen] = React.useState(false);
  const [preview, setPreview] = React.useState<Preview | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const path = `/api/skus/${skuId}/fields/${encodeURIComponent(fieldKey)}/sync-from-entity`;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) return;
    setPreview(null);
    setProblem(null);
    apiFetch<Preview>(`${path}?dry_run=true`, { method: 'POST' })
      .then(setPreview)
      .catch((e) => setProblem(e instanceof ApiError ? e.message : describeError(e).title));
  }

  if (!role || !linked?.includes(role)) return null;
  const who = ROLE_NAME[role] ?? role;

  async function sync() {
    setBusy(true);
    try {
      const r = await idempotentWrite<{ changed: boolean }>(path, { method: 'POST' });
      toast.success(r.changed ? `${label} synced from the ${who}` : `${label} already matches the ${who}`);
      setOpen(false);
      onSynced();
    } catch (e) {
      setProblem(describeError(e).title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <RoleGate need={'edit'}>
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            className="h-7"
            data-testid={`sync-${fieldKey}`}
            aria-label={`Sync ${label} from the ${who}`}
          >
            <RefreshCw aria-hidden="true" />
            Sync from {who}
          </Button>
        </PopoverTrigger>
      </RoleGate>
      <PopoverContent className="w-80 text-xs" data-testid="sync-preview">
        {problem ? <p className="text-danger-soft-foreground">{problem}</p> : null}
        {!problem && !preview ? <p className="text-muted-foreground">Reading the linked {who}…</p> : null}
        {preview ? (
          <div className="grid gap-2">
            <p className="flex items-center gap-1 font-medium">
              <Building2 className="size-3.5" aria-hidden="true" />
              {preview.entity.name}
            </p>
            <div className="grid grid-cols-[1fr_auto_1fr] items-start gap-2">
              <span className="break-words text-muted-foreground" data-testid="sync-old">
                {preview.old_value ?? 'not set'}
              </span>
              <ArrowRight className="mt-0.5 size-3.5" aria-hidden="true" />
              <span className="break-words font-medium" data-testid="sync-new">
                {preview.new_value}
              </span>
            </div>
            <Button size="sm" onClick={sync} loading={busy} disabled={!preview.would_change} data-testid="sync-confirm">
              {preview.would_change ? `Use the ${who}'s value` : 'Already the same'}
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
