import {
  Boxes,
  Inbox,
  Building2,
  FileDown,
  FileText,
  LayoutDashboard,
  Send,
  Settings,
  Upload,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** The workspace sections, in the order a compliance manager works through them. */
export const NAV_ITEMS: NavItem[] = [
  { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/inbox', label: 'My work', icon: Inbox },
  { href: '/skus', label: 'SKUs', icon: Boxes },
  { href: '/entities', label: 'Entities', icon: Building2 },
  { href: '/documents', label: 'Documents', icon: FileText },
  { href: '/imports', label: 'Imports', icon: Upload },
  { href: '/exports', label: 'Exports', icon: FileDown },
  { href: '/outreach', label: 'Outreach', icon: Send },
];

export const SETTINGS_ITEM: NavItem = { href: '/settings', label: 'Settings', icon: Settings };

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
