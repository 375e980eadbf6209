'use client';

import * as React from 'react';
import { CircleCheck, CircleSlash, OctagonAlert, PencilLine, Plus, Users } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Meter } from '@/components/ui/meter';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import { cn } from '@/lib/utils/cn';
import { CandidateSummaryList } from './candidate-summary';
import { DryRunDiff } from './dry-run-diff';
import { RowErrorsTable } from './row-errors-table';
import { UnrecognisedCategories } from './unrecognised-categories';
import type { ImportDryRunResponse as DryRunResponse } from '@/lib/imports/schemas';

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
  const f = useFormat();
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
          {value === null || value === undefined ? '—' : f.number(value)}
        </div>
        <div className="text-xs font-medium text-muted-foreground">{label}</div>
        {hint ? <div className="mt-0.5 text-xs text-subtle-foreground">{hint}</div> : null}
      </div>
    </div>
  );
}

/** The dry run's verdict: counts, the plan limit, row errors and the operators found. Nothing is written yet. */
export function DryRunSummary({ result }: { result: DryRunResponse }) {
  const t = useT(importMessages);
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
            <CardTitle>{t('summary.title')}</CardTitle>
            <CardDescription>{t('summary.description', { count: counts.total_rows })}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <CountTile
              label={t('tile.created')}
              value={counts.would_create}
              icon={Plus}
              tone="primary"
              testId="would-create"
            />
            <CountTile
              label={t('tile.updated')}
              value={counts.would_update}
              icon={PencilLine}
              tone="info"
              hint={t('tile.updated_hint')}
              testId="would-update"
            />
            <CountTile
              label={t('tile.skipped')}
              value={counts.would_skip}
              icon={CircleSlash}
              tone="neutral"
              hint={t('tile.skipped_hint')}
              testId="would-skip"
            />
            <CountTile
              label={t('tile.failing')}
              value={counts.would_fail}
              icon={OctagonAlert}
              tone={counts.would_fail ? 'danger' : 'success'}
              hint={overLimitRows ? t('tile.failing_hint', { errors: errorRows, over: overLimitRows }) : undefined}
              testId="would-fail"
            />
          </div>
          {plan ? (
            <div className="grid gap-2 rounded-lg border border-border bg-surface-muted/40 px-4 py-3">
              <Meter
                label={t('summary.meter', { plan: plan.plan })}
                value={after ?? plan.current_count ?? 0}
                max={plan.limit}
              />
              {atLimit && counts.would_fail > errorRows ? (
                <p className="text-xs text-danger-soft-foreground" data-testid="plan-limit-note">
                  {t('summary.plan_holds', { plan: plan.plan, limit: plan.limit! })}{' '}
                  {overLimitRows ? t('summary.over_count', { count: overLimitRows }) : t('summary.over_any')}
                  {t('summary.over_rest')}
                </p>
              ) : null}
            </div>
          ) : null}
          {counts.would_fail === 0 && errorsTotal === 0 ? (
            <Alert variant="success" title={t('summary.no_errors_title')}>
              {t('summary.no_errors')}
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      {result.update_diff ? <DryRunDiff diff={result.update_diff} /> : null}

      <UnrecognisedCategories data={result.unrecognised_categories} />

      {errorsTotal > 0 ? (
        <Card className="overflow-hidden">
          <CardHeader>
            <div>
              <CardTitle>{t('summary.errors_title', { count: errorsTotal })}</CardTitle>
              <CardDescription>{t('summary.errors_description')}</CardDescription>
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
              {t('summary.operators_title', { count: result.entity_candidates.length })}
            </CardTitle>
            <CardDescription>{t('summary.operators_description')}</CardDescription>
          </div>
        </CardHeader>
        {result.entity_candidates.length ? (
          <CandidateSummaryList candidates={result.entity_candidates} />
        ) : (
          <p className="flex items-center gap-2 px-5 py-4 text-sm text-muted-foreground">
            <CircleCheck className="size-4 text-subtle-foreground" aria-hidden="true" />
            {t('summary.no_operators')}
          </p>
        )}
      </Card>
    </div>
  );
}
