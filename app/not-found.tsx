import Link from 'next/link';
import { BrandLockup } from '@/components/brand';

export default function NotFound() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-surface px-6 text-center">
      <BrandLockup />
      <div className="space-y-2">
        <p className="text-sm font-medium text-muted-foreground">404</p>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">This page does not exist</h1>
        <p className="max-w-md text-sm text-muted-foreground">
          The link may be mistyped, or the item was deleted. Product safety pages that were withdrawn say so on their
          own page.
        </p>
      </div>
      <Link
        href="/"
        className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:opacity-90"
      >
        Go to the workspace
      </Link>
    </main>
  );
}
