/**
 * What the research of a product shares: its sources (a SKU's documents, the manufacturer's website),
 * their addresses a user can open, the snippet's length, and the checks every finding's value passes
 * whoever found it (GTIN check digit, HS code shape, a website's root). The operation is product.ts; the
 * rules that read the documents are document-findings.ts, the website website.ts, the model
 * model-findings.ts, the provider's web search web.ts.
 */
import { publicAppUrl } from '@/lib/config/public-url';
import { normalizeFieldValue } from '@/lib/model/catalogue';
import { checkGtin } from '@/lib/gtin';

const MAX_SNIPPET = 300;

export interface DocSource {
  kind: 'document';
  ref: string;
  id: string;
  filename: string;
  pages: string[];
}
export interface WebSource {
  kind: 'website';
  ref: string;
  url: string;
  html: string;
  text: string;
}
export type Source = DocSource | WebSource;

export const docUrl = (id: string, page: number) => `${publicAppUrl()}/api/documents/${id}/file#page=${page}`;
export const clip = (s: string, n = MAX_SNIPPET) => (s.length > n ? s.slice(0, n) : s);

export function validEan(raw: string): string | null {
  const checked = checkGtin(raw.replace(/\D/g, ''));
  return checked.ok ? checked.value : null;
}

export function validHs(raw: string): string | null {
  const r = normalizeFieldValue('hs_code', raw);
  return r.ok ? r.value : null;
}

export function websiteOf(raw: string): string | null {
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const u = new URL(withScheme.replace(/[.,;:]+$/, ''));
    if (
      !/^https?:$/.test(u.protocol) ||
      (!u.hostname.includes('.') && u.hostname !== 'localhost' && !/^\d+\.\d+\.\d+\.\d+$/.test(u.hostname))
    )
      return null;
    return `${u.protocol}//${u.host}/`;
  } catch {
    return null;
  }
}
