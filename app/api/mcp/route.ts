import { AppError, defineRoute, json, routeMethods } from '@/lib/http';
import { mcpMetadata } from '@/lib/mcp/metadata';
import { McpJsonRpcMessage, McpJsonRpcResponse, McpServerMetadata } from '@/lib/mcp/schemas';
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
  responses: { 200: { description: 'Server metadata (free-form object).', schema: McpServerMetadata } },
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

// POST /api/mcp – MCP over streamable HTTP (stateless, JSON responses). JSON-RPC errors at HTTP 200 stay
// JSON-RPC; a request the transport cannot read is an HTTP error with the envelope (lib/mcp/server.ts).
const post = defineRoute({
  method: 'POST',
  path: '/api/mcp',
  operationId: 'mcpJsonRpc',
  summary: 'MCP JSON-RPC (streamable HTTP)',
  description: `One JSON-RPC 2.0 message or a batch, answered as application/json (no session id, no SSE). Members besides jsonrpc, id, method and params are ignored, and an id may be a string, any number or null: the answer carries it back. Send Accept: application/json, text/event-stream. Read-only tools. Errors inside a readable JSON-RPC exchange are answered at HTTP 200 as JSON-RPC error objects, as MCP requires (unknown method -32601, invalid params -32602); a tool that cannot answer (unknown id, unknown or invalid arguments) returns isError: true naming the reason. A request the transport cannot read is an HTTP error with the error envelope like every other operation: malformed JSON 400 INVALID_JSON, a body that is not a JSON-RPC message 400 VALIDATION_FAILED, a Content-Type other than application/json 415 UNSUPPORTED_MEDIA_TYPE; details.jsonrpc_error carries the JSON-RPC code (-32700, -32600). ${AUTH_DOC}`,
  tags: ['MCP'],
  stability: 'preview',
  auth: 'bearer',
  scope: 'mcp:read',
  // The SDK transport reads and parses the body so JSON-RPC errors keep JSON-RPC form.
  rawBody: {
    mediaTypes: ['application/json'],
    schema: McpJsonRpcMessage,
  },
  maxBodyBytes: MCP_MAX_BODY_BYTES,
  errors: [413, 415],
  responses: {
    200: { description: 'A JSON-RPC response (free-form object).', schema: McpJsonRpcResponse },
    202: { description: 'Only notifications or responses were sent: accepted, no body.' },
  },
  handler: async ({ req, db, auth, actor, requestId }) =>
    handleMcpRequest(
      req,
      {
        db,
        workspaceId: auth.workspace.id,
        actor,
        scopes: auth.kind === 'bearer' ? auth.apiKey.scopes : [],
        origin: publicAppUrl(req),
      },
      requestId,
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(get, post);
