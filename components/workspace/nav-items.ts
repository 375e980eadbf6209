import {
  Boxes,
  Inbox,
  Building2,
  FileDown,
  FileText,
  LayoutDashboard,
  Send,
  Radar,
  Settings,
  Upload,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  href: string;
  /** Key of the label in lib/i18n/ui/shell.ts. */
  label:
    | 'nav.dashboard'
    | 'nav.inbox'
    | 'nav.skus'
    | 'nav.entities'
    | 'nav.documents'
    | 'nav.imports'
    | 'nav.exports'
    | 'nav.outreach'
    | 'nav.watch'
    | 'nav.settings';
  icon: LucideIcon;
}

/** The workspace sections, in the order a compliance manager works through them. */
export const NAV_ITEMS: NavItem[] = [
  { href: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { href: '/inbox', label: 'nav.inbox', icon: Inbox },
  { href: '/skus', label: 'nav.skus', icon: Boxes },
  { href: '/entities', label: 'nav.entities', icon: Building2 },
  { href: '/documents', label: 'nav.documents', icon: FileText },
  { href: '/imports', label: 'nav.imports', icon: Upload },
  { href: '/exports', label: 'nav.exports', icon: FileDown },
  { href: '/outreach', label: 'nav.outreach', icon: Send },
  { href: '/watch', label: 'nav.watch', icon: Radar },
];

export const SETTINGS_ITEM: NavItem = { href: '/settings', label: 'nav.settings', icon: Settings };

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
