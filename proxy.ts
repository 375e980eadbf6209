import { NextResponse, type NextRequest } from 'next/server';
import { publicPageProxy } from '@/lib/publish/public-page-csp';
import { supplierLinkProxy } from '@/lib/outreach/link-proxy';

/**
 * Public safety pages and supplier upload links: a withdrawn page or a closed link answers 410 here
 * (a page cannot set its status), and every page gets a per-request nonce and a strict
 * Content-Security-Policy. Files under /p/{id}/ set their own.
 */
export async function proxy(request: NextRequest) {
  const dev = process.env.NODE_ENV === 'development';
  const d = (await supplierLinkProxy(request, { dev })) ?? (await publicPageProxy(request, { dev }));
  if (d.kind === 'respond') return d.response;
  const res = NextResponse.next({ request: { headers: d.requestHeaders } });
  d.responseHeaders.forEach((v, k) => res.headers.set(k, v));
  return res;
}

export const config = { matcher: ['/p/:publicId', '/r/:token'] };
