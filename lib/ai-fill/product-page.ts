import { and, eq, isNull } from 'drizzle-orm';
import { parse } from 'node-html-parser';
import type { Db } from '@/lib/db/client';
import { dossierValues, entities, skuEntities } from '@/lib/db/schema';
import { safeFetch } from '@/lib/net/safe-fetch';
import type { EvidenceDocument } from './evidence';

/**
 * The product's web page as evidence: the manufacturer URL the dossier or the linked manufacturer
 * gives, fetched through safeFetch (public addresses only, bounded size and time), reduced to its
 * text and cut into page-sized pieces the model can cite like a document's pages.
 */

const FETCH_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 8_000, maxRedirects: 5 } as const;
const CHUNK_CHARS = 4_000;
const MAX_CHUNKS = 10;

export async function knownProductUrl(
  db: Db,
  { workspaceId, skuId }: { workspaceId: string; skuId: string },
): Promise<string | null> {
  const [dossier] = await db
    .select({ value: dossierValues.value })
    .from(dossierValues)
    .where(
      and(
        eq(dossierValues.skuId, skuId),
        eq(dossierValues.fieldKey, 'manufacturer_url'),
        eq(dossierValues.status, 'confirmed'),
        isNull(dossierValues.supersededAt),
      ),
    );
  if (dossier?.value) return dossier.value;
  const [link] = await db
    .select({ url: entities.contactUrl })
    .from(skuEntities)
    .innerJoin(entities, eq(entities.id, skuEntities.entityId))
    .where(
      and(eq(skuEntities.skuId, skuId), eq(skuEntities.workspaceId, workspaceId), eq(skuEntities.role, 'manufacturer')),
    );
  return link?.url ?? null;
}

export function htmlText(html: string): string {
  const root = parse(html.slice(0, 4 * 1024 * 1024), {
    comment: false,
    blockTextElements: { script: false, style: false, noscript: false },
  });
  for (const el of root.querySelectorAll('p, div, li, h1, h2, h3, h4, tr, br, section, article, td, th, dt, dd'))
    el.insertAdjacentHTML('afterend', '\n');
  return root.textContent
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/\n\s*/g, '\n')
    .trim();
}

/** The page as an evidence source (ref W1), or null when it cannot be fetched or has no text. */
export async function fetchProductPage(url: string, signal?: AbortSignal): Promise<EvidenceDocument | null> {
  const res = await safeFetch(url, {
    ...FETCH_LIMITS,
    signal,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9' },
  });
  if (!res.ok || res.status < 200 || res.status >= 300) return null;
  if (res.contentType && !/html|xml|text\/plain/i.test(res.contentType)) return null;
  const text = /html|xml/i.test(res.contentType ?? 'html')
    ? htmlText(res.body.toString('utf8'))
    : res.body.toString('utf8');
  if (!text) return null;
  const pages: string[] = [];
  for (let i = 0; i < text.length && pages.length < MAX_CHUNKS; i += CHUNK_CHARS)
    pages.push(text.slice(i, i + CHUNK_CHARS));
  return { id: null, url: res.url, ref: 'W1', filename: res.url, documentType: 'product_page', pages };
}
