/**
 * What the research of a product shares: its sources (a SKU's documents, the manufacturer's website),
 * their addresses a user can open, the snippet's length, and the checks every finding's value passes
 * whoever found it (GTIN check digit, HS code shape, a website's root). The operation is product.ts; the
 * rules that read the documents are document-findings.ts, the website website.ts, the model
 * model-findings.ts, the provider's web search web.ts.
 */
import { clean } from '@/lib/ai-fill/suggest';
import { publicAppUrl } from '@/lib/config/public-url';
import { normalizeFieldValue } from '@/lib/model/catalogue';
import { comparable } from '@/lib/model/citations';
import { checkGtin } from '@/lib/gtin';
import type { ResearchField } from './schemas';

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

/**
 * A value a model reported beside the snippet it copied from a source (`snippet` as comparable() gives
 * it): kept only when it passes its field's check and the snippet bears it out (a GTIN's or HS code's
 * digits, a website's host, any other value as written). The model reading the sources and the provider's
 * web search both go through it; null drops the finding.
 */
export function checkedModelValue(field: ResearchField, reported: string, snippet: string): string | null {
  const value = clean(reported).trim();
  const digits = (s: string) => s.replace(/\D/g, '');
  if (field === 'ean') {
    const v = validEan(value);
    return v && digits(snippet).includes(v) ? v : null;
  }
  if (field === 'hs_code') {
    const v = validHs(value);
    return v && digits(snippet).includes(digits(v)) ? v : null;
  }
  if (field === 'manufacturer_website') {
    const v = websiteOf(value);
    return v && snippet.includes(new URL(v).hostname.replace(/^www\./, '')) ? v : null;
  }
  return value && snippet.includes(comparable(value)) ? value : null;
}
