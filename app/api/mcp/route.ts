import { z } from 'zod';
import { ErrorEnvelope } from '@/lib/http/schemas';
import { AppError, defineRoute, json, routeMethods } from '@/lib/http';
import { mcpMetadata } from '@/lib/mcp/metadata';
import { publicAppUrl } from '@/lib/config/public-url';
import { handleMcpRequest, MCP_MAX_BODY_BYTES } from '@/lib/mcp/server';

const AUTH_DOC = 'Bearer API key with the scope mcp:read; no, revoked, expired or unknown keys get the 401 envelope.';

// GET /api/mcp – server metadata (tools, protocol versions, how to authenticate) as plain JSON.
const get = defineRoute({
  method: 'GET',
  path: '/api/mcp',
  operationId: 'getMcpServerMetadata',
  summary: 'MCP server metadata',
  description: `Name, version, supported MCP protocol versions, transport and the read-only tools. A request that accepts only text/event-stream (an MCP client opening an SSE stream) gets 405: the server is stateless and has no stream. ${AUTH_DOC}`,
  errors: [405],
  tags: ['MCP'],
  stability: 'preview',
  auth: 'bearer',
  scope: 'mcp:read',
  responses: { 200: { description: 'Server metadata (free-form object).', schema: z.record(z.string(), z.unknown()) } },
  handler: async ({ req }) => {
    // An MCP client's GET asks for a server-to-client SSE stream; this stateless server has none, and
    // 405 is how the protocol says so (a 200 would make the client read the JSON as a stream and poll).
    const accept = req.headers.get('accept') ?? '';
    if (accept.includes('text/event-stream') && !accept.includes('application/json')) {
      throw new AppError(
        'METHOD_NOT_ALLOWED',
        'No SSE stream here: this MCP server is stateless; POST JSON-RPC messages to /api/mcp.',
        { headers: { Allow: 'GET, POST' } },
      );
    }
    return json(mcpMetadata(publicAppUrl(req)));
  },
});

/** A JSON-RPC 2.0 error response: protocol errors keep JSON-RPC form. */
const JsonRpcError = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
});

// POST /api/mcp – MCP over streamable HTTP (stateless, JSON responses). JSON-RPC errors stay JSON-RPC.
const post = defineRoute({
  method: 'POST',
  path: '/api/mcp',
  operationId: 'mcpJsonRpc',
  summary: 'MCP JSON-RPC (streamable HTTP)',
  description: `One JSON-RPC 2.0 message or a batch, answered as application/json (no session id, no SSE). Send Accept: application/json, text/event-stream. Read-only tools. Protocol errors (unknown method -32601, invalid params -32602, parse error -32700) are JSON-RPC error objects. ${AUTH_DOC}`,
  tags: ['MCP'],
  stability: 'preview',
  auth: 'bearer',
  scope: 'mcp:read',
  // The SDK transport reads and parses the body so JSON-RPC errors keep JSON-RPC form.
  rawBody: {
    mediaTypes: ['application/json'],
    schema: z
      .object({
        jsonrpc: z.literal('2.0'),
        method: z.string(),
        id: z.union([z.string(), z.number(), z.null()]).optional(),
        params: z.record(z.string(), z.unknown()).optional(),
      })
      .loose(),
  },
  maxBodyBytes: MCP_MAX_BODY_BYTES,
  responses: {
    200: { description: 'A JSON-RPC response (free-form object).', schema: z.record(z.string(), z.unknown()) },
    202: { description: 'Only notifications or responses were sent: accepted, no body.' },
    400: {
      description: 'A JSON-RPC error object (parse error -32700, invalid request -32600), or the error envelope.',
      schema: z.union([JsonRpcError, z.array(JsonRpcError), ErrorEnvelope]),
    },
  },
  handler: async ({ req, db, auth, actor, requestId }) =>
    handleMcpRequest(req, { db, workspaceId: auth.workspace.id, actor, origin: publicAppUrl(req) }, requestId),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, post);
