import Link from 'next/link';
import { BrandLockup } from '@/components/brand';
import { getT } from '@/lib/i18n/ui-locale';
import { pageMessages } from '@/lib/i18n/ui/pages';

export default async function NotFound() {
  const t = await getT(pageMessages);
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-surface px-6 text-center">
      <BrandLockup />
      <div className="space-y-2">
        <p className="text-sm font-medium text-muted-foreground">404</p>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('not_found.title')}</h1>
        <p className="max-w-md text-sm text-muted-foreground">{t('not_found.text')}</p>
      </div>
      <Link
        href="/"
        className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:opacity-90"
      >
        {t('not_found.home')}
      </Link>
    </main>
  );
}
