'use client';

import { SkuMarketBanner } from '@/components/watch/sku-market-banner';
import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import {
  Activity,
  ChevronRight,
  FileBadge,
  FileText,
  Globe,
  ListChecks,
  OctagonAlert,
  PackageSearch,
  ScrollText,
  Users,
} from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { skuActionMessages } from '@/lib/i18n/ui/sku-actions';
import { cn } from '@/lib/utils/cn';
import { ActivityTab } from './activity-tab';
import { SkuTeamPanel } from '@/components/team/sku-team-panel';
import { BlockersTab } from './blockers-tab';
import { OperatorRolePanel } from './operator-role-panel';
import { DocumentsTab } from './documents-tab';
import { DossierTab } from './dossier-tab';
import { EntitiesTab } from './entities-tab';
import { useCategoryLabel } from './use-category-label';
import { PublicationTab } from './publication-tab';
import { PassportsTab } from './passports-tab';
import { ActionOutcomePanel, SkuActions, type ActionOutcome } from './sku-actions';
import { ExportForMenu } from '@/components/exports/export-for-menu';
import { AiFillPanel } from '@/components/ai/ai-fill-panel';
import { SKU_TABS, SkuPageContext, type SkuPageContextValue, type SkuTab, type SkuTarget } from './sku-context';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/components/api/queries/keys';
import { useSku } from '@/components/api/queries/resources';
import { StatusPill, useStatusHint } from './status';

const TAB_ICONS: Record<SkuTab, typeof ListChecks> = {
  dossier: ScrollText,
  blockers: OctagonAlert,
  entities: Users,
  documents: FileText,
  publication: Globe,
  passports: FileBadge,
  activity: Activity,
};

function Meta({ label, children, truncate = false }: { label: string; children: React.ReactNode; truncate?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('mt-0.5 text-[0.8125rem] text-foreground', truncate ? 'truncate' : 'break-words')}>
        {children}
      </dd>
    </div>
  );
}

/** The SKU page: header with identity and status, the workflow actions, and the seven tabs. */
export function SkuPage({ id }: { id: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [version, setVersion] = React.useState(0);
  const [focus, setFocus] = React.useState<SkuPageContextValue['focus']>(null);
  const [outcome, setOutcome] = React.useState<ActionOutcome | null>(null);
  const queryClient = useQueryClient();
  const detail = useSku(id);
  const t = useT(skuActionMessages);
  const f = useFormat();
  const statusHint = useStatusHint();
  const categoryLabel = useCategoryLabel();

  const tabParam = params?.get('tab') ?? '';
  const tab: SkuTab = (SKU_TABS as readonly string[]).includes(tabParam) ? (tabParam as SkuTab) : 'dossier';

  const setTab = React.useCallback(
    (next: SkuTab) => {
      const p = new URLSearchParams(params?.toString() ?? '');
      if (next === 'dossier') p.delete('tab');
      else p.set('tab', next);
      const qs = p.toString();
      router.replace(qs ? `${pathname}?${qs}` : (pathname ?? `/skus/${id}`), { scroll: false });
    },
    [id, params, pathname, router],
  );

  // A write on this page can move the status, blockers, dossier, links and counts: every query on
  // screen refetches (only mounted ones do; the rest are marked stale). The catalogue never changes.
  const bump = React.useCallback(() => {
    setVersion((v) => v + 1);
    void queryClient.invalidateQueries({
      queryKey: queryKeys.all,
      predicate: (q) => q.queryKey[1] !== queryKeys.catalogue[1],
    });
  }, [queryClient]);
  const goTo = React.useCallback(
    (target: SkuTarget) => {
      setOutcome(null);
      setTab(target.tab);
      setFocus({
        field: 'field' in target ? target.field : undefined,
        role: 'role' in target ? target.role : undefined,
        at: Date.now(),
      });
    },
    [setTab],
  );

  // A field or card stays highlighted for a moment after a jump, then returns to normal.
  React.useEffect(() => {
    if (!focus) return;
    const timer = setTimeout(() => setFocus(null), 2600);
    return () => clearTimeout(timer);
  }, [focus]);

  if (detail.error && !detail.data) {
    if (detail.error.status === 404 || detail.error.status === 400) {
      return (
        <Card>
          <EmptyState
            icon={PackageSearch}
            title={t('page.not_found')}
            description={t('page.not_found_hint')}
            actions={
              <Button asChild variant="secondary">
                <Link href="/skus">{t('page.back')}</Link>
              </Button>
            }
          />
        </Card>
      );
    }
    return (
      <Alert variant="danger" title={t('page.load_failed')}>
        {detail.error.message}
      </Alert>
    );
  }

  if (!detail.data) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-7 w-96" />
        <Skeleton className="h-20" />
        <Skeleton className="h-96" />
      </div>
    );
  }

  const d = detail.data;
  const sku = d.sku;
  const openBlockers = d.blockers.filter((b) => !b.waived && b.severity === 'blocker').length;
  const ctx: SkuPageContextValue = { skuId: id, detail: d, reloadSku: async () => bump(), version, bump, goTo, focus };

  return (
    <SkuPageContext.Provider value={ctx}>
      <SkuMarketBanner skuId={id} />
      <header className="pb-5">
        <nav
          aria-label={t('page.breadcrumb')}
          className="mb-1.5 flex items-center gap-1 text-xs font-medium text-muted-foreground"
        >
          <Link href="/skus" className="hover:text-foreground">
            {t('page.skus')}
          </Link>
          <ChevronRight className="size-3" aria-hidden="true" />
          <span className="font-mono">{sku.sku_code}</span>
        </nav>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h1 className="text-xl font-semibold tracking-tight text-foreground" data-testid="sku-title">
            {sku.product_name}
          </h1>
          <StatusPill status={d.status} />
          <ExportForMenu skuId={id} />
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4 lg:grid-cols-5">
          <Meta label={t('meta.sku_code')}>
            <span className="font-mono" data-testid="sku-code">
              {sku.sku_code}
            </span>
          </Meta>
          <Meta label="GTIN">
            {sku.gtin ? (
              <span className="font-mono tabular-nums">{sku.gtin}</span>
            ) : (
              <span className="text-subtle-foreground">{t('none')}</span>
            )}
          </Meta>
          <Meta label={t('meta.category')}>
            {/* The anchor an export warning about the category links to (components/exports/warning-href.ts). */}
            <span
              id="field-category_code"
              data-testid="sku-category"
              data-defaulted={sku.category_defaulted ? 'true' : 'false'}
            >
              {sku.category_match?.reason ? (
                <SimpleTooltip content={t('meta.category_why', { reason: sku.category_match.reason })}>
                  <span>{categoryLabel(sku.category_code)}</span>
                </SimpleTooltip>
              ) : (
                categoryLabel(sku.category_code)
              )}
              {sku.category_defaulted ? (
                <span className="text-xs text-warning-soft-foreground"> {t('meta.defaulted')}</span>
              ) : null}
              {sku.category_text && sku.category_text !== sku.category_code ? (
                <span className="block text-xs text-muted-foreground">
                  {t('meta.category_given', { text: sku.category_text })}
                </span>
              ) : null}
            </span>
          </Meta>
          <Meta label={t('meta.approval')} truncate>
            {sku.approval_state === 'approved' ? (
              <SimpleTooltip content={f.dateTime(sku.approved_at)}>
                <span>{t('meta.approved_by', { name: sku.approved_by ?? t('meta.unknown') })}</span>
              </SimpleTooltip>
            ) : (
              <span className="text-muted-foreground">
                {sku.review_state === 'complete' ? t('meta.reviewed_not_approved') : t('meta.not_approved')}
              </span>
            )}
          </Meta>
          <Meta label={t('meta.public_page')}>
            {sku.published_revision ? (
              <button
                type="button"
                className="text-primary hover:underline"
                onClick={() => goTo({ tab: 'publication' })}
              >
                {t('meta.revision', { revision: sku.published_revision })}
              </button>
            ) : (
              <span className="text-muted-foreground">{t('meta.not_published')}</span>
            )}
          </Meta>
        </dl>
      </header>

      <div className="mb-5 grid gap-3 rounded-lg border border-border bg-surface px-4 py-3 shadow-xs lg:flex lg:items-center lg:justify-between lg:gap-4">
        <p
          className="flex min-w-0 flex-1 items-center gap-2 text-[0.8125rem] text-muted-foreground"
          data-testid="next-step"
        >
          {openBlockers > 0 ? (
            <>
              <Badge variant="danger">{t('next.open', { count: openBlockers })}</Badge>
              <span>
                {t('next.clear_blockers')}{' '}
                <button
                  type="button"
                  className="font-medium text-primary hover:underline"
                  onClick={() => goTo({ tab: 'blockers' })}
                >
                  {t('next.see_missing')}
                </button>
              </span>
            </>
          ) : (
            <span>{statusHint(d.status)}</span>
          )}
        </p>
        <SkuActions onOutcome={setOutcome} />
      </div>

      {outcome ? (
        <div className="mb-5">
          <ActionOutcomePanel outcome={outcome} onDismiss={() => setOutcome(null)} />
        </div>
      ) : null}

      <AiFillPanel key={id} />

      <Tabs value={tab} onValueChange={(v) => setTab(v as SkuTab)}>
        <div className="-mx-1 overflow-x-auto px-1">
          <TabsList className="w-max min-w-full justify-start">
            {SKU_TABS.map((name) => {
              const Icon = TAB_ICONS[name];
              return (
                <TabsTrigger key={name} value={name} data-testid={`tab-${name}`}>
                  <Icon aria-hidden="true" />
                  {t(`tab.${name}`)}
                  {/* The badge counts open blockers only: warnings do not stop approval. */}
                  {name === 'blockers' && openBlockers > 0 ? (
                    <Badge variant="danger" className="ml-0.5 px-1 tabular-nums" data-testid="blocker-count">
                      {openBlockers}
                      <span className="sr-only"> {t('tab.open_blockers', { count: openBlockers })}</span>
                    </Badge>
                  ) : null}
                </TabsTrigger>
              );
            })}
          </TabsList>
        </div>
        <TabsContent value="dossier">
          <DossierTab />
        </TabsContent>
        <TabsContent value="blockers">
          <OperatorRolePanel />
          <BlockersTab />
        </TabsContent>
        <TabsContent value="entities">
          <EntitiesTab />
        </TabsContent>
        <TabsContent value="documents">
          <DocumentsTab />
        </TabsContent>
        <TabsContent value="publication">
          <PublicationTab />
        </TabsContent>
        <TabsContent value="passports">
          <PassportsTab />
        </TabsContent>
        <TabsContent value="activity">
          <SkuTeamPanel skuId={id} />
          <ActivityTab />
        </TabsContent>
      </Tabs>
    </SkuPageContext.Provider>
  );
}
