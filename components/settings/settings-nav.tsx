'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Barcode, Building2, History, KeyRound, Users, Webhook } from 'lucide-react';
import { cn } from '@/lib/utils/cn';
import { settingsMessages } from '@/lib/i18n/ui/settings';
import { useT } from '@/components/i18n/locale-provider';

const tabs = [
  { href: '/settings', label: 'nav.general', icon: Building2 },
  { href: '/settings/members', label: 'nav.members', icon: Users },
  { href: '/settings/api-keys', label: 'nav.api_keys', icon: KeyRound },
  { href: '/settings/webhooks', label: 'nav.webhooks', icon: Webhook },
  { href: '/settings/gtin-claims', label: 'nav.gtin_claims', icon: Barcode },
  { href: '/settings/audit', label: 'nav.audit', icon: History },
] as const;

/** Route-based tabs for the settings pages (links, so each tab has its own URL). */
export function SettingsNav() {
  const pathname = usePathname() ?? '';
  const t = useT(settingsMessages);
  return (
    <nav aria-label={t('nav.label')} className="mb-6 border-b border-border">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map(({ href, label, icon: Icon }) => {
          const active = pathname === href;
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
