/**
 * The 21 public locales beyond the five contract locales: each file holds the page and dossier.pdf
 * dictionary, the dossier field labels and the category labels of one language. The record's type
 * makes the set complete (a missing language does not compile), `PublicLocaleTexts` each file.
 */
import type { ExtraPublicLocale } from '../public-locales';
import { bg } from './bg';
import { cs } from './cs';
import { da } from './da';
import { el } from './el';
import { et } from './et';
import { fi } from './fi';
import { ga } from './ga';
import { hr } from './hr';
import { hu } from './hu';
import { is_ } from './is';
import { lt } from './lt';
import { lv } from './lv';
import { mt } from './mt';
import { nl } from './nl';
import { no_ } from './no';
import { pl } from './pl';
import { pt } from './pt';
import { ro } from './ro';
import { sk } from './sk';
import { sl } from './sl';
import { sv } from './sv';
import type { PublicLocaleTexts } from './types';

export type { PublicLocaleTexts, FieldLabelKey } from './types';
export { FIELD_LABEL_KEYS } from './types';

export const EXTRA_LOCALE_TEXTS: Readonly<Record<ExtraPublicLocale, PublicLocaleTexts>> = {
  bg,
  cs,
  da,
  el,
  et,
  fi,
  ga,
  hr,
  hu,
  is: is_,
  lt,
  lv,
  mt,
  nl,
  no: no_,
  pl,
  pt,
  ro,
  sk,
  sl,
  sv,
};
