/**
 * HTTP answers for a passport document: the canonical JSON bytes with their hash, or (for a browser that
 * asks for HTML) a readable page of the same document. The HTML is built from escaped text only.
 */
import type { passports } from '@/lib/db/schema';
import type { PassportDocument } from './service';

type PassportRow = typeof passports.$inferSelect;

/** Served like the public page's files: nothing runs, nothing is framed, no referrer leaves. */
function publicFileResponse(body: string, contentType: string, opts: { maxAge?: number } = {}) {
  const headers = new Headers({
    'content-type': contentType,
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'cross-origin',
    'cache-control': opts.maxAge ? `public, max-age=${opts.maxAge}` : 'no-store',
  });
  return new Response(body, { status: 200, headers });
}

/** Whether the client prefers HTML over JSON (a browser's Accept lists text/html first). */
export function wantsHtml(accept: string | null): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  if (html < 0) return false;
  const json = Math.min(
    ...['application/json', 'application/ld+json'].map((t) => {
      const i = accept.indexOf(t);
      return i < 0 ? Number.POSITIVE_INFINITY : i;
    }),
  );
  return html < json;
}

export function passportResponse(doc: PassportDocument, row: PassportRow, opts: { cache: boolean }) {
  const res = publicFileResponse(doc.body, `${doc.media_type}; charset=utf-8`, {
    maxAge: opts.cache && doc.tier === 'public' ? 300 : undefined,
  });
  // Opened in place, saved under a name that says what it is (every download names its file).
  const ext = doc.media_type.includes('ld+json') ? 'jsonld' : 'json';
  res.headers.set(
    'content-disposition',
    `inline; filename="passport-${row.publicId}-v${row.version}-${doc.format}-${doc.tier}.${ext}"`,
  );
  res.headers.set('x-content-sha256', doc.sha256);
  res.headers.set('etag', `"${doc.sha256}"`);
  res.headers.set('x-passport-version', String(row.version));
  res.headers.set('x-passport-tier', doc.tier);
  res.headers.set('vary', 'accept, authorization');
  // The public tier is open data: readers on other sites (scanner apps, registries) may fetch it.
  if (doc.tier === 'public') res.headers.set('access-control-allow-origin', '*');
  return res;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function rows(value: unknown, path: string, out: [string, string][]) {
  if (value === null || typeof value !== 'object') {
    out.push([path, String(value)]);
    return;
  }
  if (Array.isArray(value)) value.forEach((v, i) => rows(v, `${path}[${i}]`, out));
  else for (const [k, v] of Object.entries(value)) rows(v, path ? `${path}.${k}` : k, out);
}

const isUrl = (s: string) => /^https?:\/\/[^\s"<>]+$/.test(s);

/** A plain HTML view of the document: every value with its path, links clickable. */
export function passportHtml(
  doc: PassportDocument,
  row: PassportRow,
  meta: { title: string; jsonUrl: string; versions: { version: number; url: string }[] },
) {
  const out: [string, string][] = [];
  rows(doc.document, '', out);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(meta.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:1.5rem auto;max-width:70rem;padding:0 1rem;color:#111}table{border-collapse:collapse;width:100%}td{border-top:1px solid #ddd;padding:.25rem .5rem;vertical-align:top;word-break:break-word}td:first-child{color:#444;font-family:ui-monospace,monospace;font-size:13px;width:40%}</style></head>
<body><main><h1>${esc(meta.title)}</h1>
<p>Version ${row.version} (published revision ${row.revision}), ${esc(doc.format === 'untp_dpp' ? 'UNTP Digital Product Passport 0.7.0' : 'Battery Pass data model 1.2.0')}, tier: ${esc(doc.tier)}. sha256 <code>${esc(doc.sha256)}</code>. <a href="${esc(meta.jsonUrl)}">Machine-readable document</a>.</p>
<p>Versions: ${meta.versions.map((v) => `<a href="${esc(v.url)}">${v.version}</a>`).join(' · ')}</p>
<table>${out.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${isUrl(v) ? `<a href="${esc(v)}" rel="nofollow">${esc(v)}</a>` : esc(v)}</td></tr>`).join('')}</table>
</main></body></html>`;
  const res = publicFileResponse(body, 'text/html; charset=utf-8', { maxAge: doc.tier === 'public' ? 300 : undefined });
  // Opened in place, saved under a name that says what it is (every download names its file).
  const ext = doc.media_type.includes('ld+json') ? 'jsonld' : 'json';
  res.headers.set(
    'content-disposition',
    `inline; filename="passport-${row.publicId}-v${row.version}-${doc.format}-${doc.tier}.${ext}"`,
  );
  res.headers.set('x-content-sha256', doc.sha256);
  res.headers.set('vary', 'accept, authorization');
  return res;
}
