import type { z } from 'zod';
import type { Actor } from '@/lib/auth/context';
import type { Scope } from '@/lib/auth/scopes';
import type { Db } from '@/lib/db/client';

/** What every MCP tool runs with: the key's workspace, never anything the caller sends. */
export interface McpContext {
  db: Db;
  workspaceId: string;
  actor: Actor;
  /** The key's scopes: a tool that names a scope answers only a key holding it. */
  scopes: readonly Scope[];
  /** Origin of the app (https://app.example), for the links tools hand out. */
  origin: string;
}

/**
 * One read-only MCP tool. The input schema is validated by the SDK before `run`; the output schema is
 * published in tools/list and checked against `run`'s result (structuredContent). `text` is the short
 * rendering for clients that only show text. `example` feeds the docs page and the README.
 */
export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /**
   * The API scope the same data needs over REST (recalls:read for GET /api/recalls/…), besides mcp:read.
   * A key without it gets a tool error INSUFFICIENT_SCOPE; tools without one are read with mcp:read alone.
   */
  scope?: Scope;
  input: I;
  output: O;
  example: { arguments: z.input<I>; says: string };
  run(ctx: McpContext, args: z.output<I>): Promise<z.output<O>>;
  text(out: z.output<O>): string;
}

/**
 * Every tool's input is closed: an argument the tool does not know (`list_skus {"market": "FR"}` when
 * no such filter existed) is an error naming it, never silently ignored, so an agent cannot believe it
 * filtered. tools/list publishes `additionalProperties: false` for the same reason.
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: McpTool<I, O>): McpTool<I, O> {
  return { ...tool, input: tool.input.strict() as unknown as I };
}
