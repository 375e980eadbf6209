/**
 * The GS1 Web Vocabulary link types this resolver serves, and how a `linkType` query names one: as a
 * CURIE (gs1:pip) or a full URI in either GS1 namespace (https://gs1.org/voc/pip,
 * https://ref.gs1.org/voc/pip). Linksets use the https://gs1.org/voc/ URIs, as GS1's own resolver does.
 */
export const GS1_VOC = 'https://gs1.org/voc/';
export const GS1_LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

export const LINK_TYPES = [
  'defaultLink',
  'pip',
  'safetyInfo',
  'instructions',
  'certificationInfo',
  'sustainabilityInfo',
  'recallStatus',
] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** The title of each link type (English: the API and the linkset speak English; hreflang tells the page language). */
export const LINK_TYPE_TITLES: Record<LinkType, string> = {
  defaultLink: 'Product safety information',
  pip: 'Product information page',
  safetyInfo: 'Safety information (GPSR Art. 19)',
  instructions: 'Instructions',
  certificationInfo: 'Declarations of conformity and certificates',
  sustainabilityInfo: 'Digital product passport',
  recallStatus: 'Recall status',
};

export type LinkTypeRequest =
  | { kind: 'linkset' }
  | { kind: 'type'; type: LinkType }
  /** A link type of the vocabulary (or any other) that this resolver has no link for: the default link answers. */
  | { kind: 'unknown'; raw: string };

/** Reads `?linkType=`: "all" and "linkset" ask for the linkset; null when the query has none. */
export function parseLinkTypeQuery(raw: string | null | undefined): LinkTypeRequest | null {
  const v = raw?.trim();
  if (!v) return null;
  if (v === 'all' || v === 'linkset') return { kind: 'linkset' };
  const local = v.startsWith('gs1:')
    ? v.slice(4)
    : v.startsWith(GS1_VOC)
      ? v.slice(GS1_VOC.length)
      : v.startsWith('https://ref.gs1.org/voc/')
        ? v.slice('https://ref.gs1.org/voc/'.length)
        : v.startsWith('http://gs1.org/voc/')
          ? v.slice('http://gs1.org/voc/'.length)
          : null;
  const type = LINK_TYPES.find((t) => t === local);
  return type ? { kind: 'type', type } : { kind: 'unknown', raw: v.slice(0, 100) };
}
