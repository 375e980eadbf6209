import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import crypto from 'node:crypto';
import { z } from 'zod';
import { getDocument } from '@/lib/documents/service';
import { AppError } from '@/lib/errors';
import { readBodyLimited } from '@/lib/http/body';
import { serviceInfo, SERVICE_NAME } from '@/lib/health/info';
import { getSku } from '@/lib/skus/service';
import type { McpContext, McpTool } from './define-tool';
import { MCP_TOOLS } from './tools';
import { capText } from './views';
import { skuOperators } from './whom-to-ask';

/** Largest JSON-RPC request body /api/mcp reads (tool arguments are small). */
export const MCP_MAX_BODY_BYTES = 256 * 1024;

export const MCP_SERVER_NAME = SERVICE_NAME;

const INSTRUCTIONS =
  'Read-only access to one workspace of an EU GPSR product-compliance tool. Start with readiness_summary or list_skus; ' +
  'market_readiness answers "which products cannot be sold in <market> yet, why, and whom to ask for what" in one call; ' +
  'get_sku and why_blocked explain blockers with their legal basis, fix, operators and whom to ask; explain_requirements describes a category and markets; ' +
  "list_passports and get_passport return a published SKU's digital product passports (UNTP, battery passport) up to the tier the key's scopes open. " +
  'Lists are paged: pass next_cursor back as cursor. Nothing here can change data.';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toolResult(tool: McpTool, out: unknown): CallToolResult {
  return {
    structuredContent: out as Record<string, unknown>,
    content: [{ type: 'text', text: capText(tool.text(out as never)) }],
  };
}

/** A domain error (not found, bad cursor...) is a tool error the model can read; anything else is logged, not leaked. */
function toolError(tool: McpTool, err: unknown, requestId: string): CallToolResult {
  if (err instanceof AppError && err.status < 500)
    return { isError: true, content: [{ type: 'text', text: `${err.code}: ${err.message}` }] };
  console.error(`[${requestId}] MCP tool ${tool.name} failed:`, err);
  return {
    isError: true,
    content: [{ type: 'text', text: `INTERNAL: the tool failed; support reference ${requestId}.` }],
  };
}

/** Resource reads: a malformed or unknown id (including another workspace's) is invalid params. */
async function readResource<T>(kind: string, id: unknown, read: (id: string) => Promise<T>): Promise<T> {
  if (typeof id !== 'string' || !UUID_RE.test(id))
    throw new McpError(ErrorCode.InvalidParams, `Unknown ${kind}: ${String(id).slice(0, 60)}`);
  try {
    return await read(id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND')
      throw new McpError(ErrorCode.InvalidParams, `Unknown ${kind}: ${id}`);
    throw err;
  }
}

/** One MCP server per request, bound to the key's workspace (stateless: no session to share). */
export function createMcpServer(ctx: McpContext, requestId: string): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: 'GPSR compliance workspace', version: serviceInfo().version },
    { instructions: INSTRUCTIONS },
  );
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        // Closed here too, so a tool registered without defineTool still refuses unknown arguments.
        inputSchema: tool.input.strict(),
        outputSchema: tool.output,
        annotations: {
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      (async (args: unknown) => {
        try {
          if (tool.scope && !ctx.scopes.includes(tool.scope))
            throw new AppError(
              'INSUFFICIENT_SCOPE',
              `${tool.name} needs the key scope "${tool.scope}" besides "mcp:read", as the same data does over the API.`,
              { details: { required_scope: tool.scope } },
            );
          return toolResult(tool, await tool.run(ctx, args as never));
        } catch (err) {
          return toolError(tool, err, requestId);
        }
      }) as never,
    );
  }

  server.registerResource(
    'sku',
    new ResourceTemplate('sku://{id}', { list: undefined }),
    { title: 'SKU', description: 'A SKU with its status and blockers, as JSON.', mimeType: 'application/json' },
    async (uri, vars) => {
      const sku = await readResource('SKU', vars.id, async (id) => ({
        ...(await getSku(ctx.db, { workspaceId: ctx.workspaceId, id })),
        operators: await skuOperators(ctx.db, { workspaceId: ctx.workspaceId, skuId: id }),
      }));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(sku) }] };
    },
  );
  server.registerResource(
    'document',
    new ResourceTemplate('document://{id}', { list: undefined }),
    {
      title: 'Document',
      description: 'A document with its classification, extracted facts and linked SKUs, as JSON.',
      mimeType: 'application/json',
    },
    async (uri, vars) => {
      const doc = await readResource('document', vars.id, (id) =>
        getDocument(ctx.db, { workspaceId: ctx.workspaceId, id }),
      );
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(doc) }] };
    },
  );

  const promptArgs = { market: z.string().min(2).max(40).describe('ISO code of the EU/EEA market, e.g. FR.') };
  const prompt = server.registerPrompt(
    'audit_catalogue',
    {
      title: 'Audit my catalogue for a market',
      description: 'Which SKUs cannot be sold in a market, why, and what to fix first.',
      argsSchema: promptArgs,
    },
    ({ market }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Audit my product catalogue for the market ${market.toUpperCase()}. ` +
              `1) Call readiness_summary for the overall picture. 2) Call market_readiness with market=${market.toUpperCase()} (follow next_cursor): ` +
              `it lists the SKUs that cannot be sold there, each blocker with its legal basis and whom to ask. 3) Group what is missing by blocker code, ` +
              `cite the legal basis of each, list the fixes that unblock the most SKUs first, and per operator what to ask for (say when a request is already open). ` +
              `Do not invent data: say when a tool returned nothing.`,
          },
        },
      ],
    }),
  );
  // The SDK builds a prompt's arguments object open (unknown arguments dropped); like the tools' inputs,
  // it is closed: prompts/get with an argument the prompt does not know is -32602 naming it.
  prompt.argsSchema = z.strictObject(promptArgs) as unknown as typeof prompt.argsSchema;
  invalidParamsForMalformedRequests(server);
  return server;
}

type RequestHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * SDK 1.x parses each request's params with its schema and lets the bare ZodError through, which the
 * protocol layer answers with -32603 (internal error). A malformed request is the client's fault: the
 * contract wants -32602 (invalid params), with what was wrong. Wraps the registered handlers once.
 */
function invalidParamsForMalformedRequests(server: McpServer) {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, RequestHandler> })._requestHandlers;
  if (!(handlers instanceof Map)) return;
  for (const [method, handler] of handlers) {
    handlers.set(method, async (request, extra) => {
      try {
        return await handler(request, extra);
      } catch (err) {
        const issues = (err as { issues?: { path?: PropertyKey[]; message?: string }[] } | null)?.issues;
        if (!(err instanceof McpError) && Array.isArray(issues)) {
          const what = issues
            .slice(0, 5)
            .map((i) => `${(i.path ?? []).map(String).join('.') || 'params'}: ${i.message ?? 'invalid'}`)
            .join('; ');
          throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${what}`);
        }
        throw err;
      }
    });
  }
}

/**
 * POST /api/mcp: one JSON-RPC message (or batch) through the SDK's Web-standard streamable HTTP
 * transport in stateless JSON mode: no session id, no SSE, so any app instance can answer.
 */
export async function handleMcpRequest(req: Request, ctx: McpContext, requestId: string): Promise<Response> {
  // Every answer here is JSON, so a client that omits the streamable-HTTP Accept pair (curl, a
  // contract checker) is served instead of refused with 406.
  const accept = req.headers.get('accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    const headers = new Headers(req.headers);
    headers.set('accept', 'application/json, text/event-stream');
    req = new Request(req, { headers });
  }
  const contract = await acceptContractMessages(req);
  req = contract.req;
  const server = createMcpServer(ctx, requestId);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await contract.restoreIds(await envelopeTransportErrors(await transport.handleRequest(req)));
  } finally {
    // JSON mode has resolved every response by now; nothing stays open.
    await server.close().catch(() => {});
  }
}

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);

/**
 * The contract's POST /api/mcp body: jsonrpc, method, optional id (string, number or null), optional
 * params, and extra properties allowed. The SDK's JSON-RPC schemas are closed and take only a string
 * or an integer id (MCP itself forbids a null id), so a message the contract admits would be refused
 * as "not JSON-RPC". Before the transport reads the body, each message keeps only its JSON-RPC members,
 * and an id the SDK would refuse (null, a fraction) is swapped for a placeholder that the answer maps
 * back, so the caller gets its own id. A body that is not JSON, or not application/json, goes to the
 * transport untouched (its errors become the envelope below).
 */
async function acceptContractMessages(
  req: Request,
): Promise<{ req: Request; restoreIds: (res: Response) => Promise<Response> }> {
  const unchanged = { req, restoreIds: async (res: Response) => res };
  if (req.method !== 'POST' || !/^application\/json\b/i.test(req.headers.get('content-type') ?? '')) return unchanged;
  const bytes = await readBodyLimited(req, MCP_MAX_BODY_BYTES);
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  const rebuild = (body: BodyInit) => new Request(req.url, { method: 'POST', headers, body });
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ...unchanged, req: rebuild(bytes as BodyInit) };
  }
  const swapped = new Map<string, unknown>();
  const tag = crypto.randomUUID();
  const normalize = (m: unknown): unknown => {
    if (!m || typeof m !== 'object' || Array.isArray(m)) return m;
    const msg = m as Record<string, unknown>;
    if (msg.jsonrpc !== '2.0') return m;
    const out = Object.fromEntries(Object.entries(msg).filter(([k]) => MESSAGE_KEYS.has(k)));
    if ('id' in out && typeof out.method === 'string' && typeof out.id !== 'string' && !Number.isInteger(out.id)) {
      const placeholder = `contract-id-${tag}-${swapped.size}`;
      swapped.set(placeholder, out.id);
      out.id = placeholder;
    }
    return out;
  };
  const body = Array.isArray(parsed) ? parsed.map(normalize) : normalize(parsed);
  const restoreIds = async (res: Response) => {
    if (!swapped.size || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
    const answer = (await res.json()) as unknown;
    const restore = (m: unknown) => {
      const msg = m as { id?: unknown } | null;
      if (msg && typeof msg === 'object' && typeof msg.id === 'string' && swapped.has(msg.id))
        return { ...msg, id: swapped.get(msg.id) };
      return m;
    };
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(Array.isArray(answer) ? answer.map(restore) : restore(answer)), {
      status: res.status,
      headers,
    });
  };
  return { req: rebuild(JSON.stringify(body)), restoreIds };
}

/**
 * The transport answers a request it cannot read (malformed JSON, not a JSON-RPC message, wrong
 * Content-Type, no acceptable Accept) with an HTTP 4xx and a JSON-RPC error body. The contract says
 * every error response uses the envelope, and the streamable-HTTP transport only allows (MAY) a
 * JSON-RPC body there, so those become the envelope, with the JSON-RPC code in details. Errors
 * inside a readable JSON-RPC exchange (unknown method, invalid params) are answered at HTTP 200 and
 * stay JSON-RPC, as MCP requires.
 */
async function envelopeTransportErrors(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.text();
  let rpc: { code?: unknown; message?: unknown } | undefined;
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    rpc = parsed && typeof parsed === 'object' ? parsed.error : undefined;
  } catch {
    /* not JSON: the status decides alone */
  }
  const message =
    typeof rpc?.message === 'string' ? rpc.message : `The MCP transport refused the request (${res.status}).`;
  const details = { jsonrpc_error: { code: typeof rpc?.code === 'number' ? rpc.code : null, message } };
  const headers = res.headers.get('allow') ? { Allow: res.headers.get('allow')! } : undefined;
  if (res.status === 415)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the JSON-RPC message as application/json.', { details });
  if (res.status === 413) throw new AppError('PAYLOAD_TOO_LARGE', message, { details });
  if (res.status === 405) throw new AppError('METHOD_NOT_ALLOWED', message, { details, headers });
  if (res.status === 400 && rpc?.code === -32700 && /Invalid JSON$/i.test(message))
    throw new AppError('INVALID_JSON', 'The body is not valid JSON (JSON-RPC parse error -32700).', { details });
  if (res.status === 400)
    throw new AppError(
      'VALIDATION_FAILED',
      `The body is not a JSON-RPC 2.0 request, notification or batch: ${message}`,
      { details: { ...details, fields: [{ path: 'body', message }] } },
    );
  throw new AppError(res.status === 406 ? 'VALIDATION_FAILED' : 'MALFORMED_REQUEST', message, { details });
}
