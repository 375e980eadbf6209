/**
 * The request mail and the reminder say why each item is needed in plain words in the mail's language,
 * with the legal reference after it (not the reference alone), for all five contract languages.
 */
import { describe, expect, it } from 'vitest';
import type { RequestItem } from '@/lib/db/schema';
import { LOCALES } from '@/lib/i18n';
import { renderDraft, renderFollowUp } from '@/lib/outreach/templates';
import { whyNeeded } from '@/lib/outreach/why-needed';

const doc: RequestItem = {
  key: 'TOY_DOC_MISSING',
  kind: 'document',
  code: 'TOY_DOC_MISSING',
  document_types: ['declaration_of_conformity'],
  label: 'EU Declaration of Conformity',
  legal_basis: 'Directive 2009/48/EC Art. 15',
};
const field: RequestItem = {
  key: 'MANUFACTURER_ADDRESS',
  kind: 'field',
  code: 'MANUFACTURER_ADDRESS',
  fields: ['manufacturer_address'],
  label: 'Manufacturer address',
  legal_basis: 'Regulation (EU) 2023/988 Art. 9(6)',
};

const draft = (locale: (typeof LOCALES)[number]) =>
  renderDraft({
    locale,
    productName: 'Wooden train',
    skuCode: 'T-1',
    gtin: null,
    supplierName: null,
    senderName: null,
    items: [doc, field],
    dueDate: null,
  }).body;

describe('why each item is needed', () => {
  it('the request mail gives a plain sentence, then the legal reference, per item (English and German)', () => {
    const en = draft('en');
    expect(en).toContain(
      '- EU Declaration of Conformity – the manufacturer’s signed statement that the product meets the EU rules for it; we must be able to show it to the authorities (Directive 2009/48/EC Art. 15)',
    );
    expect(en).toContain(`- Manufacturer address – ${whyNeeded(field, 'en')} (Regulation (EU) 2023/988 Art. 9(6))`);
    const de = draft('de');
    expect(de).toContain('die unterschriebene Erklärung des Herstellers');
    expect(de).toContain('(Directive 2009/48/EC Art. 15)');
    expect(de).not.toContain('the manufacturer’s signed statement');
  });

  it('every contract language has its own sentence for each kind, and an item without a reference still says why', () => {
    for (const locale of LOCALES) {
      const text = draft(locale);
      expect(text).toContain(whyNeeded(doc, locale));
      expect(text).toContain(whyNeeded(field, locale));
      if (locale !== 'en') expect(whyNeeded(doc, locale)).not.toBe(whyNeeded(doc, 'en'));
    }
    expect(whyNeeded({ kind: 'document', document_types: ['test_report'] }, 'en')).toMatch(/tested/);
    expect(whyNeeded({ kind: 'document', document_types: ['unknown_type'] }, 'en')).toBe(
      whyNeeded({ kind: 'document', document_types: ['other'] }, 'en'),
    );
    const noRef = renderDraft({
      locale: 'en',
      productName: 'P',
      skuCode: 'C',
      gtin: null,
      supplierName: null,
      senderName: null,
      items: [{ ...doc, legal_basis: null }],
      dueDate: null,
    }).body;
    expect(noRef).toMatch(/- EU Declaration of Conformity – the manufacturer’s signed statement[^\n(]*\n/);
  });

  it('the reminder says why for each item still asked, in the mail’s language, before a rejection’s reason', () => {
    const { body } = renderFollowUp({
      locale: 'de',
      supplierName: null,
      senderName: null,
      dueDate: null,
      products: [
        {
          productName: 'Holzeisenbahn',
          skuCode: 'T-1',
          items: [{ ...doc, state: 'rejected', reason: 'nicht unterschrieben', legal_basis: doc.legal_basis ?? null }],
          rejectedFiles: [],
          receivedCount: 0,
          link: 'https://x.example/r/abc',
          linkExpiresAt: new Date('2027-01-31T00:00:00Z'),
        },
      ],
    });
    expect(body).toContain(
      `- EU Declaration of Conformity – ${whyNeeded(doc, 'de')} (Directive 2009/48/EC Art. 15) – nicht angenommen: nicht unterschrieben`,
    );
  });
});
