/**
 * Grayscale PGM (P5) pages for OCR. Tesseract binarises a gray image anyway, and a PGM is written in
 * ~10 ms where PNG compression of the same RGBA pixels took 150-350 ms a page; its pixels can also be
 * read back here (the blank rows between text lines, see ocr.ts) without decoding anything.
 */

/** RGBA pixels (composited on white, as paper is) to a binary PGM (P5). */
export function toPgm(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const out = Buffer.allocUnsafe(header.length + width * height);
  header.copy(out, 0);
  for (let i = 0, o = header.length; i < width * height; i++, o++) {
    const r = rgba[i * 4];
    const g = rgba[i * 4 + 1];
    const b = rgba[i * 4 + 2];
    const a = rgba[i * 4 + 3];
    // ITU-R BT.601 luma; a transparent pixel is white paper.
    const y = (r * 299 + g * 587 + b * 114) / 1000;
    out[o] = Math.round(255 - ((255 - y) * a) / 255);
  }
  return out;
}

/** Width, height and pixel offset of a binary PGM written by toPgm (no comments in its header). */
export function pgmInfo(b: Buffer): { width: number; height: number; offset: number } | null {
  if (b.length < 11 || b[0] !== 0x50 || b[1] !== 0x35) return null;
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(b.subarray(0, 40).toString('latin1'));
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  const offset = m[0].length;
  return b.length >= offset + width * height ? { width, height, offset } : null;
}

/**
 * A row between text lines near `share` of the page's height (between `min` and `max` of it): the
 * middle of the longest run of rows without ink there, or null when every row there has ink.
 */
export function blankRowNear(b: Buffer, share: number, min = 0.2, max = 0.55): number | null {
  const info = pgmInfo(b);
  if (!info) return null;
  const { width, height, offset } = info;
  const inked = (y: number) => {
    const row = offset + y * width;
    let dark = 0;
    // A row is blank when (almost) no pixel is dark: specks and scanner noise are allowed.
    for (let x = 0; x < width; x += 2) if (b[row + x] < 128 && ++dark > Math.max(2, width / 400)) return true;
    return false;
  };
  const from = Math.floor(height * min);
  const to = Math.floor(height * max);
  let best: { start: number; len: number } | null = null;
  let start = -1;
  for (let y = from; y <= to; y++) {
    if (y < to && !inked(y)) {
      if (start < 0) start = y;
      continue;
    }
    if (start >= 0) {
      const len = y - start;
      const mid = start + len / 2;
      const target = height * share;
      // Prefer a wide gap (between lines, not inside one), then the one nearest the target.
      if (
        len >= 3 &&
        (!best ||
          len > best.len * 2 ||
          (len * 2 >= best.len && Math.abs(mid - target) < Math.abs(best.start + best.len / 2 - target)))
      )
        best = { start, len };
      start = -1;
    }
  }
  return best ? Math.round(best.start + best.len / 2) : null;
}

/** Rows [top, top + height) of a PGM as a PGM of their own. */
export function pgmRows(b: Buffer, top: number, height: number): Buffer {
  const info = pgmInfo(b);
  if (!info) throw new Error('not a PGM');
  const h = Math.max(0, Math.min(height, info.height - top));
  const header = Buffer.from(`P5\n${info.width} ${h}\n255\n`, 'ascii');
  return Buffer.concat([header, b.subarray(info.offset + top * info.width, info.offset + (top + h) * info.width)]);
}
