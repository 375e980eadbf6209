/**
 * The category term tables, one per language, versioned with the requirement packs (2026-11). A new
 * language is a new file here; a changed word list is a data change checked by
 * tests/unit/requirements/category-paths.test.ts (real shop paths with their expected category).
 */
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';
import { IT } from './it';
import { NL } from './nl';
import { PL } from './pl';
import type { CategoryTermTable } from './types';

export const CATEGORY_TERM_TABLES: readonly CategoryTermTable[] = [DE, EN, FR, IT, ES, NL, PL];
