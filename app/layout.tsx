import type { Metadata, Viewport } from 'next';
import { Providers } from '@/components/providers';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@/components/brand';
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

// Fonts come from the system stack in globals.css: nothing is fetched from a font service.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
