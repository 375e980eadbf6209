import { z } from 'zod';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { serviceInfo } from '@/lib/health/info';
import { MCP_SERVER_NAME } from './server';
import { MCP_TOOLS } from './tools';

/** GET /api/mcp: what an agent or a person needs to connect, without speaking MCP. */
export function mcpMetadata(origin: string) {
  return {
    name: MCP_SERVER_NAME,
    title: 'GPSR compliance workspace',
    version: serviceInfo().version,
    endpoint: `${origin}/api/mcp`,
    transport: 'streamable-http',
    stateless: true,
    response_mode: 'json',
    protocol_versions: SUPPORTED_PROTOCOL_VERSIONS,
    latest_protocol_version: LATEST_PROTOCOL_VERSION,
    read_only: true,
    authentication: {
      type: 'bearer',
      header: 'Authorization: Bearer <API_KEY>',
      scope: 'mcp:read',
      how: 'Create a workspace API key with the scope mcp:read (Settings > API keys) and send it on every request. The market-watch tools (recall alerts, matches, cases) also need recalls:read, as the API does.',
    },
    documentation: `${origin}/docs/mcp`,
    tools: MCP_TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      annotations: { readOnlyHint: true },
      scopes: t.scope ? ['mcp:read', t.scope] : ['mcp:read'],
      input_schema: z.toJSONSchema(t.input, { io: 'input' }),
    })),
    resources: ['sku://{id}', 'document://{id}'],
    prompts: ['audit_catalogue'],
  };
}
