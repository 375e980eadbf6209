/**
 * What a product is, from a free-text shop category ("Leuchten > Tischleuchten", "Health & Beauty > Hair
 * Care > Shampoo", "Dom i ogród > Oświetlenie") and, where the category does not decide, from the product
 * itself (its name, description, rated voltage, battery type, linked documents). The words are data, one
 * table per language (lib/model/category-terms); this module only reads them:
 *
 * - A path is cut at its separators (">", "/", "|", "»", "\", ";"); the most specific level (the last)
 *   that names a product kind decides, earlier levels only when later ones say nothing ("Zubehör").
 * - Words are compared by a light stem: plural and case endings of the seven languages are dropped on both
 *   sides ("Lampen", "lamps", "lampy" → "lamp"; "batteries", "Batterien", "baterie" → "batter"), accents
 *   folded. German and Dutch compounds are read by their head ("Tischleuchten" → "leuchte").
 * - Within one level, the longest term wins over the words it covers ("hair dryer" over "hair"), and when
 *   two kinds are named, the more specific regime ("electronic toys": toys, whose pack adds EMC and RoHS).
 *
 * Pure; results are remembered (bounded), since a catalogue repeats its category paths and words.
 */
import { boundedMemo } from '@/lib/utils/bounded-memo';
import { CATEGORY_TERM_TABLES } from './category-terms';
import type { CategoryTermTable } from './category-terms/types';
import type { CategoryCode } from '@/lib/enums';

/** When two kinds are named in one level: the first regime listed is the more specific one. */
const PRIORITY: readonly CategoryCode[] = [
  'toys',
  'ppe',
  'machinery',
  'cosmetics',
  'chemicals',
  'batteries',
  'electrical',
  'textiles',
  'general',
];

type Strength = 'strong' | 'weak' | 'neutral';

interface Term {
  term: string;
  lang: CategoryTermTable['lang'];
  category: CategoryCode | null;
  strength: Strength;
  words: number;
}

// Longest first. "s" and "x" may leave three letters ("toys" → "toy"), the others four.
const ENDINGS = [
  'ies',
  'ien',
  'ern',
  'nen',
  'ami',
  'ach',
  'es',
  'en',
  'ie',
  'ii',
  'ow',
  's',
  'e',
  'n',
  'x',
  'i',
  'a',
  'o',
  'y',
  'u',
];

/** Folds case, accents and the letters NFKD keeps ("ł", "ø", "æ", "œ", "ß"); anything else separates words. */
export function foldWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The light stem of a folded word: up to two endings dropped, never below three or four letters. */
export function stemWord(word: string): string {
  let w = word;
  for (let round = 0; round < 2; round++) {
    const ending = ENDINGS.find((e) => {
      if (!w.endsWith(e)) return false;
      const rest = w.length - e.length;
      // Only the first ending may leave three letters ("toys" → "toy"; "onesie" stops at "ones", not "one").
      if ((e === 's' || e === 'x') && round === 0) return rest >= 3 && !w.endsWith('ss');
      return rest >= 4 && !(e === 's' && w.endsWith('ss'));
    });
    if (!ending) break;
    w = w.slice(0, -ending.length);
  }
  return w;
}

const stemKey = (phrase: string) => phrase.split(' ').map(stemWord).join(' ');

/**
 * The keys a term is found under: its own stem and the stems of its plural forms. The light stemmer drops
 * at most two endings, so a plural can stem further than its singular ("baterias" → "bateri" but "bateria"
 * → "bater"; "Maschinen" → "masch" but "Maschine" → "maschi"); indexing the plural forms too keeps the two
 * together without a deeper stemmer that would merge unrelated words.
 */
function termKeys(term: string): Set<string> {
  // The plural endings of the seven languages: "-s" everywhere, "-n" after an "e" (Lampe, lampe → Lampen),
  // "-es" and "-en" after a consonant (pantalon → pantalones, boek → boeken); never "-n" after a consonant,
  // which would read "mobilier" as "Mobilien" and so as "mobile".
  const endings = /[aeiouy]$/.test(term) ? (term.endsWith('e') ? ['s', 'n'] : ['s']) : ['s', 'es', 'en'];
  const keys = new Set([stemKey(term)]);
  for (const e of endings) keys.add(stemKey(term + e));
  return keys;
}

interface Index {
  /** stem key of a term (words joined by a space) → the terms */
  byKey: Map<string, Term[]>;
  /** stem key of single-word terms of compounding languages, for compound heads */
  heads: Map<string, Term[]>;
  maxWords: number;
}

let index: Index | null = null;

function buildIndex(): Index {
  const byKey = new Map<string, Term[]>();
  const heads = new Map<string, Term[]>();
  let maxWords = 1;
  const add = (table: CategoryTermTable, category: CategoryCode | null, strength: Strength, raw: string) => {
    const term = foldWords(raw);
    if (!term) return;
    const words = term.split(' ').length;
    maxWords = Math.max(maxWords, words);
    const entry: Term = { term, lang: table.lang, category, strength, words };
    for (const key of termKeys(term)) {
      (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(entry);
      if (table.compounds && words === 1 && key.length >= 4)
        (heads.get(key) ?? heads.set(key, []).get(key)!).push(entry);
    }
  };
  for (const table of CATEGORY_TERM_TABLES) {
    for (const [category, list] of Object.entries(table.terms))
      for (const t of list ?? []) add(table, category as CategoryCode, 'strong', t);
    for (const [category, list] of Object.entries(table.weak ?? {}))
      for (const t of list ?? []) add(table, category as CategoryCode, 'weak', t);
    for (const t of table.neutral ?? []) add(table, null, 'neutral', t);
  }
  return { byKey, heads, maxWords };
}

function getIndex(): Index {
  return (index ??= buildIndex());
}

/** The best of several terms for one key: a strong one, then by category priority. */
function best(terms: readonly Term[]): Term {
  return [...terms].sort(
    (a, b) =>
      rank(a) - rank(b) || PRIORITY.indexOf(a.category ?? 'general') - PRIORITY.indexOf(b.category ?? 'general'),
  )[0];
}
const rank = (t: Term) => (t.strength === 'strong' ? 0 : t.strength === 'weak' ? 1 : 2);

export interface TermHit {
  category: CategoryCode | null;
  strength: Strength;
  /** the table's term that matched */
  term: string;
  lang: CategoryTermTable['lang'];
  /** the words of the text it matched */
  text: string;
  via: 'word' | 'compound';
}

/** One word that no phrase covered: the term of its stem, else (German, Dutch) of its compound head. */
const wordHit = boundedMemo(
  (word: string): TermHit | null => {
    const ix = getIndex();
    const direct = ix.byKey.get(stemWord(word));
    if (direct) {
      const t = best(direct);
      return { category: t.category, strength: t.strength, term: t.term, lang: t.lang, text: word, via: 'word' };
    }
    // The longest head first: "Haushaltsgeräte" is "haushaltsgerat" before "gerat".
    for (let p = 3; p + 4 <= word.length; p++) {
      const heads = ix.heads.get(stemWord(word.slice(p)));
      if (heads) {
        const t = best(heads);
        return { category: t.category, strength: t.strength, term: t.term, lang: t.lang, text: word, via: 'compound' };
      }
    }
    return null;
  },
  4096,
  80,
);

/** Every term in a stretch of text (one category level, a product name): phrases first, longest first. */
export function termHits(text: string): TermHit[] {
  const words = foldWords(text).split(' ').filter(Boolean);
  const keys = words.map(stemWord);
  const ix = getIndex();
  const hits: TermHit[] = [];
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(ix.maxWords, words.length - i); n >= 2; n--) {
      const terms = ix.byKey.get(keys.slice(i, i + n).join(' '));
      if (!terms) continue;
      const t = best(terms);
      hits.push({
        category: t.category,
        strength: t.strength,
        term: t.term,
        lang: t.lang,
        text: words.slice(i, i + n).join(' '),
        via: 'word',
      });
      matched = n;
      break;
    }
    if (matched) {
      i += matched;
      continue;
    }
    const hit = words[i].length <= 80 ? wordHit(words[i]) : null;
    if (hit) hits.push(hit);
    i++;
  }
  return hits;
}

/** The category one stretch of text names: its strong terms decide, else its weak ones; by priority. */
function decide(hits: readonly TermHit[]): { hit: TermHit; strength: 'strong' | 'weak' } | null {
  for (const strength of ['strong', 'weak'] as const) {
    const of = hits.filter((h) => h.strength === strength && h.category);
    if (of.length === 0) continue;
    of.sort((a, b) => PRIORITY.indexOf(a.category!) - PRIORITY.indexOf(b.category!));
    return { hit: of[0], strength };
  }
  return null;
}

export interface TextCategory {
  code: CategoryCode;
  /** 0..1: how sure the words are */
  confidence: number;
  /** "Tischleuchten" matched "leuchte" (de) */
  reason: string;
  strength: 'strong' | 'weak';
}

const SEPARATORS = /\s*(?:>|\/|\||»|›|\\|;)\s*/;

function describe(hit: TermHit): string {
  return hit.via === 'compound'
    ? `"${hit.text}" is a compound of "${hit.term}" (${hit.lang})`
    : `"${hit.text}" matched "${hit.term}" (${hit.lang})`;
}

/**
 * The category a shop's category path names, or null when none of its levels does. The last level that
 * names a product kind strongly decides; a level of only broad words ("Elektro", "Beauty") decides only
 * when no level names a kind.
 */
export const categoryOfPath = boundedMemo(
  (path: string): TextCategory | null => {
    const levels = path.split(SEPARATORS).filter((s) => foldWords(s));
    let weak: TextCategory | null = null;
    for (let i = levels.length - 1; i >= 0; i--) {
      const d = decide(termHits(levels[i]));
      if (!d) continue;
      const last = i === levels.length - 1;
      if (d.strength === 'strong')
        return {
          code: d.hit.category!,
          confidence: last ? 0.9 : 0.8,
          reason: `Category level "${levels[i].trim()}": ${describe(d.hit)}.`,
          strength: 'strong',
        };
      weak ??= {
        code: d.hit.category!,
        confidence: 0.6,
        reason: `Category level "${levels[i].trim()}": ${describe(d.hit)} (a broad word).`,
        strength: 'weak',
      };
    }
    return weak;
  },
  1024,
  200,
);

/** The category a product name or description names (one stretch of text), or null. */
export const categoryOfText = boundedMemo(
  (text: string): TextCategory | null => {
    const d = decide(termHits(text));
    if (!d) return null;
    return {
      code: d.hit.category!,
      confidence: d.strength === 'strong' ? 0.75 : 0.5,
      reason: describe(d.hit),
      strength: d.strength,
    };
  },
  2048,
  400,
);

// ----- from the product, where the category path does not decide ---------------------------------------

export type CategorySource =
  'code' | 'person' | 'path' | 'name' | 'voltage' | 'battery' | 'document' | 'description' | 'default';

export interface CategoryResolution {
  code: CategoryCode;
  /** true: nothing recognised the product, the general rules apply by default */
  defaulted: boolean;
  confidence: number;
  reason: string;
  source: CategorySource;
}

export interface ProductCategoryFacts {
  /** the category as given: a category code or a shop path */
  category_text?: string | null;
  product_name?: string | null;
  /** confirmed dossier values by key (product_description, rated_voltage, battery_type are read) */
  fields?: ReadonlyMap<string, string>;
  /** linked documents: their type and the acts and standards they cite */
  documents?: readonly { type: string; references?: readonly string[] | null }[];
}

/** Which category an act or standard cited by a document belongs to (most specific first). */
const DOCUMENT_ACTS: readonly [CategoryCode, RegExp][] = [
  ['toys', /2009\/48\/(?:EC|EG|CE|UE)|2025\/2509|\bEN\s?71\b/i],
  ['machinery', /2006\/42\/(?:EC|EG|CE)|2023\/1230/],
  ['cosmetics', /1223\/2009/],
  ['chemicals', /1907\/2006|1272\/2008/],
  ['batteries', /2023\/1542|2006\/66\/(?:EC|EG|CE)|\b(?:IEC|EN)\s?62133\b|UN\s?38\.3/i],
  ['electrical', /2014\/35\/(?:EU|EG|UE)|2014\/30\/(?:EU|EG|UE)|2011\/65\/(?:EU|EG|UE)|2014\/53\/(?:EU|EG|UE)/],
];

/** "230 V", "230V~ 50Hz", "12 V DC", "5 Volt": a voltage names electrical equipment. */
const VOLTAGE = /(?:^|[^a-z0-9])\d{1,4}(?:[.,]\d+)?\s?(?:v|volt|vac|vdc)(?![a-z])/i;

const regulated = (c: TextCategory | null, strong = true) =>
  c && c.code !== 'general' && (!strong || c.strength === 'strong') ? c : null;

/**
 * The requirement category of a product: its category path where that names a regulated kind, else what
 * the product itself shows (a rated voltage or one stated in its name or description, a battery type, the
 * acts its documents cite, its name), else a path or name that names a kind under the GPSR alone (furniture, books), else the
 * general profile by default (`defaulted`: the SKU then says its category was not recognised).
 */
export function resolveCategory(f: ProductCategoryFacts): CategoryResolution {
  const text = f.category_text?.trim().slice(0, 200) ?? '';
  const folded = foldWords(text).replace(/ /g, '_');
  if (folded && PRIORITY.includes(folded as CategoryCode))
    return {
      code: folded as CategoryCode,
      defaulted: false,
      confidence: 1,
      reason: `The category code "${folded}".`,
      source: 'code',
    };
  // 1. A path that names a regulated kind ("Leuchten > Tischleuchten").
  const path = text ? categoryOfPath(text) : null;
  const fromPath = regulated(path);
  if (fromPath) return { ...pick(fromPath), source: 'path' };
  // 2. Physical facts: a voltage, a battery, a document under a sectoral act. They outweigh a path naming a
  //    kind under the GPSR alone (a table with built-in 230 V lighting is electrical equipment).
  const facts = categoryOfFacts(f);
  if (facts) return facts;
  // 3. A path naming a specific kind under the GPSR alone ("Möbel > Tische"): its words outweigh the name's.
  if (path && path.code === 'general' && path.strength === 'strong') return { ...pick(path), source: 'path' };
  // 4. The name naming a regulated kind ("Kamillen Shampoo", "LED Stehlampe"). A description's words are
  //    not read for the kind: it names materials and uses ("lackiert", "für Lampen") more than what the
  //    product is; only a voltage stated in it counts (step 2).
  const name = f.product_name?.trim() ? categoryOfText(f.product_name.slice(0, 400)) : null;
  const fromName = regulated(name);
  if (fromName) return { ...pick(fromName), reason: `Product name: ${fromName.reason}.`, source: 'name' };
  // 5. Broad words ("Elektro", "Beauty"), then a name or a broad path naming a kind under the GPSR alone.
  const weakPath = regulated(path, false);
  if (weakPath) return { ...pick(weakPath), source: 'path' };
  const weakName = regulated(name, false);
  if (weakName) return { ...pick(weakName), reason: `Product name: ${weakName.reason}.`, source: 'name' };
  if (name && name.strength === 'strong')
    return { ...pick(name), reason: `Product name: ${name.reason}.`, source: 'name' };
  if (path) return { ...pick(path), source: 'path' };
  return {
    code: 'general',
    defaulted: true,
    confidence: 0,
    reason: text
      ? `The category "${text.slice(0, 100)}" was not recognised, and nothing else about the product shows what it is.`
      : 'No category was given, and nothing about the product shows what it is.',
    source: 'default',
  };
}

/** A rated voltage, a voltage in the name or description, a battery type, or a document citing a sectoral act. */
function categoryOfFacts(f: ProductCategoryFacts): CategoryResolution | null {
  const facts = powerFacts(f);
  if (!facts) return categoryOfDocuments(f.documents ?? []);
  // Powered, and the name says what kind of powered product ("Akku 12 V", "Elektrische Eisenbahn 230 V"):
  // a battery or a toy stays one; anything else powered is electrical equipment.
  const name = regulated(f.product_name ? categoryOfText(f.product_name.slice(0, 400)) : null);
  if (name && name.code !== 'electrical')
    return { ...pick(name), reason: `Product name: ${name.reason}; ${facts.reason}`, source: 'name' };
  return facts;
}

function powerFacts(f: ProductCategoryFacts): CategoryResolution | null {
  const voltage = f.fields?.get('rated_voltage');
  if (voltage)
    return {
      code: 'electrical',
      defaulted: false,
      confidence: 0.8,
      reason: `Rated voltage "${voltage.slice(0, 40)}": electrical equipment.`,
      source: 'voltage',
    };
  for (const [where, value] of [
    ['Product name', f.product_name],
    ['Description', f.fields?.get('product_description')],
  ] as const) {
    const m = value ? VOLTAGE.exec(value.slice(0, 4000)) : null;
    if (m)
      return {
        code: 'electrical',
        defaulted: false,
        confidence: 0.7,
        reason: `${where} states a voltage ("${m[0].trim()}"): electrical equipment.`,
        source: 'voltage',
      };
  }
  const battery = f.fields?.get('battery_type');
  if (battery)
    return {
      code: 'electrical',
      defaulted: false,
      confidence: 0.6,
      reason: `Battery type "${battery.slice(0, 40)}": equipment powered by a battery.`,
      source: 'battery',
    };
  return null;
}

function pick(c: TextCategory): Omit<CategoryResolution, 'source'> {
  return { code: c.code, defaulted: false, confidence: c.confidence, reason: c.reason };
}

function categoryOfDocuments(
  documents: readonly { type: string; references?: readonly string[] | null }[],
): CategoryResolution | null {
  for (const [code, act] of DOCUMENT_ACTS) {
    const doc = documents.find((d) => (d.references ?? []).some((r) => act.test(r)));
    if (doc)
      return {
        code,
        defaulted: false,
        confidence: 0.7,
        reason: `A linked document cites ${(doc.references ?? []).find((r) => act.test(r))}.`,
        source: 'document',
      };
  }
  if (documents.some((d) => d.type === 'cpsr'))
    return {
      code: 'cosmetics',
      defaulted: false,
      confidence: 0.7,
      reason: 'A cosmetic product safety report is linked.',
      source: 'document',
    };
  if (documents.some((d) => d.type === 'safety_data_sheet'))
    return {
      code: 'chemicals',
      defaulted: false,
      confidence: 0.6,
      reason: 'A safety data sheet is linked.',
      source: 'document',
    };
  return null;
}
