'use client';

import * as React from 'react';
import { ArrowRight, Building2, RefreshCw } from 'lucide-react';
import type { z } from 'zod';
import { describeError } from '@/components/api/client';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/toaster';
import { useSkuEntityLinks } from '@/components/api/queries/resources';
import { useDryRun } from '@/components/api/queries/use-api-query';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import type { SyncFromEntityResponse } from '@/lib/ai-fill/schemas';
import { fieldDefinition } from '@/lib/model/catalogue';
import { RoleGate } from '@/components/team/role-gate';
import { useT } from '@/components/i18n/locale-provider';
import { aiMessages } from '@/lib/i18n/ui/ai';

type Preview = Extract<z.infer<typeof SyncFromEntityResponse>, { dry_run: true }>;
type Applied = Extract<z.infer<typeof SyncFromEntityResponse>, { changed: boolean }>;

const ROLES = ['manufacturer', 'importer', 'responsible_person'] as const;

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
  const t = useT(aiMessages);
  const role = fieldDefinition(fieldKey)?.entity?.role;
  // The SKU's links, shared with the Entities and Dossier tabs through the query cache (invalidated by writes).
  const links = useSkuEntityLinks(skuId).data?.links;
  const [open, setOpen] = React.useState(false);
  const path = `/api/skus/${skuId}/fields/${encodeURIComponent(fieldKey)}/sync-from-entity`;
  const dry = useDryRun<Preview>(open ? path : null);
  const write = useApiMutation<Applied>({ request: () => ({ path }), idempotent: true });
  const preview = dry.data ?? null;
  const problem = write.error?.message ?? dry.error?.message ?? null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) write.reset();
  }

  if (!role || !links?.some((l) => l.role === role)) return null;
  const known = ROLES.find((r) => r === role);
  const who = known ? t(`role.${known}`) : role;

  async function sync() {
    try {
      const r = await write.run();
      toast.success(r.changed ? t('sync.synced', { label, who }) : t('sync.matches', { label, who }));
      setOpen(false);
      onSynced();
    } catch (e) {
      if (!write.error) toast.error(describeError(e).title);
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
            aria-label={t('sync.label', { label, who })}
          >
            <RefreshCw aria-hidden="true" />
            {t('sync.button', { who })}
          </Button>
        </PopoverTrigger>
      </RoleGate>
      <PopoverContent className="w-80 text-xs" data-testid="sync-preview">
        {problem ? <p className="text-danger-soft-foreground">{problem}</p> : null}
        {!problem && !preview ? <p className="text-muted-foreground">{t('sync.reading', { who })}</p> : null}
        {preview ? (
          <div className="grid gap-2">
            <p className="flex items-center gap-1 font-medium">
              <Building2 className="size-3.5" aria-hidden="true" />
              {preview.entity.name}
            </p>
            <div className="grid grid-cols-[1fr_auto_1fr] items-start gap-2">
              <span className="break-words text-muted-foreground" data-testid="sync-old">
                {preview.old_value ?? t('sync.not_set')}
              </span>
              <ArrowRight className="mt-0.5 size-3.5" aria-hidden="true" />
              <span className="break-words font-medium" data-testid="sync-new">
                {preview.new_value}
              </span>
            </div>
            <Button
              size="sm"
              onClick={sync}
              loading={write.pending}
              disabled={!preview.would_change}
              data-testid="sync-confirm"
            >
              {preview.would_change ? t('sync.use', { who }) : t('sync.same')}
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
