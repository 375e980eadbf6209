'use client';

import * as React from 'react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Entity } from '@/lib/entities/schemas';
import type { EntityRole } from '@/lib/db/schema';
import type { BulkResult } from '@/lib/skus/bulk';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuActionMessages } from '@/lib/i18n/ui/sku-actions';
import { bulkTarget, SelectedSkus, useTargetCount, type BulkDialogProps } from './bulk-category-dialog';

const ROLES: EntityRole[] = ['manufacturer', 'importer', 'responsible_person', 'authorised_representative'];
const EU_ONLY: EntityRole[] = ['responsible_person', 'authorised_representative'];

/** Link one entity of the workspace in a role to every selected SKU (replacing that role's entity). */
export function BulkEntityDialog({ skus, filter, total, onOpenChange, onDone }: BulkDialogProps) {
  const [role, setRole] = React.useState<EntityRole>('manufacturer');
  const [search, setSearch] = React.useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const entities = useApiQuery<{ data: Entity[] }>(`/api/entities?limit=100${q ? `&q=${encodeURIComponent(q)}` : ''}`);
  const [entityId, setEntityId] = React.useState('');
  const link = useApiMutation<BulkResult, void>({
    request: () => ({
      path: '/api/skus/bulk/entity',
      method: 'POST',
      body: { ...bulkTarget({ skus, filter }), role, entity_id: entityId },
    }),
    idempotent: true,
  });
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const targetCount = useTargetCount();
  const options = (entities.data?.data ?? []).filter((e) => !EU_ONLY.includes(role) || e.eu_established);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      onDone(await link.run());
    } catch {
      // Shown below through link.error.
    }
  }

  const failure = link.error ? describeError(link.error) : null;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="bulk-entity-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('bulk.entity.title')}</DialogTitle>
            <DialogDescription>
              <SelectedSkus skus={skus} filter={filter} total={total} />. {t('bulk.entity.body')}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-entity-role">{t('bulk.entity.role')}</Label>
            <Select
              value={role}
              onValueChange={(v) => {
                setRole(v as EntityRole);
                setEntityId('');
              }}
            >
              <SelectTrigger id="bulk-entity-role" aria-label={t('bulk.entity.role')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLES.map((r) => (
                  <SelectItem key={r} value={r}>
                    {t(`role.${r}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-entity-search">{t('bulk.entity.find')}</Label>
            <Input
              id="bulk-entity-search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('bulk.entity.find_placeholder')}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-entity">{t('bulk.entity.label')}</Label>
            <Select value={entityId} onValueChange={setEntityId}>
              <SelectTrigger id="bulk-entity" aria-label={t('bulk.entity.label')}>
                <SelectValue placeholder={entities.loading ? common('loading') : t('bulk.entity.choose')} />
              </SelectTrigger>
              <SelectContent>
                {options.map((e) => (
                  <SelectItem key={e.id} value={e.id}>
                    {e.name}
                    {e.country ? ` (${e.country})` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {EU_ONLY.includes(role) ? (
              <p className="text-xs text-muted-foreground">{t('bulk.entity.eu_only')}</p>
            ) : null}
            {!entities.loading && !options.length ? (
              <p className="text-xs text-muted-foreground">{t('bulk.entity.no_match')}</p>
            ) : null}
          </div>
          {failure ? (
            <Alert variant="danger" title={t('bulk.nothing_changed')}>
              {failure.description ? `${failure.title} ${failure.description}` : failure.title}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {common('cancel')}
            </Button>
            <Button type="submit" loading={link.pending} disabled={!entityId} data-testid="bulk-entity-submit">
              {t('bulk.entity.submit', { skus: targetCount({ skus, filter, total }) })}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
