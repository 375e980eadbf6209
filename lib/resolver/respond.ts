/**
 * The HTTP answer of the GS1-Conformant resolver at /01/{gtin}[/22/…][/10/…][/21/…]:
 * - no link type asked: 307 to the default link (the safety page), in the visitor's language
 *   (`?lang=`, else Accept-Language among the published ones), with a Link header naming the linkset;
 * - `?linkType=gs1:xyz` (CURIE or URI): 307 to that link, the default link when it has none;
 * - `?linkType=all` / `linkset`, or `Accept: application/linkset+json`: 200 RFC 9264 linkset with the
 *   GS1 linkset context (Link rel http://www.w3.org/ns/json-ld#context);
 * - a malformed link: 400 saying why, an HTML page for browsers, the error envelope otherwise;
 * - a GTIN published by several workspaces with no verified owner: 300 listing the pages (HTML), or
 *   409 GTIN_AMBIGUOUS (JSON), never a redirect to one of them.
 * Framework-free (plain Request → Response), like lib/publish/public-page-csp.
 */
import crypto from 'node:crypto';
import { chooseArt19Language } from '@/lib/publish/art19';
import { PUBLIC_SECURITY_HEADERS, statusPage } from '@/lib/publish/public-page-csp';
import { uiLocaleFor } from '@/lib/publish/public-page';
import { AppError } from '@/lib/errors';
import { normalizeLanguageCode } from '@/lib/i18n/languages';
import type { Db } from '@/lib/db/client';
import { DigitalLinkError, digitalLinkPath, parseDigitalLink, type DigitalLink } from './digital-link';
import { GS1_LINKSET_CONTEXT, parseLinkTypeQuery } from './link-types';
import { linkHeader, linksOf, linksetOf, pickLink } from './linkset';
import { hasPublicPassport } from '@/lib/passports/public';
import { resolveGtin, type AmbiguityCandidate } from './resolve';

export const LINKSET_MEDIA_TYPE = 'application/linkset+json';

function wantsHtml(req: Request): boolean {
  const accept = req.headers.get('accept') ?? '';
  return /text\/html/i.test(accept) && !/application\/(linkset\+)?json/i.test(accept);
}

function wantsLinkset(req: Request): boolean {
  return /application\/linkset\+json/i.test(req.headers.get('accept') ?? '');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const PAGE_STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#1e293b}' +
  'main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.375rem;margin:0 0 .75rem}p,li{line-height:1.55;color:#475569}code{font-size:.95em}';
const PAGE_STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

function htmlPage(status: number, title: string, body: string): Response {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src ${PAGE_STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'cache-control': 'no-store',
      ...PUBLIC_SECURITY_HEADERS,
    },
  });
}

function invalidLink(req: Request, e: DigitalLinkError): Response {
  if (!wantsHtml(req))
    throw new AppError('GS1_DIGITAL_LINK_INVALID', e.message, { details: { reason: e.reason, ...e.details } });
  return htmlPage(
    400,
    'This GS1 Digital Link is not valid',
    `<p>${escapeHtml(e.message)}</p><p>Check the code printed on the product, or scan its QR code again.</p>`,
  );
}

function ambiguous(req: Request, gtin: string, candidates: AmbiguityCandidate[]): Response {
  const message = `GTIN ${gtin} is published by more than one company and none has verified its ownership of the code, so this link cannot tell which product it is.`;
  if (!wantsHtml(req)) throw new AppError('GTIN_AMBIGUOUS', message, { details: { gtin, candidates } });
  const items = candidates
    .map(
      (c) =>
        `<li><a href="${escapeHtml(c.public_url)}">${escapeHtml(c.product_name)}</a>${c.brand ? ` (${escapeHtml(c.brand)})` : ''}</li>`,
    )
    .join('');
  return htmlPage(
    300,
    'Which product do you have?',
    `<p>${escapeHtml(message)} Compare the product name on the packaging:</p><ul>${items}</ul>`,
  );
}

/** The resolver: parses the link, resolves the GTIN and answers as the module comment says. */
export async function answerDigitalLink(
  db: Db,
  { req, args }: { req: Request; args: { gtin: string; qualifiers: readonly string[]; origin: string } },
): Promise<Response> {
  const url = new URL(req.url);
  let link: DigitalLink;
  try {
    link = parseDigitalLink(args.gtin, args.qualifiers);
  } catch (e) {
    if (e instanceof DigitalLinkError) return invalidLink(req, e);
    throw e;
  }
  const linkTypeQuery = parseLinkTypeQuery(url.searchParams.get('linkType'));
  const asLinkset = linkTypeQuery?.kind === 'linkset' || (!linkTypeQuery && wantsLinkset(req));

  const resolution = await resolveGtin(db, { gtin14: link.gtin });
  if (resolution.kind === 'not_found') {
    if (!wantsHtml(req) && asLinkset)
      throw new AppError('NOT_FOUND', `No published product page for GTIN ${link.gtin}.`);
    return statusPage(404, uiLocaleFor(req.headers.get('accept-language'), url.searchParams.get('lang')));
  }
  if (resolution.kind === 'ambiguous') return ambiguous(req, link.gtin, resolution.candidates);

  const anchor = `${args.origin}${digitalLinkPath(link)}`;
  const table = linksOf(resolution.snapshot, {
    lot: link.lot,
    hasPassport: await hasPublicPassport(db, { publicId: resolution.publicId }),
  });
  const common = { vary: 'Accept, Accept-Language', 'access-control-allow-origin': '*', ...PUBLIC_SECURITY_HEADERS };

  if (asLinkset) {
    const body = linksetOf(anchor, table, resolution.snapshot.sku.product_name);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: {
        'content-type': LINKSET_MEDIA_TYPE,
        link: `<${GS1_LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`,
        'cache-control': 'public, max-age=300',
        ...common,
      },
    });
  }

  const explicit = normalizeLanguageCode(url.searchParams.get('lang') ?? '');
  const acceptLanguage = req.headers.get('accept-language');
  const language =
    explicit ?? (acceptLanguage ? chooseArt19Language(resolution.snapshot, { acceptLanguage }) : null) ?? null;
  const type = linkTypeQuery?.kind === 'type' ? linkTypeQuery.type : 'defaultLink';
  const target = new URL(pickLink(table, type, language).href);
  // The page itself (default link, product information) takes the visitor's language along.
  if (language && target.pathname === new URL(table.defaultLink![0].href).pathname && !target.searchParams.has('lang'))
    target.searchParams.set('lang', language);
  return new Response(null, {
    status: 307,
    headers: {
      // Every link is this app's own page or file: a path keeps the visitor on the host they scanned.
      location: `${target.pathname}${target.search}${target.hash}`,
      link: linkHeader(anchor, table),
      'cache-control': 'public, max-age=300',
      ...common,
    },
  });
}
