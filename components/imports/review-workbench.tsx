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
import { formatDateTime, formatNumber } from '@/components/format';
import { cn } from '@/lib/utils/cn';
import { BatchProgress } from './batch-progress';
import { CountTile } from './dry-run-summary';
import { EntityResolution } from './entity-resolution';
import { categoryLabel } from '@/components/skus/labels';
import { formatLabel, isBatchRunning, targetLabel } from './labels';
import { REPAIR_CODES } from './preview-table';
import { RowErrorsTable } from './row-errors-table';
import { BatchStatusPill } from './status';
import { useBatchPoll } from './use-batch-poll';
import type { ImportReview, ImportReview as ReviewResponse } from '@/lib/imports/service-schemas';

type ReviewChange = ImportReview['skus'][number]['changes'][number];
type ReviewSku = ImportReview['skus'][number];

export type ReviewTab = 'skus' | 'errors' | 'entities';

const PAGE = 50;
/** changes shown per SKU before "Show all" */
const COLLAPSED = 8;

function ChangeValue({ value, kind }: { value: string | null; kind: 'from' | 'to' }) {
  if (value === null || value === '')
    return <span className="text-subtle-foreground italic">{kind === 'from' ? 'empty' : 'cleared'}</span>;
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

/** Category codes read as their names; other values as stored. */
function displayValue(field: string, v: string | null): string | null {
  return field === 'category_code' && v ? categoryLabel(v) : v;
}

function ChangeRow({ change }: { change: ReviewChange }) {
  const p = change.provenance;
  const from = displayValue(change.field_key, change.from);
  const to = displayValue(change.field_key, change.to);
  return (
    <li
      className="grid gap-1 py-1.5 sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:gap-3"
      data-testid="sku-change"
      data-field={change.field_key}
    >
      <span className="text-xs font-medium text-muted-foreground">{targetLabel(change.field_key)}</span>
      <span className="flex min-w-0 flex-wrap items-baseline gap-1.5 text-[0.8125rem]">
        {from !== null && from !== undefined ? (
          <>
            <ChangeValue value={from} kind="from" />
            <ArrowRight className="size-3 shrink-0 self-center text-subtle-foreground" aria-label="changed to" />
          </>
        ) : null}
        <ChangeValue value={to} kind="to" />
      </span>
      {p && (p.row || p.column) ? (
        <span className="text-xs whitespace-nowrap text-subtle-foreground" data-testid="change-provenance">
          {p.row ? `row ${p.row}` : ''}
          {p.row && p.column ? ', ' : ''}
          {p.column ? `“${p.column}”` : ''}
        </span>
      ) : (
        <span />
      )}
    </li>
  );
}

function SkuCard({ sku }: { sku: ReviewSku }) {
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
            New
          </Badge>
        ) : (
          <Badge variant="info">
            <PencilLine aria-hidden="true" />
            Updated
          </Badge>
        )}
        {typeof sku.blockers_count === 'number' ? (
          sku.blockers_count > 0 ? (
            <Badge variant="danger" title="Open blockers after the import">
              <OctagonAlert aria-hidden="true" />
              {sku.blockers_count} blocker{sku.blockers_count === 1 ? '' : 's'}
            </Badge>
          ) : (
            <Badge variant="success">No blockers</Badge>
          )
        ) : null}
        {sku.row_number ? <span className="text-xs text-subtle-foreground">row {sku.row_number}</span> : null}
      </div>
      {changes.length ? (
        <ul className="divide-y divide-border/70 rounded-md border border-border bg-surface-muted/30 px-3">
          {shown.map((c) => (
            <ChangeRow key={c.field_key} change={c} />
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">
          {sku.outcome === 'updated'
            ? 'The file held the same values: nothing changed.'
            : 'No values besides code and name.'}
        </p>
      )}
      {sku.warnings?.length ? (
        <ul className="grid gap-0.5 text-xs">
          {sku.warnings.map((w, i) => (
            <li
              key={i}
              className={REPAIR_CODES.has(w.code) ? 'text-success-soft-foreground' : 'text-warning-soft-foreground'}
            >
              {w.column ? `“${w.column}”: ` : ''}
              {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      {sku.suggestions?.length ? (
        <p className="text-xs text-muted-foreground">
          {sku.suggestions.length} suggestion{sku.suggestions.length === 1 ? '' : 's'} to confirm on the{' '}
          <Link href={`/skus/${sku.sku_id}`} className="font-medium text-primary hover:underline">
            SKU page
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
          {expanded ? 'Show fewer' : `Show all ${changes.length} values`}
        </button>
      ) : null}
    </li>
  );
}

function SkusPanel({ skus, batchCounts }: { skus: ReviewSku[]; batchCounts: { created: number; updated: number } }) {
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
        <EmptyState
          compact
          icon={PackageSearch}
          title="No SKUs were created or updated"
          description="Every row failed or was skipped: the row errors say why."
        />
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
            placeholder="Find by SKU code or name"
            aria-label="Find imported SKUs"
            className="pl-8"
          />
        </div>
        <div className="flex gap-1.5" role="group" aria-label="Filter by outcome">
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
              {o === 'all' ? 'All' : o === 'created' ? 'New' : 'Updated'}
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
        <p className="px-5 py-6 text-center text-sm text-muted-foreground">No imported SKU matches.</p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
        <span>
          Showing {formatNumber(Math.min(limit, filtered.length))} of {formatNumber(filtered.length)}
          {listed > skus.length
            ? ` (the review lists the first ${formatNumber(skus.length)} of ${formatNumber(listed)} imported SKUs; all are in the SKU list)`
            : ''}
        </span>
        {filtered.length > limit ? (
          <Button variant="secondary" size="sm" onClick={() => setLimit((l) => l + PAGE)}>
            Show {Math.min(PAGE, filtered.length - limit)} more
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
        <PageHeader eyebrow={<Link href="/imports">Imports</Link>} title="Import" />
        <Card>
          <EmptyState
            compact
            icon={FileWarning}
            title={error.status === 404 ? 'This import does not exist' : 'The review could not be loaded'}
            description={error.message}
            actions={
              <Button asChild variant="secondary">
                <Link href="/imports">All imports</Link>
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
            Imports
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
            {b.file_format ? `${formatLabel(b.file_format)} · ` : ''}
            {formatNumber(b.total_rows ?? 0)} rows · started {formatDateTime(b.started_at ?? b.created_at)}
            {b.completed_at ? ` · finished ${formatDateTime(b.completed_at)}` : ''}
          </>
        }
        actions={
          <>
            {(errorsTotal > 0 || (b.failed_rows ?? 0) > 0 || (b.error_rows ?? 0) > 0) && !running ? (
              <Button asChild variant="secondary">
                <a href={errorsUrl} download data-testid="download-errors">
                  <Download aria-hidden="true" />
                  Download errors (CSV)
                </a>
              </Button>
            ) : null}
            <Button asChild>
              <Link href="/imports/new">New import</Link>
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
          <CountTile label="SKUs created" value={b.created_rows} icon={Plus} tone="primary" testId="review-created" />
          <CountTile
            label="SKUs updated"
            value={b.updated_rows}
            icon={PencilLine}
            tone="info"
            testId="review-updated"
          />
          <CountTile
            label="Rows skipped"
            value={b.skipped_rows}
            icon={CircleSlash}
            tone="neutral"
            testId="review-skipped"
          />
          <CountTile
            label="Rows failed"
            value={b.failed_rows}
            icon={OctagonAlert}
            tone={b.failed_rows ? 'danger' : 'success'}
            testId="review-failed"
          />
          <CountTile
            label="Operators to resolve"
            value={openCandidates}
            icon={Users}
            tone={openCandidates ? 'warning' : 'success'}
            testId="review-open-entities"
          />
        </div>
      )}

      {b.status === 'failed' && !running ? (
        <Alert variant="danger" title="The import stopped before the end" className="mb-5">
          {b.error_message ||
            'Rows written before the stop stay. Import the same file again to continue: nothing is duplicated.'}
        </Alert>
      ) : null}

      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList>
          <TabsTrigger value="skus" data-testid="tab-skus">
            <PackageSearch aria-hidden="true" />
            SKUs <span className="tabular-nums text-subtle-foreground">{formatNumber(review.skus.length)}</span>
          </TabsTrigger>
          <TabsTrigger value="errors" data-testid="tab-errors">
            <OctagonAlert aria-hidden="true" />
            Row errors{' '}
            <span className="tabular-nums text-subtle-foreground">
              {formatNumber(errorsTotal)}
              {errorsTruncated ? '+' : ''}
            </span>
          </TabsTrigger>
          <TabsTrigger value="entities" data-testid="tab-entities">
            <Users aria-hidden="true" />
            Entities{' '}
            {openCandidates ? (
              <Badge variant="warning" className="tabular-nums">
                {openCandidates}
              </Badge>
            ) : (
              <span className="tabular-nums text-subtle-foreground">{review.entity_candidates.length}</span>
            )}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="skus">
          <SkusPanel skus={review.skus} batchCounts={{ created: b.created_rows ?? 0, updated: b.updated_rows ?? 0 }} />
        </TabsContent>
        <TabsContent value="errors">
          {errorsTotal === 0 ? (
            <Card>
              <EmptyState compact title="No row errors" description="Every row was imported or skipped on purpose." />
            </Card>
          ) : (
            <Card className="overflow-hidden">
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-5 py-3">
                <p className="text-[0.8125rem] text-muted-foreground">
                  These rows were not imported. Fix them in the file and import it again: rows already in are updated,
                  not duplicated.
                </p>
                <Button asChild variant="secondary" size="sm">
                  <a href={errorsUrl} download>
                    <Download aria-hidden="true" />
                    Download all{errorsTruncated ? '' : ` ${formatNumber(errorsTotal)}`} (CSV)
                  </a>
                </Button>
              </div>
              <RowErrorsTable errors={review.row_errors} total={errorsTotal} limit={100} />
              {errorsTruncated ? (
                <p className="border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
                  The review lists the first {formatNumber(review.row_errors.length)} errors; the CSV has them all.
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
