/**
 * The SKU screens' vocabulary follows the UI language: English words in English, dossier.pdf's labels in
 * German, and a rule's sentence or a code's title as each language shows it.
 */
import { describe, expect, it } from 'vitest';
import {
  blockerLegalBasis,
  blockerText,
  documentTypeText,
  roleInSentence,
  sectionText,
  sourceText,
} from '@/components/skus/vocabulary';
import { evaluateRequirements } from '@/lib/requirements';
import { evaluateDocumentCurrency } from '@/lib/currency/rules';
import { currentCurrencyData } from '@/lib/currency/data';

describe('SKU screen vocabulary in the UI language', () => {
  it('keeps the English words of the screens', () => {
    expect(documentTypeText('declaration_of_conformity', 'en')).toBe('Declaration of conformity');
    expect(documentTypeText(null, 'en')).toBe('Document');
    expect(roleInSentence('importer', 'en')).toBe('importer');
    expect(roleInSentence('responsible_person', 'en')).toBe('EU responsible person');
    expect(sectionText('entities', 'en')).toBe('Operators');
    expect(sourceText('ai_suggestion', 'en')).toBe('AI suggestion');
  });

  it("uses dossier.pdf's German labels", () => {
    expect(documentTypeText('test_report', 'de')).toBe('Prüfbericht');
    expect(documentTypeText(null, 'de')).toBe('Dokument');
    expect(documentTypeText('some_new_type', 'de')).toBe('some new type');
    expect(roleInSentence('importer', 'de')).toBe('Importeur');
    expect(sectionText('entities', 'de')).toBe('Wirtschaftsakteure');
    expect(sourceText('ai_suggestion', 'de')).toBe('KI-Vorschlag');
  });

  it("shows the rule's sentence in English and the code's title with its languages in German", () => {
    const b = {
      code: 'WARNINGS_MISSING_FOR_LANGUAGE',
      message: 'Safety warnings are missing in French.',
      details: { languages: ['fr', 'nl'] },
    };
    expect(blockerText(b, 'en')).toBe('Safety warnings are missing in French.');
    expect(blockerText(b, 'de')).toMatch(/: Französisch \/ Niederländisch$/);
    expect(blockerText({ code: 'REVIEW_ISSUE_OPEN', message: 'Label photo is old' }, 'de')).toMatch(
      /: Label photo is old$/,
    );
  });

  it('issue 35: a grouped language blocker names each language with only its markets; notices name what was not checked', () => {
    const grouped = {
      code: 'WARNINGS_MISSING_FOR_LANGUAGE',
      message: 'Safety warnings in French and Dutch are missing (needed for French: FR, BE; Dutch: BE).',
      details: {
        languages: ['fr', 'nl'],
        by_language: [
          { languages: ['fr'], markets: ['FR', 'BE'] },
          { languages: ['nl'], markets: ['BE'] },
        ],
      },
    };
    expect(blockerText(grouped, 'de')).toMatch(/: Französisch \(FR, BE\); Niederländisch \(BE\)$/);
    const regime = {
      code: 'REGIME_NOT_CHECKED',
      message: 'Not checked by this workspace: …',
      details: { acts: 'Regulation (EC) No 1935/2004' },
    };
    expect(blockerText(regime, 'de')).toBe('Von diesem Workspace nicht geprüft: Regulation (EC) No 1935/2004');
    const markets = { code: 'MARKETS_NOT_CHECKED', message: '…', details: { markets: ['CH', 'GB'] } };
    expect(blockerText(markets, 'de')).toBe('Recht der Nicht-EU-Märkte nicht geprüft: CH, GB');
  });

  it('issue 42: a currency blocker is titled with its standard and cites its provision in German', () => {
    const currency = evaluateDocumentCurrency(
      {
        document_type: 'declaration_of_conformity',
        standards: ['EN 71-3:2013+A3:2018'],
        legislation: ['Directive 2009/48/EC'],
        notified_body: null,
        valid_until: null,
      },
      currentCurrencyData(),
      '2026-11-29',
    ).findings;
    const b = evaluateRequirements({
      sku: { category_code: 'toys', product_name: 'Wooden train' },
      fields: {},
      documents: [{ id: 'd1', name: 'doc.pdf', type: 'declaration_of_conformity', currency }],
      now: '2026-11-29T00:00:00Z',
    }).blockers.find((x) => x.code === 'STANDARD_PRESUMPTION_CEASED')!;
    expect(blockerText(b, 'de')).toBe('Zitierte Norm begründet keine Konformitätsvermutung mehr: EN 71-3:2013+A3:2018');
    expect(blockerLegalBasis(b, 'de')).toMatch(
      /^Richtlinie 2009\/48\/EG Art\. 19 Abs\. 2 und 3: interne Fertigungskontrolle/,
    );
    expect(blockerLegalBasis(b, 'en')).toBe(b.legal_basis);
  });
});
