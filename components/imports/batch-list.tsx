'use client';

import * as React from 'react';
import Link from 'next/link';
import { FileSpreadsheet, Globe, Plus, RefreshCw, Upload } from 'lucide-react';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { ListFooter } from '@/components/ui/list-toolbar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { importMessages } from '@/lib/i18n/ui/imports';
import { cn } from '@/lib/utils/cn';
import { FromUrlDialog } from './from-url-dialog';
import { isBatchRunning, useImportLabels } from './labels';
import { ProgressBar } from './progress-bar';
import { BatchStatusPill } from './status';
import type { ImportBatch } from '@/lib/imports/schemas';
import { RoleGate } from '@/components/team/role-gate';

const IMPORT = { operationId: 'importSkus', method: 'POST', path: '/api/import' } as const;

function Num({ value, tone }: { value: number | null | undefined; tone?: 'danger' | 'warning' }) {
  const f = useFormat();
  if (value === null || value === undefined) return <span className="text-subtle-foreground">—</span>;
  return (
    <span
      className={cn(
        'tabular-nums',
        value === 0
          ? 'text-subtle-foreground'
          : tone === 'danger'
            ? 'font-medium text-danger-soft-foreground'
            : tone === 'warning'
              ? 'text-warning-soft-foreground'
              : 'text-foreground',
      )}
    >
      {f.number(value)}
    </span>
  );
}

function Time({ value }: { value: string | null | undefined }) {
  const f = useFormat();
  if (!value) return <span className="text-subtle-foreground">—</span>;
  return (
    <time dateTime={value} title={f.dateTime(value)} className="whitespace-nowrap text-muted-foreground">
      {f.relative(value)}
    </time>
  );
}

/** Every import of the workspace with its status and counts; refreshes itself while one is running. */
export function BatchList() {
  const t = useT(importMessages);
  const common = useT(commonMessages);
  const labels = useImportLabels();
  const [fromUrl, setFromUrl] = React.useState(false);
  // While an import runs, its row follows it.
  const list = useCursorList<ImportBatch>('/api/imports', '', {
    itemsKey: 'batches',
    refetchInterval: (rows) => ((rows as ImportBatch[]).some((b) => isBatchRunning(b.status)) ? 2000 : false),
  });
  const { error, loadMore, loadingMore } = list;
  const shown = list.loading && !error ? null : list.rows;
  const running = list.rows.some((b) => isBatchRunning(b.status));
  const [refreshing, setRefreshing] = React.useState(false);
  const cursor = list.hasMore;

  async function refresh() {
    setRefreshing(true);
    await list.reload();
    setRefreshing(false);
  }

  const actions = (
    <>
      <RoleGate need={IMPORT}>
        <Button variant="secondary" onClick={() => setFromUrl(true)} data-testid="open-from-url">
          <Globe aria-hidden="true" />
          {t('list.from_url')}
        </Button>
      </RoleGate>
      <RoleGate need={IMPORT} showReason>
        <Button asChild data-testid="new-import">
          <Link href="/imports/new">
            <Plus aria-hidden="true" />
            {t('page.new')}
          </Link>
        </Button>
      </RoleGate>
    </>
  );

  return (
    <>
      <PageHeader title={t('page.list')} description={t('list.description')} actions={actions} />
      {error ? (
        <Alert variant="danger" className="mb-4" title={t('list.load_error')}>
          {error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void refresh()}>
            {common('retry')}
          </button>
        </Alert>
      ) : null}
      {shown === null && !error ? (
        <Card className="grid gap-3 p-5">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </Card>
      ) : shown && shown.length === 0 ? (
        <Card>
          <EmptyState
            icon={Upload}
            title={t('list.empty_title')}
            description={t('list.empty_description')}
            actions={
              <>
                <RoleGate need={IMPORT}>
                  <Button asChild>
                    <Link href="/imports/new">
                      <Upload aria-hidden="true" />
                      {t('list.import_catalogue')}
                    </Link>
                  </Button>
                </RoleGate>
                <RoleGate need={IMPORT}>
                  <Button variant="secondary" onClick={() => setFromUrl(true)}>
                    <Globe aria-hidden="true" />
                    {t('list.from_page')}
                  </Button>
                </RoleGate>
              </>
            }
            data-testid="imports-empty"
          />
        </Card>
      ) : shown ? (
        <Card className="overflow-hidden">
          <div className="flex items-center justify-between border-b border-border px-5 py-2.5">
            <p className="text-xs text-muted-foreground">
              {t(cursor ? 'list.count_shown' : 'list.count', { count: shown.length })}
              {running ? ` · ${t('list.updating')}` : ''}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void refresh()}
              loading={refreshing}
              aria-label={t('list.refresh_label')}
            >
              {refreshing ? null : <RefreshCw aria-hidden="true" />}
              {t('list.refresh')}
            </Button>
          </div>
          <Table data-testid="batch-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('list.col_file')}</TableHead>
                <TableHead>{t('list.col_status')}</TableHead>
                <TableHead className="text-right">{t('list.col_rows')}</TableHead>
                <TableHead className="text-right">{t('list.col_created')}</TableHead>
                <TableHead className="text-right">{t('list.col_updated')}</TableHead>
                <TableHead className="text-right">{t('list.col_skipped')}</TableHead>
                <TableHead className="text-right">{t('list.col_failed')}</TableHead>
                <TableHead className="text-right" title={t('list.col_errors_hint')}>
                  {t('list.col_errors')}
                </TableHead>
                <TableHead>{t('list.col_started')}</TableHead>
                <TableHead>{t('list.col_completed')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('list.review')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((b) => {
                const runningRow = isBatchRunning(b.status);
                return (
                  <TableRow key={b.id} data-testid="batch-row" data-batch-id={b.id} data-status={b.status}>
                    <TableCell>
                      <div className="flex min-w-44 items-center gap-2">
                        <FileSpreadsheet className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                        <div className="min-w-0">
                          <Link
                            href={`/imports/${b.id}`}
                            className="block max-w-72 truncate font-medium text-foreground hover:text-primary hover:underline"
                            title={b.filename}
                          >
                            {b.filename}
                          </Link>
                          {b.file_format ? (
                            <div className="text-xs text-subtle-foreground">{labels.format(b.file_format)}</div>
                          ) : null}
                        </div>
                      </div>
                    </TableCell>
                    <TableCell>
                      <div className="grid min-w-32 gap-1.5">
                        <BatchStatusPill status={b.status} />
                        {runningRow && b.total_rows ? (
                          <ProgressBar
                            value={(b.processed_rows ?? 0) / b.total_rows}
                            label={t('list.progress_of', { name: b.filename })}
                            valueText={t('progress.rows_of', { done: b.processed_rows ?? 0, total: b.total_rows })}
                            className="h-1.5"
                          />
                        ) : null}
                      </div>
                    </TableCell>
                    <TableCell className="text-right">
                      <Num value={b.total_rows} />
                    </TableCell>
                    <TableCell className="text-right" data-testid="batch-created">
                      <Num value={b.created_rows} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Num value={b.updated_rows} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Num value={b.skipped_rows} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Num value={b.failed_rows} tone="danger" />
                    </TableCell>
                    <TableCell className="text-right">
                      <Num value={b.error_rows} tone="warning" />
                    </TableCell>
                    <TableCell>
                      <Time value={b.started_at ?? b.created_at} />
                    </TableCell>
                    <TableCell>
                      <Time value={b.completed_at} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Button asChild variant="secondary" size="sm">
                        <Link href={`/imports/${b.id}`} aria-label={t('list.review_label', { name: b.filename })}>
                          {t('list.review')}
                        </Link>
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <ListFooter
            count={shown.length}
            noun={[t('list.noun_one'), t('list.noun_other')]}
            hasMore={list.hasMore}
            onMore={loadMore}
            loadingMore={loadingMore}
            moreLabel={t('list.more')}
            testId="imports-load-more"
          />
        </Card>
      ) : null}
      <FromUrlDialog open={fromUrl} onOpenChange={setFromUrl} />
    </>
  );
}
