'use client';

import * as React from 'react';
import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '@/components/api/client';
import { queryKeys } from '@/components/api/queries/keys';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { outreachMessages } from '@/lib/i18n/ui/outreach';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { STATUS_VARIANT, statusLabel, type SupplierRequest } from './types';
import type { BulkRequestResults } from '@/lib/outreach/schemas';
import { RoleGate } from '@/components/team/role-gate';

const FILTERS = ['all', 'sent', 'in_progress', 'to_review', 'no_progress', 'done', 'cancelled', 'failed'] as const;

/** The Outreach page: every request of the workspace, filtered by status, with bulk remind / cancel. */
export function OutreachList() {
  const t = useT(outreachMessages);
  const common = useT(commonMessages);
  const f = useFormat();
  const [filter, setFilter] = React.useState<(typeof FILTERS)[number]>('all');
  const [checked, setChecked] = React.useState<string[]>([]);
  const client = useQueryClient();
  // Its answer is told and the list refetched before the mutation settles: the buttons stay disabled until
  // the list shows the outcome.
  const bulkAct = useApiMutation<BulkRequestResults, 'remind' | 'cancel'>({
    request: (action) => ({
      path: '/api/supplier-email/requests/bulk',
      method: 'POST',
      body: { action, ids: checked },
    }),
    idempotent: true,
    onSuccess: async ({ results }, action) => {
      const failed = results.filter((r) => !r.ok);
      if (failed.length)
        toast.error(t('list.not_done', { failed: failed.length, total: results.length }), {
          description: failed[0].message,
        });
      else
        toast.success(
          action === 'remind'
            ? t('list.reminded', { count: results.length })
            : t('list.cancelled', { count: results.length }),
        );
      setChecked([]);
      await client.invalidateQueries({ queryKey: queryKeys.supplierRequests });
    },
  });
  const busy = bulkAct.pending;
  const list = useCursorList<SupplierRequest>(
    '/api/supplier-email/requests',
    new URLSearchParams(filter === 'all' ? {} : { status: filter }),
    { pageSize: 50 },
  );
  const rows = list.loading ? null : list.rows;
  React.useEffect(() => {
    if (list.error) toast.error(describeError(list.error).title);
  }, [list.error]);

  async function bulk(action: 'remind' | 'cancel') {
    try {
      await bulkAct.run(action);
    } catch (e) {
      toast.error(describeError(e).title);
    }
  }

  return (
    <div className="grid gap-4" data-testid="outreach-list">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('list.filter_label')}>
        {FILTERS.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={filter === s ? 'subtle' : 'ghost'}
            aria-pressed={filter === s}
            onClick={() => {
              setFilter(s);
              setChecked([]);
            }}
          >
            {s === 'all' ? t('list.all') : statusLabel(s, t)}
          </Button>
        ))}
        <span className="ml-auto flex gap-2">
          <RoleGate need={'edit'}>
            <Button
              size="sm"
              variant="secondary"
              disabled={!checked.length || busy}
              onClick={() => bulk('remind')}
              data-testid="bulk-remind"
            >
              {t('list.remind')}
            </Button>
          </RoleGate>
          <RoleGate need={'edit'}>
            <Button
              size="sm"
              variant="danger-ghost"
              disabled={!checked.length || busy}
              onClick={() => bulk('cancel')}
              data-testid="bulk-cancel"
            >
              {common('cancel')}
            </Button>
          </RoleGate>
        </span>
      </div>
      {rows && rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {filter === 'all' ? t('list.none') : t('list.none_status', { status: statusLabel(filter, t) })}
        </p>
      ) : null}
      {rows && rows.length ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-8">
                <Checkbox
                  aria-label={t('list.select_all')}
                  checked={checked.length === rows.length}
                  onCheckedChange={(c) => setChecked(c === true ? rows.map((r) => r.id) : [])}
                />
              </TableHead>
              <TableHead>{t('list.col_status')}</TableHead>
              <TableHead>{t('list.col_supplier')}</TableHead>
              <TableHead>{t('list.col_asked')}</TableHead>
              <TableHead>{t('list.col_due')}</TableHead>
              <TableHead>{t('list.col_activity')}</TableHead>
              <TableHead>{t('list.col_reminders')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid="outreach-row" data-status={r.status}>
                <TableCell>
                  <Checkbox
                    aria-label={t('list.select', { subject: r.subject })}
                    checked={checked.includes(r.id)}
                    onCheckedChange={(c) =>
                      setChecked((x) => (c === true ? [...x, r.id] : x.filter((i) => i !== r.id)))
                    }
                  />
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[r.status] ?? 'neutral'}>{statusLabel(r.status, t)}</Badge>
                </TableCell>
                <TableCell>
                  <Link className="hover:underline" href={`/skus/${r.sku_id}?tab=blockers`}>
                    {r.recipient}
                  </Link>
                  <div className="text-xs text-muted-foreground">{r.subject}</div>
                </TableCell>
                <TableCell className="max-w-xs text-xs">{r.items.map((i) => i.label).join('; ')}</TableCell>
                <TableCell>{f.date(r.due_date)}</TableCell>
                <TableCell>{f.relative(r.last_activity_at)}</TableCell>
                <TableCell>{r.reminder_count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {list.hasMore ? (
        <Button variant="ghost" onClick={list.loadMore} disabled={list.loadingMore}>
          {t('list.load_more')}
        </Button>
      ) : null}
    </div>
  );
}
