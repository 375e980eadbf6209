/**
 * POST /api/import/from-url (preview only): fetch a public product page safely and propose SKU and
 * dossier fields from its structured data. Nothing is stored here.
 */
import iconv from 'iconv-lite';
import { safeFetch, type SafeFetchErrorCode, type SafeFetchOptions } from '@/lib/net/safe-fetch';
import { extractProductFromHtml, type ProductPagePreview } from './product-page';

export interface UrlPreview extends ProductPagePreview {
  ok: true;
  url: string;
  final_url: string;
  /** proposed SkuCreateInput-shaped values (null when the page gives none) */
  sku: { sku_code: string | null; product_name: string | null; gtin: string | null; external_sku_id: string | null };
  /** proposed dossier values by canonical key */
  dossier: Record<string, string>;
}

export type UrlPreviewErrorCode = SafeFetchErrorCode | 'http_status' | 'not_html';

export interface UrlPreviewFailure {
  ok: false;
  error: { code: UrlPreviewErrorCode; message: string; url: string; details?: Record<string, unknown> };
}

export const PREVIEW_FETCH_DEFAULTS = { maxBytes: 3 * 1024 * 1024, timeoutMs: 8_000, maxRedirects: 5 } as const;

export async function previewProductFromUrl(
  url: string,
  options: SafeFetchOptions = {},
): Promise<UrlPreview | UrlPreviewFailure> {
  const res = await safeFetch(url, {
    ...PREVIEW_FETCH_DEFAULTS,
    ...options,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9', ...options.headers },
  });
  if (!res.ok) return { ok: false, error: res.error };
  if (res.status < 200 || res.status >= 300) {
    return {
      ok: false,
      error: {
        code: 'http_status',
        message: `The page answered with HTTP ${res.status}.`,
        url: res.url,
        details: { status: res.status },
      },
    };
  }
  const type = (res.contentType ?? '').toLowerCase();
  if (type && !/html|xml/.test(type)) {
    return {
      ok: false,
      error: { code: 'not_html', message: `The URL is not a web page (${type.split(';')[0]}).`, url: res.url },
    };
  }
  const html = decodeHtml(res.body, type);
  const preview = extractProductFromHtml(html, res.url);
  const f = preview.fields;
  const dossier: Record<string, string> = {};
  for (const key of [
    'brand',
    'manufacturer_name',
    'model_number',
    'product_image_url',
    'product_description',
    'gtin',
  ] as const) {
    const v = f[key];
    if (v) dossier[key] = v.value;
  }
  return {
    ok: true,
    url,
    final_url: res.url,
    ...preview,
    sku: {
      sku_code: f.sku_code?.value ?? null,
      product_name: f.product_name?.value ?? null,
      gtin: f.gtin?.value ?? null,
      external_sku_id: f.external_sku_id?.value ?? null,
    },
    dossier,
  };
}

/** Charset from the Content-Type header, else from a <meta> in the first 4 KB, else UTF-8. */
function decodeHtml(body: Buffer, contentType: string): string {
  let charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  if (!charset) {
    const head = body.subarray(0, 4096).toString('latin1');
    charset = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  }
  const enc = charset && iconv.encodingExists(charset) ? charset : 'utf-8';
  return iconv.decode(body, enc);
}
