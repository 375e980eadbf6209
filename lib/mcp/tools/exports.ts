import { z } from 'zod';
import { listExportRuns } from '@/lib/exports/list-runs';
import { listTemplates } from '@/lib/exports/list-templates';
import { defineTool } from '../define-tool';
import { pageArgs, pageOf, slicePage } from '../paging';

const TemplateView = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.string(),
  format: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  status: z
    .string()
    .describe('valid, schema_drift (cannot run; status_reason says why) or deprecated (a newer version exists)'),
  status_reason: z.string().nullable(),
  required_fields: z.array(z.string()),
});

export const listExportTemplatesTool = defineTool({
  name: 'list_export_templates',
  title: 'List export templates',
  description:
    'The channel export templates (marketplace feeds, catalogue CSV/XLSX, dossier ZIP) with their version, status and the fields each requires.',
  input: z.object({ ...pageArgs }),
  output: pageOf(TemplateView),
  example: {
    arguments: { limit: 5 },
    says: 'Amazon GPSR flat file 2 (XLSX): valid, requires manufacturer, responsible_person ...; Amazon 1: deprecated.',
  },
  async run(_ctx, a) {
    // Templates ship with the code (the same for every workspace); the domain returns them all.
    const all = listTemplates().map((t) => ({
      id: t.id,
      name: t.name,
      channel: t.channel,
      format: t.format,
      version: t.version,
      description: t.description ?? null,
      status: t.status,
      status_reason: t.status_reason ?? null,
      required_fields: t.required_fields,
    }));
    return slicePage(all, a.cursor, a.limit);
  },
  text: (o) =>
    o.items.length
      ? `${o.items.map((t) => `- ${t.name} ${t.version} (${t.format}): ${t.status}${t.status_reason ? `, ${t.status_reason}` : ''} [${t.id}]`).join('\n')}${o.has_more ? '\n(more: pass next_cursor)' : ''}`
      : 'No templates on this page.',
});

const RunView = z.object({
  id: z.string(),
  template_id: z.string().nullable(),
  template_name: z.string(),
  template_version: z.string().nullable(),
  template_format: z.string(),
  scope_type: z.string().describe('all, view, selected_skus or single_sku'),
  sku_count: z.number().int(),
  status: z.string().describe('pending, processing, completed, completed_with_warnings or failed'),
  warning_count: z.number().int(),
  error_message: z.string().nullable(),
  output_filename: z.string().nullable(),
  output_size_bytes: z.number().int().nullable(),
  download_url: z.string().nullable().describe('Where a signed-in user downloads the file (the session UI).'),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

export const listExportRunsTool = defineTool({
  name: 'list_export_runs',
  title: 'List export runs',
  description:
    'Exports run in the workspace, newest first: template, scope, SKU count, status, warning count and the file when done.',
  input: z.object({ ...pageArgs }),
  output: pageOf(RunView),
  example: {
    arguments: { limit: 10 },
    says: 'Kaufland GPSR CSV 1.0 over 240 SKUs: completed_with_warnings, 12 warnings, kaufland-2026-11-24.csv ...',
  },
  async run({ db, workspaceId, origin }, a) {
    const page = await listExportRuns(db, { workspaceId, q: { cursor: a.cursor, limit: a.limit } });
    return {
      has_more: page.has_more,
      next_cursor: page.next_cursor,
      items: page.data.map((r) => ({
        id: r.id,
        template_id: r.template_id,
        template_name: r.template_name,
        template_version: r.template_version,
        template_format: r.template_format,
        scope_type: r.scope_type,
        sku_count: r.sku_count,
        status: r.status,
        warning_count: r.warning_count,
        error_message: r.error_message,
        output_filename: r.output_filename,
        output_size_bytes: r.output_size_bytes,
        download_url: r.output_url ? `${origin}${r.output_url}` : null,
        created_at: r.created_at,
        completed_at: r.completed_at,
      })),
    };
  },
  text: (o) =>
    o.items.length
      ? `${o.items.map((r) => `- ${r.template_name}${r.template_version ? ` ${r.template_version}` : ''} over ${r.sku_count} SKU(s) (${r.scope_type}): ${r.status}, ${r.warning_count} warning(s)${r.output_filename ? `, ${r.output_filename}` : ''} [${r.id}]`).join('\n')}${o.has_more ? '\n(more: pass next_cursor)' : ''}`
      : 'No export runs yet.',
});
