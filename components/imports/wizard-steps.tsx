import { Check } from 'lucide-react';
import { cn } from '@/lib/utils/cn';
import { useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';

export const WIZARD_STEPS = ['upload', 'mapping', 'summary', 'commit', 'review'] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Where the user is in the import: done steps ticked, the current one marked for assistive technology. */
export function WizardSteps({ current }: { current: WizardStep }) {
  const t = useT(importMessages);
  const at = WIZARD_STEPS.indexOf(current);
  return (
    <nav aria-label={t('steps.label')} className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 text-[0.8125rem]">
        {WIZARD_STEPS.map((s, i) => {
          const done = i < at;
          const active = i === at;
          return (
            <li
              key={s}
              className="flex items-center gap-2"
              aria-current={active ? 'step' : undefined}
              data-testid={`step-${s}`}
              data-state={done ? 'done' : active ? 'active' : 'todo'}
            >
              <span
                className={cn(
                  'flex size-6 items-center justify-center rounded-full border text-xs font-semibold tabular-nums',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary bg-primary-soft text-primary-soft-foreground',
                  !done && !active && 'border-border-strong bg-surface text-muted-foreground',
                )}
              >
                {done ? <Check className="size-3.5" strokeWidth={3} aria-hidden="true" /> : i + 1}
              </span>
              <span className={cn('font-medium', active ? 'text-foreground' : 'text-muted-foreground')}>
                {t(`steps.${s}`)}
              </span>
              {i < WIZARD_STEPS.length - 1 ? (
                <span className="mx-1 h-px w-6 bg-border-strong sm:w-10" aria-hidden="true" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
