/**
 * QR codes: the SVG is a standalone vector with nothing scriptable; the PNG decodes back to the page URL and the
 * GS1 Digital Link.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPng, qrSvg } from '@/lib/publish/qr';

// pngjs ships with qrcode (it is what qrcode renders PNGs with); used here only to read pixels back.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Buffer } } };
};

/**
 * A minimal QR reader for clean, axis-aligned renders of single-block symbols (versions 1-3 at level M):
 * samples the modules from the image, reads the format information, unmasks the data region and
 * parses numeric, alphanumeric and byte segments. Independent of the encoder, so a round trip proves
 * that the image encodes the URL.
 */
function sampleModules(png: { width: number; height: number; data: Buffer }): boolean[][] {
  const dark = (x: number, y: number) => png.data[(y * png.width + x) * 4] < 128;
  // The top-left finder starts at the first dark pixel of the diagonal; its first row is 7 modules of dark.
  let start = 0;
  while (start < png.width && !dark(start, start)) start++;
  let run = 0;
  while (dark(start + run, start)) run++;
  const scale = run / 7;
  const n = Math.round((png.width - 2 * start) / scale);
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) =>
      dark(Math.floor(start + (c + 0.5) * scale), Math.floor(start + (r + 0.5) * scale)),
    ),
  );
}

function alignmentCenters(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = size === 145 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const pos = [size - 7];
  for (let i = 1; i < count - 1; i++) pos[i] = pos[i - 1] - step;
  pos.push(6);
  return pos.reverse();
}

const MASKS: Array<(r: number, c: number) => boolean> = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r * c) % 3) + ((r + c) % 2)) % 2 === 0,
];

function decodeQr(m: boolean[][]): string {
  const n = m.length;
  const version = (n - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 3) throw new Error(`unsupported size ${n}`);
  // Format information next to the top-left finder (bits 0..14, rows 0-5, 7, 8 then columns 7, 5..0).
  let format = 0;
  for (let i = 0; i < 15; i++) {
    const row = i < 6 ? i : i < 8 ? i + 1 : n - 15 + i;
    if (m[row][8]) format |= 1 << i;
  }
  const data5 = (format ^ 0x5412) >> 10;
  const mask = MASKS[data5 & 7];
  if (data5 >> 3 !== 0) throw new Error('expected error correction level M');

  const reserved = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  const block = (r0: number, c0: number, h: number, w: number) => {
    for (let r = r0; r < r0 + h; r++)
      for (let c = c0; c < c0 + w; c++) if (r >= 0 && c >= 0 && r < n && c < n) reserved[r][c] = true;
  };
  block(0, 0, 9, 9);
  block(0, n - 8, 9, 8);
  block(n - 8, 0, 8, 9);
  block(6, 0, 1, n);
  block(0, 6, n, 1);
  const centers = alignmentCenters(version);
  for (const r of centers) for (const c of centers) if (!reserved[r][c]) block(r - 2, c - 2, 5, 5);

  const bits: number[] = [];
  let upward = true;
  for (let right = n - 1; right > 0; right -= 2) {
    if (right === 6) right--; // the vertical timing pattern
    for (let i = 0; i < n; i++) {
      const r = upward ? n - 1 - i : i;
      for (const c of [right, right - 1]) if (!reserved[r][c]) bits.push(Number(m[r][c] !== mask(r, c)));
    }
    upward = !upward;
  }

  let p = 0;
  const read = (k: number) => {
    let v = 0;
    for (let i = 0; i < k; i++) v = (v << 1) | (bits[p++] ?? 0);
    return v;
  };
  const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
  const bytes: number[] = [];
  for (;;) {
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 4) {
      const count = read(8);
      for (let i = 0; i < count; i++) bytes.push(read(8));
    } else if (mode === 1) {
      let count = read(10);
      let digits = '';
      for (; count >= 3; count -= 3) digits += String(read(10)).padStart(3, '0');
      if (count === 2) digits += String(read(7)).padStart(2, '0');
      if (count === 1) digits += String(read(4));
      bytes.push(...Buffer.from(digits));
    } else if (mode === 2) {
      let count = read(9);
      let s = '';
      for (; count >= 2; count -= 2) {
        const v = read(11);
        s += ALNUM[Math.floor(v / 45)] + ALNUM[v % 45];
      }
      if (count === 1) s += ALNUM[read(6)];
      bytes.push(...Buffer.from(s));
    } else {
      throw new Error(`unsupported mode ${mode}`);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const PAGE = 'https://app.example.com/p/Ab3dE9xZ';
const DIGITAL_LINK = 'https://app.example.com/01/04006381333931';

describe('QR codes', () => {
  it('SVG is a standalone vector image with path data and nothing scriptable', async () => {
    const svg = await qrSvg(PAGE);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toMatch(/<path[^>]+d="M[0-9 .hvMmHVz-]{100,}/);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
  });

  it('PNG decodes back to the page URL and to a GS1 Digital Link', async () => {
    for (const url of [PAGE, DIGITAL_LINK]) {
      const png = await qrPng(url, { size: 400 });
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const image = PNG.sync.read(png);
      expect(image.width).toBe(400);
      const modules = sampleModules(image);
      expect(modules).toEqual(qrMatrix(url).modules);
      expect(decodeQr(modules)).toBe(url);
    }
  });

  it('the decoder is not fooled: a different URL decodes differently', async () => {
    const image = PNG.sync.read(await qrPng('https://app.example.com/p/OTHER123'));
    expect(decodeQr(sampleModules(image))).not.toBe(PAGE);
  });

  it('refuses what is not an http(s) URL, or is too long', async () => {
    await expect(qrSvg('javascript:alert(1)')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(qrPng('not a url')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(qrSvg(`https://example.com/${'a'.repeat(2000)}`)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
