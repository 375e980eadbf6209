/**
 * An answer given before the body was read (server guard, multipart parser) leaves the keep-alive socket able to
 * serve the next request, or closes it and says so.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeNextRequest, NodeNextResponse } from 'next/dist/server/base-http/node';
import { NextRequestAdapter, signalFromNodeResponse } from 'next/dist/server/web/spec-extension/adapters/next-request';
import { sendResponse } from 'next/dist/server/send-response';
import { DRAIN_LIMIT_BYTES, guardHttpServer } from '@/lib/http/server-guard';
import * as importRoute from '@/app/api/import/route';
import * as healthRoute from '@/app/api/health/route';
import * as mcpRoute from '@/app/api/mcp/route';
import { createApiKey } from '@/lib/auth/api-keys';
import { getDb } from '@/lib/db/client';
import { MCP_MAX_BODY_BYTES } from '@/lib/mcp/server';
import { makeUser, ORIGIN, type TestUser } from '../../helpers/http';

/**
 * A keep-alive connection survives an answer written before its request body was read to the end: the
 * next request on the same socket is answered, or the answer says `Connection: close` and the server
 * closes the socket right after it. A real http.Server with the guard, handing requests to the real
 * route handlers through Next's own adapters (NodeNextRequest, NextRequestAdapter, sendResponse), as
 * `next start` does: the route reads the body through Next's web stream and cancels it on the first
 * bad part. Without the guard's drain, the next request was never parsed and the socket was reset by
 * the 5 s keep-alive timeout.
 */
let server: http.Server;
let port = 0;
let user: TestUser;
let mcpKey = '';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Partial<Record<string, Handler>>> = {
  '/api/import': importRoute,
  '/api/health': healthRoute,
  '/api/mcp': mcpRoute,
};

beforeAll(async () => {
  user = await makeUser({ plan: 'pro' });
  mcpKey = (
    await createApiKey(await getDb(), {
      workspace: { id: user.workspaceId, name: 'w', plan: 'pro' },
      actor: { userId: user.id, apiKeyId: null, label: user.email },
      input: { name: 'mcp', scopes: ['mcp:read'] },
    })
  ).key;
  server = http.createServer(async (req, res) => {
    const handler = routes[new URL(req.url!, ORIGIN).pathname]?.[req.method!];
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    const nodeReq = new NodeNextRequest(req as ConstructorParameters<typeof NodeNextRequest>[0]);
    const nodeRes = new NodeNextResponse(res);
    const nextReq = NextRequestAdapter.fromNodeNextRequest(nodeReq, signalFromNodeResponse(res));
    const response = await handler(nextReq, { params: Promise.resolve({}) });
    await sendResponse(nodeReq, nodeRes, response);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  guardHttpServer(server);
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The complete answers at the start of buf (Content-Length or chunked bodies). */
function parseAnswers(buf: Buffer): RawAnswer[] {
  const out: RawAnswer[] = [];
  let at = 0;
  for (;;) {
    const headEnd = buf.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return out;
    const lines = buf.subarray(at, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const l of lines.slice(1)) {
      const i = l.indexOf(':');
      headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    let p = headEnd + 4;
    let body = '';
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const nl = buf.indexOf('\r\n', p);
        if (nl < 0) return out;
        const size = parseInt(buf.subarray(p, nl).toString('latin1'), 16);
        if (buf.length < nl + 2 + size + 2) return out;
        body += buf.subarray(nl + 2, nl + 2 + size).toString('utf8');
        p = nl + 2 + size + 2;
        if (size === 0) break;
      }
    } else {
      const n = Number(headers['content-length'] ?? 0);
      if (buf.length < p + n) return out;
      body = buf.subarray(p, p + n).toString('utf8');
      p += n;
    }
    out.push({ status: Number(lines[0].split(' ')[1]), headers, body });
    at = p;
  }
}

/**
 * Writes the bytes on one connection and collects the answers until `want` have arrived (then the
 * client hangs up) or the server closes the socket; `ms` is how long that took.
 */
function converse(chunks: (string | Buffer)[], want: number) {
  return new Promise<{ answers: RawAnswer[]; closedByServer: boolean; ms: number }>((resolve, reject) => {
    const t0 = Date.now();
    let buf = Buffer.alloc(0);
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      s.destroy();
      resolve({ answers: parseAnswers(buf), closedByServer, ms: Date.now() - t0 });
    };
    const s = net.connect(port, '127.0.0.1', () => {
      for (const c of chunks) s.write(c);
    });
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (parseAnswers(buf).length >= want) finish(false);
    });
    // A reset after the answer (unread request bytes at close) still counts as the server's close.
    s.on('error', () => finish(true));
    s.on('close', () => finish(true));
    const timer = setTimeout(() => {
      settled = true;
      s.destroy();
      reject(new Error(`no ${want} answers within 15 s; got: ${buf.toString('latin1').slice(0, 500)}`));
    }, 15_000);
  });
}

const BOUNDARY = 'cw-keepalive';
const head = (length: number | 'chunked', cookie = user.cookie) =>
  `POST /api/import HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\nCookie: ${cookie}\r\n` +
  `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
  (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${length}\r\n\r\n`);
/** A form whose first field holds a NUL character, which the parser refuses at once, and then a file. */
const malformedForm = (fileBytes: number) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="sheet"\r\n\r\na\u0000b\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n` +
  `sku\r\n${'x'.repeat(fileBytes)}\r\n--${BOUNDARY}--\r\n`;
const health = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

describe('an answer given before the request body was read (server guard)', () => {
  it('a malformed multipart upload is refused and the next request on the same socket is answered', async () => {
    // Large enough that the refusal comes while most of the body is still unread.
    const body = malformedForm(400 * 1024);
    const { answers, ms } = await converse([head(Buffer.byteLength(body)) + body, health], 2);
    expect(answers[0].status).toBe(400);
    expect(JSON.parse(answers[0].body).error.code).toBe('VALIDATION_FAILED');
    expect(answers[0].body).toContain('invalid_characters');
    expect(answers[0].headers.connection).toBe('keep-alive');
    expect(answers[1].status).toBe(200);
    expect(JSON.parse(answers[1].body).status).toBe('ok');
    // Well before the 5 s keep-alive timeout that used to reset the socket.
    expect(ms).toBeLessThan(4000);
  });

  it('the same upload sent chunked (size unknown) is answered with Connection: close, then the server closes', async () => {
    const body = malformedForm(200 * 1024);
    const chunked = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const { answers, closedByServer, ms } = await converse([head('chunked') + chunked, health], 2);
    expect(closedByServer).toBe(true);
    expect(answers.map((a) => a.status)).toEqual([400]);
    expect(answers[0].headers.connection).toBe('close');
    expect(ms).toBeLessThan(4000);
  });

  it('a refusal before any of the body is read (no session) leaves the socket serving the next request', async () => {
    const body = malformedForm(300 * 1024);
    const { answers } = await converse([head(Buffer.byteLength(body), 'sb-access-token=nope') + body, health], 2);
    expect(answers.map((a) => a.status)).toEqual([401, 200]);
  });

  it('a JSON-RPC body over the MCP limit is a 413: declared, the next request is answered; chunked, the connection closes', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { pad: 'x'.repeat(MCP_MAX_BODY_BYTES) },
    });
    const mcp = (framing: string) =>
      `POST /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${mcpKey}\r\n` +
      `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${framing}\r\n`;
    // Declared: refused before a byte is read, so Node drains it by itself.
    const declared = await converse([mcp(`Content-Length: ${Buffer.byteLength(body)}\r\n`) + body, health], 2);
    expect(declared.answers.map((a) => a.status)).toEqual([413, 200]);
    expect(JSON.parse(declared.answers[0].body).error.code).toBe('PAYLOAD_TOO_LARGE');
    // Chunked: refused once the limit is read, the rest unread: the answer closes the connection.
    const chunked = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const cut = await converse([mcp('Transfer-Encoding: chunked\r\n') + chunked, health], 2);
    expect(cut.closedByServer).toBe(true);
    expect(cut.answers.map((a) => a.status)).toEqual([413]);
    expect(cut.answers[0].headers.connection).toBe('close');
    expect(declared.ms + cut.ms).toBeLessThan(4000);
  });

  it('a body declared over the drain limit gets its answer with Connection: close, then the server closes', async () => {
    const body = malformedForm(DRAIN_LIMIT_BYTES + 512 * 1024);
    // The client sends the head and the first part only: the rest is not worth reading once refused.
    const sent = body.slice(0, 64 * 1024);
    const { answers, closedByServer, ms } = await converse([head(Buffer.byteLength(body)) + sent], 2);
    expect(closedByServer).toBe(true);
    expect(answers).toHaveLength(1);
    expect(answers[0].status).toBe(400);
    expect(answers[0].headers.connection).toBe('close');
    expect(JSON.parse(answers[0].body).error.code).toBe('VALIDATION_FAILED');
    expect(ms).toBeLessThan(4000);
  });
});
