import Link from 'next/link';
import type { LucideIcon } from 'lucide-react';
import { CircleCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';

export interface SectionPlaceholderProps {
  title: string;
  description: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
  /** What this section will hold, shown as a short list under the empty state. */
  features: string[];
  actions?: { href: string; label: string; variant?: 'primary' | 'secondary' }[];
}

/** The empty state of a workspace section: says what will live there and how to get started. */
export function SectionPlaceholder({
  title,
  description,
  icon,
  emptyTitle,
  emptyDescription,
  features,
  actions = [],
}: SectionPlaceholderProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <EmptyState
          icon={icon}
          title={emptyTitle}
          description={emptyDescription}
          actions={
            actions.length
              ? actions.map((a) => (
                  <Button key={a.href + a.label} asChild variant={a.variant ?? 'secondary'}>
                    <Link href={a.href}>{a.label}</Link>
                  </Button>
                ))
              : undefined
          }
        >
          <ul className="mt-6 grid w-full max-w-xl gap-2 text-left sm:grid-cols-2">
            {features.map((f) => (
              <li
                key={f}
                className="flex items-start gap-2 rounded-md border border-border bg-surface-muted/50 px-3 py-2 text-[0.8125rem] text-muted-foreground"
              >
                <CircleCheck className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
                <span>{f}</span>
              </li>
            ))}
          </ul>
        </EmptyState>
      </Card>
    </>
  );
}
