'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import {
  ArrowRight,
  CircleSlash,
  Download,
  FileWarning,
  OctagonAlert,
  PackageSearch,
  PencilLine,
  Plus,
  Search,
  Users,
} from 'lucide-react';
import { useImportReview } from '@/components/api/queries/imports';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import { cn } from '@/lib/utils/cn';
import { BatchProgress } from './batch-progress';
import { CountTile } from './dry-run-summary';
import { EntityResolution } from './entity-resolution';
import { useCategoryLabel } from '@/components/skus/use-category-label';
import { isBatchRunning, useImportLabels } from './labels';
import { REPAIR_CODES } from './preview-table';
import { RowErrorsTable } from './row-errors-table';
import { BatchStatusPill } from './status';
import { useBatchPoll } from './use-batch-poll';
import type { ImportReview, ImportReview as ReviewResponse } from '@/lib/imports/schemas';

type ReviewChange = ImportReview['skus'][number]['changes'][number];
type ReviewSku = ImportReview['skus'][number];

export type ReviewTab = 'skus' | 'errors' | 'entities';

const PAGE = 50;
/** changes shown per SKU before "Show all" */
const COLLAPSED = 8;

function ChangeValue({ value, kind }: { value: string | null; kind: 'from' | 'to' }) {
  const t = useT(importMessages);
  if (value === null || value === '')
    return (
      <span className="text-subtle-foreground italic">{kind === 'from' ? t('diff.empty') : t('review.cleared')}</span>
    );
  return (
    <span
      className={cn(
        'break-words',
        kind === 'from'
          ? 'text-muted-foreground line-through decoration-muted-foreground/50'
          : 'font-medium text-foreground',
      )}
    >
      {value}
    </span>
  );
}

function ChangeRow({ change }: { change: ReviewChange }) {
  const t = useT(importMessages);
  const labels = useImportLabels();
  const categoryLabel = useCategoryLabel();
  // Category codes read as their names; other values as stored.
  const displayValue = (v: string | null) => (change.field_key === 'category_code' && v ? categoryLabel(v) : v);
  const p = change.provenance;
  const from = displayValue(change.from);
  const to = displayValue(change.to);
  return (
    <li
      className="grid gap-1 py-1.5 sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:gap-3"
      data-testid="sku-change"
      data-field={change.field_key}
    >
      <span className="text-xs font-medium text-muted-foreground">{labels.target(change.field_key)}</span>
      <span className="flex min-w-0 flex-wrap items-baseline gap-1.5 text-[0.8125rem]">
        {from !== null && from !== undefined ? (
          <>
            <ChangeValue value={from} kind="from" />
            <ArrowRight
              className="size-3 shrink-0 self-center text-subtle-foreground"
              aria-label={t('review.changed_to')}
            />
          </>
        ) : null}
        <ChangeValue value={to} kind="to" />
      </span>
      {p && (p.row || p.column) ? (
        <span className="text-xs whitespace-nowrap text-subtle-foreground" data-testid="change-provenance">
          {p.row ? t('diff.row', { row: String(p.row) }) : ''}
          {p.row && p.column ? ', ' : ''}
          {p.column ? t('review.quoted', { text: p.column }) : ''}
        </span>
      ) : (
        <span />
      )}
    </li>
  );
}

function SkuCard({ sku }: { sku: ReviewSku }) {
  const t = useT(importMessages);
  const [expanded, setExpanded] = React.useState(false);
  // The code (and, for a new SKU, the name) head the card already.
  const changes = (sku.changes ?? []).filter(
    (c) => c.field_key !== 'sku_code' && !(sku.outcome === 'created' && c.field_key === 'product_name'),
  );
  const collapsible = changes.length > COLLAPSED + 2;
  const shown = expanded || !collapsible ? changes : changes.slice(0, COLLAPSED);
  return (
    <li
      className="grid gap-2 px-5 py-3.5"
      data-testid="review-sku"
      data-sku-code={sku.sku_code}
      data-outcome={sku.outcome}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Link
          href={`/skus/${sku.sku_id}`}
          className="font-mono text-[0.8125rem] font-semibold text-foreground hover:text-primary hover:underline"
          data-testid="review-sku-link"
        >
          {sku.sku_code}
        </Link>
        <span className="min-w-0 flex-1 truncate text-[0.8125rem] text-foreground">{sku.product_name}</span>
        {sku.outcome === 'created' ? (
          <Badge variant="primary">
            <Plus aria-hidden="true" />
            {t('review.new')}
          </Badge>
        ) : (
          <Badge variant="info">
            <PencilLine aria-hidden="true" />
            {t('review.updated')}
          </Badge>
        )}
        {typeof sku.blockers_count === 'number' ? (
          sku.blockers_count > 0 ? (
            <Badge variant="danger" title={t('review.blockers_title')}>
              <OctagonAlert aria-hidden="true" />
              {t('review.blockers', { count: sku.blockers_count })}
            </Badge>
          ) : (
            <Badge variant="success">{t('review.no_blockers')}</Badge>
          )
        ) : null}
        {sku.row_number ? (
          <span className="text-xs text-subtle-foreground">{t('diff.row', { row: String(sku.row_number) })}</span>
        ) : null}
      </div>
      {changes.length ? (
        <ul className="divide-y divide-border/70 rounded-md border border-border bg-surface-muted/30 px-3">
          {shown.map((c) => (
            <ChangeRow key={c.field_key} change={c} />
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">
          {sku.outcome === 'updated' ? t('review.same_values') : t('review.no_values')}
        </p>
      )}
      {sku.warnings?.length ? (
        <ul className="grid gap-0.5 text-xs">
          {sku.warnings.map((w, i) => (
            <li
              key={i}
              className={REPAIR_CODES.has(w.code) ? 'text-success-soft-foreground' : 'text-warning-soft-foreground'}
            >
              {w.column ? `${t('review.quoted', { text: w.column })}: ` : ''}
              {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      {sku.suggestions?.length ? (
        <p className="text-xs text-muted-foreground">
          {t('review.suggestions', { count: sku.suggestions.length })}{' '}
          <Link href={`/skus/${sku.sku_id}`} className="font-medium text-primary hover:underline">
            {t('review.sku_page')}
          </Link>
          .
        </p>
      ) : null}
      {collapsible ? (
        <button
          type="button"
          className="w-fit text-xs font-medium text-primary hover:underline"
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('review.show_fewer') : t('review.show_all', { count: changes.length })}
        </button>
      ) : null}
    </li>
  );
}

function SkusPanel({ skus, batchCounts }: { skus: ReviewSku[]; batchCounts: { created: number; updated: number } }) {
  const t = useT(importMessages);
  const [outcome, setOutcome] = React.useState<'all' | 'created' | 'updated'>('all');
  const [q, setQ] = React.useState('');
  const [limit, setLimit] = React.useState(PAGE);
  const needle = q.trim().toLowerCase();
  const filtered = skus.filter(
    (s) =>
      (outcome === 'all' || s.outcome === outcome) &&
      (!needle ||
        (s.sku_code ?? '').toLowerCase().includes(needle) ||
        (s.product_name ?? '').toLowerCase().includes(needle)),
  );
  const listed = batchCounts.created + batchCounts.updated;
  if (skus.length === 0) {
    return (
      <Card>
        <EmptyState compact icon={PackageSearch} title={t('review.no_skus_title')} description={t('review.no_skus')} />
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-5 py-3">
        <div className="relative min-w-56 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('review.find_placeholder')}
            aria-label={t('review.find_label')}
            className="pl-8"
          />
        </div>
        <div className="flex gap-1.5" role="group" aria-label={t('review.filter_label')}>
          {(['all', 'created', 'updated'] as const).map((o) => (
            <button
              key={o}
              type="button"
              aria-pressed={outcome === o}
              onClick={() => setOutcome(o)}
              className={cn(
                'h-8 rounded-full border px-3 text-xs font-medium transition-colors',
                outcome === o
                  ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                  : 'border-border bg-surface text-muted-foreground hover:text-foreground',
              )}
            >
              {o === 'all' ? t('review.filter_all') : o === 'created' ? t('review.new') : t('review.updated')}
            </button>
          ))}
        </div>
      </div>
      <ul className="divide-y divide-border" data-testid="review-skus">
        {filtered.slice(0, limit).map((s) => (
          <SkuCard key={s.sku_id} sku={s} />
        ))}
      </ul>
      {filtered.length === 0 ? (
        <p className="px-5 py-6 text-center text-sm text-muted-foreground">{t('review.no_match')}</p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
        <span>
          {t('review.showing', { shown: Math.min(limit, filtered.length), total: filtered.length })}
          {listed > skus.length ? ` ${t('review.listed_first', { shown: skus.length, listed })}` : ''}
        </span>
        {filtered.length > limit ? (
          <Button variant="secondary" size="sm" onClick={() => setLimit((l) => l + PAGE)}>
            {t('review.show_more', { count: Math.min(PAGE, filtered.length - limit) })}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * The review of one import: what it did (counts), the SKUs it created or changed with each value's
 * before and after and where it came from, the row errors (downloadable), and entity resolution.
 * While the import still runs, its progress is shown and the review loads when it is done.
 */
export function ReviewWorkbench({ id, initialTab }: { id: string; initialTab: ReviewTab }) {
  const t = useT(importMessages);
  const f = useFormat();
  const labels = useImportLabels();
  const pathname = usePathname();
  const query = useImportReview(id);
  const review: ReviewResponse | null = query.data ?? null;
  const error = query.error ?? null;
  const [tab, setTab] = React.useState<ReviewTab>(initialTab);

  const running = review ? isBatchRunning(review.batch.status) : false;
  // The import finished while the page was open: load the full review.
  const { reload: refetch } = query;
  const reload = React.useCallback(() => void refetch(), [refetch]);
  const poll = useBatchPoll(running ? id : null, review?.batch ?? null, reload);
  const live = running && poll.batch ? poll.batch : (review?.batch ?? null);

  function changeTab(t: string) {
    const next = t as ReviewTab;
    setTab(next);
    // The entity screen has its own address, so it can be linked to.
    const base = `/imports/${id}`;
    const target = next === 'entities' ? `${base}/entities` : next === 'errors' ? `${base}?tab=errors` : base;
    if (pathname !== target) window.history.replaceState(null, '', target);
  }

  if (error) {
    return (
      <>
        <PageHeader eyebrow={<Link href="/imports">{t('page.list')}</Link>} title={t('review.title')} />
        <Card>
          <EmptyState
            compact
            icon={FileWarning}
            title={error.status === 404 ? t('review.not_found') : t('review.load_error')}
            description={error.message}
            actions={
              <Button asChild variant="secondary">
                <Link href="/imports">{t('review.all_imports')}</Link>
              </Button>
            }
          />
        </Card>
      </>
    );
  }

  if (!review || !live) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-12 w-80" />
        <div className="grid gap-3 sm:grid-cols-4">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }

  const b = live;
  // error_rows counts rows whose write failed; the row errors are every problem that kept a row out.
  const errorsTotal = review.row_errors.length;
  const errorsTruncated = review.summary?.row_errors_truncated === true;
  const errorsUrl = b.errors_url || `/api/imports/${id}/errors.csv`;
  const openCandidates = review.entity_candidates.filter(
    (c) => !(c.decision && c.decision.action !== 'unresolved' && (c.decision.applied_at || c.decision.decided_at)),
  ).length;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/imports" className="hover:text-foreground hover:underline">
            {t('page.list')}
          </Link>
        }
        title={
          <span className="flex flex-wrap items-center gap-2.5">
            <span className="break-all" data-testid="review-filename">
              {b.filename}
            </span>
            <BatchStatusPill status={b.status} />
          </span>
        }
        description={
          <>
            {b.file_format ? `${labels.format(b.file_format)} · ` : ''}
            {t('review.meta', { rows: b.total_rows ?? 0, time: f.dateTime(b.started_at ?? b.created_at) })}
            {b.completed_at ? ` · ${t('review.finished', { time: f.dateTime(b.completed_at) })}` : ''}
          </>
        }
        actions={
          <>
            {(errorsTotal > 0 || (b.failed_rows ?? 0) > 0 || (b.error_rows ?? 0) > 0) && !running ? (
              <Button asChild variant="secondary">
                <a href={errorsUrl} download data-testid="download-errors">
                  <Download aria-hidden="true" />
                  {t('review.download_errors')}
                </a>
              </Button>
            ) : null}
            <Button asChild>
              <Link href="/imports/new">{t('page.new')}</Link>
            </Button>
          </>
        }
      />

      {running ? (
        <Card className="mb-5">
          <CardContent>
            <BatchProgress batch={b} />
          </CardContent>
        </Card>
      ) : (
        <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="review-summary">
          <CountTile
            label={t('tile.created')}
            value={b.created_rows}
            icon={Plus}
            tone="primary"
            testId="review-created"
          />
          <CountTile
            label={t('tile.updated')}
            value={b.updated_rows}
            icon={PencilLine}
            tone="info"
            testId="review-updated"
          />
          <CountTile
            label={t('tile.skipped')}
            value={b.skipped_rows}
            icon={CircleSlash}
            tone="neutral"
            testId="review-skipped"
          />
          <CountTile
            label={t('tile.failed')}
            value={b.failed_rows}
            icon={OctagonAlert}
            tone={b.failed_rows ? 'danger' : 'success'}
            testId="review-failed"
          />
          <CountTile
            label={t('tile.open_operators')}
            value={openCandidates}
            icon={Users}
            tone={openCandidates ? 'warning' : 'success'}
            testId="review-open-entities"
          />
        </div>
      )}

      {b.status === 'failed' && !running ? (
        <Alert variant="danger" title={t('review.stopped_title')} className="mb-5">
          {b.error_message || t('review.stopped')}
        </Alert>
      ) : null}

      <Tabs value={tab} onValueChange={changeTab}>
        <div className="overflow-x-auto">
          <TabsList>
            <TabsTrigger value="skus" data-testid="tab-skus">
              <PackageSearch aria-hidden="true" />
              {t('review.tab_skus')}{' '}
              <span className="tabular-nums text-subtle-foreground">{f.number(review.skus.length)}</span>
            </TabsTrigger>
            <TabsTrigger value="errors" data-testid="tab-errors">
              <OctagonAlert aria-hidden="true" />
              {t('review.tab_errors')}{' '}
              <span className="tabular-nums text-subtle-foreground">
                {f.number(errorsTotal)}
                {errorsTruncated ? '+' : ''}
              </span>
            </TabsTrigger>
            <TabsTrigger value="entities" data-testid="tab-entities">
              <Users aria-hidden="true" />
              {t('review.tab_entities')}{' '}
              {openCandidates ? (
                <Badge variant="warning" className="tabular-nums">
                  {openCandidates}
                </Badge>
              ) : (
                <span className="tabular-nums text-subtle-foreground">{review.entity_candidates.length}</span>
              )}
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="skus">
          <SkusPanel skus={review.skus} batchCounts={{ created: b.created_rows ?? 0, updated: b.updated_rows ?? 0 }} />
        </TabsContent>
        <TabsContent value="errors">
          {errorsTotal === 0 ? (
            <Card>
              <EmptyState compact title={t('summary.no_errors_title')} description={t('review.no_errors')} />
            </Card>
          ) : (
            <Card className="overflow-hidden">
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-5 py-3">
                <p className="text-[0.8125rem] text-muted-foreground">{t('review.errors_note')}</p>
                <Button asChild variant="secondary" size="sm">
                  <a href={errorsUrl} download>
                    <Download aria-hidden="true" />
                    {errorsTruncated
                      ? t('review.download_all')
                      : t('review.download_all_count', { count: errorsTotal })}
                  </a>
                </Button>
              </div>
              <RowErrorsTable errors={review.row_errors} total={errorsTotal} limit={100} />
              {errorsTruncated ? (
                <p className="border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
                  {t('review.errors_truncated', { count: review.row_errors.length })}
                </p>
              ) : null}
            </Card>
          )}
        </TabsContent>
        <TabsContent value="entities">
          <EntityResolution batchId={id} candidates={review.entity_candidates} locked={running} onApplied={reload} />
        </TabsContent>
      </Tabs>
    </>
  );
}
