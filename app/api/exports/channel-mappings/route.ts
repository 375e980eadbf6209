import { defineRoute, json, routeMethods } from '@/lib/http';
import { describeChannelMappings, setChannelMappingTables } from '@/lib/exports/channel-mappings';
import { ChannelMappingsSchema, SetChannelMappingsInput } from '@/lib/exports/schemas';

// GET /api/exports/channel-mappings – the workspace's channel mapping tables (Amazon, Kaufland, Otto).
const get = defineRoute({
  method: 'GET',
  path: '/api/exports/channel-mappings',
  operationId: 'getExportChannelMappings',
  summary: 'Channel mapping tables of the exports',
  description:
    "Per category code: the Amazon product type (shipped default written from Amazon's Product Type Definitions, with the date, or the workspace's own value), Kaufland's category and Otto's category (as each channel's category tree names it; no shipped defaults, categories are never guessed). A category without a value makes its SKUs warnings of that channel's exports (Amazon 2026.11, Kaufland 2026.12, Otto 2026.12), left out of the file.",
  tags: ['Exports'],
  stability: 'preview',
  auth: 'either',
  scope: ['export', 'exports:read'],
  responses: { 200: { description: 'The tables.', schema: ChannelMappingsSchema } },
  handler: async ({ db, auth }) => json(await describeChannelMappings(db, { workspaceId: auth.workspace.id })),
});

// PUT /api/exports/channel-mappings – set (or reset to the default) the channels' values per category.
const put = defineRoute({
  method: 'PUT',
  path: '/api/exports/channel-mappings',
  operationId: 'setExportChannelMappings',
  summary: 'Set channel mappings of the exports',
  description:
    "amazon_product_type: entries of category_code and product_type (an Amazon product type name, or null for none); kaufland_category and otto_category: entries of category_code and value (the channel's category name, or null for none). reset: true goes back to the shipped default. At least one table. Returns every table.",
  tags: ['Exports'],
  stability: 'preview',
  auth: 'session',
  body: SetChannelMappingsInput,
  responses: { 200: { description: 'The tables after the change.', schema: ChannelMappingsSchema } },
  handler: async ({ db, auth, actor, body }) => {
    await setChannelMappingTables(db, { workspaceId: auth.workspace.id, actor, tables: body });
    return json(await describeChannelMappings(db, { workspaceId: auth.workspace.id }));
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, put);
