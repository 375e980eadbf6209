/**
 * dossier.pdf: text that round-trips through pdfjs in several scripts, labels per locale, characters the
 * font lacks replaced, empty dossiers, deterministic output, and per-language product texts under their
 * labels.
 */
import '@/lib/polyfills';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDossierPdf, type DossierPdfInput } from '@/lib/publish/pdf';

const pdfjsRoot = path.resolve('node_modules/pdfjs-dist');

async function extractPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: bytes.slice(), // pdfjs transfers (detaches) the buffer it is given
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    cMapPacked: true,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const pages: string[] = [];
    for (let i = 1; i <= pdf.numPages; i++) {
      const page = await pdf.getPage(i);
      const content = await page.getTextContent();
      pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join('\n'));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

const LONG_WARNING = Array.from(
  { length: 60 },
  (_, i) => `Satz ${i + 1}: Nicht für Kinder unter 36 Monaten geeignet, da verschluckbare Kleinteile enthalten sind.`,
).join(' ');

function input(): DossierPdfInput {
  return {
    workspace: { name: 'Spielwaren Größenwahn GmbH' },
    sku: {
      sku_code: 'HW-200-XL',
      product_name: 'Holzturm „Größe XL“ – Stapelspiel',
      gtin: '4006381333931',
      category_code: 'toys',
      external_sku_id: 'shop-991',
      created_at: '2026-03-02T08:00:00Z',
      status: 'approved',
      profile_id: 'toys@2026-04',
    },
    entities: [
      {
        role: 'manufacturer',
        name: 'Zakład Stolarski Łódź Sp. z o.o.',
        address_lines: ['ul. Piotrkowska 104', '90-006 Łódź'],
        country: 'PL',
        email: 'bezpieczeństwo@example.pl',
        url: 'https://example.pl',
      },
      {
        role: 'responsible_person',
        name: 'Ελληνική Αντιπροσωπεία Α.Ε.',
        address_lines: ['Οδός Αθηνάς 12', '105 51 Αθήνα'],
        country: 'GR',
        email: 'rp@example.gr',
      },
      {
        role: 'importer',
        name: 'ООО «Игрушки»',
        address_lines: ['Hauptstraße 5', '96450 Coburg'],
        country: 'DE',
        phone: '+49 9561 0000',
      },
    ],
    fields: [
      {
        key: 'model_number',
        value: 'HW-200',
        status: 'confirmed',
        provenance: { source: 'manual' },
        confirmed_by: 'anna@example.com',
        confirmed_at: '2026-03-03T10:00:00Z',
      },
      {
        key: 'manufacturer_address',
        value: 'ul. Piotrkowska 104\n90-006 Łódź',
        status: 'confirmed',
        provenance: {
          source: 'document_extraction',
          document_name: 'EU-Konformitätserklärung.pdf',
          page: 2,
          quote: 'Hersteller: Zakład Stolarski Łódź, ul. Piotrkowska 104',
        },
      },
      {
        key: 'safety_warnings_de',
        value: `Achtung! ${LONG_WARNING}`,
        status: 'confirmed',
        provenance: { source: 'import', row: 12, column: 'Warnhinweise' },
      },
      {
        key: 'safety_warnings_el',
        value: 'Προειδοποίηση! Δεν είναι κατάλληλο για παιδιά κάτω των 36 μηνών.',
        status: 'confirmed',
        provenance: { source: 'manual' },
      },
      { key: 'target_markets', value: 'DE,AT,GR', status: 'confirmed', provenance: { source: 'manual' } },
      { key: 'ce_marking', value: 'yes', status: 'confirmed', provenance: { source: 'manual' } },
      {
        key: 'harmonised_standards',
        value: 'EN 71-1:2014+A1:2018; EN 71-3:2019+A1:2021',
        status: 'confirmed',
        provenance: { source: 'document_extraction', document_name: 'EN71 Prüfbericht.pdf', page: 1 },
      },
      { key: 'age_grading', value: '3+', status: 'suggested', provenance: { source: 'ai_suggestion', job_id: 'j1' } },
      {
        key: 'product_image_url',
        value: `https://cdn.example.com/${'verylongpathsegment'.repeat(12)}.jpg`,
        status: 'confirmed',
        provenance: { source: 'manual' },
      },
    ],
    blockers: [
      {
        code: 'TOY_EN71_REPORT_MISSING',
        severity: 'blocker',
        message: 'No valid EN 71 test report is linked.',
        required_fields: [],
      },
      {
        code: 'WARNINGS_MISSING_FOR_LANGUAGE',
        severity: 'blocker',
        message: 'Safety warnings in French are missing (needed for FR).',
        required_fields: ['safety_warnings_fr'],
        details: { languages: ['fr'] },
        waived: {
          by: 'anna@example.com',
          at: '2026-04-01T09:00:00Z',
          reason: 'Kein Verkauf nach Frankreich in diesem Quartal.',
        },
      },
    ],
    documents: [
      {
        name: 'EN71 Prüfbericht.pdf',
        type: 'test_report',
        sha256: 'a3f1c9e2b7d4'.repeat(5) + 'abcd',
        size_bytes: 1_234_567,
        valid_until: '2027-06-30',
      },
      {
        name: 'EU-Konformitätserklärung.pdf',
        type: 'declaration_of_conformity',
        sha256: 'ff'.repeat(32),
        size_bytes: 80_000,
      },
    ],
    audit: {
      approved: { by: 'Jürgen Weiß', at: '2026-04-02T14:30:00Z' },
      reviews: [{ by: 'anna@example.com', at: '2026-04-01T09:30:00Z', outcome: 'review_complete' }],
      publications: [
        { revision: 1, at: '2026-04-03T08:00:00Z', by: 'Jürgen Weiß', url: 'https://app.example.com/p/abc123' },
      ],
    },
    generated_at: '2026-05-01T12:00:00Z',
  };
}

describe('renderDossierPdf', () => {
  it('renders a German dossier whose text round-trips through pdfjs, with umlauts, Polish, Greek and Cyrillic', async () => {
    const bytes = await renderDossierPdf(input(), 'de');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pages = await extractPages(bytes);
    // Labels may wrap inside their column: compare with whitespace collapsed.
    const all = pages.join('\n').replace(/\s+/g, ' ');

    expect(pages.length).toBeGreaterThan(2);
    expect(all).toContain('Holzturm „Größe XL“ – Stapelspiel'); // product name
    expect(all).toContain('Produkt-Compliance-Dossier'); // German title
    expect(all).toContain('Postanschrift des Herstellers'); // German field label from the catalogue
    expect(all).toContain('Sicherheitshinweise (Griechisch)');
    expect(all).toContain('Anschrift');
    expect(all).toContain('ul. Piotrkowska 104'); // manufacturer address
    expect(all).toContain('90-006 Łódź');
    expect(all).toContain('Προειδοποίηση!');
    expect(all).toContain('ООО «Игрушки»');
    expect(all).toContain('Ausnahme genehmigt von anna@example.com');
    expect(all).toContain('Kein Verkauf nach Frankreich in diesem Quartal.');
    expect(all).toContain('TOY_EN71_REPORT_MISSING');
    // Blocker texts in German, not the rules' English sentences.
    expect(all).toContain('EN-71-Prüfbericht fehlt (Spielzeug)');
    expect(all).toContain('Sicherheitshinweise fehlen in einer Sprache: Französisch');
    expect(all).not.toContain('No valid EN 71 test report is linked.');
    expect(all).not.toContain('Safety warnings in French are missing');
    expect(all).toContain('EN71 Prüfbericht.pdf');
    expect(all).toContain('Aus Dokument extrahiert');
    expect(all).toContain('S. 2'); // provenance page
    expect(all).toContain('Vorgeschlagen'); // the suggested value is labelled as such
    expect(all).toContain('Freigegeben von Jürgen Weiß');
    expect(all).toContain('Dokumentenverzeichnis');
    // Page numbers on every page, and a contents list on the cover.
    pages.forEach((p, i) => expect(p).toContain(`Seite ${i + 1} von ${pages.length}`));
    expect(pages[0]).toContain('Inhalt');
    // Long text is wrapped rather than cut: the last sentence of the long warning is there.
    expect(all).toContain('Satz 60:');
    // The 64-character hash is present (broken over lines if needed).
    expect(all.replace(/\s/g, '')).toContain('ff'.repeat(32));
  }, 30_000);

  it('translates labels by locale and replaces characters the font lacks', async () => {
    const data = input();
    data.sku.product_name = 'Stacking tower 積み木 🧸';
    const pages = await extractPages(await renderDossierPdf(data, 'fr'));
    const all = pages.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('Dossier de conformité du produit');
    expect(all).toContain('Adresse postale du fabricant');
    expect(all).toContain('Stacking tower ??? ?');
    expect(all).not.toContain('Postanschrift');
    const en = (await extractPages(await renderDossierPdf(data, 'xx'))).join('\n'); // unknown locale → English
    expect(en).toContain('Product compliance dossier');
    expect(en).toContain('Page 1 of');
  }, 30_000);

  it('renders an empty dossier and is deterministic for the same input', async () => {
    const empty: DossierPdfInput = {
      workspace: { name: 'W' },
      sku: { sku_code: 'A1', product_name: 'Empty' },
      entities: [],
      fields: [],
      blockers: [],
      documents: [],
      audit: {},
      generated_at: '2026-05-01T12:00:00Z',
    };
    const a = await renderDossierPdf(empty, 'it');
    const b = await renderDossierPdf(empty, 'it');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const text = (await extractPages(a)).join('\n');
    expect(text).toContain('Nessun operatore economico collegato.');
    expect(text).toContain('Nessun documento allegato.');
    expect(text).toContain('Non approvato.');
  }, 30_000);

  it('says on the cover what this workspace does not check (issue 35), waived or not, in the dossier locale', async () => {
    const data = input();
    data.blockers = [
      {
        code: 'REGIME_NOT_CHECKED',
        severity: 'warning',
        message:
          'Not checked by this workspace: Food contact materials (Regulation (EC) No 1935/2004). The product looks like one ("becher").',
        details: { acts: 'Regulation (EC) No 1935/2004' },
      },
      {
        code: 'MARKETS_NOT_CHECKED',
        severity: 'warning',
        message: 'Not checked by this workspace: the law of Switzerland. The rules shown are European Union law.',
        details: { markets: ['CH'] },
        waived: { by: 'Lea', at: '2026-05-01T10:00:00Z', reason: 'Swiss law checked by our Swiss partner.' },
      },
    ];
    const cover = (await extractPages(await renderDossierPdf(data, 'en')))[0];
    expect(cover).toContain('Not checked by this workspace');
    expect(cover).toContain('Food contact materials (Regulation (EC) No 1935/2004)');
    expect(cover).toContain('the law of Switzerland');
    const coverDe = (await extractPages(await renderDossierPdf(data, 'de')))[0];
    expect(coverDe).toContain('Von diesem Workspace nicht geprüft');
    expect(coverDe).toContain('Regulation (EC) No 1935/2004');
    expect(coverDe).toMatch(/Recht der Nicht-EU-Märkte nicht geprüft: Schweiz \(CH\)/);
    // Nothing said when everything shown was checked.
    const none = (await extractPages(await renderDossierPdf({ ...data, blockers: [] }, 'en')))[0];
    expect(none).not.toContain('Not checked by this workspace');
  }, 30_000);

  it('lists the per-language product texts under their labels in the dossier locale', async () => {
    const data = input();
    data.fields = [
      ...data.fields,
      {
        key: 'product_description',
        value: 'A stacking tower made of beech wood.',
        status: 'confirmed',
        provenance: { source: 'manual' },
      },
      {
        key: 'product_description_de',
        value: 'Ein Stapelturm aus Buchenholz.',
        status: 'confirmed',
        provenance: { source: 'ai_suggestion' },
      },
      { key: 'age_grading_fr', value: 'Dès 3 ans', status: 'confirmed', provenance: { source: 'manual' } },
    ];
    const de = (await extractPages(await renderDossierPdf(data, 'de'))).join('\n').replace(/\s+/g, ' ');
    expect(de).toContain('Produktbeschreibung (Deutsch)');
    expect(de).toContain('Ein Stapelturm aus Buchenholz.');
    expect(de).toContain('A stacking tower made of beech wood.');
    expect(de).toContain('Altersangabe (Französisch)');
    expect(de).toContain('Dès 3 ans');
    const fr = (await extractPages(await renderDossierPdf(data, 'fr'))).join('\n').replace(/\s+/g, ' ');
    expect(fr).toContain('Description du produit (Allemand)');
  }, 30_000);
});
