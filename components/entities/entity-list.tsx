'use client';

import * as React from 'react';
import { Building2, MoreHorizontal, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { ApiError, describeError } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter, ListToolbar } from '@/components/ui/list-toolbar';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { queryKeys } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import type { Entity } from '@/lib/entities/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { useCountryLabel } from './country-select';
import { EntityFormDialog } from './entity-form-dialog';
import { EuBadge } from './eu-badge';
import { RoleGate } from '@/components/team/role-gate';
import Link from 'next/link';
import { EntityRoleList } from './entity-role-list';

/** The workspace's reusable operators: search, create, edit, delete (refused while linked). */
export function EntityList() {
  const t = useT(entityMessages);
  const tc = useT(commonMessages);
  const countryLabel = useCountryLabel();
  const [q, setQ] = React.useState('');
  const list = useCursorList<Entity>('/api/entities', q ? new URLSearchParams({ q }) : '');
  const rows = list.rows;
  const [editing, setEditing] = React.useState<Entity | 'new' | null>(null);
  const [deleting, setDeleting] = React.useState<Entity | null>(null);
  const del = useApiMutation<unknown, Entity>({
    request: (e) => ({ path: `/api/entities/${e.id}`, method: 'DELETE' }),
    idempotent: true,
    invalidates: [queryKeys.entities],
  });
  const deleteError = del.error;
  const busy = del.pending;
  const firstRun = !q && !list.loading && !list.error && rows.length === 0;

  async function remove(e: Entity) {
    try {
      await del.run(e);
      toast.success(t('list.deleted', { name: e.name }));
      setDeleting(null);
    } catch (err) {
      if (!(err instanceof ApiError)) toast.error(describeError(err).title);
    }
  }

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <RoleGate need={'edit'} showReason>
            <Button onClick={() => setEditing('new')} data-testid="new-entity">
              <Plus aria-hidden="true" />
              {t('list.new')}
            </Button>
          </RoleGate>
        }
      />

      {firstRun ? (
        <Card>
          <EmptyState
            icon={Building2}
            title={t('list.empty_title')}
            description={t('list.empty_description')}
            actions={
              <RoleGate need={'edit'}>
                <Button onClick={() => setEditing('new')}>
                  <Plus aria-hidden="true" />
                  {t('list.new')}
                </Button>
              </RoleGate>
            }
          />
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <ListToolbar
            query={q}
            onQuery={setQ}
            searchLabel={t('list.search')}
            placeholder={t('list.search_placeholder')}
            filtered={q !== ''}
            onClear={() => setQ('')}
          />
          {list.error ? (
            <div className="p-5">
              <Alert variant="danger" title={t('list.load_error')}>
                {list.error.message}
              </Alert>
            </div>
          ) : null}
          <Table data-testid="entity-table">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('list.col_name')}</TableHead>
                <TableHead>{t('list.col_roles')}</TableHead>
                <TableHead>{t('list.col_postal')}</TableHead>
                <TableHead>{t('list.col_establishment')}</TableHead>
                <TableHead>{t('list.col_contact')}</TableHead>
                <TableHead className="text-right">{t('list.col_skus')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('list.col_actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.loading
                ? Array.from({ length: 4 }, (_, i) => (
                    <TableRow key={i}>
                      {Array.from({ length: 7 }, (_, j) => (
                        <TableCell key={j}>
                          <Skeleton className="h-4 w-24" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : rows.map((e) => (
                    <TableRow key={e.id} data-testid="entity-row" className={list.stale ? 'opacity-60' : undefined}>
                      <TableCell>
                        <Link
                          href={`/entities/${e.id}`}
                          className="text-left font-medium text-foreground hover:text-primary hover:underline"
                          data-testid="entity-link"
                        >
                          {e.name}
                        </Link>
                        {e.trade_mark ? <div className="text-xs text-muted-foreground">{e.trade_mark}</div> : null}
                      </TableCell>
                      <TableCell data-testid="entity-roles-cell">
                        <EntityRoleList roles={e.roles} />
                      </TableCell>
                      <TableCell className="max-w-72">
                        <span className="line-clamp-2 text-muted-foreground">
                          {e.postal_address ?? <span className="text-subtle-foreground">—</span>}
                        </span>
                      </TableCell>
                      <TableCell>
                        <div className="grid gap-1">
                          <EuBadge established={e.eu_established} country={e.country} />
                          {e.country ? (
                            <span className="text-xs text-muted-foreground">{countryLabel(e.country)}</span>
                          ) : null}
                        </div>
                      </TableCell>
                      <TableCell className="max-w-56">
                        <div className="truncate text-muted-foreground">{e.email ?? '—'}</div>
                        {e.contact_url ? (
                          <div className="truncate text-xs text-subtle-foreground">{e.contact_url}</div>
                        ) : null}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{e.sku_count ?? 0}</TableCell>
                      <TableCell className="w-10">
                        <DropdownMenu>
                          <DropdownMenuTrigger asChild>
                            <Button variant="ghost" size="icon-sm" aria-label={t('list.actions_for', { name: e.name })}>
                              <MoreHorizontal aria-hidden="true" />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent>
                            <RoleGate need={'edit'} className="flex items-stretch">
                              <DropdownMenuItem onSelect={() => setEditing(e)}>
                                <Pencil aria-hidden="true" />
                                {t('list.edit')}
                              </DropdownMenuItem>
                            </RoleGate>
                            <RoleGate need={'edit'} className="flex items-stretch">
                              <DropdownMenuItem
                                variant="danger"
                                onSelect={() => {
                                  del.reset();
                                  setDeleting(e);
                                }}
                              >
                                <Trash2 aria-hidden="true" />
                                {t('list.delete')}
                              </DropdownMenuItem>
                            </RoleGate>
                          </DropdownMenuContent>
                        </DropdownMenu>
                      </TableCell>
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
          <ListFooter
            count={rows.length}
            noun={[t('list.noun_one'), t('list.noun_other')]}
            hasMore={list.hasMore}
            onMore={list.loadMore}
            loadingMore={list.loadingMore}
            moreLabel={t('list.load_more')}
            testId="entities-load-more"
          />
          {!list.loading && rows.length === 0 && q ? (
            <EmptyState compact icon={Search} title={t('list.no_match', { q })} />
          ) : null}
        </Card>
      )}

      <EntityFormDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        entity={editing === 'new' ? null : editing}
        onSaved={(e) => {
          toast.success(t('list.saved', { name: e.name }));
          setEditing(null);
        }}
      />

      <AlertDialog open={deleting !== null} onOpenChange={(o) => !o && !busy && setDeleting(null)}>
        <AlertDialogContent data-testid="delete-entity-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('delete.title', { name: deleting?.name ?? '' })}</AlertDialogTitle>
            <AlertDialogDescription>{t('delete.description')}</AlertDialogDescription>
          </AlertDialogHeader>
          {deleteError ? (
            <Alert
              variant="danger"
              title={deleteError.code === 'ENTITY_IN_USE' ? t('delete.in_use') : t('delete.failed')}
              data-testid="delete-entity-error"
            >
              {deleteError.message}
              {deleteError.code === 'ENTITY_IN_USE' ? (
                <span className="mt-1 block">{t('delete.unlink_first')}</span>
              ) : null}
            </Alert>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>{deleteError ? tc('close') : tc('cancel')}</AlertDialogCancel>
            {deleteError?.code === 'ENTITY_IN_USE' ? null : (
              <AlertDialogAction variant="danger" onClick={() => deleting && remove(deleting)} disabled={busy}>
                {tc('delete')}
              </AlertDialogAction>
            )}
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
