import type { Db } from '@/lib/db/client';
import { PUBLIC_SECURITY_HEADERS, createNonce, publicPageCsp, type ProxyDecision } from '@/lib/publish/public-page-csp';

const LINK_PATH = /^\/r\/([^/]{1,200})\/?$/;

const TEXT = {
  404: ['Link not found', 'Check that you copied the whole address from the email.'],
  410: ['This link is no longer open', 'It expired or was closed. Ask the sender for a new link.'],
} as const;

function linkStatusPage(status: 404 | 410): Response {
  const [title, body] = TEXT[status];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main style="max-width:36rem;margin:0 auto;padding:3rem 1.25rem;font-family:system-ui,sans-serif"><h1>${title}</h1><p>${body}</p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
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
  const found = await lookupLink(db, decodeURIComponent(m[1]), opts.now);
  if (found.kind === 'not_found') return { kind: 'respond', response: linkStatusPage(404) };
  if (found.kind === 'gone') return { kind: 'respond', response: linkStatusPage(410) };
  const nonce = createNonce();
  const csp = publicPageCsp(nonce, { dev: opts.dev });
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  const responseHeaders = new Headers(PUBLIC_SECURITY_HEADERS);
  responseHeaders.set('content-security-policy', csp);
  responseHeaders.set('referrer-policy', 'no-referrer');
  responseHeaders.set('cache-control', 'no-store');
  return { kind: 'next', nonce, requestHeaders, responseHeaders };
}
