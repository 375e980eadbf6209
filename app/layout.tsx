import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@/components/brand';
import { PAGE_LANG_HEADER } from '@/lib/publish/public-page-csp';
import { uiLocale } from '@/lib/i18n/ui-locale';
import './globals.css';

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s · ${PRODUCT_NAME}` },
  description: PRODUCT_TAGLINE,
  icons: { icon: '/icon.svg' },
};

export const viewport: Viewport = {
  themeColor: '#f8fafc',
  width: 'device-width',
  initialScale: 1,
};

// The client providers (query cache, tooltips, toasts) sit in the app's group layouts, not here: the
// public safety page under /p ships no client JavaScript of its own and does not need them.
// Fonts come from the system stack in globals.css: nothing is fetched from a font service.
// The app UI is in the user's UI language (lib/i18n/ui-locale.ts); a public safety page is in its visitor's language, which the proxy resolved
// (the header is set on /p/{id} only and replaced there, so a client cannot choose it elsewhere either:
// anything that is not a language tag is ignored).
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const pageLang = (await headers()).get(PAGE_LANG_HEADER);
  const lang = pageLang && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(pageLang) ? pageLang : await uiLocale();
  return (
    <html lang={lang}>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
