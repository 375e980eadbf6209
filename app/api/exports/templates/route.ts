import { defineRoute, json, routeMethods } from '@/lib/http';
import { listTemplates } from '@/lib/exports/list-templates';
import { ExportTemplateListResponse } from '@/lib/exports/schemas';

// GET /api/exports/templates – the export templates with their computed status.
const list = defineRoute({
  method: 'GET',
  path: '/api/exports/templates',
  operationId: 'listExportTemplates',
  summary: 'List export templates',
  description:
    'Every template version with its computed status: valid, schema_drift (status_reason names what the catalogue no longer defines) or deprecated (a newer version of the channel exists).',
  tags: ['Exports'],
  stability: 'preview',
  auth: 'either',
  scope: ['export', 'exports:read'],
  responses: { 200: { description: 'The templates.', schema: ExportTemplateListResponse } },
  handler: async () => json({ data: listTemplates() }),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(list);
