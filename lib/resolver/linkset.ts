/**
 * The links of one published revision, by GS1 link type, and their RFC 9264 linkset (JSON, with the
 * GS1 linkset context): the safety page is the default link, product information page and safety
 * information (one per published language, hreflang), the instructions (a published manual, else the
 * page's instructions section), the declarations and certificates (gs1:certificationInfo), the digital
 * product passport (gs1:sustainabilityInfo, /p/{id}/passport) and the recall status (/p/{id}/recall).
 * Pure: built from the frozen snapshot, so the links are those of what the page shows.
 */
import { z } from 'zod';
import { buildArt19Block } from '@/lib/publish/art19';
import type { RevisionSnapshot } from '@/lib/publish/snapshot';
import { GS1_VOC, LINK_TYPE_TITLES, type LinkType } from './link-types';

export interface ResolverLink {
  href: string;
  title: string;
  type: string;
  hreflang?: string[];
}

/** The linkset document (RFC 9264 JSON, GS1 resolver linkset schema): relation URIs map to target objects. */
export const LinkTarget = z.object({
  href: z.string(),
  title: z.string(),
  type: z.string(),
  hreflang: z.array(z.string()).optional(),
});
export const LinksetDocument = z
  .object({
    linkset: z.array(
      z
        .object({ anchor: z.string(), description: z.string(), itemDescription: z.string() })
        .catchall(z.array(LinkTarget)),
    ),
  })
  .meta({ id: 'Gs1Linkset' });

export type LinkTable = Partial<Record<LinkType, ResolverLink[]>>;

const CERTIFICATION_DOC_TYPES = new Set(['declaration_of_conformity', 'certificate']);

/** The page's own address as published (what the QR code carries), without query or fragment. */
export function pageUrlOf(snapshot: RevisionSnapshot): string {
  const u = new URL(snapshot.public_url);
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

/** The published languages of the page, in the order the page lists them. */
export function publishedLanguages(snapshot: RevisionSnapshot): string[] {
  return buildArt19Block(snapshot, null).available_languages.map((l) => l.code);
}

/**
 * Every link of the revision. `lot` (batch) is passed to the recall page, which can answer per batch; the
 * passport (gs1:sustainabilityInfo) is linked only when a public passport exists (`hasPassport`).
 */
export function linksOf(snapshot: RevisionSnapshot, opts: { lot?: string; hasPassport?: boolean } = {}): LinkTable {
  const page = pageUrlOf(snapshot);
  const name = snapshot.sku.product_name;
  const languages = publishedLanguages(snapshot);
  const html = (href: string, title: string, hreflang?: string): ResolverLink => ({
    href,
    title,
    type: 'text/html',
    ...(hreflang ? { hreflang: [hreflang] } : {}),
  });
  const perLanguage = (suffix: string, title: string) =>
    languages.length > 0
      ? languages.map((l) => html(`${page}?lang=${l}${suffix}`, title, l))
      : [html(`${page}${suffix}`, title)];

  const docs = snapshot.documents ?? [];
  const docLink = (d: (typeof docs)[number], title: string): ResolverLink => ({
    href: d.url,
    title: `${title}: ${d.name}`,
    type: 'mime_type' in d && typeof d.mime_type === 'string' ? d.mime_type : 'application/octet-stream',
    ...(d.language ? { hreflang: [d.language] } : {}),
  });
  const manuals = docs.filter((d) => d.type === 'manual');
  const certificates = docs.filter((d) => CERTIFICATION_DOC_TYPES.has(d.type));
  const hasInstructionsText = Object.keys(snapshot.fields).some(
    (k) => k === 'instructions' || k.startsWith('instructions_'),
  );

  const table: LinkTable = {
    defaultLink: [html(page, `${LINK_TYPE_TITLES.defaultLink}: ${name}`)],
    pip: perLanguage('', `${LINK_TYPE_TITLES.pip}: ${name}`),
    safetyInfo: perLanguage('#warnings', `${LINK_TYPE_TITLES.safetyInfo}: ${name}`),
    recallStatus: [
      html(
        `${page}/recall${opts.lot ? `?batch=${encodeURIComponent(opts.lot)}` : ''}`,
        `${LINK_TYPE_TITLES.recallStatus}: ${name}`,
      ),
    ],
  };
  if (opts.hasPassport)
    table.sustainabilityInfo = [html(`${page}/passport`, `${LINK_TYPE_TITLES.sustainabilityInfo}: ${name}`)];
  if (manuals.length > 0) table.instructions = manuals.map((d) => docLink(d, LINK_TYPE_TITLES.instructions));
  else if (hasInstructionsText)
    table.instructions = perLanguage('#instructions', `${LINK_TYPE_TITLES.instructions}: ${name}`);
  if (certificates.length > 0)
    table.certificationInfo = certificates.map((d) => docLink(d, LINK_TYPE_TITLES.certificationInfo));
  return table;
}

/**
 * The link a request for `type` redirects to: among that type's links, the one whose hreflang matches
 * the visitor's language, else the first. A type without links falls back to the default link
 * (GS1-Conformant Resolver: an unavailable link type answers with the default).
 */
export function pickLink(table: LinkTable, type: LinkType, language: string | null): ResolverLink {
  const links = table[type]?.length ? table[type]! : table.defaultLink!;
  if (language) {
    const match = links.find((l) => l.hreflang?.includes(language));
    if (match) return match;
  }
  return links[0];
}

/** RFC 9264 linkset (application/linkset+json) of one anchor, link relations as GS1 vocabulary URIs. */
export function linksetOf(anchor: string, table: LinkTable, description: string) {
  const entry: Record<string, unknown> = { anchor, description, itemDescription: description };
  for (const [type, links] of Object.entries(table)) {
    if (links && links.length > 0) entry[`${GS1_VOC}${type}`] = links;
  }
  return { linkset: [entry] };
}

/** The HTTP Link header of a redirect: the linkset's address and the first link of each type (RFC 8288). */
export function linkHeader(anchor: string, table: LinkTable): string {
  const parts = [`<${anchor}?linkType=all>; rel="linkset"; type="application/linkset+json"`];
  for (const [type, links] of Object.entries(table)) {
    const l = links?.[0];
    if (!l) continue;
    const lang = l.hreflang?.length ? `; hreflang="${l.hreflang[0]}"` : '';
    parts.push(`<${l.href}>; rel="${GS1_VOC}${type}"; type="${l.type}"${lang}`);
  }
  return parts.join(', ');
}
