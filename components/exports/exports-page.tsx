'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { AlertTriangle, Download, FileDown, Plus } from 'lucide-react';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { NewExportDialog } from './new-export-dialog';
import {
  isActive,
  type ExportRun,
  type ExportTemplate,
  type RunStatus,
  type RunWarnings,
  type SavedView,
} from './types';
import { RoleGate } from '@/components/team/role-gate';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { exportMessages } from '@/lib/i18n/ui/exports';
import type { T } from '@/lib/i18n/ui';
import { useTemplateText } from './template-text';
import { CodedText } from './coded-text';
import { warningHref } from './warning-href';

/** Exporting counts as reading in the role table, so every member may start one. */
const NEW_EXPORT = { operationId: 'createExportRun', method: 'POST', path: '/api/exports' } as const;

const STATUS_VARIANT: Record<RunStatus, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  pending: 'neutral',
  processing: 'info',
  completed: 'success',
  completed_with_warnings: 'warning',
  failed: 'danger',
};

const TEMPLATE_STATUS = { valid: 'success', deprecated: 'neutral', schema_drift: 'danger' } as const;

/** Why a template is deprecated or drifted, in the UI's language from the reason's code and values. */
function statusReasonText(tpl: ExportTemplate, t: T<(typeof exportMessages)['en']>): string {
  const p = tpl.status_reason_params;
  if (tpl.status_reason_code === 'replaced_by_version' && p && 'version' in p)
    return t('template.reason.replaced_by_version', { version: p.version });
  if (tpl.status_reason_code === 'unknown_in_catalogue' && p && 'fields' in p)
    return t('template.reason.unknown_in_catalogue', {
      items: [
        ...p.fields.map((name) => t('template.reason.field', { name })),
        ...p.document_types.map((name) => t('template.reason.document_type', { name })),
        ...p.entity_roles.map((name) => t('template.reason.entity_role', { name })),
      ].join(', '),
    });
  return tpl.status_reason ?? '';
}

/** The Exports page: template gallery, new-export dialog, runs with live status, downloads, warnings by SKU. */
/** The share done of a running export; the contract leaves `progress` open, so only numbers count. */
function progressOf(r: ExportRun): number | null {
  const total = r.progress?.total;
  const done = r.progress?.done;
  return typeof total === 'number' && total > 0 ? (typeof done === 'number' ? done : 0) / total : null;
}

export function ExportsPage() {
  const t = useT(exportMessages);
  const templateText = useTemplateText();
  const f = useFormat();
  const router = useRouter();
  const params = useSearchParams();
  const templates = useApiQuery<{ data: ExportTemplate[] }>('/api/exports/templates');
  const views = useApiQuery<{ data: SavedView[] }>('/api/views');
  // Live status: poll while a run is pending or processing.
  const runs = useApiQuery<{ data: ExportRun[] }>('/api/exports?limit=50', {
    refetchInterval: (d) => ((d?.data ?? []).some((r) => isActive(r.status)) ? 1500 : false),
  });
  const [open, setOpen] = React.useState(params?.get('new') === '1');
  const [expanded, setExpanded] = React.useState<string | null>(null);
  const skuParam = params?.get('sku') ?? params?.get('skus') ?? '';
  const initial = React.useMemo(
    () => ({
      templateId: params?.get('template') ?? undefined,
      skuIds: skuParam ? skuParam.split(',').filter(Boolean) : undefined,
    }),
    [params, skuParam],
  );

  function closeDialog(o: boolean) {
    setOpen(o);
    if (!o && params?.get('new')) router.replace('/exports', { scroll: false });
  }

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <RoleGate need={NEW_EXPORT}>
            <Button onClick={() => setOpen(true)} disabled={!templates.data} data-testid="new-export">
              <Plus aria-hidden="true" />
              {t('page.new')}
            </Button>
          </RoleGate>
        }
      />

      <section aria-labelledby="templates-h" className="mb-6">
        <h2 id="templates-h" className="mb-2 text-sm font-semibold text-foreground">
          {t('page.templates')}
        </h2>
        {templates.error ? (
          <Alert variant="danger" title={t('page.templates_error')}>
            {templates.error.message}
          </Alert>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="template-gallery">
          {!templates.data
            ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-28" />)
            : templates.data.data.map((tpl) => (
                <Card key={tpl.id} className="grid gap-1.5 p-4" data-testid="template-card" data-template-id={tpl.id}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium text-foreground">{templateText(tpl).name}</span>
                    <Badge variant="outline">{tpl.format}</Badge>
                  </div>
                  <div className="flex items-center gap-2 text-xs text-muted-foreground">
                    <span>{t('page.version', { version: String(tpl.version) })}</span>
                    <Badge variant={TEMPLATE_STATUS[tpl.status]}>{t(`template.${tpl.status}`)}</Badge>
                  </div>
                  {tpl.status_reason ? (
                    <p className="text-xs text-muted-foreground" data-testid="template-status-reason">
                      <CodedText text={statusReasonText(tpl, t)} />
                    </p>
                  ) : null}
                  <p className="line-clamp-3 text-xs text-muted-foreground">
                    <CodedText text={templateText(tpl).description} />
                  </p>
                </Card>
              ))}
        </div>
      </section>

      <section aria-labelledby="runs-h">
        <h2 id="runs-h" className="mb-2 text-sm font-semibold text-foreground">
          {t('page.runs')}
        </h2>
        <Card className="overflow-hidden">
          {runs.error ? (
            <div className="p-5">
              <Alert variant="danger" title={t('page.runs_error')}>
                {runs.error.message}
              </Alert>
            </div>
          ) : null}
          {runs.data && runs.data.data.length === 0 ? (
            <EmptyState icon={FileDown} title={t('page.empty_title')} description={t('page.empty_description')} />
          ) : (
            <Table data-testid="runs-table">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t('col.template')}</TableHead>
                  <TableHead>{t('col.scope')}</TableHead>
                  <TableHead>{t('col.skus')}</TableHead>
                  <TableHead>{t('col.status')}</TableHead>
                  <TableHead>{t('col.started')}</TableHead>
                  <TableHead className="text-right">{t('col.file')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(runs.data?.data ?? []).map((r) => (
                  <React.Fragment key={r.id}>
                    <TableRow data-testid="run-row" data-run-id={r.id} data-status={r.status}>
                      <TableCell>
                        <div className="font-medium text-foreground">
                          {templateText({ id: r.template_id, name: r.template_name }).name}
                        </div>
                        <div className="text-xs text-muted-foreground">
                          {r.template_format} · {t('page.version', { version: String(r.template_version) })}
                        </div>
                      </TableCell>
                      <TableCell className="text-muted-foreground">{t(`scope.${r.scope_type}`)}</TableCell>
                      <TableCell className="tabular-nums">{r.sku_count}</TableCell>
                      <TableCell>
                        <div className="grid gap-1">
                          <Badge variant={STATUS_VARIANT[r.status]} data-testid="run-status">
                            {t(`status.${r.status}`)}
                          </Badge>
                          {isActive(r.status) ? (
                            <Progress
                              value={progressOf(r)}
                              label={t('run.progress', {
                                name: templateText({ id: r.template_id, name: r.template_name }).name,
                              })}
                              className="w-32"
                            />
                          ) : null}
                          {r.error_message && r.status === 'failed' ? (
                            <span className="max-w-64 text-xs text-danger-soft-foreground">{r.error_message}</span>
                          ) : null}
                          {r.warning_count ? (
                            <button
                              type="button"
                              className="inline-flex items-center gap-1 text-left text-xs font-medium text-warning-soft-foreground hover:underline"
                              onClick={() => setExpanded(expanded === r.id ? null : r.id)}
                              data-testid="run-warnings-toggle"
                            >
                              <AlertTriangle className="size-3.5" aria-hidden="true" />
                              {t('run.warnings', { count: r.warning_count })}
                            </button>
                          ) : null}
                        </div>
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-muted-foreground">
                        {f.relative(r.started_at ?? r.created_at)}
                      </TableCell>
                      <TableCell className="text-right">
                        {r.output_url ? (
                          <Button asChild variant="secondary" size="sm">
                            <a href={r.output_url} download data-testid="run-download">
                              <Download aria-hidden="true" />
                              {r.output_size_bytes !== null
                                ? t('run.download_size', { size: f.bytes(r.output_size_bytes) })
                                : t('run.download')}
                            </a>
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                    {expanded === r.id ? (
                      <TableRow className="hover:bg-transparent">
                        <TableCell colSpan={6} className="bg-surface-muted/40">
                          <RunWarningsPanel runId={r.id} />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </React.Fragment>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      </section>

      {templates.data && open ? (
        <NewExportDialog
          open={open}
          onOpenChange={closeDialog}
          templates={templates.data.data}
          views={views.data?.data ?? []}
          initial={initial}
          onStarted={(run) => {
            runs.setData((d) => ({ data: [run, ...(d?.data ?? [])] }));
            void runs.reload();
          }}
        />
      ) : null}
    </>
  );
}

/** The warnings of a run grouped by fix, then by SKU, each linking to the field to fix on the SKU page. */
function RunWarningsPanel({ runId }: { runId: string }) {
  const t = useT(exportMessages);
  const warnings = useApiQuery<RunWarnings>(`/api/exports/${runId}`);
  const data = warnings.data;
  if (warnings.error)
    return (
      <Alert variant="danger" title={t('warnings.error')}>
        {warnings.error.message}
      </Alert>
    );
  if (!data) return <Skeleton className="h-16" />;
  return (
    <div className="grid gap-3 py-1" data-testid="run-warnings">
      {data.warnings_by_fix.length ? (
        <div data-testid="run-warnings-by-fix">
          <div className="mb-1 text-xs font-semibold text-foreground">{t('warnings.by_fix')}</div>
          <ul className="grid gap-1">
            {data.warnings_by_fix.map((g) => (
              <li key={`${g.field}|${g.fix}`} className="text-xs text-muted-foreground" data-testid="run-warning-fix">
                <span className="font-medium text-foreground">{g.fix}</span>{' '}
                {t('warnings.fix_skus', { count: g.sku_count })}:{' '}
                {g.skus.map((s, i) => (
                  <React.Fragment key={s.sku_id ?? i}>
                    {i ? ', ' : ''}
                    {warningHref(s.sku_id, g.field) ? (
                      <Link href={warningHref(s.sku_id, g.field)!} className="font-mono text-primary hover:underline">
                        {s.sku_code ?? s.sku_id}
                      </Link>
                    ) : (
                      <span className="font-mono">{s.sku_code ?? s.sku_id}</span>
                    )}
                  </React.Fragment>
                ))}
                {g.sku_count > g.skus.length
                  ? ` ${t('warnings.fix_more', { count: g.sku_count - g.skus.length })}`
                  : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.warnings_by_sku.map((g) => (
        <div key={g.sku_id ?? 'none'} data-testid="run-warning-sku">
          <div className="mb-1 font-mono text-xs font-semibold text-foreground">{g.sku_code ?? g.sku_id}</div>
          <ul className="grid gap-1">
            {g.warnings.map((w, i) => (
              <li key={i} className="text-xs text-muted-foreground">
                {warningHref(g.sku_id, w.field) ? (
                  <Link
                    href={warningHref(g.sku_id, w.field)!}
                    className="font-medium text-primary hover:underline"
                    data-testid="warning-field-link"
                  >
                    {w.field}
                  </Link>
                ) : (
                  <span className="font-medium">{w.field}</span>
                )}
                : {w.message} <span className="text-subtle-foreground">{w.fix}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {data.warnings_truncated ? <p className="text-xs text-muted-foreground">{t('warnings.truncated')}</p> : null}
    </div>
  );
}
