/**
 * The import template maps back through the importer column for column in every language, by header
 * alone (no content guess, no neighbour rule), its example row plans as one valid SKU with every value
 * stored as written, and its CSV is UTF-8 with a BOM, formula-safe, in the delimiter the language expects.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { mapColumns } from '@/lib/imports/mapping';
import { planFile } from '@/lib/imports/service-plan';
import {
  buildImportTemplate,
  TEMPLATE_COLUMNS,
  TEMPLATE_LANGUAGES,
  templateRows,
  templateTarget,
} from '@/lib/imports/template';

describe('import template', () => {
  it.each(TEMPLATE_LANGUAGES)('%s: every header maps to its field by the header alone', (lang) => {
    const { headers } = templateRows(lang);
    // No sample rows: the header decides, not the content.
    const m = mapColumns({ headers, sampleRows: [] });
    expect(m.columns.map((c) => c.target)).toEqual(TEMPLATE_COLUMNS.map((c) => templateTarget(c, lang)));
    for (const c of m.columns) expect(['header_synonym', 'header_role_attribute', 'exact_key']).toContain(c.reason);
    expect(m.unmapped).toEqual([]);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it.each(TEMPLATE_LANGUAGES.flatMap((l) => (['csv', 'xlsx'] as const).map((f) => [l, f] as const)))(
    '%s %s: the example row plans as one valid SKU, every column stored',
    async (lang, format) => {
      const file = buildImportTemplate(lang, format);
      const planned = await planFile({ bytes: file.body, filename: file.filename });
      if (!planned.ok) throw new Error(planned.error.message);
      const recs = [...planned.records()];
      expect(recs).toHaveLength(1);
      const [rec] = recs;
      expect(rec.status).toBe('valid');
      expect(rec.errors).toEqual([]);
      expect(rec.warnings).toEqual([]);
      const stored = { ...rec.dossier, ...Object.fromEntries(Object.entries(rec.sku).filter(([, v]) => v !== null)) };
      for (const c of TEMPLATE_COLUMNS) expect(stored[templateTarget(c, lang)], templateTarget(c, lang)).toBeTruthy();
      expect(planned.candidates.map((c) => c.role).sort()).toEqual(['manufacturer', 'responsible_person']);
    },
  );

  it('CSV: BOM, CRLF, comma for en and semicolon for the others, quoted where needed', () => {
    const en = new TextDecoder().decode(buildImportTemplate('en', 'csv').body);
    const de = new TextDecoder('utf-8', { ignoreBOM: true }).decode(buildImportTemplate('de', 'csv').body);
    expect(en.startsWith('SKU,Product name,GTIN')).toBe(true); // TextDecoder drops the BOM by default
    expect(de.charCodeAt(0)).toBe(0xfeff);
    expect(de.slice(1).split('\r\n')[0]).toMatch(/^Artikelnummer;Produktname;GTIN;/);
    expect(de.endsWith('\r\n')).toBe(true);
    // The manufacturer's "Co., Ltd." holds a comma: quoted in the comma file.
    expect(en).toContain('"Kiddo Toys Co., Ltd."');
  });

  it('no cell can run as a formula in CSV or XLSX', () => {
    for (const lang of TEMPLATE_LANGUAGES) {
      const { headers, example } = templateRows(lang);
      for (const cell of [...headers, ...example]) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      const book = XLSX.read(buildImportTemplate(lang, 'xlsx').body, { type: 'array' });
      const sheet = book.Sheets[book.SheetNames[0]];
      for (const [addr, c] of Object.entries(sheet)) {
        if (addr.startsWith('!')) continue;
        expect((c as XLSX.CellObject).f).toBeUndefined();
        expect((c as XLSX.CellObject).t).toBe('s');
      }
    }
  });

  it('XLSX: one sheet, the header and the example row as text (the GTIN keeps its digits)', () => {
    const book = XLSX.read(buildImportTemplate('fr', 'xlsx').body, { type: 'array' });
    expect(book.SheetNames).toEqual(['SKUs']);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.SKUs, { header: 1, raw: true });
    expect(rows).toEqual([templateRows('fr').headers, templateRows('fr').example]);
    expect(rows[1][2]).toBe('4006381333931');
  });
});
