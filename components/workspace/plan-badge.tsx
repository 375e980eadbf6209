'use client';

import { Badge } from '@/components/ui/badge';
import { shellMessages } from '@/lib/i18n/ui/shell';
import { useT } from '@/components/i18n/locale-provider';
import type { Plan } from '@/components/api/types';

const variants: Record<Plan, 'warning' | 'primary' | 'violet'> = {
  trial: 'warning',
  pro: 'primary',
  enterprise: 'violet',
};

/** The plan's name in the UI language: `usePlanLabel()(plan)`. */
export function usePlanLabel(): (plan: Plan) => string {
  const t = useT(shellMessages);
  return (plan) => (plan in variants ? t(`plan.${plan}`) : plan);
}

export function PlanBadge({ plan, className }: { plan: Plan; className?: string }) {
  const label = usePlanLabel();
  return (
    <Badge variant={variants[plan] ?? 'primary'} className={className} data-testid="plan-badge">
      {label(plan)}
    </Badge>
  );
}
