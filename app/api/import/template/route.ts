import { defineRoute, routeMethods } from '@/lib/http';
import { ImportTemplateQuery } from '@/lib/imports/schemas';
import { buildImportTemplate } from '@/lib/imports/template';

// GET /api/import/template – a header row the importer maps back column for column, and one example row.
const importTemplate = defineRoute({
  method: 'GET',
  path: '/api/import/template',
  operationId: 'getImportTemplate',
  summary: 'Download an import template',
  description:
    'A catalogue template in one of five languages (en, de, fr, es, it): the header row uses the headers the importer recognises, ' +
    'so every column maps without changes, and one example row shows the expected formats. ' +
    'format=csv: UTF-8 with BOM, CRLF, comma-separated for en and semicolon-separated for the other languages; format=xlsx: one sheet of text cells. ' +
    'Cells that look like formulas are escaped.',
  tags: ['Imports'],
  stability: 'preview',
  auth: 'either',
  scope: 'imports:read',
  query: ImportTemplateQuery,
  responses: {
    200: {
      description:
        'text/csv (format=csv) or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (format=xlsx), as an attachment.',
      contentType: 'text/csv',
      otherContentTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
  },
  handler: async ({ query }) => {
    const file = buildImportTemplate(query.lang, query.format);
    return new Response(file.body as BodyInit, {
      status: 200,
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'private, max-age=3600',
      },
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(importTemplate);
