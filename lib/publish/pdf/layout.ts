/**
 * A small flowing-layout writer on top of pdf-lib: headings, wrapped paragraphs, label/value rows
 * and page breaks on A4. pdf-lib draws at coordinates only; this keeps a cursor and wraps text
 * (long words such as hashes and URLs are broken by characters).
 */
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = { top: 56, bottom: 60, left: 50, right: 50 };

export const COLORS = {
  text: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.42, 0.44, 0.48),
  accent: rgb(0.11, 0.3, 0.55),
  blocker: rgb(0.7, 0.12, 0.1),
  warning: rgb(0.62, 0.42, 0.0),
  waived: rgb(0.35, 0.45, 0.35),
  rule: rgb(0.82, 0.83, 0.86),
};

export interface TextStyle {
  font?: 'regular' | 'bold';
  size?: number;
  color?: RGB;
  lineGap?: number;
}

export class PdfWriter {
  readonly doc: PDFDocument;
  readonly fonts: { regular: PDFFont; bold: PDFFont };
  readonly sanitize: (s: string) => string;
  page!: PDFPage;
  y = 0;
  readonly width = A4[0] - MARGIN.left - MARGIN.right;

  constructor(doc: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }, sanitize: (s: string) => string) {
    this.doc = doc;
    this.fonts = fonts;
    this.sanitize = sanitize;
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN.top;
  }

  /** Starts a new page when fewer than `height` points remain. */
  ensure(height: number): void {
    if (!this.page || this.y - height < MARGIN.bottom) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  private font(style: TextStyle): PDFFont {
    return style.font === 'bold' ? this.fonts.bold : this.fonts.regular;
  }

  // pdf-lib measures a custom font through a full fontkit layout per call, which made wrapping long
  // unbroken text quadratic and slow (about a minute for 240k characters). Widths of single
  // characters are cached and summed instead; kerning is ignored, a safety margin covers it.
  private readonly charWidths = new Map<PDFFont, Map<string, number>>();

  measure(text: string, style: TextStyle = {}): number {
    const font = this.font(style);
    let cache = this.charWidths.get(font);
    if (!cache) {
      cache = new Map();
      this.charWidths.set(font, cache);
    }
    let total = 0;
    for (const ch of text) {
      let w = cache.get(ch);
      if (w === undefined) {
        w = font.widthOfTextAtSize(ch, 1000) / 1000;
        cache.set(ch, w);
      }
      total += w;
    }
    return total * (style.size ?? 10) * 1.01;
  }

  /** Wraps text into lines that fit `width` at the style's size; keeps explicit line breaks. */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const measure = (s: string) => this.measure(s, style);
    const lines: string[] = [];
    for (const paragraph of this.sanitize(text).split('\n')) {
      const words = paragraph.split(/ +/).filter((w, i, all) => w.length > 0 || all.length === 1);
      let line = '';
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (measure(candidate) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        if (measure(word) <= width) {
          line = word;
          continue;
        }
        // A word wider than the column: break it by characters.
        let chunk = '';
        let chunkWidth = 0;
        for (const ch of word) {
          const w = measure(ch);
          if (chunkWidth + w > width && chunk) {
            lines.push(chunk);
            chunk = ch;
            chunkWidth = w;
          } else {
            chunk += ch;
            chunkWidth += w;
          }
        }
        line = chunk;
      }
      lines.push(line);
    }
    return lines;
  }

  lineHeight(style: TextStyle = {}): number {
    return (style.size ?? 10) * 1.25 + (style.lineGap ?? 0);
  }

  /** Draws wrapped text at x (relative to the left margin) within width, breaking pages as needed. */
  text(text: string, style: TextStyle = {}, x = 0, width = this.width): void {
    const lh = this.lineHeight(style);
    for (const line of this.wrap(text, width, style)) {
      this.ensure(lh);
      this.drawLine(line, x, style);
      this.y -= lh;
    }
  }

  /** Draws one already-fitting line at the cursor's baseline without moving the cursor. */
  drawLine(line: string, x: number, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    if (!line) return;
    this.page.drawText(line, {
      x: MARGIN.left + x,
      y: this.y - size,
      size,
      font: this.font(style),
      color: style.color ?? COLORS.text,
    });
  }

  heading(text: string, level: 1 | 2 | 3 = 1): void {
    const size = level === 1 ? 17 : level === 2 ? 13 : 11;
    const before = level === 1 ? 6 : level === 2 ? 12 : 8;
    // Keep a heading with at least a few lines of what follows.
    this.ensure(before + size * 1.4 + 40);
    this.space(before);
    this.text(text, { font: 'bold', size, color: level === 3 ? COLORS.text : COLORS.accent });
    if (level === 1) {
      this.page.drawLine({
        start: { x: MARGIN.left, y: this.y + 2 },
        end: { x: MARGIN.left + this.width, y: this.y + 2 },
        thickness: 0.8,
        color: COLORS.accent,
      });
      this.space(8);
    } else {
      this.space(3);
    }
  }

  rule(): void {
    this.ensure(6);
    this.page.drawLine({
      start: { x: MARGIN.left, y: this.y - 2 },
      end: { x: MARGIN.left + this.width, y: this.y - 2 },
      thickness: 0.4,
      color: COLORS.rule,
    });
    this.space(6);
  }

  /**
   * A label/value row: label in a left column, value wrapped in the right column, optional smaller
   * lines below the value (provenance). Rows split across pages line by line.
   */
  row(
    label: string,
    value: string,
    opts: { labelWidth?: number; notes?: Array<{ text: string; color?: RGB }>; valueStyle?: TextStyle } = {},
  ): void {
    const labelWidth = opts.labelWidth ?? 165;
    const gap = 10;
    const valueWidth = this.width - labelWidth - gap;
    const labelStyle: TextStyle = { font: 'bold', size: 9, color: COLORS.muted };
    const valueStyle: TextStyle = { size: 10, ...opts.valueStyle };
    const noteStyle: TextStyle = { size: 7.5, color: COLORS.muted };
    const labelLines = this.wrap(label, labelWidth, labelStyle);
    const valueLines = this.wrap(value, valueWidth, valueStyle);
    const noteLines = (opts.notes ?? []).flatMap((n) =>
      this.wrap(n.text, valueWidth, noteStyle).map((l) => ({ l, color: n.color })),
    );

    const lhValue = this.lineHeight(valueStyle);
    const lhLabel = this.lineHeight(labelStyle);
    const lhNote = this.lineHeight(noteStyle);
    // Keep the first lines of a row together with its label.
    this.ensure(Math.max(lhLabel * Math.min(labelLines.length, 3), lhValue * Math.min(valueLines.length, 3)) + 2);

    let labelY = this.y;
    for (const l of labelLines) {
      this.page.drawText(l, { x: MARGIN.left, y: labelY - 9, size: 9, font: this.fonts.bold, color: COLORS.muted });
      labelY -= lhLabel;
    }
    const startPage = this.page;
    for (const l of valueLines) {
      this.ensure(lhValue);
      this.drawLine(l, labelWidth + gap, valueStyle);
      this.y -= lhValue;
    }
    for (const n of noteLines) {
      this.ensure(lhNote);
      this.drawLine(n.l, labelWidth + gap, { ...noteStyle, color: n.color ?? COLORS.muted });
      this.y -= lhNote;
    }
    if (this.page === startPage) this.y = Math.min(this.y, labelY);
    this.space(4);
  }

  /** "Page n of N" and a running title on every page; called once all content is laid out. */
  footer(render: (page: number, pages: number) => { left: string; right: string }): void {
    const pages = this.doc.getPages();
    const size = 7.5;
    pages.forEach((p, i) => {
      const { left, right } = render(i + 1, pages.length);
      const r = this.sanitize(right);
      const rw = this.fonts.regular.widthOfTextAtSize(r, size);
      const l = this.wrap(left, this.width - rw - 20, { size })[0] ?? '';
      p.drawLine({
        start: { x: MARGIN.left, y: MARGIN.bottom - 18 },
        end: { x: MARGIN.left + this.width, y: MARGIN.bottom - 18 },
        thickness: 0.4,
        color: COLORS.rule,
      });
      p.drawText(l, { x: MARGIN.left, y: MARGIN.bottom - 30, size, font: this.fonts.regular, color: COLORS.muted });
      p.drawText(r, {
        x: MARGIN.left + this.width - rw,
        y: MARGIN.bottom - 30,
        size,
        font: this.fonts.regular,
        color: COLORS.muted,
      });
    });
  }
}
