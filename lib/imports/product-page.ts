/**
 * Product data from a shop page's HTML: schema.org JSON-LD (including @graph, arrays, Product,
 * ProductGroup with variants, Offer.itemOffered), schema.org microdata, and OpenGraph / product meta
 * tags. Every proposed value names its source; JSON-LD wins over microdata, which wins over OpenGraph.
 * Pure and bounded: script blocks over 1 MB and structures deeper than 12 levels are ignored.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { normalizeValidGtin as normalizeGtin } from './normalize';
import { SKU_CODE_RE } from '@/lib/skus/schemas';

export type ProductDataSource = 'jsonld' | 'microdata' | 'opengraph';

export interface ProposedValue<T = string> {
  value: T;
  source: ProductDataSource;
}

export interface ProductPageFields {
  product_name?: ProposedValue;
  gtin?: ProposedValue;
  sku_code?: ProposedValue;
  external_sku_id?: ProposedValue;
  model_number?: ProposedValue;
  brand?: ProposedValue;
  manufacturer_name?: ProposedValue;
  product_image_url?: ProposedValue;
  images?: ProposedValue<string[]>;
  product_description?: ProposedValue;
}

export interface ProductPageWarning {
  code:
    | 'no_structured_data'
    | 'not_a_product_page'
    | 'multiple_products'
    | 'product_group_variants'
    | 'invalid_gtin'
    | 'sku_not_a_valid_code'
    | 'invalid_json_ld'
    | 'conflicting_values';
  message: string;
  details?: Record<string, unknown>;
}

export interface ProductPageVariant {
  name: string | null;
  sku: string | null;
  gtin: string | null;
}

export interface ProductPagePreview {
  fields: ProductPageFields;
  /** a ProductGroup's variants, for the user to pick one */
  variants: ProductPageVariant[];
  sources_found: ProductDataSource[];
  warnings: ProductPageWarning[];
}

/** Raw product facts from one source, before validation. */
interface RawProduct {
  name?: string;
  gtin?: { value: string; key: string }[];
  sku?: string;
  mpn?: string;
  brand?: string;
  manufacturer?: string;
  images: string[];
  description?: string;
  url?: string;
  variants?: RawProduct[];
  isGroup?: boolean;
}

const MAX_SCRIPT_CHARS = 1024 * 1024;
const MAX_DEPTH = 12;
const PRODUCT_TYPES =
  /^(?:https?:\/\/schema\.org\/|schema:)?(Product|ProductGroup|IndividualProduct|ProductModel|SomeProducts|Vehicle|Book)$/i;
const GTIN_KEYS = ['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin', 'isbn'];

export function extractProductFromHtml(html: string, pageUrl: string): ProductPagePreview {
  const warnings: ProductPageWarning[] = [];
  let root: HTMLElement;
  try {
    root = parse(html.slice(0, 10 * 1024 * 1024), {
      comment: false,
      blockTextElements: { script: true, style: false, noscript: false, pre: true },
    });
  } catch {
    return {
      fields: {},
      variants: [],
      sources_found: [],
      warnings: [{ code: 'no_structured_data', message: 'The page could not be parsed as HTML.' }],
    };
  }
  const jsonld = jsonLdProducts(root, pageUrl, warnings);
  const micro = microdataProducts(root, pageUrl);
  const og = openGraphProduct(root, pageUrl);

  const sources: [ProductDataSource, RawProduct | null][] = [
    ['jsonld', pickMain(jsonld, pageUrl, 'JSON-LD', warnings)],
    ['microdata', pickMain(micro, pageUrl, 'microdata', warnings)],
    ['opengraph', og],
  ];
  const found = sources.filter(([, p]) => p !== null).map(([s]) => s);
  const fields: ProductPageFields = {};
  let variants: ProductPageVariant[] = [];

  for (const [source, p] of sources) {
    if (!p) continue;
    const put = <K extends keyof ProductPageFields>(key: K, value: ProductPageFields[K] | undefined) => {
      if (value === undefined || fields[key] !== undefined) return;
      fields[key] = value;
    };
    if (p.name) put('product_name', { value: clip(oneLine(p.name), 200), source });
    for (const g of p.gtin ?? []) {
      if (fields.gtin) break;
      const n = normalizeGtin(g.value);
      if (n.ok && n.value) put('gtin', { value: n.value, source });
      else
        warnings.push({
          code: 'invalid_gtin',
          message: `The ${source} ${g.key} "${clip(g.value, 40)}" is not a valid GTIN and was not proposed.`,
          details: { source, key: g.key, value: clip(g.value, 40) },
        });
    }
    if (p.sku) {
      const sku = p.sku.trim();
      if (SKU_CODE_RE.test(sku)) put('sku_code', { value: sku, source });
      else if (!fields.sku_code) {
        put('external_sku_id', { value: clip(sku, 200), source });
        warnings.push({
          code: 'sku_not_a_valid_code',
          message: `The shop's SKU "${clip(sku, 60)}" has characters a sku_code may not contain; it is proposed as external_sku_id.`,
        });
      }
    }
    if (p.mpn) put('model_number', { value: clip(oneLine(p.mpn), 200), source });
    if (p.brand) put('brand', { value: clip(oneLine(p.brand), 200), source });
    if (p.manufacturer) put('manufacturer_name', { value: clip(oneLine(p.manufacturer), 200), source });
    if (p.images.length) {
      put('images', { value: p.images.slice(0, 20), source });
      put('product_image_url', { value: p.images[0], source });
    }
    if (p.description) put('product_description', { value: clip(p.description, 5000), source });
    if (p.variants?.length && variants.length === 0) {
      variants = p.variants.slice(0, 100).map((v) => {
        const g = (v.gtin ?? []).map((x) => normalizeGtin(x.value)).find((r) => r.ok && r.value);
        return { name: v.name ?? null, sku: v.sku ?? null, gtin: g && g.ok ? g.value : null };
      });
    }
  }

  // A different GTIN in another source is worth a look before the SKU is created.
  const gtins = new Set<string>();
  for (const [, p] of sources)
    for (const g of p?.gtin ?? []) {
      const n = normalizeGtin(g.value);
      if (n.ok && n.value) gtins.add(n.value);
    }
  if (gtins.size > 1 && variants.length === 0) {
    warnings.push({
      code: 'conflicting_values',
      message: `The page names ${gtins.size} different GTINs: ${[...gtins].slice(0, 5).join(', ')}.`,
      details: { gtins: [...gtins].slice(0, 20) },
    });
  }
  if (variants.length > 1) {
    warnings.push({
      code: 'product_group_variants',
      message: `The page describes a product group with ${variants.length} variants; the proposal covers the group, pick a variant for its GTIN and SKU.`,
    });
  }
  if (found.length === 0) {
    warnings.push({
      code: 'no_structured_data',
      message: 'The page has no schema.org product data and no OpenGraph tags.',
    });
  } else if (!jsonld.length && !micro.length && og && !og.isGroup && !isProductOgType(root)) {
    warnings.push({
      code: 'not_a_product_page',
      message: 'Only generic OpenGraph tags were found; the page may not be a product page.',
    });
  }
  return { fields, variants, sources_found: found, warnings };
}

// ------------------------------------------------------------------------------------------ JSON-LD

function jsonLdProducts(root: HTMLElement, pageUrl: string, warnings: ProductPageWarning[]): RawProduct[] {
  const out: RawProduct[] = [];
  for (const script of root.querySelectorAll('script')) {
    const type = (script.getAttribute('type') ?? '').toLowerCase().trim();
    if (type !== 'application/ld+json') continue;
    const text = script.rawText;
    if (text.length > MAX_SCRIPT_CHARS) continue;
    const data = parseJsonLoose(text);
    if (data === undefined) {
      warnings.push({
        code: 'invalid_json_ld',
        message: 'A JSON-LD block on the page is not valid JSON and was skipped.',
      });
      continue;
    }
    walkJsonLd(data, 0, (node) => {
      const p = productFromJsonLd(node, pageUrl, 0);
      if (p) out.push(p);
    });
  }
  return out;
}

/** JSON with the usual shop mistakes: HTML comments / CDATA wrappers, raw line breaks, trailing commas. */
function parseJsonLoose(text: string): unknown {
  const cleaned = text
    .replace(/^\s*(?:<!--|\/\*\s*<!\[CDATA\[\s*\*\/)/, '')
    .replace(/(?:-->|\/\*\s*\]\]>\s*\*\/)\s*$/, '')
    .trim();
  try {
    return JSON.parse(cleaned);
  } catch {
    try {
      return JSON.parse(cleaned.replace(/[\r\n\t]+/g, ' ').replace(/,\s*([}\]])/g, '$1'));
    } catch {
      return undefined;
    }
  }
}

function typesOf(node: Record<string, unknown>): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

function isProductNode(node: Record<string, unknown>): boolean {
  return typesOf(node).some((t) => PRODUCT_TYPES.test(t));
}

/** Visits product nodes: top level, arrays, @graph, mainEntity, itemListElement, Offer.itemOffered. */
function walkJsonLd(value: unknown, depth: number, visit: (node: Record<string, unknown>) => void) {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 500)) walkJsonLd(v, depth + 1, visit);
    return;
  }
  const node = value as Record<string, unknown>;
  if (isProductNode(node)) {
    visit(node);
    return; // variants and offers are read by productFromJsonLd
  }
  for (const key of [
    '@graph',
    'mainEntity',
    'mainEntityOfPage',
    'itemListElement',
    'item',
    'itemOffered',
    'about',
    'offers',
  ]) {
    if (key in node) walkJsonLd(node[key], depth + 1, visit);
  }
}

function productFromJsonLd(node: Record<string, unknown>, pageUrl: string, depth: number): RawProduct | null {
  if (depth > 3) return null;
  const p: RawProduct = { images: [] };
  p.name = text(node.name);
  p.description = plainText(text(node.description));
  p.sku = text(node.sku) ?? text(node.productID) ?? text(node.productGroupID);
  p.mpn = text(node.mpn);
  p.brand = nameOf(node.brand);
  p.manufacturer = nameOf(node.manufacturer);
  p.url = text(node.url) ?? text(node['@id']);
  p.gtin = gtinsOf(node);
  p.images = imagesOf(node.image, pageUrl);
  // Offers often carry the GTIN / SKU the product node lacks.
  const offers = asArray(node.offers)
    .flatMap((o) => (isObject(o) && Array.isArray(o.offers) ? o.offers : [o]))
    .filter(isObject)
    .slice(0, 50);
  for (const o of offers) {
    if (!p.gtin.length) p.gtin = gtinsOf(o);
    p.sku ??= text(o.sku);
    p.mpn ??= text(o.mpn);
  }
  if (typesOf(node).some((t) => /ProductGroup$/i.test(t))) {
    p.isGroup = true;
    p.variants = asArray(node.hasVariant)
      .filter(isObject)
      .slice(0, 200)
      .map((v) => productFromJsonLd(v, pageUrl, depth + 1))
      .filter((v): v is RawProduct => v !== null);
    if (p.variants.length === 1) {
      const only = p.variants[0];
      if (!p.gtin.length) p.gtin = only.gtin;
      p.sku = only.sku ?? p.sku;
      if (!p.images.length) p.images = only.images;
    }
  }
  return p;
}

function gtinsOf(node: Record<string, unknown>): { value: string; key: string }[] {
  const out: { value: string; key: string }[] = [];
  for (const key of GTIN_KEYS) {
    const v = node[key];
    for (const item of asArray(v)) {
      const s = typeof item === 'number' ? String(item) : text(item);
      if (s) out.push({ value: s.replace(/^urn:gtin:|^https?:\/\/id\.gs1\.org\/01\//i, ''), key });
    }
  }
  return out;
}

function imagesOf(value: unknown, pageUrl: string): string[] {
  const out: string[] = [];
  for (const item of asArray(value).slice(0, 50)) {
    const raw =
      typeof item === 'string' ? item : isObject(item) ? (text(item.contentUrl) ?? text(item.url)) : undefined;
    const abs = absoluteUrl(raw, pageUrl);
    if (abs && !out.includes(abs)) out.push(abs);
  }
  return out;
}

function nameOf(value: unknown): string | undefined {
  const first = asArray(value)[0];
  if (typeof first === 'string') return text(first);
  if (isObject(first)) return text(first.name) ?? text(first.legalName);
  return undefined;
}

// ---------------------------------------------------------------------------------------- microdata

function microdataProducts(root: HTMLElement, pageUrl: string): RawProduct[] {
  const out: RawProduct[] = [];
  for (const el of root.querySelectorAll('[itemscope]')) {
    const type = el.getAttribute('itemtype') ?? '';
    if (!type.split(/\s+/).some((t) => PRODUCT_TYPES.test(t.replace(/^https?:\/\/schema\.org\//i, '')))) continue;
    if (el.getAttribute('itemprop') && hasProductAncestor(el)) continue; // a nested variant, read with its group
    const props = itemProperties(el, pageUrl, 0);
    const p: RawProduct = { images: [] };
    p.name = firstText(props.name);
    p.description = plainText(firstText(props.description));
    p.sku = firstText(props.sku) ?? firstText(props.productID);
    p.mpn = firstText(props.mpn);
    p.brand = firstName(props.brand);
    p.manufacturer = firstName(props.manufacturer);
    p.gtin = GTIN_KEYS.flatMap((k) =>
      (props[k] ?? []).filter((v): v is string => typeof v === 'string').map((value) => ({ value, key: k })),
    );
    for (const offer of props.offers ?? []) {
      if (typeof offer === 'object' && !p.gtin.length)
        p.gtin = GTIN_KEYS.flatMap((k) =>
          (offer[k] ?? []).filter((v): v is string => typeof v === 'string').map((value) => ({ value, key: k })),
        );
    }
    p.images = (props.image ?? [])
      .map((v) =>
        typeof v === 'string'
          ? absoluteUrl(v, pageUrl)
          : absoluteUrl(firstText(v.url) ?? firstText(v.contentUrl), pageUrl),
      )
      .filter((v): v is string => Boolean(v));
    p.url = firstText(props.url);
    out.push(p);
  }
  return out;
}

type MicroValue = string | MicroItem;
interface MicroItem {
  [prop: string]: MicroValue[];
}

function hasProductAncestor(el: HTMLElement): boolean {
  for (let cur = el.parentNode as HTMLElement | null; cur; cur = cur.parentNode as HTMLElement | null) {
    if (
      cur.getAttribute?.('itemscope') !== undefined &&
      PRODUCT_TYPES.test((cur.getAttribute?.('itemtype') ?? '').replace(/^https?:\/\/schema\.org\//i, ''))
    )
      return true;
  }
  return false;
}

/** The properties of one item: descendants with itemprop up to (not into) nested items. */
function itemProperties(item: HTMLElement, pageUrl: string, depth: number): MicroItem {
  const props: MicroItem = {};
  const visit = (el: HTMLElement) => {
    for (const child of el.childNodes) {
      if (child.nodeType !== 1) continue;
      const c = child as HTMLElement;
      const names = (c.getAttribute('itemprop') ?? '').split(/\s+/).filter(Boolean);
      const nested = c.getAttribute('itemscope') !== undefined;
      if (names.length) {
        const value: MicroValue =
          nested && depth < 4 ? itemProperties(c, pageUrl, depth + 1) : propertyValue(c, pageUrl);
        for (const n of names) (props[n] ??= []).push(value);
      }
      if (!nested) visit(c);
    }
  };
  visit(item);
  return props;
}

function propertyValue(el: HTMLElement, pageUrl: string): string {
  const tag = el.tagName?.toLowerCase() ?? '';
  const content = el.getAttribute('content');
  if (content !== undefined) return content.trim();
  if (['a', 'link', 'area'].includes(tag)) return absoluteUrl(el.getAttribute('href'), pageUrl) ?? '';
  if (['img', 'audio', 'video', 'source', 'embed', 'iframe'].includes(tag))
    return absoluteUrl(el.getAttribute('src'), pageUrl) ?? '';
  if (tag === 'object') return absoluteUrl(el.getAttribute('data'), pageUrl) ?? '';
  if (tag === 'data' || tag === 'meter') return (el.getAttribute('value') ?? '').trim();
  if (tag === 'time') return (el.getAttribute('datetime') ?? el.text).trim();
  return el.text.replace(/\s+/g, ' ').trim();
}

function firstText(values: MicroValue[] | undefined): string | undefined {
  const v = values?.find((x) => typeof x === 'string' && x.trim());
  return typeof v === 'string' ? decodeEntities(v.trim()) : undefined;
}

function firstName(values: MicroValue[] | undefined): string | undefined {
  for (const v of values ?? []) {
    if (typeof v === 'string' && v.trim()) return decodeEntities(v.trim());
    if (typeof v === 'object') {
      const n = firstText(v.name);
      if (n) return n;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------- OpenGraph

function metaMap(root: HTMLElement): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const m of root.querySelectorAll('meta')) {
    const key = (m.getAttribute('property') ?? m.getAttribute('name') ?? '').toLowerCase().trim();
    const content = m.getAttribute('content');
    if (!key || content === undefined) continue;
    map.set(key, [...(map.get(key) ?? []), decodeEntities(content.trim())]);
  }
  return map;
}

function isProductOgType(root: HTMLElement): boolean {
  const type = metaMap(root).get('og:type')?.[0] ?? '';
  return /product/i.test(type);
}

function openGraphProduct(root: HTMLElement, pageUrl: string): RawProduct | null {
  const meta = metaMap(root);
  const first = (...keys: string[]) => {
    for (const k of keys) {
      const v = meta.get(k)?.find((x) => x);
      if (v) return v;
    }
    return undefined;
  };
  const images = [
    ...(meta.get('og:image:secure_url') ?? []),
    ...(meta.get('og:image') ?? []),
    ...(meta.get('og:image:url') ?? []),
  ]
    .map((u) => absoluteUrl(u, pageUrl))
    .filter((u): u is string => Boolean(u))
    .filter((u, i, a) => a.indexOf(u) === i);
  const gtin: { value: string; key: string }[] = [];
  for (const k of ['product:gtin', 'product:ean', 'product:upc', 'og:upc', 'og:ean', 'product:isbn', 'books:isbn']) {
    for (const v of meta.get(k) ?? []) gtin.push({ value: v, key: k });
  }
  const p: RawProduct = {
    name: first('og:title', 'twitter:title'),
    description: plainText(first('og:description', 'twitter:description')),
    sku: first('product:retailer_item_id', 'product:sku'),
    mpn: first('product:mfr_part_no'),
    brand: first('product:brand', 'og:brand'),
    gtin,
    images,
  };
  const any = p.name || p.description || p.sku || p.brand || gtin.length || images.length;
  return any ? p : null;
}

// -------------------------------------------------------------------------------------------- shared

/** Several products on a page (related items, lists): the one describing this URL, else the richest. */
function pickMain(
  products: RawProduct[],
  pageUrl: string,
  label: string,
  warnings: ProductPageWarning[],
): RawProduct | null {
  if (!products.length) return null;
  if (products.length === 1) return products[0];
  const page = stripHash(pageUrl);
  const byUrl = products.find((p) => p.url && stripHash(absoluteUrl(p.url, pageUrl) ?? '') === page);
  const richest = [...products].sort((a, b) => richness(b) - richness(a))[0];
  const chosen = byUrl ?? richest;
  warnings.push({
    code: 'multiple_products',
    message: `The page has ${products.length} ${label} products; "${chosen.name ?? 'unnamed'}" was taken${byUrl ? ' (its URL is this page)' : ' (it has the most data)'}.`,
    details: { names: products.slice(0, 10).map((p) => p.name ?? null) },
  });
  return chosen;
}

function richness(p: RawProduct): number {
  return (
    [p.name, p.sku, p.mpn, p.brand, p.description, p.manufacturer].filter(Boolean).length +
    (p.gtin?.length ? 2 : 0) +
    (p.images.length ? 1 : 0)
  );
}

function stripHash(u: string): string {
  return u.replace(/#.*$/, '').replace(/\/$/, '');
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') {
    if (isObject(v) && typeof v['@value'] === 'string') return text(v['@value']);
    return undefined;
  }
  const t = decodeEntities(v).trim();
  return t ? t : undefined;
}

function absoluteUrl(raw: string | undefined | null, base: string): string | undefined {
  if (!raw) return undefined;
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** Description texts arrive with HTML markup and entities; the proposal is plain text. */
function plainText(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const t = decodeEntities(s.replace(/<br\s*\/?>|<\/p>|<\/li>/gi, '\n').replace(/<[^>]*>/g, ' '))
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
  return t || undefined;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  euro: '€',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
  ntilde: 'ñ',
  reg: '®',
  trade: '™',
  copy: '©',
  ndash: '–',
  mdash: '—',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return NAMED[e] ?? m;
  });
}

function oneLine(s: string) {
  return s.replace(/\s+/g, ' ').trim();
}

function clip(s: string, n: number) {
  return s.length > n ? s.slice(0, n) : s;
}
