import { defineRoute, json, routeMethods } from '@/lib/http';
import { describeChannelMappings, setAmazonProductTypes } from '@/lib/exports/channel-mappings';
import { ChannelMappingsSchema, SetChannelMappingsInput } from '@/lib/exports/schemas';

// GET /api/exports/channel-mappings – the workspace's channel mapping tables (Amazon product types).
const get = defineRoute({
  method: 'GET',
  path: '/api/exports/channel-mappings',
  operationId: 'getExportChannelMappings',
  summary: 'Channel mapping tables of the exports',
  description:
    "Amazon product type per category code: the shipped default (written from Amazon's Product Type Definitions, with the date) or the workspace's own value. A category without a product type makes its SKUs warnings of Amazon exports, left out of the file.",
  tags: ['Exports'],
  stability: 'preview',
  auth: 'either',
  scope: ['export', 'exports:read'],
  responses: { 200: { description: 'The tables.', schema: ChannelMappingsSchema } },
  handler: async ({ db, auth }) => json(await describeChannelMappings(db, auth.workspace.id)),
});

// PUT /api/exports/channel-mappings – set (or reset to the default) Amazon product types per category.
const put = defineRoute({
  method: 'PUT',
  path: '/api/exports/channel-mappings',
  operationId: 'setExportChannelMappings',
  summary: 'Set channel mappings of the exports',
  description:
    'amazon_product_type: entries of category_code and product_type (an Amazon product type name, or null for none); reset: true goes back to the shipped default. Returns the whole table.',
  tags: ['Exports'],
  stability: 'preview',
  auth: 'session',
  body: SetChannelMappingsInput,
  responses: { 200: { description: 'The tables after the change.', schema: ChannelMappingsSchema } },
  handler: async ({ db, auth, actor, body }) => {
    await setAmazonProductTypes(db, { workspaceId: auth.workspace.id, actor, entries: body.amazon_product_type });
    return json(await describeChannelMappings(db, auth.workspace.id));
  },
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, put);
