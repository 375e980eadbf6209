/**
 * Language detection from the project's compact n-gram table gives the same language, reliability and
 * scores as eld's own medium table, and the table's keys are read correctly.
 */
import { describe, expect, it } from 'vitest';
import { eld } from 'eld/medium';
import { compactNgrams, detectLanguage, loadLanguageDetector, objectLiteralToJson } from '@/lib/text/language';

type Scored = { language: string; isReliable(): boolean; getScores(): Record<string, number> };

const TEXTS = [
  'Dies ist eine Konformitätserklärung des Herstellers für das genannte Produkt.',
  'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
  'La présente déclaration de conformité est établie sous la seule responsabilité du fabricant.',
  'La presente dichiarazione di conformità è rilasciata sotto la responsabilità esclusiva del fabbricante.',
  'Deze conformiteitsverklaring wordt verstrekt onder volledige verantwoordelijkheid van de fabrikant.',
  'Niniejsza deklaracja zgodności wydana zostaje na wyłączną odpowiedzialność producenta.',
  '本符合性声明由制造商全权负责出具。',
  'Настоящая декларация соответствия выдана под исключительную ответственность изготовителя.',
  'x',
];

/** The compact n-gram table must detect exactly as the package's own "medium" import does. */
describe('language detection from the compact n-gram table', () => {
  it('gives the same language, reliability and scores as eld/medium', async () => {
    const compact = await loadLanguageDetector();
    expect(compact).not.toBe(eld);
    for (const text of TEXTS) {
      const a = eld.detect(text) as Scored;
      const b = compact.detect(text) as Scored;
      expect(b.language, text).toBe(a.language);
      expect(b.isReliable(), text).toBe(a.isReliable());
      expect(b.getScores(), text).toEqual(a.getScores());
    }
    expect(detectLanguage(TEXTS[0])).toBe('de');
    expect(detectLanguage(TEXTS[6])).toBe('zh');
  });

  it('reads quoted keys with escapes, bare keys and numeric keys', () => {
    const table = compactNgrams(
      `export const ngramsData = {type:'T2',languages:{0:'de',1:'en'},isSubset:false,ngrams:{' it\\'s ':{0:12,1:7},L_VL:{1:3},"a\\"b":{0:1}}}`,
    );
    expect(table.type).toBe('T2');
    expect(table.languages).toEqual({ 0: 'de', 1: 'en' });
    const ngrams = table.ngrams as Record<string, Record<string, number> | undefined>;
    expect(ngrams[" it's "]).toEqual({ 0: 12, 1: 7 });
    expect(ngrams.L_VL).toEqual({ 1: 3 });
    expect(ngrams['a"b']).toEqual({ 0: 1 });
    expect(ngrams.missing).toBeUndefined();
    expect(JSON.parse(objectLiteralToJson(`{a:'x\\u00e9\\n',2:[1,-2.5,false]}`))).toEqual({
      a: 'xé\n',
      2: [1, -2.5, false],
    });
  });
});
