'use client';

import Link from 'next/link';
import { ArrowRight, CircleCheck, KeyRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isMissingRoute } from '@/components/skus/sku-context';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { blockerTitle } from '@/lib/requirements/titles';
import { languageName } from '@/lib/i18n/languages';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { dashboardMessages } from '@/lib/i18n/ui/dashboard';
import { SKU_STATUSES, type DashboardData, type SkuStatus } from '@/components/skus/types';
import { GetStarted, GpsrChecklist } from './get-started';
import { STATUS_COLORS, StatusChart } from './status-chart';

// The status cards count SKUs in exactly that status (as the legend and the list filter do);
// totals.approved, which also counts published SKUs, is shown as a note on the Approved card.
const TOTALS: { key: string; status?: SkuStatus }[] = [
  { key: 'skus' },
  ...SKU_STATUSES.map((s) => ({ key: s, status: s })),
];

function ConnectCard() {
  const t = useT(dashboardMessages);
  return (
    <Card>
      <CardHeader className="border-b-0 pb-2">
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden="true" />
          {t('connect.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-0">
        <p className="text-[0.8125rem] text-muted-foreground">{t('connect.text')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link href="/settings/api-keys">{t('connect.create_key')}</Link>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <Link href="/docs/api">{t('connect.api_reference')}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** What to do next, from the status counts: the queues a person can move. */
function NextSteps({ counts }: { counts: Record<string, number> }) {
  const t = useT(dashboardMessages);
  const f = useFormat();
  const items = [
    {
      n: counts.blocked ?? 0,
      text: 'next.blocked',
      href: '/skus?status=blocked&sort=serious_desc',
      cta: 'next.cta_blocked',
    },
    {
      n: counts.needs_review ?? 0,
      text: 'next.needs_review',
      href: '/skus?status=needs_review',
      cta: 'next.cta_review',
    },
    {
      n: counts.ready_for_approval ?? 0,
      text: 'next.ready_for_approval',
      href: '/skus?status=ready_for_approval',
      cta: 'next.cta_approve',
    },
    { n: counts.approved ?? 0, text: 'next.approved', href: '/skus?status=approved', cta: 'next.cta_publish' },
    {
      n: counts.category_not_recognised ?? 0,
      text: 'next.category_not_recognised',
      href: '/skus?blocker_code=CATEGORY_NOT_RECOGNISED',
      cta: 'next.cta_category',
    },
  ] as const satisfies { n: number; text: string; href: string; cta: string }[];
  const open = items.filter((i) => i.n > 0);
  return (
    <Card data-testid="next-steps">
      <CardHeader className="border-b-0 pb-2">
        <CardTitle>{t('next.title')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-0">
        {open.length === 0 ? (
          <p className="flex items-center gap-2 text-[0.8125rem] text-success-soft-foreground">
            <CircleCheck className="size-4" aria-hidden="true" />
            {t('next.all_published')}
          </p>
        ) : (
          <ul className="grid gap-2">
            {open.map((i) => (
              <li key={i.href} className="flex items-center gap-3 text-[0.8125rem]">
                <span className="min-w-0 flex-1 text-muted-foreground">
                  <strong className="font-semibold text-foreground tabular-nums">{f.number(i.n)}</strong>{' '}
                  {t(i.text, { count: i.n })}
                </span>
                <Button asChild size="sm" variant="ghost" className="h-7">
                  <Link href={i.href}>
                    {t(i.cta)}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Readiness at a glance from GET /api/dashboard; an empty workspace gets the first-run checklist. */
export function Readiness() {
  const t = useT(dashboardMessages);
  const locale = useLocale();
  const f = useFormat();
  const dash = useApiQuery<DashboardData>('/api/dashboard');

  if (dash.error) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          {isMissingRoute(dash.error) ? null : (
            <Alert variant="danger" title={t('readiness.error')}>
              {dash.error.message}
            </Alert>
          )}
          <GetStarted />
        </div>
        <div className="grid content-start gap-6">
          <GpsrChecklist />
          <ConnectCard />
        </div>
      </div>
    );
  }

  if (!dash.data) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {TOTALS.map((total) => (
            <Skeleton key={total.key} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }

  const { totals, by_status, obligations } = dash.data;

  if (totals.skus === 0) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <GetStarted />
        <div className="grid content-start gap-6">
          <GpsrChecklist />
          <ConnectCard />
        </div>
      </div>
    );
  }

  const counts: Record<string, number> = { skus: totals.skus };
  for (const b of by_status) counts[b.status] = b.count;
  counts.category_not_recognised = totals.category_not_recognised;
  // One line per obligation across SKUs ("32 SKUs lack French warnings"), most serious first (issue 35).
  const top = obligations.slice(0, 10);
  const max = Math.max(1, ...top.map((b) => b.count));

  return (
    <div className="grid gap-6" data-testid="readiness">
      {/* A list of links (a <dl> may not hold links around its terms). */}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {TOTALS.map((total) => (
          <li key={total.key} className="grid">
            <Link
              href={total.status ? `/skus?status=${total.status}` : '/skus'}
              className="group rounded-lg border border-border bg-surface px-4 py-3 shadow-xs transition-colors hover:border-border-strong"
              data-testid={`total-${total.key}`}
            >
              <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                {total.status ? (
                  <span
                    className="size-2 rounded-full"
                    style={{ background: STATUS_COLORS[total.status] }}
                    aria-hidden="true"
                  />
                ) : null}
                {total.status ? t(`status.${total.status}`) : t('totals.skus')}
              </span>
              <span className="mt-1 block text-2xl font-semibold text-foreground tabular-nums">
                {f.number(counts[total.key] ?? 0)}
              </span>
              {total.key === 'approved' && totals.approved > (counts.approved ?? 0) ? (
                <span className="block text-xs text-muted-foreground">
                  {t('totals.incl_published', { count: totals.approved })}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <div>
                <CardTitle>{t('readiness.by_status')}</CardTitle>
                <CardDescription>{t('readiness.by_status_hint')}</CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              <StatusChart data={by_status} total={totals.skus} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <div>
                <CardTitle>{t('readiness.obligations')}</CardTitle>
                <CardDescription>{t('readiness.obligations_hint')}</CardDescription>
              </div>
            </CardHeader>
            {top.length === 0 ? (
              <EmptyState
                compact
                icon={CircleCheck}
                title={t('readiness.no_blockers')}
                description={t('readiness.no_blockers_hint')}
              />
            ) : (
              <ol className="divide-y divide-border" data-testid="top-blockers">
                {top.map((b) => (
                  <li key={`${b.code}:${b.language ?? ''}`} data-testid="obligation">
                    <Link href={b.href} className="grid gap-1.5 px-5 py-3 hover:bg-surface-muted/50">
                      <div className="flex items-baseline gap-3">
                        <span className="min-w-0 flex-1 text-[0.8125rem] font-medium text-foreground">
                          {t('obligation.skus', { count: b.count })}: {blockerTitle(b.code, locale)}
                          {b.language ? ` (${languageName(b.language, locale)})` : ''}
                        </span>
                        <span className="w-10 text-right text-xs text-muted-foreground tabular-nums">
                          {Math.round((b.count / totals.skus) * 100)} %
                        </span>
                      </div>
                      <div className="h-1.5 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
                        <div
                          className={`h-full rounded-full ${b.legal_weight === 'data_quality' ? 'bg-warning/70' : 'bg-danger/70'}`}
                          style={{ width: `${(b.count / max) * 100}%` }}
                        />
                      </div>
                      <span className="flex justify-between text-xs text-muted-foreground">
                        <span>{t(`obligation.weight.${b.legal_weight}`)}</span>
                        <span className="font-medium text-primary">{t('obligation.action')}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <NextSteps counts={counts} />
          <GpsrChecklist />
          <ConnectCard />
        </div>
      </div>
    </div>
  );
}
