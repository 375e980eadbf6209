/**
 * POST /api/import/from-url through the route: SSRF refusals with a clear envelope (loopback, 10/8,
 * the metadata address, a loopback server redirecting to a private address, IPv6 loopback) and a
 * successful preview of a shop page on a loopback server when ALLOW_LOOPBACK_FETCH=true (tests only).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fromUrlRoute from '@/app/api/import/from-url/route';
import { resetEnvCache } from '@/lib/config/env';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { counts } from './helpers';

useTestDatabase();

const PRODUCT_PAGE = `<!doctype html><html><head>
<meta property="og:title" content="Holzeisenbahn (OG)"><meta property="og:image" content="https://shop.example/img/og.jpg">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Holzeisenbahn Set 3-teilig","sku":"HE-300","gtin13":"4006381333931","mpn":"HE300-B","brand":{"@type":"Brand","name":"Kinderladen"},"manufacturer":{"@type":"Organization","name":"Holzwerk GmbH"},"image":["https://shop.example/img/1.jpg","https://shop.example/img/2.jpg"],"description":"Eine Eisenbahn aus Buchenholz."}</script>
</head><body><h1>Holzeisenbahn</h1></body></html>`;

let server: http.Server;
let base: string;
const cookiesSeen: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    cookiesSeen.push(req.headers.cookie);
    switch (req.url) {
      case '/product':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(PRODUCT_PAGE);
      case '/moved':
        res.writeHead(301, { location: '/product', 'set-cookie': 'sid=secret; Path=/' });
        return void res.end();
      case '/to-private':
        res.writeHead(302, { location: 'http://10.0.0.1/admin' });
        return void res.end();
      case '/to-metadata':
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
        return void res.end();
      case '/huge':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end(Buffer.alloc(4 * 1024 * 1024, 0x61));
      case '/pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return void res.end('%PDF-1.4');
      default:
        res.writeHead(404, { 'content-type': 'text/html' });
        return void res.end('<h1>not here</h1>');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function setLoopback(on: boolean) {
  if (on) process.env.ALLOW_LOOPBACK_FETCH = 'true';
  else delete process.env.ALLOW_LOOPBACK_FETCH;
  resetEnvCache();
}
afterEach(() => setLoopback(false));

const preview = (u: TestUser, url: unknown) =>
  call(fromUrlRoute, 'POST', '/api/import/from-url', { cookie: u.cookie, body: { url } });

describe('previewImportFromUrl — POST /api/import/from-url refuses what it must not fetch', () => {
  it.each([
    ['loopback (the test server itself)', () => `${base}/product`, 'loopback'],
    ['localhost by name', () => `http://localhost:${new URL(base).port}/product`, 'loopback'],
    ['IPv6 loopback [::1]', () => 'http://[::1]:8080/', 'loopback'],
    ['private 10.0.0.1', () => 'http://10.0.0.1/admin', 'private_address'],
    ['private 192.168.1.1', () => 'http://192.168.1.1/', 'private_address'],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', 'link_local'],
    ['IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/', 'private_address'],
    ['multicast', () => 'http://224.0.0.1/', 'multicast'],
    ['a non-http scheme', () => 'file:///etc/passwd', 'scheme'],
    ['gopher', () => 'gopher://127.0.0.1:70/_x', 'scheme'],
    ['credentials in the URL', () => 'http://user:pass@example.com/', 'credentials'],
  ])('%s → 400 URL_NOT_ALLOWED', async (_name, url, reason) => {
    const u = await makeUser();
    const err = expectEnvelope(await preview(u, url()), 400, 'URL_NOT_ALLOWED');
    expect(err.details.reason).toBe(reason);
    expect(err.message.length).toBeGreaterThan(10);
  });

  it('redirects are checked at every hop: a loopback server (allowed for the test) redirecting to 10.0.0.1 or the metadata address is refused', async () => {
    setLoopback(true);
    const u = await makeUser();
    let err = expectEnvelope(await preview(u, `${base}/to-private`), 400, 'URL_NOT_ALLOWED');
    expect(err.details).toMatchObject({ reason: 'private_address', address: '10.0.0.1', url: 'http://10.0.0.1/admin' });
    err = expectEnvelope(await preview(u, `${base}/to-metadata`), 400, 'URL_NOT_ALLOWED');
    expect(err.details).toMatchObject({ reason: 'link_local', address: '169.254.169.254' });
  });

  it('size, type and status: 413 for an oversize page, 422 FETCH_FAILED for a PDF or a 404', async () => {
    setLoopback(true);
    const u = await makeUser();
    expectEnvelope(await preview(u, `${base}/huge`), 413, 'FETCH_TOO_LARGE');
    expect(expectEnvelope(await preview(u, `${base}/pdf`), 422, 'FETCH_FAILED').details.reason).toBe('not_html');
    expect(expectEnvelope(await preview(u, `${base}/nothing`), 422, 'FETCH_FAILED').details.reason).toBe('http_status');
    expectEnvelope(await preview(u, ''), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await call(fromUrlRoute, 'POST', '/api/import/from-url', {
        cookie: u.cookie,
        body: { url: 'http://x', extra: 1 },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(fromUrlRoute, 'POST', '/api/import/from-url', { body: { url: `${base}/product` } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('POST /api/import/from-url previews a shop page', () => {
  it('proposes SKU fields with their sources (JSON-LD over OpenGraph), stores nothing, sends no cookies', async () => {
    setLoopback(true);
    const u = await makeUser();
    const before = await counts(u.workspaceId);
    const res = await preview(u, `${base}/moved`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      url: `${base}/moved`,
      final_url: `${base}/product`,
      fetched_at: expect.any(String),
      proposed: {
        product_name: 'Holzeisenbahn Set 3-teilig',
        gtin: '4006381333931',
        sku_code: 'HE-300',
        mpn: 'HE300-B',
        brand: 'Kinderladen',
        manufacturer: 'Holzwerk GmbH',
        images: ['https://shop.example/img/1.jpg', 'https://shop.example/img/2.jpg'],
        description: 'Eine Eisenbahn aus Buchenholz.',
      },
      sources: { product_name: 'jsonld', gtin: 'jsonld', sku_code: 'jsonld', brand: 'jsonld', manufacturer: 'jsonld' },
      warnings: expect.any(Array),
    });
    expect(cookiesSeen.every((c) => c === undefined)).toBe(true);
    expect(await counts(u.workspaceId)).toEqual(before);
  });
});
