/**
 * HTTP edges on the production server: invalid UTF-8 paths, TRACE and unparsable methods, and 405s answer the
 * error envelope, never a bare 500.
 */
import net from 'node:net';
import { test, expect } from '@playwright/test';

/**
 * Framework-level failures on the real production server (`next start`): these happen before any
 * route handler runs (Next builds a fetch Request, decodes the path, Node parses the framing), so only
 * a real server shows them. Raw sockets, because no HTTP client sends malformed framing or TRACE.
 */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function raw(baseURL: string, data: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), hostname, () => s.write(data));
    let buf = Buffer.alloc(0);
    s.on('data', (d) => (buf = Buffer.concat([buf, d])));
    s.on('error', reject);
    s.setTimeout(15_000, () => s.destroy(new Error('no answer')));
    s.on('close', () => {
      const text = buf.toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const lines = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') {
        // De-chunk: size line, data, repeat.
        let out = '';
        let restBody = body;
        for (;;) {
          const nl = restBody.indexOf('\r\n');
          const size = parseInt(restBody.slice(0, nl), 16);
          if (!size) break;
          out += restBody.slice(nl + 2, nl + 2 + size);
          restBody = restBody.slice(nl + 2 + size + 2);
        }
        body = out;
      }
      resolve({ status: Number(lines[0].split(' ')[1]), headers, body });
    });
  });
}

function expectRawEnvelope(res: RawResponse, status: number, code: string) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  const body = JSON.parse(res.body);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.error.doc_url).toContain(`/docs/errors#${code.toLowerCase()}`);
  expect(typeof body.error.retryable).toBe('boolean');
  expect(body.error_code).toBe(code.toLowerCase());
  expect(body.code).toBe(code.toLowerCase());
  expect(body.correlation_id).toBe(body.error.support_reference);
  expect(res.headers['x-request-id']).toBe(body.error.support_reference);
  return body.error;
}

const req = (line: string, extra = '') => `${line} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`;

test.describe('HTTP edges on the production server', () => {
  test('a path segment that is not valid UTF-8 is a 400 envelope, not Next’s bare 500', async ({ baseURL }) => {
    for (const p of ['/api/skus/%ff%fe', '/api/documents/%c0%af/file', '/p/%ff']) {
      const err = expectRawEnvelope(await raw(baseURL!, req(`GET ${p}`)), 400, 'VALIDATION_FAILED');
      expect(err.details.location).toBe('path');
    }
  });

  test('TRACE and methods Node cannot parse are a 405 envelope with Allow', async ({ baseURL }) => {
    for (const m of ['TRACE', 'TRACK']) {
      const res = await raw(baseURL!, req(`${m} /api/skus`));
      expectRawEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toContain('GET');
    }
  });

  test('PATCH /api/openapi.json is a 405 envelope (was an empty body)', async ({ request }) => {
    const res = await request.patch('/api/openapi.json', { data: {} });
    expect(res.status()).toBe(405);
    expect(res.headers().allow).toBe('GET');
    const body = await res.json();
    expect(body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers()['x-request-id']).toBe(body.error.support_reference);
  });

  test('GET/DELETE with malformed chunked framing are a 400 envelope (was Node’s empty 400)', async ({ baseURL }) => {
    for (const r of [
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
      'DELETE /api/skus/00000000-0000-0000-0000-000000000000 HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n3\r\nabc\r\n0\r\n\r\n',
    ]) {
      const err = expectRawEnvelope(await raw(baseURL!, r), 400, 'MALFORMED_REQUEST');
      expect(err.details.reason).toMatch(/^HPE_/);
    }
    // Well-formed chunked bodies on GET/DELETE are simply ignored by the operation.
    const ok = await raw(baseURL!, req('GET /api/health', 'Transfer-Encoding: chunked\r\n') + '3\r\nabc\r\n0\r\n\r\n');
    expect(ok.status).toBe(200);
    const del = await raw(
      baseURL!,
      req('DELETE /api/skus/00000000-0000-0000-0000-000000000000', 'Transfer-Encoding: chunked\r\n') +
        '3\r\nabc\r\n0\r\n\r\n',
    );
    expectRawEnvelope(del, 401, 'UNAUTHORIZED');
  });

  test('NUL in a query value is a 400 naming it; the server keeps answering', async ({ request }) => {
    const res = await request.get('/api/health?x=a%00b');
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.error.details.fields[0].path).toBe('x');
    expect((await request.get('/api/health')).status()).toBe(200);
  });
});
