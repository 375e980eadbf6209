'use client';

import * as React from 'react';
import Link from 'next/link';
import { RefreshCw } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { RoleGate } from '@/components/team/role-gate';
import { currencyMessages } from '@/lib/i18n/ui/currency';
import type { CurrencyFindingJson } from '@/lib/currency/schemas';
import { findingText, legalBasisText } from './currency-texts';

const SEVERITY_VARIANT = { blocker: 'danger', warning: 'warning', notice: 'info' } as const;

/** The workspace's evidence-currency findings, newest first, open or resolved. */
export function CurrencyFindingsView() {
  const t = useT(currencyMessages);
  const f = useFormat();
  const [status, setStatus] = React.useState<'open' | 'resolved'>('open');
  const list = useCursorList<CurrencyFindingJson>('/api/currency/findings', `status=${status}`, { pageSize: 50 });
  const reevaluate = useApiMutation<unknown, void>({
    request: () => ({ path: '/api/currency/reevaluate', method: 'POST' }),
    idempotent: true,
  });
  const busy = reevaluate.pending;

  const recheck = async () => {
    try {
      await reevaluate.run();
      toast.success(t('watch.recheck_queued'));
    } catch (e) {
      const d = describeError(e);
      toast.error(d.title, { description: d.description });
    }
  };

  return (
    <div className="grid gap-4" data-testid="currency-findings">
      <div className="flex flex-wrap items-center gap-2">
        <div role="tablist" className="flex gap-1">
          {(['open', 'resolved'] as const).map((s) => (
            <Button
              key={s}
              role="tab"
              aria-selected={status === s}
              variant={status === s ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => setStatus(s)}
            >
              {t(s === 'open' ? 'watch.tab_open' : 'watch.tab_resolved')}
            </Button>
          ))}
        </div>
        <RoleGate need="edit">
          <Button variant="secondary" size="sm" onClick={recheck} disabled={busy} className="ml-auto">
            <RefreshCw aria-hidden="true" />
            {t('watch.recheck')}
          </Button>
        </RoleGate>
      </div>
      {list.rows.length === 0 && !list.loading ? (
        <EmptyState title={t(status === 'open' ? 'watch.empty_open' : 'watch.empty_resolved')} />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('watch.col_severity')}</TableHead>
              <TableHead>{t('watch.col_document')}</TableHead>
              <TableHead>{t('watch.col_finding')}</TableHead>
              <TableHead>{t('watch.col_raised')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <Badge variant={SEVERITY_VARIANT[row.severity]}>{t(`severity.${row.severity}`)}</Badge>
                </TableCell>
                <TableCell>
                  <Link href={`/documents/${row.document_id}`} className="underline">
                    {row.document_filename ?? row.document_id}
                  </Link>
                </TableCell>
                <TableCell>
                  <div>{findingText(row, t, f.date)}</div>
                  <div className="text-xs text-subtle-foreground">{legalBasisText(row, t)}</div>
                </TableCell>
                <TableCell>{f.dateTime(row.resolved_at ?? row.raised_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {list.hasMore && (
        <Button variant="secondary" size="sm" onClick={list.loadMore}>
          {t('watch.load_more')}
        </Button>
      )}
    </div>
  );
}
