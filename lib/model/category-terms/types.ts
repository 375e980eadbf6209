import type { CategoryCode } from '@/lib/enums';

/**
 * One language's words for the requirement categories: data, versioned with the requirement packs
 * (`version` is the pack version the table was written for). Terms are folded (lower case, no accents,
 * "ß" as "ss") and written in a dictionary form; the matcher (lib/model/category-match.ts) adds
 * plural and case endings itself, so "leuchte" also finds "Leuchten", "lamp" finds "lamps" and "Lampen",
 * and, where `compounds` is set, "Tischleuchten" (a compound whose head is the term). A term of several
 * words matches those words in order ("skin care", "power bank").
 */
export interface CategoryTermTable {
  lang: 'de' | 'en' | 'fr' | 'it' | 'es' | 'nl' | 'pl';
  version: string;
  /** German and Dutch write compounds as one word: the head (its last part) names the product. */
  compounds: boolean;
  /** Nouns that name a product kind of the category. `general`: kinds under the GPSR alone (furniture, books). */
  terms: Partial<Record<CategoryCode, readonly string[]>>;
  /** Adjectives and broad words ("electric", "digital"): they decide only where no term does. */
  weak?: Partial<Record<CategoryCode, readonly string[]>>;
  /** Words that say nothing about the product ("other", "accessories", "sale"): skipped, never a match. */
  neutral?: readonly string[];
}
