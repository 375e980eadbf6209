/**
 * Product categories and the matching of free-text category codes ("Spielzeug", "Toys > Puzzles",
 * "consumer electronics") to one of them. Data first: a category is an entry in CATEGORIES.
 */
import { boundedMemo } from '@/lib/utils/bounded-memo';
import type { LocalizedText } from '@/lib/i18n/locales';
import { DEFAULT_CATEGORY, type CategoryCode } from '@/lib/enums';
import { categoryOfPath } from './category-match';
import { foldText } from './countries';

export { CATEGORY_CODES, DEFAULT_CATEGORY, type CategoryCode } from '@/lib/enums';

export interface CategoryDefinition {
  code: CategoryCode;
  labels: LocalizedText;
}

/** The categories and their labels; the words that name them are the tables of ./category-terms. */
export const CATEGORIES: readonly CategoryDefinition[] = [
  {
    code: 'toys',
    labels: { en: 'Toys', de: 'Spielzeug', fr: 'Jouets', es: 'Juguetes', it: 'Giocattoli' },
  },
  {
    // After toys (a toy helmet is a toy), before the rest: a bicycle helmet is PPE (Regulation (EU) 2016/425).
    code: 'ppe',
    labels: {
      en: 'Personal protective equipment',
      de: 'Persönliche Schutzausrüstung',
      fr: 'Équipements de protection individuelle',
      es: 'Equipos de protección individual',
      it: 'Dispositivi di protezione individuale',
    },
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
  },
  {
    code: 'cosmetics',
    labels: { en: 'Cosmetics', de: 'Kosmetik', fr: 'Cosmétiques', es: 'Cosméticos', it: 'Cosmetici' },
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
  },
  {
    code: 'batteries',
    labels: { en: 'Batteries', de: 'Batterien', fr: 'Piles et batteries', es: 'Pilas y baterías', it: 'Batterie' },
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
  },
  {
    code: 'textiles',
    labels: { en: 'Textiles', de: 'Textilien', fr: 'Textiles', es: 'Textiles', it: 'Tessili' },
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
  matched_by: 'code' | 'path' | 'default';
  /** 0..1; 1 for a category code, 0 when defaulted */
  confidence: number;
  /** why this category, in a sentence ("" when defaulted) */
  reason: string;
}

/**
 * Matches a free-text category ("Spielzeug", "toy", "Leuchten > Tischleuchten", "Beauté > Soins des
 * cheveux") to a category code: a code as written, else the term tables (./category-match.ts).
 */
export function matchCategory(raw: string | null | undefined): CategoryMatch {
  return typeof raw === 'string' ? categoryOf(raw.slice(0, 200)) : DEFAULTED;
}

const DEFAULTED: CategoryMatch = Object.freeze({
  code: DEFAULT_CATEGORY,
  defaulted: true,
  matched_by: 'default',
  confidence: 0,
  reason: '',
});

// A catalogue repeats a few category texts on every row; each SKU evaluation and import row asks.
const categoryOf = boundedMemo((raw: string): CategoryMatch => Object.freeze(findCategory(raw)), 512, 200);

function findCategory(raw: string): CategoryMatch {
  const folded = foldText(raw);
  if (!folded) return DEFAULTED;
  const asCode = folded.replace(/ /g, '_');
  if (isCategoryCode(asCode))
    return {
      code: asCode,
      defaulted: false,
      matched_by: 'code',
      confidence: 1,
      reason: `The category code "${asCode}".`,
    };
  const found = categoryOfPath(raw);
  if (!found) return DEFAULTED;
  return { code: found.code, defaulted: false, matched_by: 'path', confidence: found.confidence, reason: found.reason };
}
