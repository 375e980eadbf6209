import http from 'node:http';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as mcpRoute from '@/app/api/mcp/route';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import type { CallResult } from '../../helpers/http';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A real HTTP server on loopback that hands each request to the /api/mcp route handlers as Next
 * would (Web Request in, Web Response out), so the SDK client talks to it over a socket.
 */
export async function startMcpHttpServer(requestedPort: number) {
  let port = requestedPort;
  const log: { method: string; accept: string; status: number }[] = [];
  const server = http.createServer(async (req, res) => {
    try {
      const method = (req.method ?? 'GET') as Method;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      const body = method === 'GET' ? undefined : (Readable.toWeb(req) as ReadableStream);
      const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
        method,
        headers,
        body,
        duplex: 'half',
      } as RequestInit);
      const response = await mcpRoute[method](request, { params: Promise.resolve({}) });
      log.push({ method, accept: req.headers.accept ?? '', status: response.status });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body)
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
      res.end();
    } catch (err) {
      res.writeHead(599).end(String(err));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;
  return {
    url: new URL(`http://127.0.0.1:${port}/api/mcp`),
    /** Every request answered, in order (method, Accept header, status). */
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The official SDK client over streamable HTTP with the key as Bearer header. */
export async function connectClient(url: URL, key: string) {
  const client = new Client({ name: 'mcp-test-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
  );
  return client;
}

/** A raw HTTP exchange with the endpoint, shaped like the route tests' call() result. */
export async function raw(
  url: URL,
  opts: { method?: Method; key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = {
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
    ...opts.headers,
  };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const hasBody = opts.body !== undefined || opts.rawBody !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: opts.method ?? 'POST',
    headers,
    body: opts.rawBody ?? (hasBody ? JSON.stringify(opts.body) : undefined),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text };
}

/**
 * A fingerprint of everything the two workspaces own, table by table (every public table; rows scoped
 * to the workspaces or their users where the table has such a column), plus their queued jobs. Left
 * out on purpose: rate_limit_buckets and api_keys.last_used_at, the HTTP layer's per-request
 * accounting that every authenticated call updates by design.
 */
export async function databaseFingerprint(workspaceIds: string[], userIds: string[]) {
  const db = await getDb();
  const tables = await queryRows<{ schema: string; name: string; cols: string[] }>(
    db,
    sql`SELECT table_schema AS schema, table_name AS name, array_agg(column_name::text ORDER BY ordinal_position) AS cols
        FROM information_schema.columns WHERE table_schema IN ('public', 'pgboss')
        AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = columns.table_schema AND table_type = 'BASE TABLE')
        GROUP BY table_schema, table_name ORDER BY 1, 2`,
  );
  const ws = sql.join(
    workspaceIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const users = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const out: Record<string, { rows: number; hash: string }> = {};
  for (const t of tables) {
    if (t.schema === 'public' && t.name === 'rate_limit_buckets') continue;
    const cols = t.cols.filter((c) => !(t.name === 'api_keys' && c === 'last_used_at'));
    const from = sql.raw(`(SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM "${t.schema}"."${t.name}"`);
    let where;
    if (t.schema === 'pgboss') {
      if (!cols.includes('data')) continue;
      where = sql`WHERE data::text LIKE ANY (ARRAY[${sql.join(
        workspaceIds.map((id) => sql`${`%${id}%`}`),
        sql`, `,
      )}]::text[])`;
    } else if (cols.includes('workspace_id')) where = sql`WHERE workspace_id IN (${ws})`;
    else if (t.name === 'workspaces') where = sql`WHERE id IN (${ws})`;
    else if (t.name === 'users') where = sql`WHERE id IN (${users})`;
    else if (cols.includes('user_id')) where = sql`WHERE user_id IN (${users})`;
    else where = sql``;
    const [r] = await queryRows<{ n: number; h: string | null }>(
      db,
      sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(md5(row_to_json(t)::text), ',' ORDER BY md5(row_to_json(t)::text)), '')) AS h FROM ${from} ${where}) t`,
    );
    out[`${t.schema}.${t.name}`] = { rows: Number(r.n), hash: String(r.h) };
  }
  return out;
}
