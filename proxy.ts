import { NextResponse, type NextRequest } from 'next/server';
import { publicPageProxy } from '@/lib/publish/public-page-csp';

/**
 * Public safety pages: a withdrawn page answers 410 here (a page cannot set its status), and every page
 * gets a per-request nonce and a strict Content-Security-Policy. Files under /p/{id}/ set their own.
 */
export async function proxy(request: NextRequest) {
  const d = await publicPageProxy(request, { dev: process.env.NODE_ENV === 'development' });
  if (d.kind === 'respond') return d.response;
  const res = NextResponse.next({ request: { headers: d.requestHeaders } });
  d.responseHeaders.forEach((v, k) => res.headers.set(k, v));
  return res;
}

export const config = { matcher: ['/p/:publicId'] };
