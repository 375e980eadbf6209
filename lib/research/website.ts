/**
 * The manufacturer's website as a source: fetched through safeFetch, and read by rules (its own address,
 * schema.org Product JSON-LD with GTINs and categories, the breadcrumb), each snippet a raw piece of the page.
 */
import { parse } from 'node-html-parser';
import { htmlText } from '@/lib/ai-fill/product-page';
import { safeFetch } from '@/lib/net/safe-fetch';
import type { Finding, ResearchField } from './schemas';
import { clip, validEan, websiteOf, type WebSource } from './service';

const FETCH_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 8_000, maxRedirects: 5 } as const;

export async function fetchWebsite(url: string, signal: AbortSignal): Promise<WebSource | { error: string }> {
  const res = await safeFetch(url, {
    ...FETCH_LIMITS,
    signal,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9' },
  });
  if (!res.ok) return { error: res.error.code };
  if (res.status < 200 || res.status >= 300) return { error: `http_${res.status}` };
  if (res.contentType && !/html|xml/i.test(res.contentType)) return { error: 'not_html' };
  const html = res.body.toString('utf8');
  const text = htmlText(html);
  return { kind: 'website', ref: '', url: res.url, html, text };
}

/** A raw piece of the page around a JSON value, so the snippet is literally in the fetched source. */
function rawAround(html: string, value: string): string | null {
  const needles = [JSON.stringify(value), value];
  for (const n of needles) {
    const i = html.indexOf(n);
    if (i >= 0) {
      const start = Math.max(0, html.lastIndexOf('"', Math.max(0, i - 2)) - 30);
      return clip(html.slice(start, i + n.length).trim());
    }
  }
  return null;
}

function walk(node: unknown, visit: (o: Record<string, unknown>) => void, depth = 0) {
  if (depth > 12 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node.slice(0, 200)) walk(x, visit, depth + 1);
    return;
  }
  const o = node as Record<string, unknown>;
  visit(o);
  for (const v of Object.values(o)) walk(v, visit, depth + 1);
}

const typeIs = (o: Record<string, unknown>, re: RegExp) =>
  [o['@type']].flat().some((t) => typeof t === 'string' && re.test(t));
const asText = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string'
      ? (v as { name: string }).name
      : null;

export function websiteFindings(site: WebSource, wanted: Set<ResearchField>): Finding[] {
  const out: Finding[] = [];
  const root = parse(site.html.slice(0, 4 * 1024 * 1024), {
    comment: false,
    blockTextElements: { script: true, style: false },
  });
  if (wanted.has('manufacturer_website')) {
    const title = root.querySelector('title')?.rawText.trim();
    const snippet = title ? rawAround(site.html, title) : null;
    out.push({
      field: 'manufacturer_website',
      suggested_value: websiteOf(site.url) ?? site.url,
      confidence: 0.7,
      source_url: site.url,
      source_snippet: snippet ?? clip(site.html.slice(0, 120)),
      reasoning: 'The manufacturer web address known for this SKU answers with this page.',
    });
  }
  for (const script of root.querySelectorAll('script[type="application/ld+json"]').slice(0, 20)) {
    const raw = script.rawText;
    if (raw.length > 1024 * 1024) continue;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      continue;
    }
    walk(data, (o) => {
      if (typeIs(o, /Product$/i)) {
        if (wanted.has('ean')) {
          for (const k of ['gtin13', 'gtin', 'gtin14', 'gtin12', 'gtin8']) {
            const v = typeof o[k] === 'string' || typeof o[k] === 'number' ? String(o[k]) : null;
            const ean = v ? validEan(v) : null;
            const snippet = v ? rawAround(site.html, v) : null;
            if (ean && snippet)
              out.push({
                field: 'ean',
                suggested_value: ean,
                confidence: 0.8,
                source_url: site.url,
                source_snippet: snippet,
                reasoning: `schema.org Product ${k} on the manufacturer's page, valid check digit.`,
              });
          }
        }
        if (wanted.has('product_category')) {
          const cat = [o.category]
            .flat()
            .map(asText)
            .find((c): c is string => Boolean(c && c.trim()));
          const snippet = cat ? rawAround(site.html, cat) : null;
          if (cat && snippet)
            out.push({
              field: 'product_category',
              suggested_value: clip(cat.trim(), 200),
              confidence: 0.65,
              source_url: site.url,
              source_snippet: snippet,
              reasoning: "schema.org Product category on the manufacturer's page.",
            });
        }
      }
      if (wanted.has('product_category') && typeIs(o, /BreadcrumbList$/i) && Array.isArray(o.itemListElement)) {
        const names = o.itemListElement
          .map((e) => asText((e as Record<string, unknown>)?.name ?? (e as Record<string, unknown>)?.item))
          .filter((n): n is string => Boolean(n));
        const last = names.length > 1 ? names[names.length - 2] : null;
        const snippet = last ? rawAround(site.html, last) : null;
        if (last && snippet)
          out.push({
            field: 'product_category',
            suggested_value: clip(last, 200),
            confidence: 0.5,
            source_url: site.url,
            source_snippet: snippet,
            reasoning: "The product's place in the manufacturer's breadcrumb navigation.",
          });
      }
    });
  }
  return out;
}
