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
import { formatDateTime, formatNumber, formatRelative } from '@/components/format';
import { cn } from '@/lib/utils/cn';
import { FromUrlDialog } from './from-url-dialog';
import { formatLabel, isBatchRunning } from './labels';
import { ProgressBar } from './progress-bar';
import { BatchStatusPill } from './status';
import type { ImportBatch } from '@/lib/imports/service-schemas';
import { RoleGate } from '@/components/team/role-gate';

const IMPORT = { operationId: 'importSkus', method: 'POST', path: '/api/import' } as const;

function Num({ value, tone }: { value: number | null | undefined; tone?: 'danger' | 'warning' }) {
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
      {formatNumber(value)}
    </span>
  );
}

function Time({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="text-subtle-foreground">—</span>;
  return (
    <time dateTime={value} title={formatDateTime(value)} className="whitespace-nowrap text-muted-foreground">
      {formatRelative(value)}
    </time>
  );
}

/** Every import of the workspace with its status and counts; refreshes itself while one is running. */
export function BatchList() {
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
          Preview from a shop URL
        </Button>
      </RoleGate>
      <RoleGate need={IMPORT} showReason>
        <Button asChild data-testid="new-import">
          <Link href="/imports/new">
            <Plus aria-hidden="true" />
            New import
          </Link>
        </Button>
      </RoleGate>
    </>
  );

  return (
    <>
      <PageHeader
        title="Imports"
        description="Bring your catalogue in from your ERP, shop or spreadsheet. Every import shows what it will do before it writes, and what it changed afterwards."
        actions={actions}
      />
      {error ? (
        <Alert variant="danger" className="mb-4" title="The imports could not be loaded">
          {error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void refresh()}>
            Try again
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
            title="No imports yet"
            description="Upload a CSV, TSV, XLSX, XLS or ODS export. Columns are matched in five languages, GTINs keep their leading zeros, and you see the preview and the dry run before anything is written."
            actions={
              <>
                <RoleGate need={IMPORT}>
                  <Button asChild>
                    <Link href="/imports/new">
                      <Upload aria-hidden="true" />
                      Import a catalogue
                    </Link>
                  </Button>
                </RoleGate>
                <RoleGate need={IMPORT}>
                  <Button variant="secondary" onClick={() => setFromUrl(true)}>
                    <Globe aria-hidden="true" />
                    Start from a product page
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
              {shown.length} import{shown.length === 1 ? '' : 's'}
              {cursor ? ' shown' : ''}, newest first{running ? ' · updating while one runs' : ''}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void refresh()}
              loading={refreshing}
              aria-label="Refresh the list"
            >
              {refreshing ? null : <RefreshCw aria-hidden="true" />}
              Refresh
            </Button>
          </div>
          <Table data-testid="batch-table">
            <TableHeader>
              <TableRow>
                <TableHead>File</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Rows</TableHead>
                <TableHead className="text-right">Created</TableHead>
                <TableHead className="text-right">Updated</TableHead>
                <TableHead className="text-right">Skipped</TableHead>
                <TableHead className="text-right">Failed</TableHead>
                <TableHead
                  className="text-right"
                  title="Rows that could not be written (the import retries or reports them)"
                >
                  Errors
                </TableHead>
                <TableHead>Started</TableHead>
                <TableHead>Completed</TableHead>
                <TableHead>
                  <span className="sr-only">Review</span>
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
                            <div className="text-xs text-subtle-foreground">{formatLabel(b.file_format)}</div>
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
                            label={`Progress of ${b.filename}`}
                            valueText={`${b.processed_rows ?? 0} of ${b.total_rows} rows`}
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
                        <Link href={`/imports/${b.id}`} aria-label={`Review ${b.filename}`}>
                          Review
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
            noun={['import', 'imports']}
            hasMore={list.hasMore}
            onMore={loadMore}
            loadingMore={loadingMore}
            moreLabel="Load older imports"
            testId="imports-load-more"
          />
        </Card>
      ) : null}
      <FromUrlDialog open={fromUrl} onOpenChange={setFromUrl} />
    </>
  );
}
