'use client';

import * as React from 'react';
import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '@/components/api/client';
import { queryKeys } from '@/components/api/queries/keys';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { formatDate, formatRelative } from '@/components/format';
import { idempotentWrite } from '@/components/api/client';
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
  const [filter, setFilter] = React.useState<(typeof FILTERS)[number]>('all');
  const [checked, setChecked] = React.useState<string[]>([]);
  const [busy, setBusy] = React.useState(false);
  const client = useQueryClient();
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
    setBusy(true);
    try {
      const { results } = await idempotentWrite<BulkRequestResults>('/api/supplier-email/requests/bulk', {
        method: 'POST',
        body: { action, ids: checked },
      });
      const failed = results.filter((r) => !r.ok);
      if (failed.length)
        toast.error(`${failed.length} of ${results.length} not done`, { description: failed[0].message });
      else toast.success(action === 'remind' ? `Reminder sent to ${results.length}` : `${results.length} cancelled`);
      setChecked([]);
      await client.invalidateQueries({ queryKey: queryKeys.supplierRequests });
    } catch (e) {
      toast.error(describeError(e).title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4" data-testid="outreach-list">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filter by status">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'subtle' : 'ghost'}
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setChecked([]);
            }}
          >
            {f === 'all' ? 'All' : statusLabel(f)}
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
              Remind now
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
              Cancel
            </Button>
          </RoleGate>
        </span>
      </div>
      {rows && rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No supplier requests
          {filter === 'all' ? " yet. Send one from a SKU's blockers." : ` with status ${statusLabel(filter)}.`}
        </p>
      ) : null}
      {rows && rows.length ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-8">
                <Checkbox
                  aria-label="Select all"
                  checked={checked.length === rows.length}
                  onCheckedChange={(c) => setChecked(c === true ? rows.map((r) => r.id) : [])}
                />
              </TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Supplier</TableHead>
              <TableHead>Asked</TableHead>
              <TableHead>Due</TableHead>
              <TableHead>Last activity</TableHead>
              <TableHead>Reminders</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid="outreach-row" data-status={r.status}>
                <TableCell>
                  <Checkbox
                    aria-label={`Select ${r.subject}`}
                    checked={checked.includes(r.id)}
                    onCheckedChange={(c) =>
                      setChecked((x) => (c === true ? [...x, r.id] : x.filter((i) => i !== r.id)))
                    }
                  />
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[r.status] ?? 'neutral'}>{statusLabel(r.status)}</Badge>
                </TableCell>
                <TableCell>
                  <Link className="hover:underline" href={`/skus/${r.sku_id}?tab=blockers`}>
                    {r.recipient}
                  </Link>
                  <div className="text-xs text-muted-foreground">{r.subject}</div>
                </TableCell>
                <TableCell className="max-w-xs text-xs">{r.items.map((i) => i.label).join('; ')}</TableCell>
                <TableCell>{formatDate(r.due_date)}</TableCell>
                <TableCell>{formatRelative(r.last_activity_at)}</TableCell>
                <TableCell>{r.reminder_count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {list.hasMore ? (
        <Button variant="ghost" onClick={list.loadMore} disabled={list.loadingMore}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
