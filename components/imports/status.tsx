import { CircleAlert, CircleCheck, CircleDashed, LoaderCircle, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils/cn';
import { useImportLabels } from './labels';

const STYLE: Record<
  string,
  { variant: 'neutral' | 'info' | 'success' | 'warning' | 'danger'; icon: typeof CircleDashed; spin?: boolean }
> = {
  queued: { variant: 'neutral', icon: CircleDashed },
  processing: { variant: 'info', icon: LoaderCircle, spin: true },
  completed: { variant: 'success', icon: CircleCheck },
  completed_with_errors: { variant: 'warning', icon: TriangleAlert },
  failed: { variant: 'danger', icon: CircleAlert },
};

/** A batch's status as a pill with an icon (colour is never the only signal). */
export function BatchStatusPill({ status, className }: { status: string | null | undefined; className?: string }) {
  const labels = useImportLabels();
  const style = (status && STYLE[status]) || STYLE.queued!;
  const Icon = style.icon;
  return (
    <Badge
      variant={style.variant}
      className={cn('rounded-full px-2', className)}
      data-testid="batch-status"
      data-status={status ?? ''}
    >
      <Icon className={cn(style.spin && 'animate-spin')} aria-hidden="true" />
      {labels.batchStatus(status)}
    </Badge>
  );
}
