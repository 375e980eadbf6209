/**
 * Product categories and the matching of free-text category codes ("Spielzeug", "Toys > Puzzles",
 * "consumer electronics") to one of them. Data first: a category is an entry in CATEGORIES.
 */
import { boundedMemo } from '@/lib/utils/bounded-memo';
import type { LocalizedText } from '@/lib/i18n/locales';
import { foldText } from './countries';

export const CATEGORY_CODES = [
  'general',
  'toys',
  'electrical',
  'cosmetics',
  'chemicals',
  'textiles',
  'batteries',
  'machinery',
] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];
export const DEFAULT_CATEGORY: CategoryCode = 'general';

export interface CategoryDefinition {
  code: CategoryCode;
  labels: LocalizedText;
  /** Whole words (folded: lower case, no accents) that name the category in en/de/fr/es/it. */
  words: string[];
  /**
   * Word stems: a token matches when it starts with the stem ("electronics" ← "electr"), or, for stems
   * of six letters or more, contains it (German compounds: "Unterhaltungselektronik" ← "elektr").
   */
  stems: string[];
}

/** Order matters: when a text names two categories ("electric toy"), the earlier, more specific one wins. */
export const CATEGORIES: readonly CategoryDefinition[] = [
  {
    code: 'toys',
    labels: { en: 'Toys', de: 'Spielzeug', fr: 'Jouets', es: 'Juguetes', it: 'Giocattoli' },
    words: [
      'toy',
      'toys',
      'games and toys',
      'kinderspielzeug',
      'plush',
      'pluesch',
      'pluschtier',
      'puzzle',
      'puzzles',
      'doll',
      'dolls',
      'puppe',
      'lego',
    ],
    stems: ['spielzeug', 'spielware', 'jouet', 'juguete', 'giocattol', 'kuscheltier', 'peluche'],
  },
  {
    // Before batteries and electrical: a cordless drill is machinery first (Directive 2006/42/EC Art. 1(2)(k)
    // leaves only household appliances and similar electrical products to the LVD).
    code: 'machinery',
    labels: {
      en: 'Machinery and power tools',
      de: 'Maschinen und Elektrowerkzeuge',
      fr: 'Machines et outils électroportatifs',
      es: 'Máquinas y herramientas eléctricas',
      it: 'Macchine e utensili elettrici',
    },
    words: [
      'machinery',
      'power tool',
      'power tools',
      'drill',
      'cordless drill',
      'angle grinder',
      'grinder',
      'jigsaw',
      'circular saw',
      'chainsaw',
      'lawn mower',
      'lawnmower',
      'sander',
      'bohrmaschine',
      'akkuschrauber',
      'stichsage',
      'kreissage',
      'rasenmaher',
      'perceuse',
      'meuleuse',
      'taladro',
      'trapano',
      'smerigliatrice',
      'tondeuse',
      'cortacesped',
    ],
    stems: [
      'elektrowerkzeug',
      'powertool',
      'bohrmaschin',
      'winkelschleif',
      'kettensag',
      'schlagbohr',
      'elettroutensil',
    ],
  },
  {
    code: 'cosmetics',
    labels: { en: 'Cosmetics', de: 'Kosmetik', fr: 'Cosmétiques', es: 'Cosméticos', it: 'Cosmetici' },
    words: [
      'beauty',
      'skincare',
      'skin care',
      'make up',
      'makeup',
      'perfume',
      'parfum',
      'profumo',
      'shampoo',
      'lotion',
      'lipstick',
    ],
    stems: ['cosmet', 'kosmet', 'hautpflege', 'korperpflege', 'koerperpflege', 'maquillage', 'maquillaje', 'trucco'],
  },
  {
    code: 'chemicals',
    labels: {
      en: 'Chemical mixtures',
      de: 'Chemische Gemische',
      fr: 'Mélanges chimiques',
      es: 'Mezclas químicas',
      it: 'Miscele chimiche',
    },
    words: [
      'mixture',
      'mixtures',
      'gemisch',
      'gemische',
      'detergent',
      'detergents',
      'glue',
      'adhesive',
      'klebstoff',
      'paint',
      'farbe',
      'lack',
      'solvent',
      'cleaner',
    ],
    stems: [
      'chemi',
      'chimi',
      'quimic',
      'reinigungsmittel',
      'waschmittel',
      'detergen',
      'detersiv',
      'nettoyant',
      'limpiador',
    ],
  },
  {
    code: 'batteries',
    labels: { en: 'Batteries', de: 'Batterien', fr: 'Piles et batteries', es: 'Pilas y baterías', it: 'Batterie' },
    words: [
      'battery',
      'batteries',
      'batterie',
      'batterien',
      'akku',
      'akkus',
      'pile',
      'piles',
      'pila',
      'pilas',
      'bateria',
      'baterias',
      'batteria',
      'accumulator',
      'powerbank',
      'power bank',
    ],
    stems: ['akkumulator', 'accumulat', 'powerbank'],
  },
  {
    code: 'electrical',
    labels: {
      en: 'Electrical and electronic equipment',
      de: 'Elektro- und Elektronikgeräte',
      fr: 'Équipements électriques et électroniques',
      es: 'Aparatos eléctricos y electrónicos',
      it: 'Apparecchiature elettriche ed elettroniche',
    },
    words: [
      'eee',
      'electronics',
      'electrical',
      'appliance',
      'appliances',
      'elektro',
      'lamp',
      'lampe',
      'lighting',
      'charger',
      'ladegerat',
      'ladegeraet',
      'cable',
      'kabel',
      'led',
    ],
    stems: ['electr', 'elektr', 'elettr', 'haushaltsgerat', 'haushaltsgeraet'],
  },
  {
    code: 'textiles',
    labels: { en: 'Textiles', de: 'Textilien', fr: 'Textiles', es: 'Textiles', it: 'Tessili' },
    words: [
      'clothing',
      'apparel',
      'fashion',
      'garment',
      'garments',
      'mode',
      'ropa',
      'moda',
      'abbigliamento',
      'vetements',
      'vetement',
      'kleidung',
      'bekleidung',
      'shirt',
      't shirt',
      'shoes',
    ],
    stems: ['textil', 'tessil', 'bekleidung', 'kleidung', 'vetement'],
  },
  {
    code: 'general',
    labels: {
      en: 'General consumer product',
      de: 'Allgemeines Verbraucherprodukt',
      fr: 'Produit de consommation général',
      es: 'Producto de consumo general',
      it: 'Prodotto di consumo generico',
    },
    words: [
      'general',
      'other',
      'others',
      'misc',
      'miscellaneous',
      'sonstiges',
      'sonstige',
      'allgemein',
      'autre',
      'autres',
      'otro',
      'otros',
      'altro',
      'altri',
      'generale',
    ],
    stems: [],
  },
];

const BY_CODE = new Map<string, CategoryDefinition>(CATEGORIES.map((c) => [c.code, c]));

export function isCategoryCode(value: unknown): value is CategoryCode {
  return typeof value === 'string' && BY_CODE.has(value);
}

export function categoryDefinition(code: CategoryCode): CategoryDefinition {
  return BY_CODE.get(code)!;
}

export interface CategoryMatch {
  code: CategoryCode;
  /** True when nothing was given or nothing matched, so the general default was chosen. */
  defaulted: boolean;
  matched_by: 'code' | 'word' | 'stem' | 'default';
}

/** Matches a free-text category ("Spielzeug", "toy", "Electronics > Audio") to a category code. */
export function matchCategory(raw: string | null | undefined): CategoryMatch {
  return typeof raw === 'string' ? categoryOf(raw.slice(0, 200)) : DEFAULTED;
}

const DEFAULTED: CategoryMatch = Object.freeze({ code: DEFAULT_CATEGORY, defaulted: true, matched_by: 'default' });

// A catalogue repeats a few category texts on every row; each SKU evaluation and import row asks.
const categoryOf = boundedMemo((raw: string): CategoryMatch => Object.freeze(findCategory(raw)), 512, 200);

function findCategory(raw: string): CategoryMatch {
  const folded = foldText(raw);
  if (!folded) return { code: DEFAULT_CATEGORY, defaulted: true, matched_by: 'default' };
  const asCode = folded.replace(/ /g, '_');
  if (isCategoryCode(asCode)) return { code: asCode, defaulted: false, matched_by: 'code' };

  for (const c of CATEGORIES)
    if (c.words.includes(folded)) return { code: c.code, defaulted: false, matched_by: 'word' };

  const tokens = folded.split(' ');
  const bigrams = tokens.slice(1).map((t, i) => `${tokens[i]} ${t}`);
  for (const c of CATEGORIES) {
    if ([...tokens, ...bigrams].some((t) => c.words.includes(t)))
      return { code: c.code, defaulted: false, matched_by: 'word' };
    if (tokens.some((t) => c.stems.some((s) => t.startsWith(s) || (s.length >= 6 && t.includes(s))))) {
      return { code: c.code, defaulted: false, matched_by: 'stem' };
    }
  }
  return { code: DEFAULT_CATEGORY, defaulted: true, matched_by: 'default' };
}
