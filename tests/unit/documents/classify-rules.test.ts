/**
 * The rule classifier: exactly the ClassificationResult keys, document types across the five languages,
 * titles outweighing body text, a diagnostic for every degraded path (filename only, encrypted, scanned,
 * unsupported, no signal), and reasoning in the asked locale.
 */
import { describe, expect, it } from 'vitest';
import { classifyRules } from '@/lib/classify/rules';
import { ClassificationResultSchema, ClassifyJsonRequestSchema, LOCALES } from '@/lib/classify/schemas';
import { detectLanguage } from '@/lib/text/language';
import { detectProductTable } from '@/lib/classify/product-table';
import { expectClassification } from './helpers';

describe('classifyRules: contract shape', () => {
  it('returns exactly the ClassificationResult keys', () => {
    const r = classifyRules({
      filename: 'x.pdf',
      snippet: 'EU Declaration of Conformity\nWe declare under our sole responsibility that',
      snippetSource: 'pdf_first_page',
    });
    expectClassification(r);
    expect(Object.keys(r).sort()).toEqual(
      [
        'file_intent',
        'document_type',
        'document_type_confidence',
        'confidence',
        'detected_language',
        'reasoning',
        'signals_used',
        'content_snippet',
        'snippetSource',
        'degraded',
      ].sort(),
    );
    expect(ClassificationResultSchema.safeParse({ ...r, extra: 1 }).success).toBe(false);
  });
  it('content_snippet is at most 1500 characters', () => {
    const r = classifyRules({
      filename: 'x.txt',
      snippet: 'Gebrauchsanleitung\n' + 'Bitte lesen Sie die Anleitung. '.repeat(200),
    });
    expect(r.content_snippet!.length).toBeLessThanOrEqual(1500);
  });
});

describe('classifyRules: document types across the five languages', () => {
  it.each([
    [
      'EU-Konformitätserklärung',
      'Wir erklären in alleiniger Verantwortung, dass das Produkt den Anforderungen entspricht.',
      'declaration_of_conformity',
      'de',
    ],
    [
      'Déclaration UE de conformité',
      'La présente déclaration de conformité est établie sous la seule responsabilité du fabricant.',
      'declaration_of_conformity',
      'fr',
    ],
    [
      'Declaración UE de conformidad',
      'La presente declaración de conformidad se expide bajo la exclusiva responsabilidad del fabricante.',
      'declaration_of_conformity',
      'es',
    ],
    [
      'Dichiarazione di conformità UE',
      'La presente dichiarazione di conformità è rilasciata sotto la responsabilità esclusiva del fabbricante.',
      'declaration_of_conformity',
      'it',
    ],
    [
      'Prüfbericht Nr. 23-0017',
      'Prüfgegenstand: Holzspielzeug. Prüfergebnisse: bestanden. Die Ergebnisse beziehen sich ausschließlich auf das Prüfmuster.',
      'test_report',
      'de',
    ],
    [
      "Rapport d'essai n° 4471",
      "Échantillon reçu le 12/03/2024. Résultats des essais : conforme. Les résultats ne se rapportent qu'aux échantillons.",
      'test_report',
      'fr',
    ],
    [
      'Fiche de données de sécurité',
      'RUBRIQUE 1: Identification de la substance/du mélange et de la société. RUBRIQUE 2: Identification des dangers.',
      'safety_data_sheet',
      'fr',
    ],
    [
      'Cosmetic Product Safety Report',
      'Part A – Cosmetic product safety information. Margin of safety (MoS) calculated from the NOAEL.',
      'cpsr',
      'en',
    ],
    [
      'Gebrauchsanleitung',
      'Sicherheitshinweise: Bitte lesen Sie diese Anleitung sorgfältig durch und bewahren Sie sie auf. Reinigung und Pflege.',
      'manual',
      'de',
    ],
    [
      'Valutazione dei rischi',
      'Pericolo, gravità, probabilità, livello di rischio e rischio residuo per ogni scenario.',
      'risk_assessment',
      'it',
    ],
    [
      'Certificado de examen UE de tipo',
      'Organismo notificado n.º 0161. Se certifica que el tipo examinado cumple. Válido hasta 2028.',
      'certificate',
      'es',
    ],
  ])('%s', (title, body, type, lang) => {
    const r = classifyRules({
      filename: 'Dokument.pdf',
      snippet: `${title}\n${body}`,
      snippetSource: 'pdf_first_page',
    });
    expectClassification(r);
    expect(r.document_type).toBe(type);
    expect(r.file_intent).toBe('compliance_document');
    expect(r.detected_language).toBe(lang);
    expect(r.confidence).toBeGreaterThanOrEqual(0.5);
    expect(r.degraded).toBe(false);
    expect(r.diagnostic).toBeUndefined();
    expect(r.reasoning).toContain(title.split(' ')[0]);
  });

  it('a title at the top outweighs the same words further down', () => {
    const r = classifyRules({
      filename: 'x.pdf',
      snippet:
        'EU Declaration of Conformity\nWe declare under our sole responsibility ...\n' +
        'x '.repeat(600) +
        '\nTest report No. 123 (referenced)',
    });
    expect(r.document_type).toBe('declaration_of_conformity');
  });
});

describe('classifyRules: diagnostics and degraded paths', () => {
  it('filename only (no text sent): text_extraction_failed_filename_only, confirm or choose', () => {
    const r = expectClassification(classifyRules({ filename: 'EU-Konformitaetserklaerung_HT-600.pdf' }));
    expect(r).toMatchObject({
      document_type: 'declaration_of_conformity',
      snippetSource: 'filename_only',
      degraded: true,
      signals_used: ['filename'],
    });
    expect(r.diagnostic).toMatchObject({
      code: 'text_extraction_failed_filename_only',
      next_action: 'confirm_or_choose_type',
      source: 'filename_only',
    });
    expect(r.confidence).toBeLessThanOrEqual(0.75);
    expect(r.content_snippet).toBeUndefined();
  });
  it('filename says nothing: unknown intent, choose_document_type', () => {
    const r = expectClassification(classifyRules({ filename: 'scan0001.pdf' }));
    expect(r).toMatchObject({ file_intent: 'unknown', document_type: null, confidence: 0 });
    expect(r.diagnostic?.next_action).toBe('choose_document_type');
  });
  it('encrypted file: filename-only diagnostic asking for another file', () => {
    const r = classifyRules({ filename: 'report.pdf', extractionIssue: { code: 'encrypted', message: 'password' } });
    expect(r.diagnostic).toMatchObject({ code: 'text_extraction_failed_filename_only', next_action: 'reselect_file' });
  });
  it('scan without text: scanned_or_empty_text, convert_or_ocr_upload_again', () => {
    const r = classifyRules({
      filename: 'Pruefbericht.jpg',
      mimeType: 'image/jpeg',
      extractionIssue: { code: 'scanned_or_empty_text', message: 'no text' },
    });
    expect(r.signals_used).toEqual(['filename', 'mime_type']);
    expect(r.document_type).toBe('test_report');
    expect(r.diagnostic).toMatchObject({
      code: 'scanned_or_empty_text',
      next_action: 'convert_or_ocr_upload_again',
      signals_used: ['filename', 'mime_type'],
    });
  });
  it('unsupported type: unsupported_file_type', () => {
    const r = classifyRules({ filename: 'archive.7z', extractionIssue: { code: 'unsupported_format', message: '7z' } });
    expect(r.diagnostic?.code).toBe('unsupported_file_type');
  });
  it('readable text without any signal: other, low_confidence_other', () => {
    const r = classifyRules({
      filename: 'notes.txt',
      snippet: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.',
    });
    expect(r).toMatchObject({ file_intent: 'other', document_type: 'other', degraded: true });
    expect(r.diagnostic).toMatchObject({
      code: 'low_confidence_other',
      next_action: 'choose_document_type',
      source: 'raw_text',
    });
  });
  it('diagnostic confidence equals the result confidence', () => {
    const r = classifyRules({ filename: 'manual.pdf', extractionIssue: { code: 'parse_failed', message: 'x' } });
    expect(r.diagnostic?.confidence).toBe(r.confidence);
  });
});

describe('classifyRules: reasoning in the locale', () => {
  const snippet = 'Safety Data Sheet\nSECTION 1: Identification of the substance/mixture';
  it.each([
    ['en', 'Classified as safety data sheet'],
    ['de', 'Eingestuft als Sicherheitsdatenblatt'],
    ['fr', 'Classé comme fiche de données de sécurité'],
    ['es', 'Clasificado como ficha de datos de seguridad'],
    ['it', 'Classificato come scheda di dati di sicurezza'],
  ] as const)('%s', (locale, start) => {
    expect(classifyRules({ filename: 'x.pdf', snippet, locale }).reasoning.startsWith(start)).toBe(true);
  });
  it('every locale has a diagnostic message', () => {
    for (const locale of LOCALES)
      expect(
        classifyRules({ filename: 'x.bin', locale, extractionIssue: { code: 'unsupported_format', message: '' } })
          .diagnostic?.message.length,
      ).toBeGreaterThan(20);
  });
});

describe('product CSV detection', () => {
  it.each([
    ['SKU,Name,EAN,Price'],
    ['Artikelnummer;Bezeichnung;Hersteller;VK-Preis'],
    ['Référence;Désignation;Code-barres;Prix'],
    ['Codice articolo,Descrizione,GTIN,Marca'],
    ['Handle,Title,Vendor,Variant SKU,Variant Barcode'],
  ])('%s', (header) => {
    const r = classifyRules({
      filename: 'export.csv',
      snippet: `${header}\nA-1,Ball,4006381333931,9.99`,
      snippetSource: 'csv_rows',
    });
    expect(r).toMatchObject({
      file_intent: 'product_csv',
      document_type: null,
      document_type_confidence: 0,
      degraded: false,
    });
    expect(r.confidence).toBeGreaterThan(0.6);
  });
  it('finds a header below title rows', () => {
    expect(detectProductTable('Price list 2024\nvalid from March\n\nEAN;Article;Price\n1;2;3')?.headerLine).toBe(3);
  });
  it('a table without product columns is not a product CSV', () => {
    const r = classifyRules({
      filename: 'stats.csv',
      snippet: 'date,temperature,humidity\n2024-01-01,3.2,80',
      snippetSource: 'csv_rows',
    });
    expect(r.file_intent).not.toBe('product_csv');
  });
  it('a PDF with a product-like table stays a document', () => {
    const r = classifyRules({
      filename: 'invoice.pdf',
      snippet: 'Invoice\nSKU | Description | Qty | Price',
      snippetSource: 'pdf_first_page',
    });
    expect(r.file_intent).toBe('other');
  });
});

describe('language detection (eld)', () => {
  it.each([
    ['Die Prüfergebnisse beziehen sich ausschließlich auf die geprüften Muster.', 'de'],
    ['Les résultats ne se rapportent qu’aux échantillons soumis à l’essai.', 'fr'],
    ['Los resultados se refieren únicamente a la muestra ensayada.', 'es'],
    ['I risultati si riferiscono esclusivamente al campione provato.', 'it'],
    ['The test results relate only to the items tested.', 'en'],
  ])('%s', (text, lang) => expect(detectLanguage(text)).toBe(lang));
  it('too little text gives null', () => expect(detectLanguage('EN 71')).toBeNull());
});

describe('POST /api/classify JSON body schema', () => {
  it('accepts the contract body', () => {
    expect(
      ClassifyJsonRequestSchema.safeParse({
        filename: 'a.pdf',
        mime_type: 'application/pdf',
        content_snippet: 'x',
        snippet_source: 'pdf_first_page',
      }).success,
    ).toBe(true);
  });
  it.each([
    ['missing filename', { content_snippet: 'x' }],
    ['unknown key', { filename: 'a.pdf', extra: true }],
    ['snippet over 1500', { filename: 'a.pdf', content_snippet: 'x'.repeat(1501) }],
    ['bad snippet_source', { filename: 'a.pdf', snippet_source: 'pdf' }],
  ])('rejects %s', (_n, body) => expect(ClassifyJsonRequestSchema.safeParse(body).success).toBe(false));
  it('accepts a snippet of exactly 1500', () =>
    expect(ClassifyJsonRequestSchema.safeParse({ filename: 'a', content_snippet: 'x'.repeat(1500) }).success).toBe(
      true,
    ));
});
