/**
 * Framework-level failures (TRACE, bad percent-encoding, malformed framing, oversized headers) carry the error
 * envelope and X-Request-Id; client addresses honour TRUSTED_PROXIES only.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardListeningServers } from '@/lib/http/server-guard';
import { parseTrustedProxies } from '@/lib/config/trusted-proxies';
import { CLIENT_IP_HEADER, resolveClientIp } from '@/lib/http/client-ip';
import * as openapiRoute from '@/app/api/openapi.json/route';
import { call, expectEnvelope } from '../../helpers/http';

/**
 * The guard in front of Next's request listener, on a real http.Server: the listener below fails
 * the way Next does (building a fetch Request for TRACE throws; decoding a bad path segment throws;
 * both become a bare 500), and Node's parser refuses malformed framing with an empty 400 unless
 * 'clientError' is handled. With the guard, each answers the envelope with X-Request-Id.
 */
let server: http.Server;
let port = 0;
let reached = 0;

beforeAll(async () => {
  server = http.createServer({ maxHeaderSize: 4096 }, async (req, res) => {
    // Next answers after awaiting its handlers; Node's parser meets a bad body meanwhile.
    await new Promise((r) => setTimeout(r, 50));
    if (req.url === '/ip') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(String(req.headers[CLIENT_IP_HEADER]));
      return;
    }
    try {
      new Request(`http://127.0.0.1${req.url}`, { method: req.method });
      decodeURIComponent(req.url!.split('?')[0]);
      if (req.socket.destroyed) return;
      reached++;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('next handled it');
    } catch {
      res.statusCode = 500;
      res.end('Internal Server Error');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  // Found among the process's listening handles, as instrumentation.ts does under `next start`.
  expect(guardListeningServers()).toBeGreaterThanOrEqual(1);
  expect(guardListeningServers()).toBeGreaterThanOrEqual(1); // idempotent: a second call adds nothing
  expect(server.listeners('request')).toHaveLength(1);
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Sends raw bytes and parses the one response (status, headers, body). */
function raw(data: string): Promise<{ status: number; headers: Record<string, string>; body: string; text: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(data));
    let buf = '';
    s.on('data', (d) => (buf += d.toString('latin1')));
    s.on('error', reject);
    s.on('close', () => {
      const [head, ...rest] = buf.split('\r\n\r\n');
      const lines = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked')
        body = body.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(lines[0].split(' ')[1]), headers, body, text: buf });
    });
  });
}

function expectRawEnvelope(res: Awaited<ReturnType<typeof raw>>, status: number, code: string) {
  return expectEnvelope(
    { status: res.status, headers: new Headers(res.headers), body: JSON.parse(res.body || 'null'), text: res.text },
    status,
    code,
  );
}

describe('server guard: framework-level failures carry the envelope and X-Request-Id', () => {
  it('TRACE (and TRACK, CONNECT-like, unknown methods) is a 405 envelope with Allow', async () => {
    // TRACE parses and then fails in Next; TRACK and BREW fail in Node's parser (HPE_INVALID_METHOD).
    for (const m of ['TRACE', 'TRACK', 'PROPFIND', 'BREW']) {
      const res = await raw(`${m} /api/skus HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      const err = expectRawEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
      if (m === 'TRACE' || m === 'PROPFIND') expect(err.message).toContain(m);
      expect(res.headers.allow).toContain('GET');
    }
  });

  it('a path that is not valid percent-encoded UTF-8 is a 400 envelope', async () => {
    for (const p of ['/api/skus/%ff%fe', '/api/skus/%E0%A4%A', '/docs/%c0%af']) {
      const res = await raw(`GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      const err = expectRawEnvelope(res, 400, 'VALIDATION_FAILED');
      expect(err.details).toMatchObject({ location: 'path' });
    }
    // A bad sequence in the query string is left to the route (URLSearchParams decodes it to U+FFFD).
    const ok = await raw(`GET /api/skus?q=%ff HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(ok.status).toBe(200);
  });

  it('malformed framing (bad chunk size, Transfer-Encoding with Content-Length) is a 400 MALFORMED_REQUEST envelope', async () => {
    const before = reached;
    const bad = [
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
      'DELETE /api/skus/00000000-0000-0000-0000-000000000000 HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n3\r\nabc\r\n0\r\n\r\n',
    ];
    for (const b of bad) {
      const res = await raw(b);
      const err = expectRawEnvelope(res, 400, 'MALFORMED_REQUEST');
      expect(err.details.reason).toMatch(/^HPE_/);
      expect(res.headers.connection).toBe('close');
    }
    expect(reached).toBe(before); // the app never answered on those connections
  });

  it('oversized headers are a 431 HEADERS_TOO_LARGE envelope', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'a'.repeat(8000)}\r\n\r\n`);
    expectRawEnvelope(res, 431, 'HEADERS_TOO_LARGE');
  });

  it('ordinary requests, including GET and DELETE with a well-formed chunked body, reach the app untouched', async () => {
    for (const r of [
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n',
      'DELETE /api/skus/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n',
      'OPTIONS /api/skus HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    ]) {
      const res = await raw(r);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toBe('next handled it');
    }
  });
});

describe('client address for per-IP rate limits', () => {
  const ipOf = async (extra: string) =>
    (await raw(`GET /ip HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`)).body;

  it('the guard overwrites a client-sent address header with the socket peer', async () => {
    expect(await ipOf(`${CLIENT_IP_HEADER}: 198.51.100.66\r\n`)).toBe('127.0.0.1');
  });

  it('X-Forwarded-For is believed only from a trusted proxy (loopback by default), right-most untrusted hop first', async () => {
    expect(await ipOf('X-Forwarded-For: 203.0.113.5\r\n')).toBe('203.0.113.5');
    // The left hop was written by the client; the proxy appended the right one.
    expect(await ipOf('X-Forwarded-For: 198.51.100.1, 203.0.113.5\r\n')).toBe('203.0.113.5');
  });

  it('resolveClientIp: an untrusted peer is its own address whatever it forwards; trusted chains are walked', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, ::1');
    expect(resolveClientIp('203.0.113.9', '1.2.3.4', trusted)).toBe('203.0.113.9');
    expect(resolveClientIp('::ffff:10.1.2.3', '1.2.3.4, 10.9.9.9', trusted)).toBe('1.2.3.4');
    expect(resolveClientIp('10.1.2.3', 'not-an-ip, 10.9.9.9', trusted)).toBe('10.9.9.9');
    expect(resolveClientIp('10.1.2.3', '10.9.9.9', trusted)).toBe('10.9.9.9');
    expect(resolveClientIp(undefined, '1.2.3.4', trusted)).toBe('unknown');
    expect(() => parseTrustedProxies('10.0.0.0/99')).toThrow();
  });
});

describe('openapi.json: other methods', () => {
  it('PATCH/POST/PUT/DELETE on /api/openapi.json are a 405 envelope with Allow: GET', async () => {
    for (const m of ['PATCH', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await call(openapiRoute as never, m, '/api/openapi.json', { body: m === 'DELETE' ? undefined : {} });
      expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.get('allow')).toBe('GET');
    }
  });
});
