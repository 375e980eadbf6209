/**
 * Where a warning's fix is made on the SKU page: a document (a channel's safety PDF per language) on the
 * Documents tab, a dossier field at its row. Warnings about the SKU itself (deleted, not approved) link nowhere.
 */
export function warningHref(skuId: string | null, field: string): string | null {
  if (!skuId || field === 'sku' || field === 'status') return null;
  if (field === 'documents' || field.startsWith('safety_pdf')) return `/skus/${skuId}?tab=documents`;
  return `/skus/${skuId}#field-${field}`;
}
