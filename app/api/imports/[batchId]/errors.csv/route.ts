import { defineRoute, routeMethods } from '@/lib/http';
import { importErrorsCsv } from '@/lib/imports/batch-errors-csv';
import { BatchParams } from '@/lib/imports/schemas';

// GET /api/imports/{batchId}/errors.csv – the row errors as a spreadsheet-safe CSV.
const errorsCsv = defineRoute({
  method: 'GET',
  path: '/api/imports/{batchId}/errors.csv',
  operationId: 'getImportErrorsCsv',
  summary: 'Download the row errors of an import',
  tags: ['Imports'],
  stability: 'preview',
  auth: 'either',
  scope: 'imports:read',
  params: BatchParams,
  responses: {
    200: {
      description: 'row,column,code,message (UTF-8 with BOM, CRLF; cells that look like formulas are escaped).',
      contentType: 'text/csv',
    },
  },
  handler: async ({ db, auth, params }) => {
    const { filename, csv } = await importErrorsCsv(db, { workspaceId: auth.workspace.id, batchId: params.batchId });
    return new Response(csv, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
      },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(errorsCsv);
