import Link from 'next/link';
import { BrandLockup } from '@/components/brand';
import { DocsNav } from '@/components/docs/docs-nav';
import { Providers } from '@/components/providers';

/** The developer documentation is written in English, whatever the UI language: its texts say so with `lang`. */
export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return (
    <Providers locale="en">
      <div lang="en" className="flex min-h-dvh flex-col">
        <header className="sticky top-0 z-40 flex h-12 shrink-0 items-center gap-4 border-b border-border bg-surface/95 px-4 backdrop-blur sm:px-6">
          <Link href="/" className="rounded-md" aria-label="Compliance Workspace home">
            <BrandLockup className="[&>span:last-child]:hidden sm:[&>span:last-child]:inline" />
          </Link>
          <span className="hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
          <DocsNav />
          <Link href="/dashboard" className="ml-auto text-sm font-medium text-primary hover:underline">
            Open the app
          </Link>
        </header>
        <div className="flex min-h-0 flex-1 flex-col">{children}</div>
      </div>
    </Providers>
  );
}
