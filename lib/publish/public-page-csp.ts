/**
 * Security headers of the public pages (/p/..., /01/...) and the decision the app's proxy makes for
 * them. A Next page cannot set its own response headers or a 410 status, so proxy.ts calls
 * `publicPageProxy` for these paths: it answers 410 for a withdrawn page itself and, for everything
 * else, hands Next a per-request nonce (Next puts it on its own scripts; the page puts it on the
 * JSON-LD) and the Content-Security-Policy to send. Framework-free so it is testable with plain Requests.
 */
import crypto from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { htmlLang } from '@/lib/i18n/public-locales';
import { PUBLIC_ID_ALPHABET } from './public-page-id';
import { buildPublicPageView, findPublishedRevision, pageText, uiLocaleFor } from './public-page';

export function createNonce(): string {
  return crypto.randomBytes(18).toString('base64');
}

/**
 * The page's policy: nothing from other origins; scripts only with this request's nonce (Next's
 * runtime and the JSON-LD); styles from our own stylesheet; images from us (the captured picture) or
 * data: URLs; no framing, no plugins, no <base>, forms only to us.
 */
export function publicPageCsp(nonce: string, opts: { dev?: boolean } = {}): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Files served from the public paths (QR codes, documents, the picture): inert, never a document context. */
export const PUBLIC_FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export const PUBLIC_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'cross-origin-opener-policy': 'same-origin',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STATUS_STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#1e293b}' +
  'main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.375rem;margin:0 0 .75rem}p{line-height:1.55;color:#475569}';
const STATUS_STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STATUS_STYLE).digest('base64')}'`;

/** A small self-contained HTML page for 404/410 answers that never reach React (fixed texts only). */
export function statusPage(status: 404 | 410, locale: ReturnType<typeof uiLocaleFor>): Response {
  const text = pageText(locale);
  const title = status === 410 ? text.withdrawn_title : text.not_found_title;
  const body = status === 410 ? text.withdrawn_body : text.not_found_body;
  const html =
    `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STATUS_STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src ${STATUS_STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'cache-control': status === 410 ? 'public, max-age=300' : 'no-store',
      'content-language': htmlLang(locale),
      ...PUBLIC_SECURITY_HEADERS,
    },
  });
}

const PAGE_PATH = new RegExp(`^/p/([${PUBLIC_ID_ALPHABET}A-Za-z-]{10,40})/?$`);

/** The public id when the path is the page itself (/p/{id}), not one of its files. */
export function publicPagePathId(pathname: string): string | null {
  return PAGE_PATH.exec(pathname)?.[1] ?? null;
}

export type ProxyDecision =
  | { kind: 'respond'; response: Response }
  | { kind: 'next'; nonce: string; requestHeaders: Headers; responseHeaders: Headers };

/**
 * For proxy.ts, on /p/:path*. A withdrawn page answers 410 here (a Next page cannot); the page
 * itself answers 404 for unknown ids. Otherwise: forward with x-nonce and the CSP in the request
 * headers (Next reads the nonce from them) and send the CSP and security headers on the response.
 */
/** Request header the proxy sets to the public page's language; never taken from the client. */
export const PAGE_LANG_HEADER = 'x-page-lang';

export async function publicPageProxy(req: Request, opts: { db?: Db; dev?: boolean } = {}): Promise<ProxyDecision> {
  const url = new URL(req.url);
  const id = publicPagePathId(url.pathname);
  // The language the page will be shown in, for <html lang> (the root layout reads it): the page
  // itself cannot set the document element's attribute.
  let pageLang: string | null = null;
  if (id) {
    const db = opts.db ?? (await (await import('@/lib/db/client')).getDb());
    const found = await findPublishedRevision(db, { rawPublicId: id });
    if (found.kind === 'gone') {
      return {
        kind: 'respond',
        response: statusPage(410, uiLocaleFor(req.headers.get('accept-language'), url.searchParams.get('lang'))),
      };
    }
    pageLang =
      found.kind === 'ok'
        ? buildPublicPageView(found.snapshot, {
            lang: url.searchParams.get('lang'),
            acceptLanguage: req.headers.get('accept-language'),
          }).lang
        : uiLocaleFor(req.headers.get('accept-language'), url.searchParams.get('lang'));
  }
  const nonce = createNonce();
  const csp = publicPageCsp(nonce, { dev: opts.dev });
  const requestHeaders = new Headers(req.headers);
  requestHeaders.delete(PAGE_LANG_HEADER);
  if (pageLang) requestHeaders.set(PAGE_LANG_HEADER, pageLang);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  const responseHeaders = new Headers(PUBLIC_SECURITY_HEADERS);
  responseHeaders.set('content-security-policy', csp);
  return { kind: 'next', nonce, requestHeaders, responseHeaders };
}

/** A file answer on a public path: inert (sandboxed CSP, nosniff), cacheable for `maxAge` seconds. */
export function publicFileResponse(
  body: BodyInit,
  contentType: string,
  opts: { maxAge?: number; disposition?: string; length?: number } = {},
): Response {
  const headers = new Headers(PUBLIC_SECURITY_HEADERS);
  headers.set('content-type', contentType);
  headers.set('content-security-policy', PUBLIC_FILE_CSP);
  headers.set('cache-control', opts.maxAge ? `public, max-age=${opts.maxAge}` : 'no-store');
  headers.set('cross-origin-resource-policy', 'same-origin');
  if (opts.disposition) headers.set('content-disposition', opts.disposition);
  if (opts.length !== undefined) headers.set('content-length', String(opts.length));
  return new Response(body, { status: 200, headers });
}
