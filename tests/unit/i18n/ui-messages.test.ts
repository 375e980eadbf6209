/**
 * The UI dictionaries: German has every English key with the same placeholders and real translations, and
 * placeholders, numbers, plurals, dates, relative times and sizes are formatted per language.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translator, translate, type Dictionary, type Messages } from '@/lib/i18n/ui';
import { formatters } from '@/components/i18n/formatters';

const UI_DIR = path.resolve(__dirname, '../../../lib/i18n/ui');

async function allDictionaries(): Promise<[string, Messages<Dictionary>][]> {
  const out: [string, Messages<Dictionary>][] = [];
  for (const file of readdirSync(UI_DIR).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(path.join(UI_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (value && typeof value === 'object' && 'en' in value && 'de' in value)
        out.push([`${file}:${name}`, value as Messages<Dictionary>]);
  }
  return out;
}

const placeholders = (m: unknown) =>
  [...JSON.stringify(m).matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort((a, b) => a.localeCompare(b));

describe('UI dictionaries', () => {
  it('German has every English key, no empty text and the same placeholders', async () => {
    const dicts = await allDictionaries();
    expect(dicts.length).toBeGreaterThan(1);
    const problems: string[] = [];
    for (const [name, m] of dicts) {
      for (const key of Object.keys(m.en)) {
        const de = m.de[key];
        if (de === undefined) problems.push(`${name} ${key}: missing in de`);
        else if (JSON.stringify(de).replace(/[{}"\s:,]|one|other|zero/g, '') === '')
          problems.push(`${name} ${key}: empty`);
        else if (new Set(placeholders(de)).size !== new Set(placeholders(m.en[key])).size)
          problems.push(`${name} ${key}: placeholders differ`);
        else if (typeof de !== typeof m.en[key]) problems.push(`${name} ${key}: plural in one language only`);
      }
      for (const key of Object.keys(m.de)) if (!(key in m.en)) problems.push(`${name} ${key}: only in de`);
    }
    expect(problems).toEqual([]);
  });

  it('German texts are translated, not copied from English', async () => {
    let same = 0;
    let total = 0;
    for (const [, m] of await allDictionaries())
      for (const key of Object.keys(m.en)) {
        total++;
        if (JSON.stringify(m.en[key]) === JSON.stringify(m.de[key])) same++;
      }
    // Names, codes and loan words ("SKU", "Pro", "Status") read the same; most texts do not.
    expect(same / total).toBeLessThan(0.15);
  });

  it('fills placeholders, formats numbers and picks plural forms by language', () => {
    const m = {
      en: {
        count: { one: '{count} SKU', other: '{count} SKUs' },
        hello: 'Hello {name}',
        none: { zero: 'No SKUs', one: 'One', other: '{count}' },
      },
      de: {
        count: { one: '{count} SKU', other: '{count} SKUs' },
        hello: 'Hallo {name}',
        none: { zero: 'Keine SKUs', one: 'Eine', other: '{count}' },
      },
    } as const;
    const en = translator(m, 'en');
    const de = translator(m, 'de');
    expect(en('count', { count: 1 })).toBe('1 SKU');
    expect(en('count', { count: 12345 })).toBe('12,345 SKUs');
    expect(de('count', { count: 12345 })).toBe('12.345 SKUs');
    expect(de('hello', { name: 'ACME {x}' })).toBe('Hallo ACME {x}');
    expect(de('none', { count: 0 })).toBe('Keine SKUs');
    expect(en('hello')).toBe('Hello {name}');
    expect(translate('{a}{b}', 'en', { a: 1 })).toBe('1{b}');
  });

  it('formats dates, relative times and sizes in the UI language', () => {
    const d = '2026-03-04T10:05:00Z';
    expect(formatters('en').date(d)).toBe('4 Mar 2026');
    expect(formatters('de').date(d)).toMatch(/^4\. März 2026$/);
    const now = Date.parse(d) + 5 * 60_000;
    expect(formatters('en').relative(d, now)).toBe('5 minutes ago');
    expect(formatters('de').relative(d, now)).toBe('vor 5 Minuten');
    expect(formatters('de').bytes(1536)).toBe('1,5 KB');
    expect(formatters('en').date(null)).toBe('—');
  });
});
