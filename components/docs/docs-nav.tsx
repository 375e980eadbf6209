'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/utils/cn';

const links = [
  { href: '/docs/api', label: 'API reference' },
  { href: '/docs/errors', label: 'Error codes' },
  { href: '/docs/mcp', label: 'MCP' },
  { href: '/docs/webhooks', label: 'Webhooks' },
  { href: '/docs/gs1-resolver', label: 'GS1 resolver' },
  { href: '/docs/passports', label: 'Passports' },
  { href: '/docs/ai', label: 'AI assistant' },
  { href: '/docs/requirements', label: 'Requirements' },
  { href: '/docs/market-watch', label: 'Market watch' },
  { href: '/docs/currency', label: 'Evidence currency' },
  { href: '/docs/exports', label: 'Marketplace exports' },
];

export function DocsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Documentation" className="flex items-center gap-1">
      {links.map((l) => {
        const active = pathname === l.href;
        return (
          <Link
            key={l.href}
            href={l.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'rounded-md px-2.5 py-1 text-sm font-medium transition-colors',
              active ? 'bg-surface-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
