'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/utils/cn';
import { shellMessages } from '@/lib/i18n/ui/shell';
import { useT } from '@/components/i18n/locale-provider';
import { NAV_ITEMS, SETTINGS_ITEM, isActive, type NavItem } from './nav-items';

function NavLink({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const t = useT(shellMessages);
  const active = isActive(pathname, item.href);
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'group flex h-8 items-center gap-2.5 rounded-md px-2.5 text-sm font-medium transition-colors',
        active
          ? 'bg-sidebar-active text-foreground'
          : 'text-muted-foreground hover:bg-sidebar-active/60 hover:text-foreground',
      )}
    >
      <Icon
        className={cn(
          'size-4 shrink-0',
          active ? 'text-primary' : 'text-subtle-foreground group-hover:text-muted-foreground',
        )}
        aria-hidden="true"
      />
      {t(item.label)}
    </Link>
  );
}

/** The section links. `onNavigate` lets the mobile drawer close itself after a choice. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname() ?? '';
  const t = useT(shellMessages);
  return (
    <nav aria-label={t('nav.workspace')} className="flex flex-1 flex-col">
      <ul className="grid gap-0.5">
        {NAV_ITEMS.map((item) => (
          <li key={item.href}>
            <NavLink item={item} pathname={pathname} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <ul className="mt-auto grid gap-0.5 pt-6">
        <li>
          <NavLink item={SETTINGS_ITEM} pathname={pathname} onNavigate={onNavigate} />
        </li>
      </ul>
    </nav>
  );
}
