/**
 * Evidence parts: a manual's last-page declaration is found as a part, the manual staying a manual; documents
 * without one have no parts.
 */
import { describe, expect, it } from 'vitest';
import { detectEvidenceParts } from '@/lib/classify/parts';
import { classifyRules } from '@/lib/classify/rules';
import { MANUAL_WITH_DOC_PAGES } from '@/tests/fixtures/classify/manual-with-doc';

/**
 * Evidence parts inside one document (issue 34): a manual whose last page is its EU declaration of
 * conformity stays a manual and names the declaration as a part with its page range; a document that
 * is one type throughout has no parts; a one-page document has none.
 */
const pages = MANUAL_WITH_DOC_PAGES.map((lines, i) => ({ page: i + 1, text: lines.join('\n') }));

describe('evidence parts', () => {
  it('finds the declaration on the last page of a manual, the manual staying a manual', () => {
    const whole = classifyRules({
      filename: 'ts3-manual.pdf',
      snippet: pages.map((p) => p.text).join('\n\n'),
      snippetSource: 'pdf_first_page',
      pages,
    });
    expect(whole.document_type).toBe('manual');
    const parts = detectEvidenceParts(pages, 'manual');
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ type: 'declaration_of_conformity', page_from: 4, page_to: 4 });
    expect(parts[0].confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('a manual without a declaration has no parts', () => {
    expect(detectEvidenceParts(pages.slice(0, 3), 'manual')).toEqual([]);
  });

  it('a page that speaks of certification in its body, under no certificate heading, is no part', () => {
    const sds = [
      pages[0],
      {
        page: 2,
        text: [
          'Glass Cleaner Plus',
          'Section 8. Exposure controls / personal protection',
          'Hand protection: wear chemical-resistant gloves certified to an approved standard when handling the product.',
          'Respiratory protection: choose a respirator that carries the appropriate certification, issued by an',
          'accredited certification body and valid until its stated expiry date; certificate number on the filter.',
          'The certification of the respirator must be checked by the holder of the equipment before each use.',
          'Eye protection: safety glasses certified to EN 166 with side shields.',
        ].join('\n'),
      },
    ];
    expect(detectEvidenceParts(sds, 'safety_data_sheet')).toEqual([]);
  });

  it('the declaration itself is no part of itself, and one page has no parts', () => {
    expect(detectEvidenceParts([pages[3], { page: 5, text: pages[3].text }], 'declaration_of_conformity')).toEqual([]);
    expect(detectEvidenceParts([pages[3]], 'manual')).toEqual([]);
  });
});
