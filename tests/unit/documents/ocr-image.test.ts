/**
 * Image OCR in one read: PGM pages cut at blank rows between lines, rows cropped, large images scaled to
 * the OCR pixel budget, and every line read, including those at the cuts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractText, shutdownExtractWorkers } from '@/lib/extract';
import { OCR_MAX_SIDE, OCR_PIXEL_BUDGET, prepareForOcr } from '@/lib/extract/image-prep';
import { blankRowNear, pgmInfo, pgmRows, toPgm } from '@/lib/extract/pgm';
import { pngOfText } from './fixtures';

afterAll(() => shutdownExtractWorkers());

/** A PGM of white rows with black rows at the given indices. */
function stripes(width: number, height: number, inkRows: number[]): Buffer {
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const y of inkRows) for (let x = 0; x < width; x++) rgba.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return toPgm(rgba, width, height);
}

describe('PGM pages for OCR', () => {
  it('finds a blank row between text lines near the asked share, never inside a line', () => {
    // Lines of ink at rows 0-19, 30-59 and 70-99 of a 100-row page.
    const ink = [...Array(100).keys()].filter((y) => y < 20 || (y >= 30 && y < 60) || y >= 70);
    const pgm = stripes(50, 100, ink);
    const cut = blankRowNear(pgm, 0.3, 0.1, 0.9)!;
    expect(cut).toBeGreaterThanOrEqual(20);
    expect(cut).toBeLessThan(30);
    expect(blankRowNear(stripes(50, 100, [...Array(100).keys()]), 0.3)).toBeNull();
  });

  it('crops rows into a PGM of their own', () => {
    const pgm = stripes(8, 10, [9]);
    const crop = pgmRows(pgm, 6, 10);
    expect(pgmInfo(crop)).toMatchObject({ width: 8, height: 4 });
    expect(crop[crop.length - 1]).toBe(0); // the ink row came along
    expect(pgmInfo(Buffer.from('P6\n1 1\n255\n\0\0\0'))).toBeNull();
  });

  it('scales a large image down to the OCR pixel budget and keeps a small one as it is', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const big = createCanvas(6000, 4000);
    const ctx = big.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 6000, 4000);
    const prepared = (await prepareForOcr(await big.encode('png')))!;
    expect(prepared.width * prepared.height).toBeLessThanOrEqual(OCR_PIXEL_BUDGET * 1.01);
    expect(Math.max(prepared.width, prepared.height)).toBeLessThanOrEqual(OCR_MAX_SIDE);
    expect(prepared.scale).toBeLessThan(1);
    expect(pgmInfo(prepared.image)).toMatchObject({ width: prepared.width, height: prepared.height });
    const small = (await prepareForOcr(await pngOfText(['Label'])))!;
    expect(small.scale).toBe(1);
    expect(await prepareForOcr(new Uint8Array([1, 2, 3, 4]))).toBeNull();
  });
});

describe('image OCR in one read', () => {
  it('reads every line of a page read band first, the lines at the cut included', async () => {
    const lines = [
      'EU Declaration of Conformity',
      'Manufacturer: Lampen Werk GmbH',
      'Hauptstrasse 12, 10115 Berlin',
      'Product: Desk lamp DL-20',
      'Directive 2014/35/EU',
      'EN 60598-1:2021',
      'Signed Berlin, 4 March 2024',
      'Anna Schmidt, Quality',
    ];
    const r = await extractText({ bytes: await pngOfText(lines), filename: 'doc-scan.png', ocr: true });
    expect(r.status).toBe('ok');
    expect(r.snippetSource).toBe('ocr_text');
    const probes = ['Declaration', 'Lampen', '10115', 'DL-20', '2014/35', '60598', 'Signed', 'Schmidt'];
    if (r.truncated) {
      // A loaded machine can run the image out of its budget after the band: then it says so, and the
      // band's lines are there.
      expect(r.warnings.join(' ')).toMatch(/top of the image only/);
      for (const probe of probes.slice(0, 2)) expect(r.text).toContain(probe);
    } else for (const probe of probes) expect(r.text).toContain(probe);
    expect(r.ocr?.pages).toBe(1);
  });
});
