/**
 * Text extraction per format: PDF text layers with a page cap and OCR of scans (offline language data),
 * corrupt PDFs as parse_failed, image OCR, DOCX paragraphs with entity bombs refused, detection by
 * content, spreadsheets, plain text in common encodings, HTML and XML (no external or expanded entities),
 * e-mail, RTF and .p7m envelopes, and the size and length bounds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { extractText, shutdownExtractWorkers, sniffFormat } from '@/lib/extract';
import { decodeText } from '@/lib/text/decode';
import { decodeCp500 } from '@/lib/text/ebcdic';
import { rtfToText } from '@/lib/extract/rtf';
import { unwrapP7m } from '@/lib/extract/p7m';
import { docxOf, emlOf, pdfOf, pngOfText, scannedPdfOf, xlsxOf, zipOf } from './fixtures';
import { readCorpus } from './helpers';

afterAll(() => shutdownExtractWorkers());

const enc = (s: string) => new TextEncoder().encode(s);

describe('PDF (pdfjs-dist)', () => {
  it('reads the text layer page by page', async () => {
    const bytes = await pdfOf([['EU Declaration of Conformity', 'Model: WA-100'], ['Page two text']]);
    const r = await extractText({ bytes, filename: 'doc.pdf' });
    expect(r).toMatchObject({
      status: 'ok',
      format: 'pdf',
      snippetSource: 'pdf_first_page',
      pageCount: 2,
      truncated: false,
    });
    expect(r.pages?.map((p) => p.page)).toEqual([1, 2]);
    expect(r.pages?.[0].text).toContain('EU Declaration of Conformity');
    expect(r.pages?.[1].text).toContain('Page two text');
  });

  it('reads only the first maxPages pages and says so', async () => {
    const bytes = await pdfOf(
      [['one'], ['two'], ['three']].map((p) => [`Page ${p[0]}: the quick brown fox jumps over the lazy dog`]),
    );
    const r = await extractText({ bytes, filename: 'x.pdf', maxPages: 2 });
    expect(r.pages).toHaveLength(2);
    expect(r.pageCount).toBe(3);
    expect(r.truncated).toBe(true);
    expect(r.text).not.toContain('three');
  });

  it('does not detach the caller buffer', async () => {
    const bytes = await pdfOf([['Some text for the page']]);
    await extractText({ bytes, filename: 'x.pdf' });
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('OCRs a scanned page (German language data from the npm package, offline)', async () => {
    const bytes = await scannedPdfOf(['EU-Konformitätserklärung', 'Prüfbericht Nr. 4711']);
    const r = await extractText({ bytes, filename: 'scan.pdf' });
    expect(r.status).toBe('ok');
    expect(r.snippetSource).toBe('ocr_text');
    expect(r.ocr?.languages).toEqual(expect.arrayContaining(['deu', 'eng', 'fra', 'ita', 'spa', 'nld', 'chi_sim']));
    expect(r.text).toContain('Konformitätserklärung');
    expect(r.text).toContain('Prüfbericht');
  });

  it('reports a corrupt PDF as parse_failed', async () => {
    const r = await extractText({ bytes: enc('%PDF-1.7\n1 0 obj <<>>\ntrailer garbage'), filename: 'broken.pdf' });
    expect(r.status).toBe('failed');
    expect(r.issue?.code).toBe('parse_failed');
  });
});

describe('images (tesseract.js)', () => {
  it('OCRs a PNG', async () => {
    const r = await extractText({ bytes: await pngOfText(['Safety Data Sheet']), filename: 'photo.png' });
    expect(r.snippetSource).toBe('ocr_text');
    expect(r.text).toContain('Safety Data Sheet');
  });
  it('without OCR an image is no_text with the scanned diagnostic', async () => {
    const r = await extractText({ bytes: await pngOfText(['x']), filename: 'photo.png', ocr: false });
    expect(r).toMatchObject({ status: 'no_text', format: 'image_png', issue: { code: 'scanned_or_empty_text' } });
  });
});

describe('DOCX (mammoth)', () => {
  it('extracts paragraphs', async () => {
    const r = await extractText({
      bytes: await docxOf(['EU-Konformitätserklärung', 'Hersteller: ACME GmbH']),
      filename: 'doc.docx',
    });
    expect(r).toMatchObject({ status: 'ok', format: 'docx', snippetSource: 'docx_text' });
    expect(r.text).toBe('EU-Konformitätserklärung\n\nHersteller: ACME GmbH');
  });
  it('refuses a DTD with nested entities (billion laughs) quickly', async () => {
    const lol =
      '<!DOCTYPE w:document [<!ENTITY a0 "lol"><!ENTITY a1 "&a0;&a0;&a0;&a0;&a0;&a0;&a0;&a0;"><!ENTITY a2 "&a1;&a1;&a1;&a1;&a1;&a1;&a1;&a1;">]>';
    const started = performance.now();
    const r = await extractText({ bytes: await docxOf(['&a2;'], lol), filename: 'lol.docx' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(r.status).toBe('failed');
    expect(r.issue?.message).toMatch(/DTD/);
  });
  it('detects a DOCX by content whatever its name', async () => {
    const bytes = await docxOf(['hello']);
    expect(sniffFormat(bytes, 'misnamed.pdf').format).toBe('docx');
  });
});

describe('spreadsheets (SheetJS)', () => {
  it('renders visible sheets as CSV rows, header first, hidden sheets skipped', async () => {
    const bytes = xlsxOf(
      {
        Products: [
          ['SKU', 'EAN', 'Name'],
          ['A-1', '4006381333931', 'Ball'],
        ],
        Secret: [['internal']],
      },
      ['Secret'],
    );
    const r = await extractText({ bytes, filename: 'products.xlsx' });
    expect(r).toMatchObject({ status: 'ok', format: 'xlsx', snippetSource: 'csv_rows' });
    expect(r.text.split('\n')[0]).toBe('SKU,EAN,Name');
    expect(r.text).not.toContain('internal');
    expect(r.warnings.join(' ')).toMatch(/hidden/);
  });
  it('keeps the delimiter of a CSV and decodes Windows-1252', async () => {
    const bytes = iconv.encode('Artikelnummer;Bezeichnung;Preis\n4711;Kühlschrank „Eco“;499,00 €\n', 'windows-1252');
    const r = await extractText({ bytes, filename: 'artikel.csv' });
    expect(r.encoding).toBe('windows-1252');
    expect(r.text).toContain('Kühlschrank „Eco“;499,00 €');
  });
});

describe('plain text in any common encoding', () => {
  const sample = 'Prüfbericht für Spielzeug – Ergebnis: bestanden. Größe 12 × 4 cm.';
  it.each([
    ['utf-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample)]), 'utf-8'],
    ['utf-16le with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(sample, 'utf-16le')]), 'utf-16le'],
    ['utf-16be with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(sample, 'utf-16be')]), 'utf-16be'],
    ['utf-16le without BOM', iconv.encode(sample, 'utf-16le'), 'utf-16le'],
    ['windows-1252', iconv.encode(sample, 'windows-1252'), 'windows-1252'],
  ])('%s', (_name, bytes, encoding) => {
    const d = decodeText(bytes);
    expect(d.encoding).toBe(encoding);
    expect(d.text).toBe(sample);
  });
  it('EBCDIC cp500', () => {
    const table = decodeCp500(Uint8Array.from({ length: 256 }, (_, i) => i));
    const text = 'Declaration of Conformity, Model X-100: PASSED.';
    const bytes = Uint8Array.from([...text].map((c) => table.indexOf(c)));
    const d = decodeText(bytes);
    expect(d.encoding).toBe('cp500');
    expect(d.text).toBe(text);
  });
  it('a file named like a binary format but holding text is parse_failed', async () => {
    const r = await extractText({ bytes: enc('placeholder'), filename: 'Sprint.ods' });
    expect(r.issue?.code).toBe('parse_failed');
  });
  it('an empty file', async () => {
    const r = await extractText({ bytes: new Uint8Array(0), filename: 'empty.pdf' });
    expect(r).toMatchObject({ status: 'no_text', format: 'empty', issue: { code: 'empty_file' } });
  });
  it('random binary is unsupported', async () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    const r = await extractText({ bytes, filename: 'blob.bin' });
    expect(r).toMatchObject({ status: 'failed', issue: { code: 'unsupported_format' } });
  });
  it('files over 20 MB are refused before parsing', async () => {
    const bytes = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x41);
    const r = await extractText({ bytes, filename: 'big.txt' });
    expect(r.issue?.code).toBe('too_large');
  });
  it('text is bounded by maxChars', async () => {
    const r = await extractText({ bytes: enc('word '.repeat(10_000)), filename: 'long.txt', maxChars: 1000 });
    expect(r.text.length).toBeLessThanOrEqual(1000);
    expect(r.truncated).toBe(true);
  });
});

describe('HTML and XML', () => {
  it('HTML: drops scripts and styles, keeps title and body text', async () => {
    const html =
      '<html><head><title>Datenblatt</title><style>p{color:red}</style><script>var secret="x"</script></head><body><h1>Sicherheitsdatenblatt</h1><p>Abschnitt 1</p></body></html>';
    const r = await extractText({ bytes: enc(html), filename: 'page.html' });
    expect(r.snippetSource).toBe('html_text');
    expect(r.text).toContain('Sicherheitsdatenblatt');
    expect(r.text).not.toContain('secret');
    expect(r.text).not.toContain('color');
  });
  it('HTML: a declared legacy charset is used when the bytes agree', async () => {
    const html = '<html><head><meta charset="windows-1252"></head><body>Déclaration de conformité</body></html>';
    const r = await extractText({ bytes: iconv.encode(html, 'windows-1252'), filename: 'p.html' });
    expect(r.text).toContain('Déclaration de conformité');
  });
  it('XML: external entities are never resolved (XXE) and internal ones never expanded', async () => {
    const secretFile = path.join(os.tmpdir(), `xxe-secret-${process.pid}.txt`);
    fs.writeFileSync(secretFile, 'TOP-SECRET-CONTENT');
    try {
      const xml = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file://${secretFile}"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><r><x>&xxe;</x><y>&b;</y><z>visible</z></r>`;
      const r = await extractText({ bytes: enc(xml), filename: 'xxe.xml' });
      expect(r.text).not.toContain('TOP-SECRET');
      expect(r.text).not.toContain('aaaaaaaaaa');
      expect(r.text).toContain('visible');
    } finally {
      fs.rmSync(secretFile, { force: true });
    }
  });
});

describe('e-mail (postal-mime) and RTF', () => {
  it('e-mail text has headers, body and attachment names', async () => {
    const eml = await emlOf({
      subject: 'DoC for model X',
      text: 'Please find the declaration attached.',
      attachments: [{ filename: 'DoC.pdf', content: 'x', contentType: 'application/pdf' }],
    });
    const r = await extractText({ bytes: eml, filename: 'mail.eml' });
    expect(r.snippetSource).toBe('email_text');
    expect(r.text).toContain('Subject: DoC for model X');
    expect(r.text).toContain('Please find the declaration attached.');
    expect(r.text).toContain('Attachments: DoC.pdf');
  });
  it('RTF control words, hex escapes and Unicode escapes', () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl{\f0 Arial;}}{\*\generator Writer;}\f0 Caf\'e9 \u8364? 12\par Zweite Zeile}`;
    expect(rtfToText(rtf)).toBe('Café € 12\nZweite Zeile');
  });
});

describe('.p7m envelopes', () => {
  it('a truncated signed envelope is malformed, not a crash', () => {
    const bytes = readCorpus('documents', 'p7m-cades-signed-xml-infocert.xml.p7m').subarray(0, 400);
    const r = unwrapP7m(bytes);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('malformed');
  });
  it('a signed envelope around a zip is sniffed as p7m, not as PDF or zip', async () => {
    const inner = await zipOf([['a.txt', 'hello']]);
    expect(sniffFormat(inner, 'a.zip').format).toBe('zip');
    expect(
      sniffFormat(readCorpus('documents', 'p7m-cades-signed-pdf-italian-regione-lombardia.pdf.p7m'), 'x.p7m').format,
    ).toBe('p7m_signed');
  });
});
