'use client';

import * as React from 'react';
import { ArrowLeft, Link2, Plus, Search } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useApiQuery } from '@/components/api/queries/use-api-query';
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
import { Skeleton } from '@/components/ui/skeleton';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useDebouncedValue } from '@/components/use-debounced-value';
import type { Entity, EntityRole } from '@/components/skus/types';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { useCountryLabel } from './country-select';
import { EntityForm } from './entity-form';
import { EuBadge } from './eu-badge';
import { useRoleNoun } from './role-label';
import { fitsRole } from '@/lib/entities/role-rules';

export interface EntityPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  skuId: string;
  role: EntityRole;
  /** The entity linked now, marked in the list. */
  currentId?: string | null;
  onLinked: (entity: Entity) => void;
}

/** Links an existing entity to a SKU in a role (search as you type), or creates one inline and links it. */
export function EntityPickerDialog({ open, onOpenChange, skuId, role, currentId, onLinked }: EntityPickerDialogProps) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-2xl" data-testid="entity-picker">
        <PickerBody
          skuId={skuId}
          role={role}
          currentId={currentId}
          onLinked={onLinked}
          onCancel={() => onOpenChange(false)}
          onBusyChange={setBusy}
        />
      </DialogContent>
    </Dialog>
  );
}

function PickerBody({
  skuId,
  role,
  currentId,
  onLinked,
  onCancel,
  onBusyChange,
}: {
  skuId: string;
  role: EntityRole;
  currentId?: string | null;
  onLinked: (e: Entity) => void;
  onCancel: () => void;
  onBusyChange: (b: boolean) => void;
}) {
  const [mode, setMode] = React.useState<'search' | 'create'>('search');
  const [q, setQ] = React.useState('');
  const debounced = useDebouncedValue(q.trim(), 250);
  const linkEntity = useApiMutation<{ role: EntityRole; entity: Entity }, string>({
    request: (entityId) => ({
      path: `/api/skus/${skuId}/entities/${role}`,
      method: 'PUT',
      body: { entity_id: entityId },
    }),
    idempotent: true,
  });
  // The entity whose link is being written (its row shows the spinner).
  const [target, setTarget] = React.useState<string | null>(null);
  const linking = linkEntity.pending ? target : null;
  const linkError = linkEntity.error ? describeError(linkEntity.error).title : null;
  const [saving, setSaving] = React.useState(false);
  const t = useT(entityMessages);
  const tc = useT(commonMessages);
  const countryLabel = useCountryLabel();
  const roleLabel = useRoleNoun()(role);

  React.useEffect(() => onBusyChange(linking !== null || saving), [linking, saving, onBusyChange]);

  const found = useApiQuery<{ data: Entity[] }>(
    `/api/entities${debounced ? `?q=${encodeURIComponent(debounced)}` : ''}`,
  );
  const results = found.data?.data ?? null;
  const loadError = found.error?.message ?? null;

  async function link(entity: Entity) {
    setTarget(entity.id);
    try {
      const res = await linkEntity.run(entity.id);
      onLinked(res.entity ?? entity);
    } catch {
      // Shown through linkError.
    }
  }

  if (mode === 'create') {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{t('picker.new_title', { role: roleLabel })}</DialogTitle>
          <DialogDescription>{t('picker.new_description', { role: roleLabel })}</DialogDescription>
        </DialogHeader>
        <EntityForm
          formId="picker-entity-form"
          initial={{ name: q.trim() }}
          onBusyChange={setSaving}
          onSaved={(e) => void link(e)}
        />
        {linkError ? (
          <Alert variant="danger" title={t('picker.created_not_linked')}>
            {linkError}
          </Alert>
        ) : null}
        <DialogFooter>
          <Button
            variant="ghost"
            className="sm:mr-auto"
            onClick={() => setMode('search')}
            disabled={saving || linking !== null}
          >
            <ArrowLeft aria-hidden="true" />
            {t('picker.back')}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={saving || linking !== null}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form="picker-entity-form" loading={saving || linking !== null}>
            {t('picker.create_and_link')}
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('picker.title', { role: roleLabel })}</DialogTitle>
        <DialogDescription>{t('picker.description')}</DialogDescription>
      </DialogHeader>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          autoFocus
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('picker.search_placeholder')}
          aria-label={t('picker.search')}
          className="pl-8"
          maxLength={200}
        />
      </div>
      {loadError ? <Alert variant="danger">{loadError}</Alert> : null}
      {linkError ? (
        <Alert variant="danger" title={t('picker.not_linked')}>
          {linkError}
        </Alert>
      ) : null}
      <div
        className="max-h-80 overflow-y-auto rounded-lg border border-border"
        role="list"
        aria-label={t('picker.list')}
      >
        {results === null ? (
          <div className="grid gap-2 p-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : results.length === 0 ? (
          <p className="px-4 py-6 text-center text-[0.8125rem] text-muted-foreground">
            {debounced ? t('picker.no_match', { q: debounced }) : t('picker.none')}
          </p>
        ) : (
          // Entities that can hold the role first; the others stay visible with the reason they cannot.
          [...results.filter((e) => fitsRole(role, e)), ...results.filter((e) => !fitsRole(role, e))].map((e) => (
            <div
              key={e.id}
              role="listitem"
              className="flex items-center gap-3 border-b border-border px-3.5 py-2.5 last:border-0"
              data-testid="entity-option"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="font-medium text-foreground">{e.name}</span>
                  <EuBadge established={e.eu_established} country={e.country} />
                  {e.id === currentId ? (
                    <span className="text-xs text-muted-foreground">{t('picker.linked_now')}</span>
                  ) : null}
                </div>
                <p className="truncate text-xs text-muted-foreground">
                  {[e.postal_address ?? countryLabel(e.country), e.email].filter(Boolean).join(' · ')}
                </p>
                {fitsRole(role, e) ? null : (
                  <p className="text-xs text-warning-soft-foreground" id={`fit-${e.id}`} data-testid="role-fit-warning">
                    {t('picker.outside', { country: countryLabel(e.country), role: roleLabel })}
                  </p>
                )}
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => link(e)}
                loading={linking === e.id}
                disabled={linking !== null || e.id === currentId || !fitsRole(role, e)}
                aria-label={t('picker.link_label', { name: e.name })}
                aria-describedby={fitsRole(role, e) ? undefined : `fit-${e.id}`}
              >
                <Link2 aria-hidden="true" />
                {t('picker.link')}
              </Button>
            </div>
          ))
        )}
      </div>
      <DialogFooter>
        <Button
          variant="secondary"
          onClick={() => setMode('create')}
          className="sm:mr-auto"
          data-testid="create-entity-inline"
        >
          <Plus aria-hidden="true" />
          {t('picker.create_new', { role: roleLabel })}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {tc('cancel')}
        </Button>
      </DialogFooter>
    </>
  );
}
