import { Badge } from '@/components/ui/badge';
import type { Plan } from '@/components/api/types';

const plans: Record<Plan, { label: string; variant: 'warning' | 'primary' | 'violet' }> = {
  trial: { label: 'Trial', variant: 'warning' },
  pro: { label: 'Pro', variant: 'primary' },
  enterprise: { label: 'Enterprise', variant: 'violet' },
};

export function planLabel(plan: Plan): string {
  return plans[plan]?.label ?? plan;
}

export function PlanBadge({ plan, className }: { plan: Plan; className?: string }) {
  const p = plans[plan] ?? { label: plan, variant: 'primary' as const };
  return (
    <Badge variant={p.variant} className={className} data-testid="plan-badge">
      {p.label}
    </Badge>
  );
}
