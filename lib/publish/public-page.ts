/**
 * The public safety page's data: finding the published revision behind a public id (GS1 Digital Link,
 * /01/{gtin}, is lib/resolver), and turning the stored snapshot into what the page shows for one visitor
 * (the Art. 19 block in their language, the language switcher, JSON-LD, the QR code). No credentials are
 * involved anywhere here; only what a revision froze is ever read.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documents, publicPages, skuRevisions, skus } from '@/lib/db/schema';
import { countryName, languageName, normalizeLanguageCode } from '@/lib/i18n/languages';
import { t, vocabularyLabel, type MessageKey } from '@/lib/i18n/messages';
import { pickLocale, withLanguageAliases } from '@/lib/i18n/pick-locale';
import { publicFieldLabel } from '@/lib/publish/public-labels';
import { PUBLIC_LOCALES, htmlLang, type PublicLocale } from '@/lib/i18n/public-locales';
import { buildArt19Block, chooseArt19Language, type Art19Block } from './art19';
import { serializeJsonLd } from './jsonld';
import { detectSourceLanguage } from './source-language';
import { qrMatrix } from './qr';
import { normalizePublicId } from './public-page-id';
import type { PublicDocumentEntry, RevisionSnapshot } from './snapshot';

export type PublicLookup =
  | { kind: 'ok'; publicId: string; workspaceId: string; skuId: string; revision: number; snapshot: RevisionSnapshot }
  | { kind: 'gone'; publicId: string }
  | { kind: 'not_found' };

/**
 * The revision /p/{id} shows: the SKU's current published revision. A withdrawn id (its SKU was
 * deleted) is "gone" (410), an unknown or never-published one "not_found" (404).
 */
export async function findPublishedRevision(db: Db, { rawPublicId }: { rawPublicId: unknown }): Promise<PublicLookup> {
  const publicId = normalizePublicId(rawPublicId);
  if (!publicId) return { kind: 'not_found' };
  const [page] = await db.select().from(publicPages).where(eq(publicPages.publicId, publicId));
  if (!page) return { kind: 'not_found' };
  if (page.withdrawnAt || !page.skuId) return { kind: 'gone', publicId };
  const [row] = await db
    .select({
      revision: skuRevisions.revision,
      snapshot: skuRevisions.snapshot,
      skuId: skus.id,
      workspaceId: skus.workspaceId,
    })
    .from(skus)
    .innerJoin(skuRevisions, and(eq(skuRevisions.skuId, skus.id), eq(skuRevisions.revision, skus.publishedRevision)))
    .where(and(eq(skus.id, page.skuId), eq(skus.workspaceId, page.workspaceId), eq(skus.publicId, publicId)));
  if (!row) return { kind: 'not_found' };
  return {
    kind: 'ok',
    publicId,
    workspaceId: row.workspaceId,
    skuId: row.skuId,
    revision: row.revision,
    snapshot: row.snapshot as unknown as RevisionSnapshot,
  };
}

// ---------------------------------------------------------------------------------------------
// Downloads frozen in a revision
// ---------------------------------------------------------------------------------------------

/** A document the shown revision published, if the vault still holds the same bytes. */
export async function findPublicDocument(
  db: Db,
  { found, documentId }: { found: Extract<PublicLookup, { kind: 'ok' }>; documentId: string },
) {
  const entry = (found.snapshot.documents ?? []).find((d) => d.id === documentId);
  if (!entry) return null;
  const [doc] = await db
    .select({
      id: documents.id,
      storageKey: documents.storageKey,
      sha256: documents.sha256,
      mimeType: documents.mimeType,
      filename: documents.filename,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.workspaceId, found.workspaceId)));
  if (!doc || doc.sha256 !== entry.sha256) return null;
  return { entry, storageKey: doc.storageKey };
}

/** Content-Disposition for a download: an ASCII fallback plus the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const base =
    name
      .replace(/[\\/]/g, '_')
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .slice(0, 180) || 'download';
  const ascii = base
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["%;\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}

// ---------------------------------------------------------------------------------------------
// What the page shows
// ---------------------------------------------------------------------------------------------

const PAGE_TEXT_KEYS = {
  download: 'public.download',
  withdrawn_title: 'public.withdrawn_title',
  withdrawn_body: 'public.withdrawn_body',
  not_found_title: 'public.not_found_title',
  not_found_body: 'public.not_found_body',
  picture_source: 'public.picture_source',
  sku: 'public.sku',
  operators: 'public.operators',
  eu_operator_note: 'public.eu_operator_note',
  choose_language: 'public.choose_language',
  show: 'public.show',
} as const satisfies Record<string, MessageKey>;

/** The page's own fixed texts in a public locale. */
export function pageText(locale: PublicLocale): Record<keyof typeof PAGE_TEXT_KEYS, string> {
  return Object.fromEntries(Object.entries(PAGE_TEXT_KEYS).map(([k, key]) => [k, t(locale, key)])) as Record<
    keyof typeof PAGE_TEXT_KEYS,
    string
  >;
}

/** The visitor's locale for pages without content (410/404): ?lang=, else Accept-Language, among the 26. */
export function uiLocaleFor(acceptLanguage: string | null | undefined, query?: string | null): PublicLocale {
  const q = normalizeLanguageCode(query ?? '');
  if (q) return q;
  return pickLocale(withLanguageAliases(acceptLanguage), PUBLIC_LOCALES, 'en');
}

/** The QR code as one SVG path (run-length rows), drawn by the page without inlining foreign markup. */
export function qrPath(url: string, margin = 4): { viewBox: string; d: string } {
  const { size, modules } = qrMatrix(url);
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules[y][x]) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < size && modules[y][x + run]) run++;
      parts.push(`M${x + margin} ${y + margin}h${run}v1h-${run}z`);
      x += run;
    }
  }
  const total = size + margin * 2;
  return { viewBox: `0 0 ${total} ${total}`, d: parts.join('') };
}

/**
 * The page's own address, absolute and without a query: the snapshot's public URL as published (what
 * the QR code carries). A relative path handed to Next's metadata was joined onto the page's path
 * (/p/{id}/p/{id}), which answers 404.
 */
export function absolutePageUrl(publicUrl: string): string {
  const u = new URL(publicUrl);
  u.search = '';
  u.hash = '';
  return u.toString().replace(/\/+$/, '');
}

/**
 * The JSON-LD of the language shown: the description in that language, and the page it describes
 * with its language (schema.org `mainEntityOfPage`, a WebPage with `inLanguage`).
 */
function localizedJsonLd(jsonLd: Record<string, unknown>, block: Art19Block, pageUrl: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...jsonLd };
  if (block.product.description) out.description = block.product.description;
  else delete out.description;
  if (block.product.age_grading) out.audience = { '@type': 'PeopleAudience', description: block.product.age_grading };
  if (block.language) {
    out.mainEntityOfPage = {
      '@type': 'WebPage',
      '@id': `${pageUrl}?lang=${block.language}`,
      url: `${pageUrl}?lang=${block.language}`,
      inLanguage: block.language,
      name: block.labels.title,
    };
  }
  return out;
}

export interface PublicPageView {
  block: Art19Block;
  /** BCP 47 code of the content (the html lang of the main element). */
  lang: string;
  locale: PublicLocale;
  text: ReturnType<typeof pageText>;
  labels: {
    sku: string;
    gtin: string;
    model: string;
    brand: string;
    batch: string;
    age: string;
    description: string;
    address: string;
    email: string;
    website: string;
    phone: string;
    country: (code: string) => string;
    doctype: (type: string) => string;
  };
  languages: Array<{ code: string; name: string; href: string; current: boolean }>;
  /** Every public locale, for the page's language choice (a GET form, no script). */
  language_choice: Array<{ code: string; name: string; lang: string; selected: boolean }>;
  /** Absolute URLs: this language's page, and every published language's (hreflang), x-default last. */
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  documents: Array<PublicDocumentEntry & { type_label: string; href: string }>;
  picture: { src: string; alt: string } | null;
  json_ld: string;
  qr: { viewBox: string; d: string; svg_href: string; png_href: string };
  title: string;
}

/**
 * Everything the page renders for one visitor. `?lang=` wins when that language was published;
 * otherwise Accept-Language chooses among the published ones (English, else the first, by default).
 */
export function buildPublicPageView(
  stored: RevisionSnapshot,
  opts: { lang?: string | null; acceptLanguage?: string | null },
): PublicPageView {
  // Snapshots published before the source language was recorded: read it from the texts now.
  const snapshot: RevisionSnapshot =
    stored.source_language === undefined ? { ...stored, source_language: detectSourceLanguage(stored.fields) } : stored;
  const query = opts.lang ? normalizeLanguageCode(opts.lang) : null;
  const negotiated = chooseArt19Language(snapshot, { query, acceptLanguage: opts.acceptLanguage });
  const block = buildArt19Block(snapshot, query ?? negotiated);
  const locale = block.label_locale;
  const path = `/p/${snapshot.public_id}`;
  const documents = (snapshot.documents ?? []).filter((d) => block.documents.some((b) => b.id === d.id));
  const picture = snapshot.picture?.captured
    ? { src: snapshot.picture.url, alt: `${block.labels.picture}: ${snapshot.sku.product_name}` }
    : null;
  const absolute = absolutePageUrl(snapshot.public_url);
  return {
    block,
    // The document's language is that of its fixed texts; a text shown in another language carries its own lang.
    lang: htmlLang(locale),
    locale,
    text: pageText(locale),
    labels: {
      sku: pageText(locale).sku,
      gtin: publicFieldLabel('gtin', locale),
      model: publicFieldLabel('model_number', locale),
      brand: publicFieldLabel('brand', locale),
      batch: publicFieldLabel('batch_or_serial_scheme', locale),
      age: publicFieldLabel('age_grading', locale),
      description: publicFieldLabel('product_description', locale),
      address: t(locale, 'pdf.address'),
      email: t(locale, 'pdf.email'),
      website: t(locale, 'pdf.website'),
      phone: t(locale, 'pdf.phone'),
      country: (code: string) => countryName(code, locale),
      doctype: (type: string) => vocabularyLabel(locale, 'doctype', type),
    },
    languages: block.available_languages.map(({ code, name }) => ({
      code,
      name,
      href: `${path}?lang=${code}`,
      current: code === block.language,
    })),
    language_choice: PUBLIC_LOCALES.map((code) => ({
      code,
      name: languageName(code, code),
      lang: htmlLang(code),
      selected: code === locale,
    })),
    documents: documents.map((d) => ({
      ...d,
      type_label: vocabularyLabel(locale, 'doctype', d.type),
      href: `${path}/documents/${d.id}`,
    })),
    picture,
    canonical: block.language ? `${absolute}?lang=${block.language}` : absolute,
    alternates: [
      ...block.available_languages.map(({ code }) => ({ hreflang: code, href: `${absolute}?lang=${code}` })),
      { hreflang: 'x-default', href: absolute },
    ],
    json_ld: serializeJsonLd(localizedJsonLd(snapshot.json_ld, block, absolute)),
    qr: { ...qrPath(snapshot.public_url), svg_href: `${path}/qr.svg`, png_href: `${path}/qr.png` },
    title: `${snapshot.sku.product_name} – ${block.labels.title}`,
  };
}
