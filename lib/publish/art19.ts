/**
 * The public safety page's content: an immutable published snapshot (built at publish time from
 * confirmed, public dossier values) and the GPSR Art. 19 block for one language, with fallbacks.
 * Pure: the integrator stores the snapshot with the revision and renders the block.
 */
import {
  TRANSLATED_FIELD_BASES,
  isPublicField,
  localizedFieldKey,
  translatedFieldKey,
  type TranslatedFieldBase,
} from '@/lib/model/catalogue';
import {
  SAFETY_INFO_LANGUAGES,
  languageName,
  normalizeLanguageCode,
  type SafetyInfoLanguage,
} from '@/lib/i18n/languages';
import { DEFAULT_LOCALE, LOCALES, isLocale } from '@/lib/i18n/locales';
import type { PublicLocale } from '@/lib/i18n/public-locales';
import { formatDate, t } from '@/lib/i18n/messages';
import { negotiateLanguage, withLanguageAliases } from '@/lib/i18n/pick-locale';
import { isEuEstablished } from '@/lib/model/countries';
import type { EntityRole } from '@/lib/requirements/types';

export interface PublishedEntity {
  name: string;
  address_lines: string[];
  /** ISO alpha-2. */
  country: string | null;
  email: string | null;
  url: string | null;
  phone: string | null;
}

export interface PublishedDocument {
  id: string;
  name: string;
  type: string;
  /** Language of the document, if known (ISO 639-1). */
  language: string | null;
  /** Public download URL. */
  url: string;
}

export interface PublishedSnapshot {
  schema_version: 1;
  public_id: string;
  revision: number;
  published_at: string;
  public_url: string;
  sku: { sku_code: string; product_name: string; gtin: string | null; category_code: string | null };
  /** Confirmed values of public catalogue fields only. */
  fields: Record<string, string>;
  manufacturer: PublishedEntity | null;
  /** The EU operator shown under Art. 19(b): responsible person, authorised representative, or EU importer. */
  responsible_person: PublishedEntity | null;
  documents: PublishedDocument[];
  /** Languages with published warnings, instructions or translated product texts, in catalogue order. */
  languages: SafetyInfoLanguage[];
  /**
   * The language the plain (untranslated) product texts are written in, detected at publish time.
   * Absent in snapshots published before it was recorded: English, as then assumed.
   */
  source_language?: SafetyInfoLanguage | null;
}

export interface SnapshotEntityInput {
  role: EntityRole;
  name: string;
  address_lines?: readonly string[] | null;
  country?: string | null;
  email?: string | null;
  url?: string | null;
  phone?: string | null;
}

export interface BuildSnapshotInput {
  public_id: string;
  revision: number;
  published_at: string;
  public_url: string;
  sku: { sku_code: string; product_name: string; gtin?: string | null; category_code?: string | null };
  /** CONFIRMED dossier values by key; non-public keys are dropped here. */
  fields: Readonly<Record<string, string | null | undefined>>;
  entities?: readonly SnapshotEntityInput[];
  /** Documents the workspace marked public, with their download URLs. */
  documents?: readonly PublishedDocument[];
  /** Language of the plain product texts (detected by the caller); English when not given. */
  source_language?: SafetyInfoLanguage | null;
}

const clean = (v: string | null | undefined): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function fromEntity(e: SnapshotEntityInput): PublishedEntity {
  return {
    name: e.name.trim(),
    address_lines: (e.address_lines ?? []).map((l) => l.trim()).filter(Boolean),
    country: clean(e.country)?.toUpperCase() ?? null,
    email: clean(e.email),
    url: clean(e.url),
    phone: clean(e.phone),
  };
}

function fromFields(
  fields: Record<string, string>,
  prefix: 'manufacturer' | 'responsible_person' | 'importer',
): PublishedEntity | null {
  const name = clean(fields[`${prefix}_name`]);
  if (!name) return null;
  return {
    name,
    address_lines: (fields[`${prefix}_address`] ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    country: clean(fields[`${prefix}_country`]),
    email: clean(fields[`${prefix}_email`]),
    url: clean(fields[`${prefix}_url`]),
    phone: null,
  };
}

/** Builds the immutable snapshot a revision stores: only confirmed values of public fields. */
export function buildPublishedSnapshot(input: BuildSnapshotInput): PublishedSnapshot {
  const all: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.fields)) {
    const value = clean(v);
    if (value) all[k] = value;
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (isPublicField(k)) fields[k] = v;

  const entities = input.entities ?? [];
  const byRole = (role: EntityRole) => entities.find((e) => e.role === role && e.name.trim());
  const m = byRole('manufacturer');
  const manufacturer = m ? fromEntity(m) : fromFields(all, 'manufacturer');

  let rp: PublishedEntity | null = null;
  const rpEntity = byRole('responsible_person') ?? byRole('authorised_representative');
  if (rpEntity) rp = fromEntity(rpEntity);
  else rp = fromFields(all, 'responsible_person');
  if (!rp && !(manufacturer?.country && isEuEstablished(manufacturer.country))) {
    // An importer established in the EU is the responsible person for a non-EU manufacturer (Art. 16).
    const imp = byRole('importer');
    const importer = imp ? fromEntity(imp) : fromFields(all, 'importer');
    if (importer?.country && isEuEstablished(importer.country)) rp = importer;
  }

  const languages = contentLanguages(fields, input.source_language);
  const gtin = clean(input.sku.gtin) ?? clean(fields.gtin);
  return {
    schema_version: 1,
    public_id: input.public_id,
    revision: input.revision,
    published_at: input.published_at,
    public_url: input.public_url,
    sku: {
      sku_code: input.sku.sku_code,
      product_name: input.sku.product_name,
      gtin,
      category_code: clean(input.sku.category_code),
    },
    fields,
    manufacturer,
    responsible_person: rp,
    documents: [...(input.documents ?? [])],
    languages,
    source_language: input.source_language ?? null,
  };
}

/**
 * The languages a page can be shown in: those with warnings or instructions, the page locales with
 * a confirmed translation of a product text (a German description alone makes a German page), and
 * the detected language of the source texts.
 */
export function contentLanguages(
  fields: Readonly<Record<string, string>>,
  sourceLanguage?: SafetyInfoLanguage | null,
): SafetyInfoLanguage[] {
  return SAFETY_INFO_LANGUAGES.filter(
    (l) =>
      fields[localizedFieldKey('safety_warnings', l)] ||
      fields[localizedFieldKey('instructions', l)] ||
      (isLocale(l) && TRANSLATED_FIELD_BASES.some((b) => fields[translatedFieldKey(b, l)])) ||
      // Source texts in a detected language make it a page language too (a German-only catalogue).
      (l === sourceLanguage && TRANSLATED_FIELD_BASES.some((b) => fields[b])),
  );
}

/** The snapshot's languages, with those of translated texts an older snapshot did not list yet. */
function pageLanguages(snapshot: PublishedSnapshot): SafetyInfoLanguage[] {
  const extra = contentLanguages(snapshot.fields, snapshot.source_language);
  if (extra.every((l) => snapshot.languages.includes(l))) return snapshot.languages;
  return SAFETY_INFO_LANGUAGES.filter((l) => snapshot.languages.includes(l) || extra.includes(l));
}

// ---------------------------------------------------------------------------------------------

export interface LocalizedText {
  text: string;
  /** The language the text is in. */
  language: SafetyInfoLanguage;
  /** True when it is not in the requested language. */
  fallback: boolean;
}

export type ProductTextKey = 'description' | 'batch_or_serial_scheme' | 'age_grading';
const PRODUCT_TEXT_FIELDS: Record<ProductTextKey, TranslatedFieldBase> = {
  description: 'product_description',
  batch_or_serial_scheme: 'batch_or_serial_scheme',
  age_grading: 'age_grading',
};

export interface Art19Block {
  /** The language chosen for the content. */
  language: SafetyInfoLanguage | null;
  /** What was asked for (normalised), when it was a known language. */
  requested_language: SafetyInfoLanguage | null;
  /** The locale of the labels: the requested language, else the content language, else English. */
  label_locale: PublicLocale;
  available_languages: Array<{ code: SafetyInfoLanguage; name: string }>;
  product: {
    name: string;
    sku_code: string;
    gtin: string | null;
    brand: string | null;
    model: string | null;
    batch_or_serial_scheme: string | null;
    image_url: string | null;
    description: string | null;
    age_grading: string | null;
    /** The same three texts with the language each is in (a block falls back on its own). */
    texts: Record<ProductTextKey, LocalizedText | null>;
  };
  manufacturer: PublishedEntity | null;
  responsible_person: PublishedEntity | null;
  warnings: LocalizedText | null;
  instructions: LocalizedText | null;
  /** Documents in the chosen language or without a language, else all. */
  documents: PublishedDocument[];
  revision: number;
  published_at: string;
  public_url: string;
  labels: {
    title: string;
    identification: string;
    picture: string;
    manufacturer: string;
    responsible_person: string;
    warnings: string;
    instructions: string;
    documents: string;
    language: string;
    published: string;
    contact: string;
    qr: string;
    /** Set when warnings or instructions fall back to another language. */
    fallback_notice: string | null;
    no_safety_info: string | null;
  };
}

/** The content language for a visitor: ?lang= if published, else Accept-Language, else English, else the first. */
export function chooseArt19Language(
  snapshot: PublishedSnapshot,
  opts: { query?: string | null; acceptLanguage?: string | null } = {},
): SafetyInfoLanguage | null {
  const languages = pageLanguages(snapshot);
  if (languages.length === 0) return null;
  const query = opts.query ? normalizeLanguageCode(opts.query) : null;
  return negotiateLanguage({
    query,
    acceptLanguage: withLanguageAliases(opts.acceptLanguage),
    available: languages,
    fallback: languages.includes('en') ? 'en' : languages[0],
  });
}

/**
 * A translated product text in the page's language: the confirmed text of that locale, else the
 * source text (the plain key) when it is written in that language, else English (a confirmed English
 * text, or an English source), else the source text in whatever language it is, else the first other
 * locale that has one. `sourceLanguage` is the language of the plain keys (English when unknown).
 */
export function pickProductText(
  fields: Readonly<Record<string, string>>,
  base: TranslatedFieldBase,
  language: SafetyInfoLanguage | null,
  sourceLanguage: SafetyInfoLanguage = 'en',
): LocalizedText | null {
  const order: Array<{ key: string; language: SafetyInfoLanguage }> = [];
  if (language && isLocale(language)) order.push({ key: translatedFieldKey(base, language), language });
  if (language && language === sourceLanguage) order.push({ key: base, language: sourceLanguage });
  if (language !== 'en') order.push({ key: translatedFieldKey(base, 'en'), language: 'en' });
  order.push({ key: base, language: sourceLanguage });
  for (const l of LOCALES)
    if (l !== language && l !== 'en') order.push({ key: translatedFieldKey(base, l), language: l });
  for (const o of order) {
    const text = fields[o.key];
    if (text) return { text, language: o.language, fallback: language !== null && o.language !== language };
  }
  return null;
}

function pickText(
  snapshot: PublishedSnapshot,
  base: 'safety_warnings' | 'instructions',
  language: SafetyInfoLanguage | null,
): LocalizedText | null {
  const order: SafetyInfoLanguage[] = [];
  if (language) order.push(language);
  if (!order.includes('en')) order.push('en');
  for (const l of snapshot.languages) if (!order.includes(l)) order.push(l);
  for (const l of order) {
    const text = snapshot.fields[localizedFieldKey(base, l)];
    if (text) return { text, language: l, fallback: l !== language };
  }
  return null;
}

/** The Art. 19 block of a snapshot in one language (requested code, or negotiated beforehand). */
export function buildArt19Block(snapshot: PublishedSnapshot, requested?: string | null): Art19Block {
  const normalized = requested ? normalizeLanguageCode(requested) : null;
  const languages = pageLanguages(snapshot);
  const language = normalized && languages.includes(normalized) ? normalized : chooseArt19Language(snapshot);
  // Labels follow the visitor's wish when we have them in that locale, even if the content falls back.
  // Every safety-information language is a public locale: the labels are always in the visitor's wish.
  const labelLocale: PublicLocale = normalized ?? language ?? DEFAULT_LOCALE;
  const f = snapshot.fields;
  const warnings = pickText(snapshot, 'safety_warnings', language);
  const instructions = pickText(snapshot, 'instructions', language);
  const texts = Object.fromEntries(
    Object.entries(PRODUCT_TEXT_FIELDS).map(([k, base]) => [
      k,
      pickProductText(f, base, language, snapshot.source_language ?? 'en'),
    ]),
  ) as Record<ProductTextKey, LocalizedText | null>;

  // Tell the visitor when what they read is not in the language they asked for, naming the languages
  // the texts are actually shown in; texts in their language (a German source text on the German
  // page) never raise it.
  const wanted = normalized ?? language;
  const shownIn = [
    ...new Set(
      [warnings, instructions, texts.description, texts.batch_or_serial_scheme, texts.age_grading]
        .filter((x): x is LocalizedText => x !== null && x.language !== wanted && /\p{L}/u.test(x.text))
        .map((x) => x.language),
    ),
  ];
  const notice = wanted && shownIn.length > 0 ? { requested: wanted, shown: shownIn } : null;
  const lt = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t(labelLocale, key, params);
  const docs = snapshot.documents.filter(
    (d) => !d.language || (language && normalizeLanguageCode(d.language) === language),
  );

  return {
    language,
    requested_language: normalized,
    label_locale: labelLocale,
    available_languages: languages.map((code) => ({ code, name: languageName(code, code) })),
    product: {
      name: snapshot.sku.product_name,
      sku_code: snapshot.sku.sku_code,
      gtin: snapshot.sku.gtin ?? f.gtin ?? null,
      brand: f.brand ?? null,
      model: f.model_number ?? null,
      batch_or_serial_scheme: texts.batch_or_serial_scheme?.text ?? null,
      image_url: f.product_image_url ?? null,
      description: texts.description?.text ?? null,
      age_grading: texts.age_grading?.text ?? null,
      texts,
    },
    manufacturer: snapshot.manufacturer,
    responsible_person: snapshot.responsible_person,
    warnings,
    instructions,
    documents: docs.length > 0 ? docs : snapshot.documents,
    revision: snapshot.revision,
    published_at: snapshot.published_at,
    public_url: snapshot.public_url,
    labels: {
      title: lt('public.title'),
      identification: lt('public.identification'),
      picture: lt('public.picture'),
      manufacturer: lt('role.manufacturer'),
      responsible_person: lt('role.responsible_person'),
      warnings: lt('public.warnings'),
      instructions: lt('public.instructions'),
      documents: lt('public.documents'),
      language: lt('public.language'),
      published: lt('public.published', {
        date: formatDate(snapshot.published_at, labelLocale),
        revision: snapshot.revision,
      }),
      contact: lt('public.contact'),
      qr: lt('public.qr'),
      fallback_notice: notice
        ? lt('public.fallback_notice', {
            requested: languageName(notice.requested, labelLocale),
            shown: notice.shown.map((l) => languageName(l, labelLocale)).join(', '),
          })
        : null,
      no_safety_info: warnings || instructions ? null : lt('public.no_safety_info'),
    },
  };
}
