/**
 * Renders the public page (app/p/[publicId]/page.tsx) the way Next would on a request: the test file
 * mocks next/headers and next/server's connection() to read `requestState`, then this calls the page
 * and renders its element with react-dom/server. Everything below the page (lookup, view, component)
 * is the real code.
 */
import { renderToStaticMarkup } from 'react-dom/server';

import { requestState } from './page-harness-state';

export async function renderPublicPage(
  publicId: string,
  opts: { acceptLanguage?: string; lang?: string; nonce?: string } = {},
) {
  const h = new Headers();
  if (opts.acceptLanguage) h.set('accept-language', opts.acceptLanguage);
  if (opts.nonce) h.set('x-nonce', opts.nonce);
  requestState.headers = h;
  const page = await import('@/app/p/[publicId]/page');
  const props = {
    params: Promise.resolve({ publicId }),
    searchParams: Promise.resolve(opts.lang ? { lang: opts.lang } : {}),
  };
  const element = await page.default(props);
  const metadata = await page.generateMetadata(props);
  return { html: renderToStaticMarkup(element), metadata };
}

/** The texts of the page's JSON-LD script elements. */
export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}
