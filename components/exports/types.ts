/** The export screens' names for the contract's shapes (z.infer of lib/exports/schemas). */
import type { CreateExportInput, ExportRun, ExportRunDetail } from '@/lib/exports/schemas';

export type { ExportRun, ExportTemplate } from '@/lib/exports/schemas';
export type { SavedView } from '@/lib/skus/schemas';
export type RunStatus = ExportRun['status'];
export type RunWarnings = ExportRunDetail;
/** What an export covers: the request body without its template. */
export type Scope = CreateExportInput extends infer U ? (U extends unknown ? Omit<U, 'template_id'> : never) : never;

export const isActive = (s: RunStatus) => s === 'pending' || s === 'processing';

/** The Exports page URL that opens the new-export dialog with a scope (and template) chosen. */
export function newExportHref(opts: { skuIds?: string[]; templateId?: string }) {
  const p = new URLSearchParams({ new: '1' });
  if (opts.skuIds?.length === 1) p.set('sku', opts.skuIds[0]);
  else if (opts.skuIds?.length) p.set('skus', opts.skuIds.join(','));
  if (opts.templateId) p.set('template', opts.templateId);
  return `/exports?${p.toString()}`;
}
