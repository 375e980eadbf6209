export interface ExportTemplate {
  id: string;
  name: string;
  format: 'XML' | 'XLSX' | 'CSV' | 'PDF' | 'ZIP' | 'JSON';
  version: string;
  description: string | null;
  status: 'valid' | 'schema_drift' | 'deprecated';
  status_reason: string | null;
  channel: string;
  required_fields: string[];
}

export type RunStatus = 'pending' | 'processing' | 'completed' | 'completed_with_warnings' | 'failed';

export interface ExportRun {
  id: string;
  template_id: string | null;
  template_name: string;
  template_version: string | null;
  template_format: string;
  scope_type: 'all' | 'view' | 'selected_skus' | 'single_sku';
  scope_value: string | null;
  sku_count: number;
  dossier_snapshot_hash: string | null;
  status: RunStatus;
  output_url: string | null;
  output_filename: string | null;
  output_size_bytes: number | null;
  warning_count: number;
  error_message: string | null;
  progress: { done?: number; total?: number } | null;
  started_at: string | null;
  completed_at: string | null;
  created_at: string;
}

export interface RunWarnings {
  run: ExportRun;
  warnings_by_sku: Array<{ sku_id: string | null; sku_code: string | null; warnings: Array<{ field: string; code: string; message: string; fix: string }> }>;
  warnings_truncated: boolean;
}

export interface SavedView {
  id: string;
  name: string;
  filters: Record<string, unknown>;
  created_at: string;
}

export type Scope = { scope_type: 'all' } | { scope_type: 'view'; scope_value: string } | { scope_type: 'selected_skus'; scope_value: string[] } | { scope_type: 'single_sku'; scope_value: string };

export const isActive = (s: RunStatus) => s === 'pending' || s === 'processing';

/** The Exports page URL that opens the new-export dialog with a scope (and template) chosen. */
export function newExportHref(opts: { skuIds?: string[]; templateId?: string }) {
  const p = new URLSearchParams({ new: '1' });
  if (opts.skuIds?.length === 1) p.set('sku', opts.skuIds[0]);
  else if (opts.skuIds?.length) p.set('skus', opts.skuIds.join(','));
  if (opts.templateId) p.set('template', opts.templateId);
  return `/exports?${p.toString()}`;
}
