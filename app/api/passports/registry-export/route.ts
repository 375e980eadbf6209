import { defineRoute, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import { publicAppUrl } from '@/lib/config/public-url';
import { registryExport } from '@/lib/passports/registry';
import { RegistryExportQuery, RegistryExportResponse } from '@/lib/passports/schemas';

// GET /api/passports/registry-export – the EU DPP registry records of the workspace's latest passports.
const get = defineRoute({
  method: 'GET',
  path: '/api/passports/registry-export',
  operationId: 'passportRegistryExport',
  summary: 'EU DPP registry export',
  description:
    "The record the EU digital product passport registry takes for each SKU's latest passport (unique product identifier, operator identifier, live and backup passport URL, commodity code, facility, granularity, and the version with its content hash), in upload files of at most 100 records. The registry's own template is not public: records follow the CIRPASS-2 mock registry schema (EU DPP Registry Metadata) and are checked against it; a passport that cannot pass is listed under skipped with its problems. Without part: the report; with part=n: file n as JSON.",
  tags: ['Passports'],
  stability: 'preview',
  auth: 'either',
  scope: ['skus:read', 'passports:read', 'passports-authority:read'],
  query: RegistryExportQuery,
  responses: {
    200: {
      description: 'The report, or with part the upload file (a JSON array of records).',
      schema: RegistryExportResponse,
    },
  },
  handler: async ({ db, auth, query, req }) => {
    const out = await registryExport(db, { workspaceId: auth.workspace.id, baseUrl: publicAppUrl(req) });
    if (query.part === undefined) {
      const { content: _content, ...report } = out;
      return json(report);
    }
    const file = out.content[query.part - 1];
    if (!file) throw new AppError('NOT_FOUND', `There are ${out.content.length} registry file(s).`);
    return json(file, 200, {
      'content-disposition': `attachment; filename="dpp-registry-${query.part}-of-${out.content.length}.json"`,
    });
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get);
