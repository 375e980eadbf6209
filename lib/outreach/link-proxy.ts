import crypto from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { LINK_COPY } from './link-copy';
import {
  PAGE_LANG_HEADER,
  PUBLIC_SECURITY_HEADERS,
  createNonce,
  publicPageCsp,
  type ProxyDecision,
} from '@/lib/publish/public-page-csp';

const LINK_PATH = /^\/r\/([^/]{1,200})\/?$/;

const STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#1e293b}' +
  'main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.375rem;margin:0 0 .75rem}p{line-height:1.55;color:#475569}';
// The page's one style sheet is allowed by its hash: no inline style attribute, no 'unsafe-inline'.
const STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An unknown link has no request: the visitor's language (Accept-Language) among the five, else English. */
export function localeFromAcceptLanguage(header: string | null): Locale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0].trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return 'en';
}

export function linkStatusPage(status: 404 | 410, locale: Locale, reason?: 'expired' | 'revoked' | 'closed'): Response {
  const t = LINK_COPY[locale];
  const [title, body] =
    status === 404
      ? [t.missing, t.missing_body]
      : reason === 'closed'
        ? [t.closed, t.closed_body]
        : reason === 'expired'
          ? [t.expired, t.expired_body]
          : [t.gone, t.gone_body];
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-language': locale,
      'content-security-policy': `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      ...PUBLIC_SECURITY_HEADERS,
    },
  });
}

/**
 * For proxy.ts on /r/{token}: an unknown link answers 404 and an expired, revoked or closed one 410
 * here (a page cannot set its status); an open one gets the public pages' nonce CSP. The token never
 * leaves through the Referer header.
 */
export async function supplierLinkProxy(
  req: Request,
  opts: { db?: Db; dev?: boolean; now?: Date } = {},
): Promise<ProxyDecision | null> {
  const m = LINK_PATH.exec(new URL(req.url).pathname);
  if (!m) return null;
  const db = opts.db ?? (await (await import('@/lib/db/client')).getDb());
  // proxy.ts loads this module when the server starts; ./responses brings the document pipeline
  // (extraction, language detection, mail parsing) with it, so it loads with the first /r/ link.
  const { lookupLink } = await import('./responses');
  const found = await lookupLink(db, { token: decodeURIComponent(m[1]), now: opts.now });
  if (found.kind === 'not_found')
    return {
      kind: 'respond',
      response: linkStatusPage(404, localeFromAcceptLanguage(req.headers.get('accept-language'))),
    };
  if (found.kind === 'gone') {
    // The request's language: the one its mail was written in.
    const locale = isLocale(found.row.locale) ? found.row.locale : 'en';
    return { kind: 'respond', response: linkStatusPage(410, locale, found.reason) };
  }
  const nonce = createNonce();
  const csp = publicPageCsp(nonce, { dev: opts.dev });
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set('x-nonce', nonce);
  // <html lang> of the page: the request's language (a client's own header is never kept).
  requestHeaders.delete(PAGE_LANG_HEADER);
  requestHeaders.set(PAGE_LANG_HEADER, isLocale(found.row.locale) ? found.row.locale : 'en');
  requestHeaders.set('content-security-policy', csp);
  const responseHeaders = new Headers(PUBLIC_SECURITY_HEADERS);
  responseHeaders.set('content-security-policy', csp);
  responseHeaders.set('referrer-policy', 'no-referrer');
  responseHeaders.set('cache-control', 'no-store');
  return { kind: 'next', nonce, requestHeaders, responseHeaders };
}
