'use client';

import * as React from 'react';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ExportRun, ExportTemplate, SavedView, Scope } from './types';
import type { ExportDryRun } from '@/lib/exports/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { exportMessages } from '@/lib/i18n/ui/exports';
import { useTemplateText } from './template-text';
import { CodedText } from './coded-text';
import { EBAY_MARKETPLACE_IDS } from '@/lib/exports/templates/ebay-rules';
import { AmazonProductTypes } from './amazon-product-types';
import { ChannelCategories } from './channel-categories';

/** Amazon templates that take the product type from the category mapping. */
const MAPPED_AMAZON = new Set(['5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a03', '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a11']);
/** Kaufland and Otto templates that take the channel's category from the workspace's table. */
const MAPPED_CATEGORY: Record<string, 'kaufland_category' | 'otto_category'> = {
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0d02': 'kaufland_category',
  '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0c02': 'otto_category',
};

const BY_RULE = 'by_rule';
const REASONS = ['blocked', 'needs_review', 'ready_for_approval', 'withdrawn'] as const;

type DryRun = ExportDryRun;

/** Template + scope, a dry-run check of what would be exported, then the run (pending, done by a job). */
export function NewExportDialog({
  open,
  onOpenChange,
  templates,
  views,
  initial,
  onStarted,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  templates: ExportTemplate[];
  views: SavedView[];
  initial: { templateId?: string; skuIds?: string[] };
  onStarted: (run: ExportRun) => void;
}) {
  const t = useT(exportMessages);
  const templateText = useTemplateText();
  const runnable = templates.filter((tpl) => tpl.status !== 'schema_drift');
  const [templateId, setTemplateId] = React.useState(
    initial.templateId ?? runnable.find((tpl) => tpl.status === 'valid')?.id ?? '',
  );
  const selectable = initial.skuIds?.length ? (initial.skuIds.length === 1 ? 'single_sku' : 'selected_skus') : null;
  const [scopeType, setScopeType] = React.useState<Scope['scope_type']>(selectable ?? 'all');
  // The views may arrive after the dialog opened (it opens as soon as the templates are loaded): until
  // the user picks one, the first view is the choice, so a late list still fills the scope.
  const [pickedViewId, setViewId] = React.useState('');
  const viewId = views.some((v) => v.id === pickedViewId) ? pickedViewId : (views[0]?.id ?? '');
  // Approved products only unless the user unticks it: a marketplace file should not list blocked products.
  const [approvedOnly, setApprovedOnly] = React.useState(true);
  const [ebayMarketplace, setEbayMarketplace] = React.useState<string>(BY_RULE);
  // A check answers for the choice it was made with; changing the choice hides it.
  const choice = `${templateId}|${scopeType}|${viewId}|${approvedOnly}|${ebayMarketplace}`;
  const [checked, setChecked] = React.useState<{ choice: string; result: DryRun } | null>(null);
  const check = checked?.choice === choice ? checked.result : null;
  const tryRun = useApiMutation<DryRun, Record<string, unknown>>({
    request: (body) => ({ path: '/api/exports?dry_run=true', method: 'POST', body }),
  });
  const start = useApiMutation<{ run: ExportRun }, Record<string, unknown>>({
    request: (body) => ({ path: '/api/exports', method: 'POST', body }),
    idempotent: true,
  });
  const busy = tryRun.pending || start.pending;

  const scope = (): Scope | null => {
    if (scopeType === 'all') return { scope_type: 'all' };
    if (scopeType === 'view') return viewId ? { scope_type: 'view', scope_value: viewId } : null;
    if (!initial.skuIds?.length) return null;
    return scopeType === 'single_sku'
      ? { scope_type: 'single_sku', scope_value: initial.skuIds[0] }
      : { scope_type: 'selected_skus', scope_value: initial.skuIds };
  };

  const template = templates.find((tpl) => tpl.id === templateId);
  const isEbay = template?.channel === 'ebay';

  async function submit(dryRun: boolean) {
    const s = scope();
    if (!templateId || !s) return;
    const body = {
      template_id: templateId,
      ...s,
      approved_only: approvedOnly,
      ...(isEbay && ebayMarketplace !== BY_RULE ? { ebay_marketplace: ebayMarketplace } : {}),
    };
    try {
      if (dryRun) setChecked({ choice, result: await tryRun.run(body) });
      else {
        const { run } = await start.run(body);
        onStarted(run);
        onOpenChange(false);
      }
    } catch (e) {
      toast.error(describeError(e).title);
    }
  }

  const leftOut = check?.left_out.count
    ? t('dialog.left_out', {
        count: check.left_out.count,
        reasons: check.left_out.by_reason
          .map((r) =>
            (REASONS as readonly string[]).includes(r.reason)
              ? t(`dialog.reason.${r.reason as (typeof REASONS)[number]}`, { count: r.count })
              : `${r.count} ${r.reason}`,
          )
          .join(', '),
      })
    : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="new-export-dialog">
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="export-template">{t('dialog.template')}</Label>
            <Select value={templateId} onValueChange={setTemplateId}>
              <SelectTrigger id="export-template" aria-label={t('dialog.template')} data-testid="export-template">
                <SelectValue placeholder={t('dialog.choose_template')} />
              </SelectTrigger>
              <SelectContent>
                {runnable.map((tpl) => (
                  <SelectItem key={tpl.id} value={tpl.id}>
                    {templateText(tpl).name} · {tpl.format} · {t('page.version', { version: String(tpl.version) })}
                    {tpl.status === 'deprecated' ? t('dialog.deprecated') : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {template?.description ? (
              <p className="text-xs text-muted-foreground">
                <CodedText text={templateText(template).description} />
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="export-scope">{t('dialog.skus')}</Label>
            <Select value={scopeType} onValueChange={(v) => setScopeType(v as Scope['scope_type'])}>
              <SelectTrigger id="export-scope" aria-label={t('dialog.scope')} data-testid="export-scope">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t('dialog.all')}</SelectItem>
                <SelectItem value="view" disabled={!views.length}>
                  {views.length ? t('dialog.view') : t('dialog.view_none')}
                </SelectItem>
                {selectable === 'selected_skus' ? (
                  <SelectItem value="selected_skus">
                    {t('dialog.selected', { count: initial.skuIds!.length })}
                  </SelectItem>
                ) : null}
                {selectable === 'single_sku' ? (
                  <SelectItem value="single_sku">{t('dialog.this_sku')}</SelectItem>
                ) : null}
              </SelectContent>
            </Select>
          </div>
          {scopeType === 'view' ? (
            <div className="grid gap-1.5">
              <Label htmlFor="export-view">{t('dialog.saved_view')}</Label>
              <Select value={viewId} onValueChange={setViewId}>
                <SelectTrigger id="export-view" aria-label={t('dialog.saved_view')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {views.map((v) => (
                    <SelectItem key={v.id} value={v.id}>
                      {v.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
          <div className="grid gap-1">
            <label className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={approvedOnly}
                onCheckedChange={(v) => setApprovedOnly(v === true)}
                data-testid="export-approved-only"
              />
              {t('dialog.approved_only')}
            </label>
            <p className="text-xs text-muted-foreground">{t('dialog.approved_only_hint')}</p>
          </div>
          {isEbay ? (
            <div className="grid gap-1.5">
              <Label htmlFor="export-ebay-marketplace">{t('dialog.ebay_marketplace')}</Label>
              <Select value={ebayMarketplace} onValueChange={setEbayMarketplace}>
                <SelectTrigger id="export-ebay-marketplace" aria-label={t('dialog.ebay_marketplace')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={BY_RULE}>{t('dialog.ebay_by_rule')}</SelectItem>
                  {EBAY_MARKETPLACE_IDS.map((id) => (
                    <SelectItem key={id} value={id}>
                      {id}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
          {MAPPED_AMAZON.has(templateId) ? <AmazonProductTypes onSaved={() => setChecked(null)} /> : null}
          {MAPPED_CATEGORY[templateId] ? (
            <ChannelCategories key={templateId} kind={MAPPED_CATEGORY[templateId]} onSaved={() => setChecked(null)} />
          ) : null}
          {check ? (
            <Alert
              variant={check.warning_count ? 'warning' : 'success'}
              title={t('dialog.would_export', { count: check.sku_count })}
              data-testid="export-check"
            >
              {check.warning_count
                ? t('dialog.warnings', {
                    count: check.warning_count,
                    skus: t('dialog.warning_skus', { count: check.skus_with_warnings }),
                  })
                : t('dialog.no_warnings')}
              {leftOut ? <p data-testid="export-left-out">{leftOut}</p> : null}
            </Alert>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="secondary" onClick={() => submit(true)} loading={busy} disabled={!templateId || !scope()}>
            {t('dialog.check')}
          </Button>
          <Button
            onClick={() => submit(false)}
            loading={busy}
            disabled={!templateId || !scope()}
            data-testid="start-export"
          >
            {t('dialog.start')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
