'use client';

import * as React from 'react';
import Link from 'next/link';
import { ArrowLeft, Combine, Pencil, Undo2 } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { RoleGate } from '@/components/team/role-gate';
import { queryKeys } from '@/components/api/queries/keys';
import { useEntity, useEntityMerges } from '@/components/api/queries/resources';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import type { EntityMergeResult } from '@/lib/entities/schemas';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { useCountryLabel } from './country-select';
import { EntityFormDialog } from './entity-form-dialog';
import { EntityMergeDialog } from './entity-merge-dialog';
import { EuBadge } from './eu-badge';
import { useRoleLabel } from './role-label';

/** One entity: its data, the SKUs that use it (in which role), merging a duplicate into it and undoing that. */
export function EntityDetail({ id }: { id: string }) {
  const t = useT(entityMessages);
  const tc = useT(commonMessages);
  const f = useFormat();
  const roleLabel = useRoleLabel();
  const countryLabel = useCountryLabel();
  const detail = useEntity(id);
  const merges = useEntityMerges(id);
  const [editing, setEditing] = React.useState(false);
  const [merging, setMerging] = React.useState(false);
  const [undoing, setUndoing] = React.useState<string | null>(null);
  const [lastMerge, setLastMerge] = React.useState<EntityMergeResult | null>(null);
  const undoMerge = useApiMutation<{ restored_links: unknown[] }, string>({
    request: (mergeId) => ({ path: `/api/entity-merges/${mergeId}/undo` }),
    idempotent: true,
    invalidates: [queryKeys.entities],
  });

  async function undo(mergeId: string, name: string) {
    setUndoing(mergeId);
    try {
      const res = await undoMerge.run(mergeId);
      toast.success(t('detail.restored', { name, count: res.restored_links.length }));
      setLastMerge(null);
    } catch (e) {
      const d = describeError(e);
      toast.error(d.title, { description: d.description });
    } finally {
      setUndoing(null);
    }
  }

  if (detail.error) {
    return (
      <>
        <PageHeader title={t('detail.title')} eyebrow={<BackLink />} />
        <Alert variant="danger" title={detail.error.status === 404 ? t('detail.not_found') : t('detail.load_error')}>
          {detail.error.status === 404 ? t('detail.not_found_hint') : detail.error.message}
        </Alert>
      </>
    );
  }
  const e = detail.data?.entity;
  const links = detail.data?.linked_skus ?? [];
  const missingPostal = e && !e.street;
  const missingElectronic = e && !e.email && !e.contact_url;

  return (
    <>
      <PageHeader
        eyebrow={<BackLink />}
        title={e ? e.name : <Skeleton className="h-7 w-64" />}
        description={e?.trade_mark ? t('detail.trade_mark', { name: e.trade_mark }) : undefined}
        actions={
          e ? (
            <div className="flex flex-wrap gap-2">
              <RoleGate need={'edit'} showReason>
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  {tc('edit')}
                </Button>
              </RoleGate>
              <RoleGate need={'edit'}>
                <Button variant="secondary" onClick={() => setMerging(true)} data-testid="merge-entity">
                  <Combine aria-hidden="true" />
                  {t('detail.merge')}
                </Button>
              </RoleGate>
            </div>
          ) : null
        }
      />

      {lastMerge ? (
        <Alert
          variant="success"
          title={t('detail.merged_title', {
            merged: lastMerge.merge.merged_name,
            survivor: e?.name ?? t('detail.this_entity'),
          })}
          className="mb-4"
          data-testid="merge-done"
        >
          <span className="mr-2">{t('detail.merged_moved', { count: lastMerge.merge.moved_links.length })}</span>
          <Button
            size="sm"
            variant="secondary"
            loading={undoing === lastMerge.merge.id}
            onClick={() => void undo(lastMerge.merge.id, lastMerge.merge.merged_name)}
            data-testid="undo-merge"
          >
            <Undo2 aria-hidden="true" />
            {t('detail.undo_merge')}
          </Button>
        </Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t('detail.details')}</CardTitle>
          </CardHeader>
          <CardContent>
            {!e ? (
              <Skeleton className="h-32" />
            ) : (
              <dl className="grid gap-3 text-[0.8125rem]">
                <div>
                  <dt className="text-muted-foreground">{t('detail.postal')}</dt>
                  <dd data-testid="entity-postal">{e.postal_address ?? t('detail.missing')}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('detail.establishment')}</dt>
                  <dd className="flex flex-wrap items-center gap-2">
                    <EuBadge established={e.eu_established} country={e.country} />
                    {e.country ? <span>{countryLabel(e.country)}</span> : null}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('detail.electronic')}</dt>
                  <dd className="break-words">
                    {[e.email, e.contact_url].filter(Boolean).join(' · ') || t('detail.missing')}
                  </dd>
                </div>
                {e.phone ? (
                  <div>
                    <dt className="text-muted-foreground">{t('detail.phone')}</dt>
                    <dd>{e.phone}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="text-muted-foreground">{t('detail.roles')}</dt>
                  <dd className="flex flex-wrap gap-1" data-testid="entity-roles">
                    {e.roles?.length ? (
                      e.roles.map((r) => (
                        <Badge key={r} variant="neutral">
                          {roleLabel(r)}
                        </Badge>
                      ))
                    ) : (
                      <span className="text-muted-foreground">{t('detail.no_roles')}</span>
                    )}
                  </dd>
                </div>
              </dl>
            )}
            {missingPostal || missingElectronic ? (
              <Alert
                variant="warning"
                className="mt-4"
                title={t('detail.incomplete_title')}
                data-testid="entity-incomplete"
              >
                {t('detail.incomplete', {
                  missing: [
                    missingPostal && t('detail.missing_street'),
                    missingElectronic && t('detail.missing_electronic'),
                  ]
                    .filter(Boolean)
                    .join(', '),
                })}
              </Alert>
            ) : null}
          </CardContent>
        </Card>

        <Card className="overflow-hidden">
          <CardHeader>
            <CardTitle>{t('detail.linked_skus')}</CardTitle>
          </CardHeader>
          {!detail.data ? (
            <CardContent>
              <Skeleton className="h-24" />
            </CardContent>
          ) : links.length === 0 ? (
            <EmptyState compact title={t('detail.no_skus')} description={t('detail.no_skus_hint')} />
          ) : (
            <div className="overflow-x-auto">
              <Table data-testid="entity-linked-skus">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>{t('detail.col_sku')}</TableHead>
                    <TableHead>{t('detail.col_product')}</TableHead>
                    <TableHead>{t('detail.col_role')}</TableHead>
                    <TableHead className="text-right">{t('detail.col_blockers')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {links.map((l) => (
                    <TableRow key={`${l.sku.id}:${l.role}`} data-testid="entity-linked-sku">
                      <TableCell>
                        <Link href={`/skus/${l.sku.id}`} className="font-medium text-primary hover:underline">
                          {l.sku.sku_code}
                        </Link>
                      </TableCell>
                      <TableCell className="max-w-64 truncate">{l.sku.product_name}</TableCell>
                      <TableCell>{roleLabel(l.role)}</TableCell>
                      <TableCell className="text-right tabular-nums">{l.sku.blocker_count}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </Card>
      </div>

      {merges.data && merges.data.data.length > 0 ? (
        <Card className="mt-4">
          <CardHeader>
            <CardTitle>{t('detail.merged_into')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-[0.8125rem]">
              {merges.data.data.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-2" data-testid="entity-merge-row">
                  <span className="font-medium">{m.merged_name}</span>
                  <span className="text-muted-foreground">
                    {t('detail.merge_links', { count: m.moved_links.length })} · {f.dateTime(m.created_at)}
                    {m.actor_label ? ` · ${m.actor_label}` : ''}
                  </span>
                  {m.undone_at ? (
                    <Badge variant="neutral">{t('detail.undone')}</Badge>
                  ) : (
                    <RoleGate need={'edit'}>
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={undoing === m.id}
                        onClick={() => void undo(m.id, m.merged_name)}
                        aria-label={t('detail.undo_label', { name: m.merged_name })}
                      >
                        <Undo2 aria-hidden="true" />
                        {t('detail.undo')}
                      </Button>
                    </RoleGate>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      {e ? (
        <>
          <EntityFormDialog
            open={editing}
            onOpenChange={setEditing}
            entity={e}
            onSaved={(saved) => {
              toast.success(t('list.saved', { name: saved.name }));
              setEditing(false);
            }}
          />
          <EntityMergeDialog
            open={merging}
            onOpenChange={setMerging}
            survivor={e}
            onMerged={(res) => {
              setMerging(false);
              setLastMerge(res);
            }}
          />
        </>
      ) : null}
    </>
  );
}

function BackLink() {
  const t = useT(entityMessages);
  return (
    <Link href="/entities" className="inline-flex items-center gap-1 hover:text-foreground">
      <ArrowLeft className="size-3.5" aria-hidden="true" />
      {t('detail.back')}
    </Link>
  );
}
