import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { getEnv } from '@/lib/config/env';
import { checkAddress, isIpLiteral } from './ip-policy';

/**
 * GET of a user-supplied URL without server-side request forgery: http(s) only, no credentials in the
 * URL, the host resolved first and every resolved address checked (lib/net/ip-policy.ts), the socket
 * connected to exactly the checked address (the resolver is not asked again, so a DNS rebind cannot
 * swap it), redirects followed by hand with the same checks at every hop, a size limit applied while
 * streaming (after decompression) and one deadline for the whole exchange. No cookies are sent or kept.
 * Never throws: every refusal is a typed error.
 */

export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'credentials_in_url'
  | 'dns_failed'
  | 'address_refused'
  | 'too_many_redirects'
  | 'invalid_redirect'
  | 'too_large'
  | 'timeout'
  | 'connection_failed'
  | 'bad_response';

export interface SafeFetchError {
  code: SafeFetchErrorCode;
  message: string;
  /** the URL of the hop that failed */
  url: string;
  details?: Record<string, unknown>;
}

export interface SafeFetchResponse {
  ok: true;
  /** final URL after redirects */
  url: string;
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  body: Buffer;
  redirects: string[];
  /** the address the final response came from */
  address: string;
}

export type SafeFetchResult = SafeFetchResponse | { ok: false; error: SafeFetchError };

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Tests only: allow 127.0.0.0/8 and ::1. Default: the ALLOW_LOOPBACK_FETCH=true setting. */
  allowLoopback?: boolean;
  /** accept / accept-language / user-agent overrides */
  headers?: Record<string, string>;
  /** name resolution; default the system resolver (all addresses) */
  resolve?: Resolver;
  signal?: AbortSignal;
  /**
   * POST this body instead of a GET (webhook deliveries), with these headers as given. Redirects are
   * not followed: the 3xx is the answer (a receiver that moved must be re-registered).
   */
  post?: { body: Buffer; headers: Record<string, string> };
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;

const ALLOWED_HEADER_OVERRIDES = new Set(['accept', 'accept-language', 'user-agent']);

function loopbackFromSettings(): boolean {
  try {
    return getEnv().ALLOW_LOOPBACK_FETCH === 'true';
  } catch {
    return false; // a broken configuration never opens loopback
  }
}

const systemResolver: Resolver = async (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

class FetchFailure extends Error {
  constructor(readonly failure: SafeFetchError) {
    super(failure.message);
  }
}

export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const allowLoopback = options.allowLoopback ?? loopbackFromSettings();
  const resolve = options.resolve ?? systemResolver;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
  const onOuterAbort = () => controller.abort(new Error('aborted'));
  options.signal?.addEventListener('abort', onOuterAbort);
  const redirects: string[] = [];
  let current = rawUrl;
  try {
    for (let hop = 0; ; hop++) {
      const url = parseUrl(current);
      const pinned = await pinAddress(url, resolve, allowLoopback, controller.signal, timeoutMs);
      const response = await request(url, pinned, options.headers ?? {}, controller.signal, timeoutMs, options.post);
      if (
        !options.post &&
        response.statusCode &&
        response.statusCode >= 300 &&
        response.statusCode < 400 &&
        response.headers.location
      ) {
        response.resume();
        if (hop >= maxRedirects) {
          throw new FetchFailure({
            code: 'too_many_redirects',
            message: `More than ${maxRedirects} redirects.`,
            url: url.href,
            details: { redirects },
          });
        }
        let next: URL;
        try {
          next = new URL(response.headers.location, url);
        } catch {
          throw new FetchFailure({
            code: 'invalid_redirect',
            message: 'The redirect target is not a valid URL.',
            url: url.href,
          });
        }
        redirects.push(next.href);
        current = next.href;
        continue;
      }
      const body = await readBody(response, maxBytes, url.href, controller.signal);
      return {
        ok: true,
        url: url.href,
        status: response.statusCode ?? 0,
        headers: flattenHeaders(response.headers),
        contentType: typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : null,
        body,
        redirects,
        address: pinned.address,
      };
    }
  } catch (e) {
    if (e instanceof FetchFailure) return { ok: false, error: e.failure };
    if (controller.signal.aborted) {
      return {
        ok: false,
        error: { code: 'timeout', message: `No complete answer within ${timeoutMs} ms.`, url: current },
      };
    }
    return {
      ok: false,
      error: {
        code: 'connection_failed',
        message: `The request failed (${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'}).`,
        url: current,
      },
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchFailure({ code: 'invalid_url', message: 'Not a valid URL.', url: String(raw).slice(0, 500) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchFailure({
      code: 'unsupported_scheme',
      message: `Only http and https URLs are fetched, not ${url.protocol.replace(':', '')}.`,
      url: url.href,
    });
  }
  if (url.username || url.password) {
    throw new FetchFailure({
      code: 'credentials_in_url',
      message: 'URLs with a user name or password are not fetched.',
      url: url.href,
    });
  }
  return url;
}

interface Pinned {
  address: string;
  family: 4 | 6;
}

async function pinAddress(
  url: URL,
  resolve: Resolver,
  allowLoopback: boolean,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Pinned> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIpLiteral(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await abortable(resolve(host), signal, timeoutMs);
    } catch (e) {
      if (signal.aborted) throw e;
      throw new FetchFailure({
        code: 'dns_failed',
        message: `The host name ${host} could not be resolved.`,
        url: url.href,
      });
    }
    if (!addresses.length)
      throw new FetchFailure({ code: 'dns_failed', message: `The host name ${host} has no address.`, url: url.href });
  }
  // Every address must pass: a name that resolves to one public and one private address is refused.
  let first: Pinned | null = null;
  for (const a of addresses) {
    const verdict = checkAddress(a.address, { allowLoopback });
    if (!verdict.allowed) {
      throw new FetchFailure({
        code: 'address_refused',
        message: `${host} resolves to ${a.address}, a ${describeRange(verdict.range)} address; only public addresses are fetched.`,
        url: url.href,
        details: { host, address: a.address, range: verdict.range },
      });
    }
    first ??= { address: a.address, family: verdict.family };
  }
  return first!;
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    private: 'private-network',
    loopback: 'loopback',
    linkLocal: 'link-local',
    multicast: 'multicast',
    unspecified: 'unspecified',
    carrierGradeNat: 'carrier-grade NAT',
    broadcast: 'broadcast',
    reserved: 'reserved',
    uniqueLocal: 'unique-local',
    ipv4Mapped: 'IPv4-mapped IPv6',
    ipv4Compatible: 'IPv4-compatible IPv6',
  };
  return names[range] ?? `non-public (${range})`;
}

function request(
  url: URL,
  pinned: Pinned,
  extra: Record<string, string>,
  signal: AbortSignal,
  timeoutMs: number,
  post?: SafeFetchOptions['post'],
): Promise<http.IncomingMessage> {
  const headers: Record<string, string> = {
    'user-agent': 'ComplianceWorkspace-Preview/1.0 (+product data preview)',
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  for (const [k, v] of Object.entries(extra))
    if (ALLOWED_HEADER_OVERRIDES.has(k.toLowerCase())) headers[k.toLowerCase()] = v;
  if (post) {
    for (const [k, v] of Object.entries(post.headers)) headers[k.toLowerCase()] = v;
    headers['content-length'] = String(post.body.length);
  }
  // The socket goes to the checked address; the host name stays for Host, SNI and certificate checks.
  const lookup: LookupFunction = (_hostname, opts, cb) => {
    const callback = cb as (
      err: NodeJS.ErrnoException | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void;
    if ((opts as { all?: boolean }).all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolvePromise, reject) => {
    const req = mod.request(
      url,
      { method: post ? 'POST' : 'GET', headers, lookup, agent: false, signal, timeout: timeoutMs },
      (res) => resolvePromise(res),
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => {
      if (signal.aborted) reject(e);
      else
        reject(
          new FetchFailure({
            code: 'connection_failed',
            message: `Could not connect to ${url.host} (${e.message.slice(0, 120)}).`,
            url: url.href,
          }),
        );
    });
    req.end(post?.body);
  });
}

function readBody(res: http.IncomingMessage, maxBytes: number, url: string, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(
      new FetchFailure({
        code: 'too_large',
        message: `The response is ${declared} bytes; at most ${maxBytes} are read.`,
        url,
        details: { declared },
      }),
    );
  }
  const encoding = String(res.headers['content-encoding'] ?? '')
    .toLowerCase()
    .trim();
  let stream: NodeJS.ReadableStream = res;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = res.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = res.pipe(zlib.createBrotliDecompress());
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const fail = (err: Error) => {
      res.destroy();
      reject(err);
    };
    const onAbort = () => fail(new Error('timeout'));
    signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        signal.removeEventListener('abort', onAbort);
        fail(new FetchFailure({ code: 'too_large', message: `The response is larger than ${maxBytes} bytes.`, url }));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => {
      signal.removeEventListener('abort', onAbort);
      resolvePromise(Buffer.concat(chunks));
    });
    stream.on('error', (e: Error) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) fail(e);
      else
        fail(
          new FetchFailure({
            code: 'bad_response',
            message: `The response could not be read (${e.message.slice(0, 120)}).`,
            url,
          }),
        );
    });
  });
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (k === 'set-cookie' || v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function abortable<T>(p: Promise<T>, signal: AbortSignal, timeoutMs: number): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('timeout'));
  return new Promise((resolvePromise, reject) => {
    const onAbort = () => reject(new Error(`timeout after ${timeoutMs} ms`));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolvePromise(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
