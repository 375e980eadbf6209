import { z } from 'zod';

/** GET /api/mcp: the server metadata (mcpMetadata), a free-form object. */
export const McpServerMetadata = z.record(z.string(), z.unknown());

/**
 * POST /api/mcp: one JSON-RPC 2.0 message as the document describes it. The SDK transport reads and
 * parses the body itself (so JSON-RPC errors keep JSON-RPC form); this shape only documents it.
 */
export const McpJsonRpcMessage = z
  .object({
    jsonrpc: z.literal('2.0'),
    method: z.string(),
    id: z.union([z.string(), z.number(), z.null()]).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

/** POST /api/mcp: a JSON-RPC response, a free-form object. */
export const McpJsonRpcResponse = z.record(z.string(), z.unknown());
