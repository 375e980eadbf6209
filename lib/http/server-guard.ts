import { newRequestId } from './request-id';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './envelope';
import { AppError } from '@/lib/errors';
import { getEnv } from '@/lib/config/env';
import { parseTrustedProxies } from '@/lib/config/trusted-proxies';
import { CLIENT_IP_HEADER, resolveClientIp } from './client-ip';

/**
 * Failures that happen before Next routes a request answer with the contract's envelope and an
 * X-Request-Id instead of Next's bare "Internal Server Error" or Node's empty 400:
 * - a method the fetch Request cannot represent (TRACE, TRACK, CONNECT) or that no route has: Next
 *   throws building the Request and answers 500;
 * - a path that is not valid percent-encoded UTF-8 (/api/skus/%ff%fe): Next fails decoding the
 *   dynamic segment and answers 500;
 * - a request Node's HTTP parser refuses (bad chunked framing, Transfer-Encoding with
 *   Content-Length, oversized headers): Node writes an empty 400 unless the server handles
 *   'clientError'.
 * `next start` creates the http.Server itself, so the guard is attached from instrumentation.ts to the
 * servers listening in this process.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...METHODS].join(', ');
const GUARDED = Symbol.for('cw.serverGuard');

/** Why the request cannot be handed to Next, or null when it can. */
export function frameworkRefusal(method: string | undefined, rawUrl: string | undefined): AppError | null {
  const m = (method ?? '').toUpperCase();
  if (!METHODS.has(m)) {
    return new AppError(
      'METHOD_NOT_ALLOWED',
      `${m.slice(0, 20) || 'This'} is not an HTTP method this app serves; use GET, POST, PUT, PATCH or DELETE.`,
      {
        headers: { Allow: ALLOW },
      },
    );
  }
  const path = (rawUrl ?? '/').split('?')[0];
  try {
    decodeURIComponent(path);
  } catch {
    return new AppError(
      'VALIDATION_FAILED',
      'The request path is not valid percent-encoded UTF-8 (e.g. %ff); encode each path segment as UTF-8.',
      {
        details: {
          location: 'path',
          fields: [{ path: 'path', message: 'not valid percent-encoded UTF-8', code: 'invalid_path' }],
        },
      },
    );
  }
  return null;
}

function envelopeHeaders(err: AppError, requestId: string, length: number): Record<string, string | number> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'content-length': length,
    'x-request-id': requestId,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(err.headers ?? {}),
  };
}

/** The parser's refusals, with the statuses Node's own default handler chooses. */
function parserRefusal(code: string | undefined): AppError {
  const details = { location: 'request', reason: code ?? 'parse_error' };
  if (code === 'HPE_INVALID_METHOD') {
    return new AppError(
      'METHOD_NOT_ALLOWED',
      'The request method is not an HTTP method this app serves; use GET, POST, PUT, PATCH or DELETE.',
      { details, headers: { Allow: ALLOW } },
    );
  }
  if (code === 'HPE_HEADER_OVERFLOW')
    return new AppError('HEADERS_TOO_LARGE', 'The request headers are too large.', { details });
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return new AppError('PAYLOAD_TOO_LARGE', 'The chunk extensions of the request body are too large.', { details });
  return new AppError(
    'MALFORMED_REQUEST',
    'The HTTP request is malformed (e.g. an invalid chunked body, or both Transfer-Encoding and Content-Length); it was not processed.',
    { details },
  );
}

/** Writes a complete HTTP/1.1 error response on a socket the parser gave up on, then closes it. */
export function answerClientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const appErr = parserRefusal(err.code);
  const requestId = newRequestId();
  const body = JSON.stringify(errorBody(appErr, requestId));
  const headers = envelopeHeaders(appErr, requestId, Buffer.byteLength(body));
  const head = [
    `HTTP/1.1 ${appErr.status} ${http.STATUS_CODES[appErr.status] ?? 'Bad Request'}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    'connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * A declared body up to this size that is still unread when its answer has been written is read and
 * discarded so the connection serves its next request; a larger one, or one of unknown size (chunked),
 * is not worth the bandwidth: its answer closes the connection instead.
 */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * An answer written before the request body was read to its end (a malformed multipart refused at its
 * first bad part, a 401 or 413 before the upload, a JSON body over its limit) must not wedge a
 * keep-alive connection. Node drains an unread body by itself only when nothing started reading it;
 * under Next the route had read part of it through a web stream and cancelled that stream, which
 * destroys the request and leaves the socket paused: the rest of the body and the next request on the
 * socket were never parsed, and the client saw nothing until the keep-alive timeout reset the socket.
 */
function settleUnreadBody(req: http.IncomingMessage, res: http.ServerResponse) {
  const declared = Number(req.headers['content-length'] ?? 0);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && !(declared > 0)) return;
  if (chunked || declared > DRAIN_LIMIT_BYTES) {
    // Decided when the head is written: a body read to its end by then (every accepted upload) keeps
    // the connection; an unread one ends it, and Node closes the socket after the answer.
    const writeHead = res.writeHead;
    res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
      if (!req.complete) this.setHeader('connection', 'close');
      return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    return;
  }
  const socket = req.socket;
  res.once('finish', () => {
    if (req.complete || socket.destroyed) return;
    // What Node's own server calls for a body nobody read: the parser stops handing the body to the
    // request and discards it (at most DRAIN_LIMIT_BYTES here), then parses the next request.
    const dump = (req as http.IncomingMessage & { _dump?: () => void })._dump;
    if (typeof dump !== 'function') {
      socket.destroy();
      return;
    }
    dump.call(req);
    socket.resume();
  });
}

/** Puts the checks in front of the server's request listeners (once per server). */
export function guardHttpServer(server: http.Server) {
  const s = server as http.Server & { [GUARDED]?: true };
  if (s[GUARDED]) return;
  s[GUARDED] = true;
  const listeners = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  const trusted = parseTrustedProxies(getEnv().TRUSTED_PROXIES);
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const refusal = frameworkRefusal(req.method, req.url);
    if (!refusal) {
      // Overwrites any value the client sent: only the socket and the trusted proxies decide.
      const fwd = req.headers['x-forwarded-for'];
      req.headers[CLIENT_IP_HEADER] = resolveClientIp(
        req.socket.remoteAddress,
        Array.isArray(fwd) ? fwd.join(',') : fwd,
        trusted,
      );
      settleUnreadBody(req, res);
      for (const l of listeners) l.call(server, req, res);
      return;
    }
    const requestId = newRequestId();
    const body = JSON.stringify(errorBody(refusal, requestId));
    res.writeHead(refusal.status, envelopeHeaders(refusal, requestId, Buffer.byteLength(body)));
    res.end(req.method === 'HEAD' ? undefined : body);
    // Unread request bytes are discarded; the connection may not be reused for them.
    req.resume();
  });
  server.on('clientError', answerClientError);
}

/** Guards every HTTP server listening in this process (the one `next start` / `next dev` created). */
export function guardListeningServers(): number {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  let n = 0;
  for (const h of handles) {
    if (h instanceof http.Server) {
      guardHttpServer(h);
      n++;
    }
  }
  return n;
}
