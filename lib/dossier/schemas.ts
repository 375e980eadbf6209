import { z } from 'zod';

export const Localized = z.object({ en: z.string(), de: z.string(), fr: z.string(), es: z.string(), it: z.string() });
export type Localized = z.infer<typeof Localized>;

export const DossierCatalogue = z
  .object({
    sections: z.array(z.object({ code: z.string(), label: Localized })),
    fields: z.array(
      z.object({
        key: z.string(),
        section: z.string(),
        kind: z.string(),
        localized: z.boolean(),
        translated: z
          .boolean()
          .describe('the public page shows this text per page locale, under keys <key>_<locale> (en, de, fr, es, it)'),
        public: z.boolean(),
        label: Localized,
        help: z.string(),
        enum_values: z.array(z.string()).optional(),
        category: z.string().optional().describe('the product category the field belongs to'),
        entity: z
          .object({ role: z.enum(['manufacturer', 'importer', 'responsible_person']), attribute: z.string() })
          .optional()
          .describe('the entity attribute the field mirrors'),
      }),
    ),
    categories: z.array(z.object({ code: z.string(), label: Localized })),
    languages: z.array(z.object({ code: z.string(), name: z.string(), native_name: z.string() })),
  })
  .meta({ id: 'DossierCatalogue' });
export type DossierCatalogue = z.infer<typeof DossierCatalogue>;
