/**
 * A warning links to where its fix is made on the SKU page: a dossier field at its row, a channel's safety
 * PDF (Zalando's per language) or a missing document on the Documents tab, and a warning about the SKU
 * itself (deleted, not approved) nowhere.
 */
import { describe, expect, it } from 'vitest';
import { warningHref } from '@/components/exports/warning-href';

describe('warning links', () => {
  it('field rows, the Documents tab for documents and safety PDFs, nothing for the SKU itself', () => {
    expect(warningHref('s1', 'safety_warnings_fr')).toBe('/skus/s1#field-safety_warnings_fr');
    expect(warningHref('s1', 'safety_pdf_fr')).toBe('/skus/s1?tab=documents');
    expect(warningHref('s1', 'documents')).toBe('/skus/s1?tab=documents');
    expect(warningHref('s1', 'status')).toBeNull();
    expect(warningHref('s1', 'sku')).toBeNull();
    expect(warningHref(null, 'gtin')).toBeNull();
  });
});
