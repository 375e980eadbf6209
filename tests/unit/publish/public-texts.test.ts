// Holds true: the public page shows each translated product text (description, batch scheme, age
// grading) in the page's language when a confirmed translation exists, else English, else the source
// text, else another locale; each block carries the language it is in, and a fallback is announced
// in the page's language. The catalogue knows the per-locale keys of translated fields.
import { describe, expect, it } from 'vitest';
import { allFieldKeys, fieldLabel, isPublicField, normalizeFieldValue, parseFieldKey } from '@/lib/model/catalogue';
import { buildArt19Block, buildPublishedSnapshot, pickProductText, type BuildSnapshotInput } from '@/lib/publish/art19';

function snapshot(fields: Record<string, string>) {
  const input: BuildSnapshotInput = {
    public_id: 'Ab3dE9xZ',
    revision: 1,
    published_at: '2026-04-03T08:00:00Z',
    public_url: 'https://app.example.com/p/Ab3dE9xZ',
    sku: { sku_code: 'HW-200', product_name: 'Holzturm', gtin: null, category_code: 'toys' },
    fields,
  };
  return buildPublishedSnapshot(input);
}

describe('translated catalogue fields', () => {
  it('per-locale keys of description, batch scheme and age grading are known, public and labelled', () => {
    for (const key of ['product_description_de', 'batch_or_serial_scheme_fr', 'age_grading_it']) {
      expect(parseFieldKey(key)?.language).toBe(key.slice(-2));
      expect(isPublicField(key)).toBe(true);
    }
    expect(fieldLabel('product_description_de', 'de')).toBe('Produktbeschreibung (Deutsch)');
    expect(parseFieldKey('product_description_pl')).toBeNull(); // only the five page locales
    expect(parseFieldKey('gtin_de')).toBeNull();
    expect(normalizeFieldValue('product_description_de', '  Ein Turm\r\naus Holz ')).toEqual({
      ok: true,
      value: 'Ein Turm\naus Holz',
    });
    expect(allFieldKeys(['de'])).toEqual(expect.arrayContaining(['product_description', 'age_grading_es']));
  });
});

describe('product texts on the public page', () => {
  const fields = {
    product_description: 'A wooden stacking tower.',
    product_description_de: 'Ein Stapelturm aus Holz.',
    batch_or_serial_scheme: 'LOT yyww on the base',
    age_grading_fr: 'Dès 3 ans',
    safety_warnings_en: 'Warning! Not for children under 36 months.',
    safety_warnings_de: 'Achtung! Nicht für Kinder unter 36 Monaten.',
  };

  it('fallback order: the locale, then English, then the source, then another locale', () => {
    const f = { ...fields, product_description_en: 'A stacking tower made of wood.' };
    expect(pickProductText(f, 'product_description', 'de')).toEqual({
      text: 'Ein Stapelturm aus Holz.',
      language: 'de',
      fallback: false,
    });
    expect(pickProductText(f, 'product_description', 'fr')).toEqual({
      text: 'A stacking tower made of wood.',
      language: 'en',
      fallback: true,
    });
    expect(pickProductText(fields, 'product_description', 'fr')?.text).toBe('A wooden stacking tower.');
    expect(pickProductText(fields, 'age_grading', 'de')).toEqual({ text: 'Dès 3 ans', language: 'fr', fallback: true });
    expect(pickProductText(fields, 'age_grading', 'fr')).toEqual({
      text: 'Dès 3 ans',
      language: 'fr',
      fallback: false,
    });
    expect(pickProductText({}, 'age_grading', 'fr')).toBeNull();
  });

  it('the German block: German description, the batch scheme in English with its lang, a German notice', () => {
    const block = buildArt19Block(snapshot(fields), 'de');
    expect(block.language).toBe('de');
    expect(block.label_locale).toBe('de');
    expect(block.product.description).toBe('Ein Stapelturm aus Holz.');
    expect(block.product.texts.description?.language).toBe('de');
    expect(block.product.batch_or_serial_scheme).toBe('LOT yyww on the base');
    expect(block.product.texts.batch_or_serial_scheme).toMatchObject({ language: 'en', fallback: true });
    expect(block.product.texts.age_grading).toMatchObject({ language: 'fr', fallback: true });
    expect(block.warnings?.language).toBe('de');
    expect(block.labels.fallback_notice).toMatch(/^Nicht verfügbar in: Deutsch; angezeigt in: /);
  });

  it('the English block has no notice when every text is there in English', () => {
    const block = buildArt19Block(snapshot({ ...fields, age_grading: '3+' }), 'en');
    expect(block.product.description).toBe('A wooden stacking tower.');
    expect(block.product.texts.age_grading).toMatchObject({ text: '3+', language: 'en', fallback: false });
    expect(block.labels.fallback_notice).toBeNull();
  });

  it('a confirmed translation alone makes its language a page language', () => {
    const s = snapshot({ product_description: 'A tower.', product_description_it: 'Una torre.' });
    expect(s.languages).toEqual(['it']);
    const block = buildArt19Block(s, 'it');
    expect(block.language).toBe('it');
    expect(block.product.description).toBe('Una torre.');
    expect(block.available_languages.map((l) => l.code)).toEqual(['it']);
  });

  it('an older snapshot without the translated languages listed still offers them', () => {
    const s = { ...snapshot(fields), languages: ['en' as const] };
    const block = buildArt19Block(s, 'de');
    expect(block.language).toBe('de');
    expect(block.available_languages.map((l) => l.code)).toEqual(['de', 'en', 'fr']);
  });

  it('source texts in German are German: no notice on the German page, the English page names German', () => {
    const german = {
      product_description: 'Ein Stapelturm aus Holz.',
      age_grading: 'Ab 3 Jahren',
      safety_warnings_de: 'Achtung! Nicht für Kinder unter 36 Monaten.',
    };
    const s = buildPublishedSnapshot({
      public_id: 'Ab3dE9xZ',
      revision: 1,
      published_at: '2026-04-03T08:00:00Z',
      public_url: 'https://app.example.com/p/Ab3dE9xZ',
      sku: { sku_code: 'HW-200', product_name: 'Holzturm' },
      fields: german,
      source_language: 'de',
    });
    expect(s.languages).toEqual(['de']);
    const de = buildArt19Block(s, 'de');
    expect(de.product.texts.description).toEqual({ text: 'Ein Stapelturm aus Holz.', language: 'de', fallback: false });
    expect(de.labels.fallback_notice).toBeNull();
    const fr = buildArt19Block(s, 'fr');
    expect(fr.labels.fallback_notice).toBe('Non disponible en Français ; affiché en Allemand.');
    expect(pickProductText(german, 'product_description', 'en', 'de')).toMatchObject({
      language: 'de',
      fallback: true,
    });
  });

  it('the notice names every language a text is shown in, and ignores texts without words', () => {
    const block = buildArt19Block(
      snapshot({ ...fields, batch_or_serial_scheme: '2024-11', age_grading_fr: 'Dès 3 ans' }),
      'de',
    );
    expect(block.labels.fallback_notice).toBe('Nicht verfügbar in: Deutsch; angezeigt in: Französisch.');
    const neutral = buildArt19Block(
      snapshot({ ...fields, batch_or_serial_scheme: '2024-11', age_grading: '3+' }),
      'de',
    );
    expect(neutral.labels.fallback_notice).toBeNull();
  });
});
