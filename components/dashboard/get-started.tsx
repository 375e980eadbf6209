'use client';

import Link from 'next/link';
import { ArrowRight, BadgeCheck, Boxes, Building2, FileText, Upload, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/components/i18n/locale-provider';
import { dashboardMessages } from '@/lib/i18n/ui/dashboard';

/** Each step's words are `start.<key>.title`, `.text` and `.cta` in the dashboard dictionary. */
const steps: { key: 'import' | 'entities' | 'evidence' | 'blockers' | 'publish'; icon: LucideIcon; href: string }[] = [
  { key: 'import', icon: Upload, href: '/imports' },
  { key: 'entities', icon: Building2, href: '/entities' },
  { key: 'evidence', icon: FileText, href: '/documents' },
  { key: 'blockers', icon: Boxes, href: '/skus' },
  { key: 'publish', icon: BadgeCheck, href: '/skus' },
];

/** The first-run checklist of an empty workspace. */
export function GetStarted() {
  const t = useT(dashboardMessages);
  return (
    <Card data-testid="get-started">
      <CardHeader>
        <div>
          <CardTitle>{t('start.title')}</CardTitle>
          <CardDescription>{t('start.description')}</CardDescription>
        </div>
      </CardHeader>
      <ol className="divide-y divide-border">
        {steps.map((s, i) => {
          const Icon = s.icon;
          return (
            <li key={s.key} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 gap-3.5">
                <span className="relative mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-muted text-primary">
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="absolute -top-1.5 -left-1.5 flex size-4 items-center justify-center rounded-full bg-primary text-[0.625rem] font-semibold text-primary-foreground">
                    {i + 1}
                  </span>
                </span>
                <div className="min-w-0">
                  <h3 className="font-medium text-foreground">{t(`start.${s.key}.title`)}</h3>
                  <p className="mt-0.5 text-[0.8125rem] text-muted-foreground">{t(`start.${s.key}.text`)}</p>
                </div>
              </div>
              <Button asChild variant="secondary" size="sm" className="self-start sm:self-center">
                <Link href={s.href}>
                  {t(`start.${s.key}.cta`)}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

const gpsrItems = ['manufacturer', 'responsible_person', 'identifier', 'picture', 'warnings', 'risk'] as const;

export function GpsrChecklist() {
  const t = useT(dashboardMessages);
  return (
    <Card>
      <CardHeader className="border-b-0 pb-2">
        <CardTitle>{t('gpsr.title')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-0">
        <ul className="grid gap-2 text-[0.8125rem] text-muted-foreground">
          {gpsrItems.map((item) => (
            <li key={item} className="flex gap-2">
              <span className="mt-[0.45rem] size-1.5 shrink-0 rounded-full bg-primary/70" aria-hidden="true" />
              {t(`gpsr.${item}`)}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-subtle-foreground">{t('gpsr.source')}</p>
      </CardContent>
    </Card>
  );
}
