/**
 * safeFetch against real HTTP servers on 127.0.0.1 started here. Loopback is allowed only where a test
 * says so; every refusal is checked with loopback off (the default).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/config/env';
import { checkAddress } from '@/lib/net/ip-policy';
import { safeFetch, type SafeFetchResult } from '@/lib/net/safe-fetch';

let server: http.Server;
let base: string;
let port: number;
const seenHeaders: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenHeaders.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<html><head><script type="application/ld+json">{"@type":"Product","name":"Ball"}</script></head></html>',
        );
        return;
      case '/to-page':
        res.writeHead(301, { location: '/page', 'set-cookie': 'session=secret; Path=/' });
        res.end();
        return;
      case '/to-private':
        res.writeHead(302, { location: 'http://10.0.0.1/admin' });
        res.end();
        return;
      case '/to-metadata':
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      case '/to-ftp':
        res.writeHead(302, { location: 'ftp://example.com/x' });
        res.end();
        return;
      case '/big': // declared length
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(8 * 1024 * 1024) });
        res.end(Buffer.alloc(8 * 1024 * 1024, 0x61));
        return;
      case '/big-chunked': {
        // no length: the limit must apply while streaming
        res.writeHead(200, { 'content-type': 'text/html' });
        let sent = 0;
        const push = () => {
          while (sent < 8 * 1024 * 1024) {
            sent += 64 * 1024;
            if (!res.write(Buffer.alloc(64 * 1024, 0x62))) return void res.once('drain', push);
          }
          res.end();
        };
        res.on('error', () => {});
        push();
        return;
      }
      case '/gzip-bomb':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024)));
        return;
      case '/gzip-page':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(Buffer.from('<p>compressed</p>')));
        return;
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>');
        setTimeout(() => res.end('late</p>'), 3000).unref();
        return;
      default:
        res.writeHead(404);
        res.end('no');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  delete process.env.ALLOW_LOOPBACK_FETCH;
  resetEnvCache();
});

function err(r: SafeFetchResult) {
  if (r.ok) throw new Error(`expected a refusal, got HTTP ${r.status}`);
  return r.error;
}

describe('with loopback allowed (tests only)', () => {
  it('fetches a page, follows a redirect and keeps no cookie', async () => {
    const r = await safeFetch(`${base}/to-page`, { allowLoopback: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.status).toBe(200);
    expect(r.url).toBe(`${base}/page`);
    expect(r.redirects).toEqual([`${base}/page`]);
    expect(r.body.toString()).toContain('application/ld+json');
    expect(r.headers['set-cookie']).toBeUndefined();
    const last = seenHeaders[seenHeaders.length - 1];
    expect(last.cookie).toBeUndefined();
    expect(last.host).toBe(`127.0.0.1:${port}`);
  });

  it('takes the setting from ALLOW_LOOPBACK_FETCH=true, and is off without it', async () => {
    process.env.ALLOW_LOOPBACK_FETCH = 'true';
    resetEnvCache();
    expect((await safeFetch(`${base}/page`)).ok).toBe(true);
    delete process.env.ALLOW_LOOPBACK_FETCH;
    resetEnvCache();
    expect(err(await safeFetch(`${base}/page`)).code).toBe('address_refused');
  });

  it('refuses a redirect to a private address and to cloud metadata', async () => {
    const e = err(await safeFetch(`${base}/to-private`, { allowLoopback: true }));
    expect(e).toMatchObject({ code: 'address_refused', url: 'http://10.0.0.1/admin', details: { range: 'private' } });
    const m = err(await safeFetch(`${base}/to-metadata`, { allowLoopback: true }));
    expect(m).toMatchObject({ code: 'address_refused', details: { address: '169.254.169.254', range: 'linkLocal' } });
  });

  it('refuses a redirect to another scheme and a redirect loop', async () => {
    expect(err(await safeFetch(`${base}/to-ftp`, { allowLoopback: true })).code).toBe('unsupported_scheme');
    const loop = err(await safeFetch(`${base}/loop`, { allowLoopback: true, maxRedirects: 3 }));
    expect(loop.code).toBe('too_many_redirects');
  });

  it('stops oversize bodies, declared or streamed, and decompression bombs', async () => {
    expect(err(await safeFetch(`${base}/big`, { allowLoopback: true, maxBytes: 1024 * 1024 })).code).toBe('too_large');
    expect(err(await safeFetch(`${base}/big-chunked`, { allowLoopback: true, maxBytes: 1024 * 1024 })).code).toBe(
      'too_large',
    );
    expect(err(await safeFetch(`${base}/gzip-bomb`, { allowLoopback: true, maxBytes: 1024 * 1024 })).code).toBe(
      'too_large',
    );
    const gz = await safeFetch(`${base}/gzip-page`, { allowLoopback: true });
    expect(gz.ok && gz.body.toString()).toBe('<p>compressed</p>');
  });

  it('gives up on a slow server at the deadline', async () => {
    const started = Date.now();
    const e = err(await safeFetch(`${base}/slow`, { allowLoopback: true, timeoutMs: 400 }));
    expect(e.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('connects to the address it checked: a name only the given resolver knows still works, resolved once per hop', async () => {
    let calls = 0;
    const resolve = async () => {
      calls++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const r = await safeFetch(`http://shop.invalid:${port}/to-page`, { allowLoopback: true, resolve });
    expect(r.ok).toBe(true);
    expect(calls).toBe(2); // /to-page and /page; no system lookup of "shop.invalid" (it would fail)
    expect(seenHeaders[seenHeaders.length - 1].host).toBe(`shop.invalid:${port}`);
  });
});

describe('refusals with loopback disabled (the default)', () => {
  const refused: [string, string, string?][] = [
    ['http://127.0.0.1/', 'address_refused', 'loopback'],
    ['http://127.1.2.3:8080/', 'address_refused', 'loopback'],
    ['http://10.0.0.1/', 'address_refused', 'private'],
    ['http://192.168.1.1/', 'address_refused', 'private'],
    ['http://172.16.5.4/', 'address_refused', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'address_refused', 'linkLocal'],
    ['http://100.64.0.1/', 'address_refused', 'carrierGradeNat'],
    ['http://0.0.0.0/', 'address_refused', 'unspecified'],
    ['http://224.0.0.1/', 'address_refused', 'multicast'],
    ['http://[::1]/', 'address_refused', 'loopback'],
    ['http://[::]/', 'address_refused', 'unspecified'],
    ['http://[::ffff:127.0.0.1]/', 'address_refused', 'ipv4Mapped'],
    ['http://[::ffff:a9fe:a9fe]/', 'address_refused', 'ipv4Mapped'],
    ['http://[fd00::1]/', 'address_refused', 'uniqueLocal'],
    ['http://[fe80::1]/', 'address_refused', 'linkLocal'],
    ['http://[ff02::1]/', 'address_refused', 'multicast'],
    ['http://2130706433/', 'address_refused', 'loopback'], // 127.0.0.1 as one number
    ['http://0x7f.1/', 'address_refused', 'loopback'],
    ['ftp://example.com/file', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['javascript:alert(1)', 'unsupported_scheme'],
    ['http://user:pw@example.com/', 'credentials_in_url'],
    ['not a url', 'invalid_url'],
  ];
  for (const [url, code, range] of refused) {
    it(`${url} -> ${code}${range ? ` (${range})` : ''}`, async () => {
      const e = err(await safeFetch(url, { timeoutMs: 2000 }));
      expect(e.code).toBe(code);
      if (range) expect(e.details?.range).toBe(range);
    });
  }

  it('refuses a host name that resolves to loopback (localhost)', async () => {
    const e = err(await safeFetch(`http://localhost:${port}/page`));
    expect(e.code).toBe('address_refused');
    expect(e.details?.range).toBe('loopback');
    expect(e.message).toMatch(/localhost resolves to/);
  });

  it('refuses a name with one public and one private address (every address is checked)', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    const e = err(await safeFetch('http://mixed.example/', { resolve }));
    expect(e).toMatchObject({ code: 'address_refused', details: { address: '10.1.2.3' } });
  });

  it('reports a name that does not resolve', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(err(await safeFetch('http://nowhere.example/', { resolve })).code).toBe('dns_failed');
  });
});

describe('address policy', () => {
  it('allows public unicast only', () => {
    expect(checkAddress('93.184.216.34')).toEqual({ allowed: true, family: 4 });
    expect(checkAddress('2606:2800:220:1:248:1893:25c8:1946')).toEqual({ allowed: true, family: 6 });
    expect(checkAddress('::7f00:1').allowed).toBe(false); // IPv4-compatible form of 127.0.0.1
    expect(checkAddress('2002:7f00:1::').allowed).toBe(false); // 6to4 wrapping 127.0.0.1
    expect(checkAddress('64:ff9b::a00:1').allowed).toBe(false); // NAT64 of 10.0.0.1
    expect(checkAddress('127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('10.0.0.1', { allowLoopback: true }).allowed).toBe(false);
  });
});
