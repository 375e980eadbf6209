import { NextResponse, type NextRequest } from 'next/server';
import { publicPageProxy } from '@/lib/publish/public-page-csp';
import { supplierLinkProxy } from '@/lib/outreach/link-proxy';
import { REQUEST_PATH_HEADER } from '@/lib/auth/next-path';

/**
 * Public safety pages and supplier upload links: a withdrawn page or a closed link answers 410 here
 * (a page cannot set its status), and every page gets a per-request nonce and a strict
 * Content-Security-Policy. Files under /p/{id}/ set their own.
 */
export async function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (!path.startsWith('/p/') && !path.startsWith('/r/')) {
    // App pages: the server learns the requested path and query, so signing in can come back to it.
    const headers = new Headers(request.headers);
    headers.set(REQUEST_PATH_HEADER, path + request.nextUrl.search);
    return NextResponse.next({ request: { headers } });
  }
  const dev = process.env.NODE_ENV === 'development';
  const d = (await supplierLinkProxy(request, { dev })) ?? (await publicPageProxy(request, { dev }));
  if (d.kind === 'respond') return d.response;
  const res = NextResponse.next({ request: { headers: d.requestHeaders } });
  d.responseHeaders.forEach((v, k) => res.headers.set(k, v));
  return res;
}

export const config = {
  matcher: [
    '/p/:publicId',
    '/r/:token',
    '/dashboard/:path*',
    '/skus/:path*',
    '/documents/:path*',
    '/imports/:path*',
    '/entities/:path*',
    '/exports/:path*',
    '/inbox/:path*',
    '/outreach/:path*',
    '/settings/:path*',
  ],
};
