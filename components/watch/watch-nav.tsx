'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Briefcase, Inbox, ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/utils/cn';
import { watchMessages } from '@/lib/i18n/ui/watch';
import { useT } from '@/components/i18n/locale-provider';

/**
 * The Market watch tabs (links, so each tab has its own URL). Evidence currency adds its tab as one line:
 * { href: '/watch/currency', label: 'nav.currency', icon: … } (its label is in lib/i18n/ui/watch.ts).
 */
const tabs: { href: string; label: 'nav.inbox' | 'nav.cases' | 'nav.currency'; icon: typeof Inbox }[] = [
  { href: '/watch', label: 'nav.inbox', icon: Inbox },
  { href: '/watch/cases', label: 'nav.cases', icon: Briefcase },
  { href: '/watch/currency', label: 'nav.currency', icon: ShieldCheck },
];

export function WatchNav() {
  const pathname = usePathname() ?? '';
  const t = useT(watchMessages);
  return (
    <nav aria-label={t('nav.label')} className="mb-6 border-b border-border">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map(({ href, label, icon: Icon }) => {
          const active = href === '/watch' ? pathname === href : pathname.startsWith(href);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex items-center gap-1.5 border-b-2 px-3 pt-1 pb-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                  active
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                <Icon className={cn('size-4', active ? 'text-primary' : 'text-subtle-foreground')} aria-hidden="true" />
                {t(label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
