/**
 * Content negotiation from an Accept-Language header (RFC 9110 §12.5.4, with the usual "basic
 * filtering" of RFC 4647): "de-AT,de;q=0.9,en;q=0.5" against the locales or languages on offer.
 */
import { DEFAULT_LOCALE } from './locales';

const MAX_HEADER = 1000;
const MAX_RANGES = 40;

interface Range {
  tag: string;
  q: number;
  order: number;
}

function parseAcceptLanguage(header: string): Range[] {
  const out: Range[] = [];
  const parts = header.slice(0, MAX_HEADER).split(',').slice(0, MAX_RANGES);
  parts.forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = (rawTag ?? '').trim().toLowerCase();
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Math.min(1, Number(m[1]));
    }
    if (q > 0) out.push({ tag, q, order });
  });
  return out.sort((a, b) => b.q - a.q || a.order - b.order);
}

/**
 * The best of `available` for the header: exact tag, then the header's primary language ("de-AT" → "de"),
 * then a more specific available tag ("en" → "en-GB"), "*" takes the first available. With no match:
 * `fallback` if available, else the first available, else "en".
 */
export function pickLocale<T extends string>(
  acceptLanguage: string | null | undefined,
  available: readonly T[],
  fallback?: T,
): T {
  const lower = available.map((a) => a.toLowerCase());
  const fallbackChoice = (): T => {
    if (fallback && available.includes(fallback)) return fallback;
    return available[0] ?? (DEFAULT_LOCALE as T);
  };
  if (!acceptLanguage || available.length === 0) return fallbackChoice();
  for (const { tag } of parseAcceptLanguage(acceptLanguage)) {
    if (tag === '*') return fallbackChoice();
    let i = lower.indexOf(tag);
    if (i >= 0) return available[i];
    const primary = tag.split('-')[0];
    i = lower.indexOf(primary);
    if (i >= 0) return available[i];
    i = lower.findIndex((a) => a.startsWith(`${primary}-`));
    if (i >= 0) return available[i];
  }
  return fallbackChoice();
}

/** A `?lang=` choice wins when it is on offer; otherwise Accept-Language decides. */
export function negotiateLanguage<T extends string>(opts: {
  query?: string | null;
  acceptLanguage?: string | null;
  available: readonly T[];
  fallback?: T;
}): T {
  const q = opts.query?.trim().toLowerCase();
  if (q) {
    const hit = opts.available.find((a) => a.toLowerCase() === q);
    if (hit) return hit;
  }
  return pickLocale(opts.acceptLanguage, opts.available, opts.fallback);
}

/** Accept-Language with written Norwegian ("nb", "nn", "nb-NO") read as "no", the code our texts carry. */
export function withLanguageAliases(acceptLanguage: string | null | undefined): string | null | undefined {
  return acceptLanguage?.replace(/(^|[\s,])n[bn](?=[-;,\s]|$)/gi, '$1no');
}
