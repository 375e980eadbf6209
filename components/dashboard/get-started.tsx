import Link from 'next/link';
import { ArrowRight, BadgeCheck, Boxes, Building2, FileText, Upload, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
  href: string;
  cta: string;
}

const steps: Step[] = [
  {
    icon: Upload,
    title: 'Import your product catalogue',
    text: 'Bring SKUs in from a CSV or Excel export of your ERP or shop. You see every change before it is written.',
    href: '/imports',
    cta: 'Start an import',
  },
  {
    icon: Building2,
    title: 'Enter your manufacturers and EU responsible persons',
    text: 'Once each, with postal and electronic address; link them to any number of SKUs.',
    href: '/entities',
    cta: 'Open entities',
  },
  {
    icon: FileText,
    title: 'Collect the evidence',
    text: 'Upload declarations of conformity, test reports and safety data sheets. They are classified and linked to SKUs.',
    href: '/documents',
    cta: 'Open documents',
  },
  {
    icon: Boxes,
    title: 'Clear the blockers',
    text: 'Each SKU lists what the law still needs, such as an EU responsible person or warnings in a market language.',
    href: '/skus',
    cta: 'Review SKUs',
  },
  {
    icon: BadgeCheck,
    title: 'Approve and publish',
    text: 'Publish a safety page per product with a QR code, and hand an authority the complete dossier.',
    href: '/skus',
    cta: 'Go to SKUs',
  },
];

/** The first-run checklist of an empty workspace. */
export function GetStarted() {
  return (
    <Card data-testid="get-started">
      <CardHeader>
        <div>
          <CardTitle>Get started</CardTitle>
          <CardDescription>From a catalogue to published safety information.</CardDescription>
        </div>
      </CardHeader>
      <ol className="divide-y divide-border">
        {steps.map((s, i) => {
          const Icon = s.icon;
          return (
            <li key={s.title} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 gap-3.5">
                <span className="relative mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-muted text-primary">
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="absolute -top-1.5 -left-1.5 flex size-4 items-center justify-center rounded-full bg-primary text-[0.625rem] font-semibold text-primary-foreground">
                    {i + 1}
                  </span>
                </span>
                <div className="min-w-0">
                  <h3 className="font-medium text-foreground">{s.title}</h3>
                  <p className="mt-0.5 text-[0.8125rem] text-muted-foreground">{s.text}</p>
                </div>
              </div>
              <Button asChild variant="secondary" size="sm" className="self-start sm:self-center">
                <Link href={s.href}>
                  {s.cta}
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

const gpsrItems = [
  'Manufacturer name, postal and electronic address',
  'EU responsible person when the manufacturer is outside the EU',
  'Type, batch or serial number, or another identifier',
  'A picture of the product',
  'Warnings and safety information in the language of each market',
  'Risk assessment and technical documentation',
];

export function GpsrChecklist() {
  return (
    <Card>
      <CardHeader className="border-b-0 pb-2">
        <CardTitle>What GPSR asks of every product</CardTitle>
      </CardHeader>
      <CardContent className="pt-0">
        <ul className="grid gap-2 text-[0.8125rem] text-muted-foreground">
          {gpsrItems.map((item) => (
            <li key={item} className="flex gap-2">
              <span className="mt-[0.45rem] size-1.5 shrink-0 rounded-full bg-primary/70" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-subtle-foreground">
          Regulation (EU) 2023/988, Art. 9 and 19. Sector rules add to this list.
        </p>
      </CardContent>
    </Card>
  );
}
