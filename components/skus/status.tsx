'use client';

import { CircleCheck, CircleDashed, CircleDot, Globe, OctagonAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/components/i18n/locale-provider';
import { skuStateMessages } from '@/lib/i18n/ui/sku-states';
import { cn } from '@/lib/utils/cn';
import type { SkuStatus } from './types';

const STATUS_STYLE: Record<
  SkuStatus,
  { variant: 'danger' | 'warning' | 'info' | 'primary' | 'success'; icon: typeof CircleDot }
> = {
  blocked: { variant: 'danger', icon: OctagonAlert },
  needs_review: { variant: 'warning', icon: CircleDashed },
  ready_for_approval: { variant: 'info', icon: CircleDot },
  approved: { variant: 'primary', icon: ShieldCheck },
  published: { variant: 'success', icon: Globe },
};

const isStatus = (s: string | null | undefined): s is SkuStatus => Boolean(s && s in STATUS_STYLE);

/** A status's name in the UI language: `useStatusLabel()(status)`; an unknown code is spelled out. */
export function useStatusLabel(): (status: string | null | undefined) => string {
  const t = useT(skuStateMessages);
  return (s) => (isStatus(s) ? t(`status.${s}`) : s ? s.replace(/_/g, ' ') : '—');
}

/** What comes next for a SKU in this status, in the UI language ('' for an unknown code). */
export function useStatusHint(): (status: string | null | undefined) => string {
  const t = useT(skuStateMessages);
  return (s) => (isStatus(s) ? t(`hint.${s}`) : '');
}

/** The SKU's one status as a coloured pill with an icon (colour is never the only signal). */
export function StatusPill({ status, className }: { status: string | null | undefined; className?: string }) {
  const label = useStatusLabel();
  const style = isStatus(status) ? STATUS_STYLE[status] : null;
  const Icon = style?.icon ?? CircleDot;
  return (
    <Badge
      variant={style?.variant ?? 'neutral'}
      className={cn('rounded-full px-2', className)}
      data-testid="sku-status"
      data-status={status ?? ''}
    >
      <Icon aria-hidden="true" />
      {label(status)}
    </Badge>
  );
}

/**
 * Open blockers and warnings of a SKU: red with the blocker count when anything stops approval, amber
 * when only warnings remain, green when clear.
 */
export function BlockerBadge({
  blockers,
  warnings,
  className,
}: {
  blockers: number;
  warnings: number;
  className?: string;
}) {
  const t = useT(skuStateMessages);
  if (blockers > 0) {
    return (
      <span className={cn('inline-flex items-center gap-1.5', className)}>
        <Badge variant="danger" className="tabular-nums" title={t('blockers.open_title', { count: blockers })}>
          <OctagonAlert aria-hidden="true" />
          {blockers} <span className="sr-only sm:not-sr-only">{t('blockers.word', { count: blockers })}</span>
        </Badge>
        {warnings > 0 ? (
          <Badge variant="warning" className="tabular-nums" title={t('warnings.count', { count: warnings })}>
            <TriangleAlert aria-hidden="true" />
            {warnings}
          </Badge>
        ) : null}
      </span>
    );
  }
  if (warnings > 0) {
    return (
      <Badge
        variant="warning"
        className={cn('tabular-nums', className)}
        title={t('warnings.only_title', { count: warnings })}
      >
        <TriangleAlert aria-hidden="true" />
        {t('warnings.count', { count: warnings })}
      </Badge>
    );
  }
  return (
    <Badge variant="success" className={className} title={t('clear.title')}>
      <CircleCheck aria-hidden="true" />
      {t('clear')}
    </Badge>
  );
}

export function SeverityBadge({ severity, waived }: { severity: string; waived?: boolean }) {
  const t = useT(skuStateMessages);
  if (waived) return <Badge variant="neutral">{t('severity.waived')}</Badge>;
  return severity === 'blocker' ? (
    <Badge variant="danger">
      <OctagonAlert aria-hidden="true" />
      {t('severity.blocker')}
    </Badge>
  ) : (
    <Badge variant="warning">
      <TriangleAlert aria-hidden="true" />
      {t('severity.warning')}
    </Badge>
  );
}
