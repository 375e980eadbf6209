// Holds true: dossier.pdf renders in each of the 26 public languages with that language's title,
// section headings, roles, field and category labels and dates (read back with pdfjs), declares the
// language, and its embedded fonts cover the text: every character of the locale's texts is mapped by
// a font's ToUnicode table to a real glyph of the embedded font program (read with fontkit), and so is
// every character the PDF's text shows, so no character is drawn as an empty box or replaced with "?".
import '@/lib/polyfills';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as fontkitModule from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { formatDate, t } from '@/lib/i18n/messages';
import { publicCategoryLabel, publicFieldLabel } from '@/lib/publish/public-labels';
import { PUBLIC_LOCALES, htmlLang, type PublicLocale } from '@/lib/i18n/public-locales';
import { renderDossierPdf, type DossierPdfInput } from '@/lib/publish/pdf';

const fontkit = ((fontkitModule as unknown as { default?: typeof fontkitModule }).default ??
  fontkitModule) as typeof fontkitModule;
const pdfjsRoot = path.resolve('node_modules/pdfjs-dist');

async function extractText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const parts: string[] = [];
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join('\n'));
    }
    return parts.join('\n').replace(/\s+/g, ' ');
  } finally {
    await task.destroy();
  }
}

/** The characters the embedded fonts can draw: ToUnicode entries whose glyph exists in the font program. */
async function drawableCharacters(bytes: Uint8Array): Promise<{ chars: Set<string>; fonts: number }> {
  const doc = await PDFDocument.load(bytes);
  const ctx = doc.context;
  const chars = new Set<string>();
  let fonts = 0;
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const toUnicode = ctx.lookup(obj.get(PDFName.of('ToUnicode'))) as PDFRawStream;
    const cidFont = ctx.lookup(ctx.lookup(obj.get(PDFName.of('DescendantFonts')), PDFArray).get(0), PDFDict);
    const descriptor = ctx.lookup(cidFont.get(PDFName.of('FontDescriptor')), PDFDict);
    const program = ctx.lookup(descriptor.get(PDFName.of('FontFile2'))) as PDFRawStream;
    const font = fontkit.create(Buffer.from(decodePDFRawStream(program).decode()));
    fonts++;
    const cmap = Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1');
    const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
    const add = (cid: number, text: string) => {
      const glyph = font.getGlyph(cid);
      // A real glyph: inside the font, not .notdef, with an outline unless it is a space.
      if (
        cid > 0 &&
        cid < font.numGlyphs &&
        (text.trim() === '' || (glyph.path as unknown as { commands: unknown[] }).commands.length > 0)
      )
        chars.add(text);
    };
    for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const m of section[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) add(parseInt(m[1], 16), utf16(m[2]));
    for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const m of section[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)/g)) {
        const [lo, hi] = [parseInt(m[1], 16), parseInt(m[2], 16)];
        const targets = m[3].startsWith('[') ? [...m[3].matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => x[1]) : null;
        for (let cid = lo; cid <= hi; cid++) {
          if (targets) add(cid, utf16(targets[cid - lo]));
          else add(cid, String.fromCodePoint(parseInt(m[3].slice(1, -1), 16) + cid - lo));
        }
      }
  }
  return { chars, fonts };
}

function input(): DossierPdfInput {
  return {
    workspace: { name: 'Holzwerk GmbH' },
    sku: {
      sku_code: 'ST-6',
      product_name: 'Stacking tower',
      gtin: '4006381333931',
      category_code: 'toys',
      created_at: '2026-03-02T08:00:00Z',
      status: 'approved',
    },
    entities: [
      {
        role: 'manufacturer',
        name: 'Holzwerk GmbH',
        address_lines: ['Hauptstraße 5', '96450 Coburg'],
        country: 'DE',
        email: 'safety@example.de',
      },
      { role: 'importer', name: 'Import AB', address_lines: ['Storgatan 1', '111 22 Stockholm'], country: 'SE' },
    ],
    fields: [
      { key: 'manufacturer_address', value: 'Hauptstraße 5\n96450 Coburg', status: 'confirmed', provenance: null },
      { key: 'ce_marking', value: 'yes', status: 'confirmed', provenance: { source: 'manual' } },
      { key: 'doc_issue_date', value: '2026-05-01', status: 'confirmed', provenance: { source: 'manual' } },
    ],
    blockers: [],
    documents: [{ name: 'DoC.pdf', type: 'declaration_of_conformity', sha256: 'ab'.repeat(32), size_bytes: 12_345 }],
    audit: {
      approved: { by: 'Anna', at: '2026-04-02T14:30:00Z' },
      reviews: [{ by: 'Ben', at: '2026-04-01T09:30:00Z', outcome: 'complete' }],
    },
    generated_at: '2026-05-01T12:00:00Z',
  };
}

/** The fixed texts a reader of this locale's dossier must find. */
function expectedTexts(locale: PublicLocale): string[] {
  return [
    t(locale, 'pdf.title'),
    t(locale, 'section.identification'),
    t(locale, 'pdf.entities'),
    t(locale, 'pdf.documents'),
    t(locale, 'pdf.audit'),
    t(locale, 'role.manufacturer'),
    t(locale, 'role.importer'),
    t(locale, 'doctype.declaration_of_conformity'),
    t(locale, 'common.yes'),
    // The review outcome in words, not the stored code "complete".
    t(locale, 'state.review_complete'),
    publicFieldLabel('manufacturer_address', locale),
    publicFieldLabel('ce_marking', locale),
    publicCategoryLabel('toys', locale),
    formatDate('2026-05-01', locale),
  ];
}

describe('dossier.pdf in the 26 public languages', () => {
  it.each([...PUBLIC_LOCALES])(
    '%s: labels in the language, the language declared, fonts cover every character',
    async (locale) => {
      const bytes = await renderDossierPdf(input(), locale);
      const text = await extractText(bytes);
      const expected = expectedTexts(locale);
      // Long labels wrap inside their column: compare with whitespace collapsed.
      for (const s of expected) expect(text, `${locale}: ${s}`).toContain(s.replace(/\s+/g, ' '));
      expect(text).not.toContain('?');

      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(doc.catalog.get(PDFName.of('Lang'))?.toString()).toBe(`(${htmlLang(locale)})`);

      const { chars, fonts } = await drawableCharacters(bytes);
      expect(fonts).toBe(2); // regular and bold, both embedded
      const needed = [...new Set([...expected.join('')].filter((c) => c.trim() !== ''))];
      expect(
        needed.filter((c) => !chars.has(c)),
        locale,
      ).toEqual([]);
      // And every character the PDF shows at all (labels, dates, numbers, headings, footers).
      const shown = [...new Set([...text].filter((c) => c.trim() !== ''))];
      expect(shown.length).toBeGreaterThan(40);
      expect(
        shown.filter((c) => !chars.has(c)),
        locale,
      ).toEqual([]);
    },
  );
});
