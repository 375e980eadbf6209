import Link from 'next/link';
import { FileCheck2, Globe2, ListChecks, QrCode } from 'lucide-react';
import { BrandLockup } from '@/components/brand';
import { Providers } from '@/components/providers';
import { LanguageButtons } from '@/components/i18n/language-switch';
import { translator } from '@/lib/i18n/ui';
import { uiLocale } from '@/lib/i18n/ui-locale';
import { authMessages } from '@/lib/i18n/ui/auth';

/** Each point's words are `layout.<key>.title` and `.text` in the auth dictionary. */
const points = [
  { key: 'blockers', icon: ListChecks },
  { key: 'evidence', icon: FileCheck2 },
  { key: 'pages', icon: QrCode },
] as const;

export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  const locale = await uiLocale();
  const t = translator(authMessages, locale);
  return (
    <Providers locale={locale}>
      <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
        <div className="flex flex-col bg-surface px-6 py-6 sm:px-10">
          <Link href="/" className="w-fit rounded-md">
            <BrandLockup />
          </Link>
          <main id="main" className="flex flex-1 items-center justify-center py-10">
            <div className="w-full max-w-sm">{children}</div>
          </main>
          <footer className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
            <Link href="/docs/api" className="hover:text-foreground">
              {t('layout.api_reference')}
            </Link>
            <Link href="/docs/errors" className="hover:text-foreground">
              {t('layout.error_codes')}
            </Link>
            <LanguageButtons className="ml-auto" />
          </footer>
        </div>
        <aside className="relative hidden overflow-hidden border-l border-border bg-sidebar lg:flex lg:flex-col lg:justify-center lg:px-14 xl:px-20">
          <div
            className="pointer-events-none absolute inset-0 opacity-60 [background-image:radial-gradient(circle_at_1px_1px,var(--color-border-strong)_1px,transparent_0)] [background-size:22px_22px]"
            aria-hidden="true"
          />
          <div className="relative max-w-lg">
            <p className="mb-3 inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-2.5 py-1 text-xs font-medium text-muted-foreground">
              <Globe2 className="size-3.5 text-primary" aria-hidden="true" />
              {t('layout.regulation')}
            </p>
            <h2 className="text-2xl font-semibold tracking-tight text-foreground">{t('layout.headline')}</h2>
            <ul className="mt-8 space-y-6">
              {points.map(({ icon: Icon, key }) => (
                <li key={key} className="flex gap-3.5">
                  <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg border border-border bg-surface text-primary shadow-xs">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <div>
                    <p className="font-medium text-foreground">{t(`layout.${key}.title`)}</p>
                    <p className="mt-0.5 text-sm text-muted-foreground">{t(`layout.${key}.text`)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
    </Providers>
  );
}
