/**
 * The published snapshot and Art. 19 block (public confirmed fields only, EU stand-ins for non-EU makers,
 * the visitor's language with fallbacks) and the schema.org Product JSON-LD (valid GTINs only, escaped so
 * a value cannot close the script element).
 */
import { describe, expect, it } from 'vitest';
import {
  buildArt19Block,
  buildPublishedSnapshot,
  chooseArt19Language,
  type BuildSnapshotInput,
} from '@/lib/publish/art19';
import { buildProductJsonLd, jsonLdScriptTag, serializeJsonLd } from '@/lib/publish/jsonld';

function snapshotInput(overrides: Partial<BuildSnapshotInput> = {}): BuildSnapshotInput {
  return {
    public_id: 'Ab3dE9xZ',
    revision: 2,
    published_at: '2026-04-03T08:00:00Z',
    public_url: 'https://app.example.com/p/Ab3dE9xZ',
    sku: { sku_code: 'HW-200', product_name: 'Holzturm „Größe XL“', gtin: '4006381333931', category_code: 'toys' },
    fields: {
      brand: 'Holzwerk',
      model_number: 'HW-200',
      product_image_url: 'https://cdn.example.com/hw-200.jpg',
      safety_warnings_de: 'Achtung! Nicht für Kinder unter 36 Monaten geeignet.',
      safety_warnings_fr: 'Attention ! Ne convient pas aux enfants de moins de 36 mois.',
      instructions_de: 'Mit einem feuchten Tuch reinigen.',
      hs_code: '95030070', // internal: must not be published
      cpnp_number: '123',
      target_markets: 'DE,FR',
    },
    entities: [
      {
        role: 'manufacturer',
        name: 'Shenzhen Bright Toys Co., Ltd.',
        address_lines: ['No. 8 Industrial Road', 'Shenzhen 518000'],
        country: 'CN',
        email: 'safety@bright.example',
      },
      {
        role: 'importer',
        name: 'Import GmbH',
        address_lines: ['Hauptstraße 5', '96450 Coburg'],
        country: 'DE',
        email: 'info@import.example',
      },
    ],
    documents: [
      {
        id: 'd1',
        name: 'Bedienungsanleitung.pdf',
        type: 'manual',
        language: 'de',
        url: 'https://app.example.com/p/Ab3dE9xZ/d/d1',
      },
      { id: 'd2', name: 'Notice.pdf', type: 'manual', language: 'fr', url: 'https://app.example.com/p/Ab3dE9xZ/d/d2' },
      {
        id: 'd3',
        name: 'EU DoC.pdf',
        type: 'declaration_of_conformity',
        language: null,
        url: 'https://app.example.com/p/Ab3dE9xZ/d/d3',
      },
    ],
    ...overrides,
  };
}

describe('published snapshot and Art. 19 block', () => {
  it('keeps only public confirmed fields; an EU importer stands in as responsible person for a non-EU maker', () => {
    const s = buildPublishedSnapshot(snapshotInput());
    expect(Object.keys(s.fields).sort()).toEqual([
      'brand',
      'instructions_de',
      'model_number',
      'product_image_url',
      'safety_warnings_de',
      'safety_warnings_fr',
    ]);
    expect(s.languages).toEqual(['de', 'fr']);
    expect(s.manufacturer).toMatchObject({ name: 'Shenzhen Bright Toys Co., Ltd.', country: 'CN' });
    expect(s.responsible_person).toMatchObject({ name: 'Import GmbH', country: 'DE' });
  });

  it('no stand-in for an EU manufacturer; dossier fields describe operators when no entity is linked', () => {
    const s = buildPublishedSnapshot(
      snapshotInput({
        entities: [],
        fields: {
          manufacturer_name: 'Holzwerk Müller GmbH',
          manufacturer_address: 'Hauptstraße 5\n96450 Coburg',
          manufacturer_country: 'DE',
          manufacturer_email: 'info@holzwerk.example',
          importer_name: 'X',
          importer_country: 'AT',
        },
      }),
    );
    expect(s.manufacturer).toEqual({
      name: 'Holzwerk Müller GmbH',
      address_lines: ['Hauptstraße 5', '96450 Coburg'],
      country: 'DE',
      email: 'info@holzwerk.example',
      url: null,
      phone: null,
    });
    expect(s.responsible_person).toBeNull();
  });

  it('builds the block in the visitor language with labels in that locale', () => {
    const s = buildPublishedSnapshot(snapshotInput());
    expect(chooseArt19Language(s, { acceptLanguage: 'fr-CH, fr;q=0.9, en;q=0.8' })).toBe('fr');
    expect(chooseArt19Language(s, { query: 'DE', acceptLanguage: 'fr' })).toBe('de');
    expect(chooseArt19Language(s, { acceptLanguage: 'ja' })).toBe('de'); // no English published: first language

    const fr = buildArt19Block(s, 'fr');
    expect(fr.language).toBe('fr');
    expect(fr.warnings).toEqual({
      text: 'Attention ! Ne convient pas aux enfants de moins de 36 mois.',
      language: 'fr',
      fallback: false,
    });
    expect(fr.labels.title).toBe('Informations de sécurité du produit');
    expect(fr.labels.responsible_person).toBe("Personne responsable dans l'UE");
    expect(fr.product).toMatchObject({
      name: 'Holzturm „Größe XL“',
      gtin: '4006381333931',
      model: 'HW-200',
      image_url: 'https://cdn.example.com/hw-200.jpg',
      brand: 'Holzwerk',
    });
    expect(fr.documents.map((d) => d.id)).toEqual(['d2', 'd3']);
    // Instructions exist only in German: shown with a fallback notice in French.
    expect(fr.instructions).toMatchObject({ language: 'de', fallback: true });
    expect(fr.labels.fallback_notice).toBe('Non disponible en Français ; affiché en Allemand.');
    expect(fr.available_languages).toEqual([
      { code: 'de', name: 'Deutsch' },
      { code: 'fr', name: 'Français' },
    ]);

    const de = buildArt19Block(s, 'de-AT');
    expect(de.language).toBe('de');
    expect(de.labels.fallback_notice).toBeNull();
    expect(de.labels.published).toBe('Veröffentlicht am 03.04.2026 (Revision 2)');
  });

  it('an unpublished language falls back with a notice; no safety info at all is said so', () => {
    const s = buildPublishedSnapshot(snapshotInput());
    const it = buildArt19Block(s, 'it');
    expect(it.language).toBe('de');
    expect(it.requested_language).toBe('it');
    expect(it.label_locale).toBe('it');
    expect(it.labels.fallback_notice).toBe('Non disponibile in Italiano; mostrato in Tedesco.');
    const pl = buildArt19Block(s, 'pl');
    expect(pl.label_locale).toBe('pl'); // Polish labels around the German text
    expect(pl.labels.fallback_notice).toBe('Niedostępne w języku: Polski; wyświetlono w języku: Niemiecki.');

    const bare = buildArt19Block(buildPublishedSnapshot(snapshotInput({ fields: { brand: 'X' } })), null);
    expect(bare.language).toBeNull();
    expect(bare.warnings).toBeNull();
    expect(bare.labels.no_safety_info).toBe('No safety information has been published in this language.');
  });
});

describe('schema.org Product JSON-LD', () => {
  it('carries name, gtin, sku, brand, manufacturer and image', () => {
    const ld = buildProductJsonLd(buildPublishedSnapshot(snapshotInput()));
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Holzturm „Größe XL“',
      sku: 'HW-200',
      gtin: '4006381333931',
      model: 'HW-200',
      image: 'https://cdn.example.com/hw-200.jpg',
      url: 'https://app.example.com/p/Ab3dE9xZ',
      brand: { '@type': 'Brand', name: 'Holzwerk' },
      manufacturer: {
        '@type': 'Organization',
        name: 'Shenzhen Bright Toys Co., Ltd.',
        email: 'safety@bright.example',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'No. 8 Industrial Road, Shenzhen 518000',
          addressCountry: 'CN',
        },
      },
    });
  });

  it('omits an invalid GTIN', () => {
    const ld = buildProductJsonLd(
      buildPublishedSnapshot(snapshotInput({ sku: { sku_code: 'A', product_name: 'B', gtin: '4006381333932' } })),
    );
    expect(ld.gtin).toBeUndefined();
  });

  it('escapes < > & and line separators so a value cannot close the script element', () => {
    const hostile = buildPublishedSnapshot(
      snapshotInput({
        sku: { sku_code: 'X-1', product_name: '</script><script>alert("x")</script> <!-- & \u2028' },
      }),
    );
    const json = serializeJsonLd(buildProductJsonLd(hostile));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json).name).toBe('</script><script>alert("x")</script> <!-- & \u2028');
    const tag = jsonLdScriptTag(buildProductJsonLd(hostile));
    expect(tag.match(/<\/script>/g)).toHaveLength(1);
    expect(tag.startsWith('<script type="application/ld+json">{')).toBe(true);
    expect(serializeJsonLd(undefined)).toBe('null');
  });
});
