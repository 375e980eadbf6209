/**
 * The one text decoder (lib/text/decode): UTF-16 without BOM at the threshold it uses, ahead of UTF-8;
 * declared charsets; the Western default; chunked decoding agreeing with whole-text decoding.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeChunks, decodeText, detectEncoding, guessUtf16, isValidUtf8 } from '@/lib/text/decode';

describe('UTF-16 without a byte-order mark', () => {
  it('ASCII text in UTF-16LE is UTF-16, although its bytes are valid UTF-8 too', () => {
    const bytes = iconv.encode('sku_code;product_name\nA-1;Mug\n', 'utf-16le');
    expect(isValidUtf8(bytes)).toBe(true);
    const d = decodeText(bytes);
    expect(d).toMatchObject({
      encoding: 'utf-16le',
      basis: 'utf16_heuristic',
      text: 'sku_code;product_name\nA-1;Mug\n',
    });
    expect(d.text).not.toContain('\u0000');
  });

  it('a Cyrillic table in UTF-16BE, where only digits and separators have a NUL half (~40%), is UTF-16', () => {
    const text = 'Артикул;Цена\nКружка-12;199\nЧайник-7;2490\nЛожка;35\n';
    const bytes = iconv.encode(text, 'utf-16be');
    const nulShare = bytes.filter((b, i) => i % 2 === 0 && b === 0).length / (bytes.length / 2);
    expect(nulShare).toBeGreaterThan(0.3);
    expect(nulShare).toBeLessThan(0.6); // the extractor's former 60% bar missed this file
    expect(decodeText(bytes)).toMatchObject({ encoding: 'utf-16be', text });
  });

  it('text without NUL bytes is never taken for UTF-16', () => {
    expect(guessUtf16(iconv.encode('Größe 12 × 4 cm; Prüfbericht', 'windows-1252'))).toBeNull();
    expect(guessUtf16(Buffer.from('plain ascii text, long enough'))).toBeNull();
    // NULs on both sides (binary) are not UTF-16 either.
    expect(guessUtf16(new Uint8Array(64))).toBeNull();
  });
});

describe('legacy code pages', () => {
  it('Latin-1 without 0x80-0x9F bytes is named iso-8859-1, with them windows-1252', () => {
    const latin = iconv.encode('Béjaïa, Größe, Ærø; Façade, déjà vu, naïve', 'latin1');
    expect(detectEncoding(latin).encoding).toBe('iso-8859-1');
    const cp1252 = iconv.encode('Preis 5 € – „gut“', 'windows-1252');
    expect(decodeText(cp1252)).toMatchObject({ encoding: 'windows-1252', text: 'Preis 5 € – „gut“' });
  });

  it('a declared charset is used when the bytes do not contradict it; a false UTF-8 claim is re-detected', () => {
    const text = 'Привет, мир: сертификат соответствия';
    const bytes = iconv.encode(text, 'windows-1251');
    expect(decodeText(bytes, 'windows-1251')).toMatchObject({ encoding: 'windows-1251', basis: 'declared', text });
    const de = iconv.encode('Prüfbericht für Spielzeug – bestanden', 'windows-1252');
    expect(decodeText(de, 'utf-8').text).toBe('Prüfbericht für Spielzeug – bestanden');
  });
});

describe('chunked decoding', () => {
  it('gives the same text as whole decoding, with multi-byte characters split across chunks', () => {
    const text = 'Größe;€;日本語;'.repeat(500);
    for (const enc of ['utf-8', 'utf-16le'] as const) {
      const bytes =
        enc === 'utf-16le' ? Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, enc)]) : Buffer.from(text);
      const guess = detectEncoding(bytes);
      expect([...decodeChunks(bytes, guess, 7)].join('')).toBe(text);
      expect(decodeText(bytes).text).toBe(text);
    }
  });
});
