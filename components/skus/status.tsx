import { CircleCheck, CircleDashed, CircleDot, Globe, OctagonAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils/cn';
import { STATUS_LABELS, statusLabel } from './labels';
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

/** The SKU's one status as a coloured pill with an icon (colour is never the only signal). */
export function StatusPill({ status, className }: { status: string | null | undefined; className?: string }) {
  const style = status && status in STATUS_LABELS ? STATUS_STYLE[status as SkuStatus] : null;
  const Icon = style?.icon ?? CircleDot;
  return (
    <Badge
      variant={style?.variant ?? 'neutral'}
      className={cn('rounded-full px-2', className)}
      data-testid="sku-status"
      data-status={status ?? ''}
    >
      <Icon aria-hidden="true" />
      {statusLabel(status)}
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
  if (blockers > 0) {
    return (
      <span className={cn('inline-flex items-center gap-1.5', className)}>
        <Badge variant="danger" className="tabular-nums" title={`${blockers} open blocker${blockers === 1 ? '' : 's'}`}>
          <OctagonAlert aria-hidden="true" />
          {blockers} <span className="sr-only sm:not-sr-only">blocker{blockers === 1 ? '' : 's'}</span>
        </Badge>
        {warnings > 0 ? (
          <Badge variant="warning" className="tabular-nums" title={`${warnings} warning${warnings === 1 ? '' : 's'}`}>
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
        title={`No blockers, ${warnings} warning${warnings === 1 ? '' : 's'}`}
      >
        <TriangleAlert aria-hidden="true" />
        {warnings} warning{warnings === 1 ? '' : 's'}
      </Badge>
    );
  }
  return (
    <Badge variant="success" className={className} title="No open blockers or warnings">
      <CircleCheck aria-hidden="true" />
      Clear
    </Badge>
  );
}

export function SeverityBadge({ severity, waived }: { severity: string; waived?: boolean }) {
  if (waived) return <Badge variant="neutral">Waived</Badge>;
  return severity === 'blocker' ? (
    <Badge variant="danger">
      <OctagonAlert aria-hidden="true" />
      Blocker
    </Badge>
  ) : (
    <Badge variant="warning">
      <TriangleAlert aria-hidden="true" />
      Warning
    </Badge>
  );
}
