'use client';

import * as React from 'react';
import { CircleCheck, CircleSlash, OctagonAlert, PencilLine, Plus, Users } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Meter } from '@/components/ui/meter';
import { formatNumber } from '@/components/format';
import { cn } from '@/lib/utils/cn';
import { CandidateSummaryList } from './candidate-summary';
import { DryRunDiff } from './dry-run-diff';
import { RowErrorsTable } from './row-errors-table';
import type { ImportDryRunResponse as DryRunResponse } from '@/lib/imports/service-schemas';

export function CountTile({
  label,
  value,
  icon: Icon,
  tone,
  hint,
  testId,
}: {
  label: string;
  value: number | null | undefined;
  icon: typeof Plus;
  tone: 'primary' | 'info' | 'neutral' | 'danger' | 'warning' | 'success';
  hint?: string;
  testId?: string;
}) {
  const tones = {
    primary: 'text-primary bg-primary-soft',
    info: 'text-info-soft-foreground bg-info-soft',
    neutral: 'text-muted-foreground bg-surface-muted',
    danger: 'text-danger-soft-foreground bg-danger-soft',
    warning: 'text-warning-soft-foreground bg-warning-soft',
    success: 'text-success-soft-foreground bg-success-soft',
  } as const;
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border bg-surface px-4 py-3" data-testid={testId}>
      <div className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', tones[tone])}>
        <Icon className="size-4" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <div
          className="text-xl font-semibold tracking-tight text-foreground tabular-nums"
          data-testid={testId ? `${testId}-value` : undefined}
        >
          {value === null || value === undefined ? '—' : formatNumber(value)}
        </div>
        <div className="text-xs font-medium text-muted-foreground">{label}</div>
        {hint ? <div className="mt-0.5 text-xs text-subtle-foreground">{hint}</div> : null}
      </div>
    </div>
  );
}

/** The dry run's verdict: counts, the plan limit, row errors and the operators found. Nothing is written yet. */
export function DryRunSummary({ result }: { result: DryRunResponse }) {
  const { counts } = result;
  const plan = result.plan_limit ?? null;
  const errorsTotal = result.row_errors_total ?? result.row_errors.length;
  const after = plan && plan.current_count !== null ? plan.current_count + counts.would_create : null;
  const atLimit = plan !== null && plan.limit !== null && after !== null && after >= plan.limit;
  // Rows that fail without a row error of their own fail on the plan's SKU limit. Countable only when
  // the dry run listed every error.
  const errorRows = new Set(result.row_errors.map((e) => e.row)).size;
  const complete = errorsTotal === result.row_errors.length;
  const overLimitRows = atLimit && complete ? Math.max(0, counts.would_fail - errorRows) : 0;

  return (
    <div className="grid gap-5" data-testid="dry-run-summary">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>What the import will do</CardTitle>
            <CardDescription>
              {formatNumber(counts.total_rows)} data row{counts.total_rows === 1 ? '' : 's'} read. This is a dry run:
              nothing has been written yet.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <CountTile
              label="SKUs created"
              value={counts.would_create}
              icon={Plus}
              tone="primary"
              testId="would-create"
            />
            <CountTile
              label="SKUs updated"
              value={counts.would_update}
              icon={PencilLine}
              tone="info"
              hint="Matched by SKU code; empty cells never blank a value."
              testId="would-update"
            />
            <CountTile
              label="Rows skipped"
              value={counts.would_skip}
              icon={CircleSlash}
              tone="neutral"
              hint="Repeated codes (the later row wins), empty rows."
              testId="would-skip"
            />
            <CountTile
              label="Rows failing"
              value={counts.would_fail}
              icon={OctagonAlert}
              tone={counts.would_fail ? 'danger' : 'success'}
              hint={
                overLimitRows
                  ? `${formatNumber(errorRows)} with row errors, ${formatNumber(overLimitRows)} over the plan limit`
                  : undefined
              }
              testId="would-fail"
            />
          </div>
          {plan ? (
            <div className="grid gap-2 rounded-lg border border-border bg-surface-muted/40 px-4 py-3">
              <Meter
                label={`SKUs on the ${plan.plan} plan after this import`}
                value={after ?? plan.current_count ?? 0}
                max={plan.limit}
              />
              {atLimit && counts.would_fail > errorRows ? (
                <p className="text-xs text-danger-soft-foreground" data-testid="plan-limit-note">
                  The {plan.plan} plan holds {formatNumber(plan.limit!)} SKUs.{' '}
                  {overLimitRows
                    ? `${formatNumber(overLimitRows)} new SKU${overLimitRows === 1 ? '' : 's'} beyond the limit would fail`
                    : 'New SKUs beyond the limit would fail'}
                  ; updates of SKUs you have still go through. Upgrade the plan or import fewer rows.
                </p>
              ) : null}
            </div>
          ) : null}
          {counts.would_fail === 0 && errorsTotal === 0 ? (
            <Alert variant="success" title="No row errors">
              Every row can be imported as shown in the preview.
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      {result.update_diff ? <DryRunDiff diff={result.update_diff} /> : null}

      {errorsTotal > 0 ? (
        <Card className="overflow-hidden">
          <CardHeader>
            <div>
              <CardTitle>Row errors ({formatNumber(errorsTotal)})</CardTitle>
              <CardDescription>
                Rows with errors are not imported. Fix them in the file and import it again, or go on: the rest is
                imported and all errors can be downloaded as CSV from the review.
              </CardDescription>
            </div>
          </CardHeader>
          <RowErrorsTable errors={result.row_errors} total={errorsTotal} limit={100} />
        </Card>
      ) : null}

      <Card className="overflow-hidden">
        <CardHeader>
          <div>
            <CardTitle className="flex items-center gap-2">
              <Users className="size-4 text-muted-foreground" aria-hidden="true" />
              Operators found ({result.entity_candidates.length})
            </CardTitle>
            <CardDescription>
              Manufacturers, importers and responsible persons named in the rows, grouped by name, address and email.
              After the import you link each one to an entity once, for all its SKUs.
            </CardDescription>
          </div>
        </CardHeader>
        {result.entity_candidates.length ? (
          <CandidateSummaryList candidates={result.entity_candidates} />
        ) : (
          <p className="flex items-center gap-2 px-5 py-4 text-sm text-muted-foreground">
            <CircleCheck className="size-4 text-subtle-foreground" aria-hidden="true" />
            No operator columns are mapped, so no entities are proposed.
          </p>
        )}
      </Card>
    </div>
  );
}
