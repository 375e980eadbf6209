// Holds true: every provenance source a dossier value can have (the enum the API and the schema share)
// has its own words in every public language, so dossier.pdf and the public page never print a raw code
// such as "supplier_answer" (it did when supplier answers were added without their label).
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/i18n/messages';
import { PUBLIC_LOCALES } from '@/lib/i18n/public-locales';
import { DossierValueSchema } from '@/lib/skus/schemas';

describe('provenance source labels', () => {
  const sources = DossierValueSchema.shape.source.options;

  it('the source list is the one the API declares', () => {
    expect(sources).toContain('supplier_answer');
  });

  it.each(PUBLIC_LOCALES)('%s names every source in words', (locale) => {
    const dictionary = MESSAGES[locale] as Record<string, string>;
    for (const source of sources) {
      const label = dictionary[`source.${source}`];
      expect(label, `${locale}: source.${source}`).toBeTruthy();
      expect(label).not.toContain('_');
    }
  });
});
