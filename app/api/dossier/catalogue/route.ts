import { z } from 'zod';
import { FIELD_CATALOGUE, FIELD_SECTIONS } from '@/lib/model/catalogue';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { SAFETY_INFO_LANGUAGES, languageName } from '@/lib/i18n/languages';
import { LOCALES } from '@/lib/i18n/locales';
import { vocabularyLabel } from '@/lib/i18n/messages';
import { CATEGORIES } from '@/lib/requirements';
import { DossierCatalogue, Localized } from '@/lib/dossier/schemas';

const labels = (fn: (l: (typeof LOCALES)[number]) => string) =>
  Object.fromEntries(LOCALES.map((l) => [l, fn(l)])) as z.infer<typeof Localized>;

// The catalogue is static data: computed once per process.
const body = {
  sections: FIELD_SECTIONS.map((code) => ({ code, label: labels((l) => vocabularyLabel(l, 'section', code)) })),
  fields: FIELD_CATALOGUE.map((d) => ({
    key: d.key,
    section: d.section,
    kind: d.kind,
    localized: d.localized,
    translated: Boolean(d.translated),
    public: d.public,
    label: d.labels,
    help: d.help,
    ...(d.enum_values ? { enum_values: d.enum_values } : {}),
    ...(d.category ? { category: d.category } : {}),
    ...(d.entity ? { entity: d.entity } : {}),
  })),
  categories: CATEGORIES.map((c) => ({ code: c.code, label: c.labels })),
  languages: SAFETY_INFO_LANGUAGES.map((code) => ({
    code,
    name: languageName(code, 'en'),
    native_name: languageName(code, code),
  })),
};

// GET /api/dossier/catalogue – every dossier field key with section, kind, labels and help; categories; languages.
const get = defineRoute({
  method: 'GET',
  path: '/api/dossier/catalogue',
  operationId: 'getDossierCatalogue',
  summary: 'The dossier field catalogue',
  description:
    'Per-language fields (localized: true) have concrete keys <key>_<language>, e.g. safety_warnings_de. Texts the public page shows per locale (translated: true) have keys <key>_<locale>, e.g. product_description_de.',
  tags: ['Dossier'],
  stability: 'preview',
  auth: 'either',
  scope: 'dossier:read',
  responses: { 200: { description: 'The catalogue.', schema: DossierCatalogue } },
  handler: async () => json(body, 200, { 'cache-control': 'private, max-age=300' }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
