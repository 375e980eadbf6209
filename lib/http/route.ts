import { newRequestId } from './request-id';
import { z } from 'zod';
import { actorOf, type Actor, type AuthContext } from '@/lib/auth/context';
import { authenticateApiKey } from '@/lib/auth/api-keys';
import { authenticateSession, sessionTokenFrom } from '@/lib/auth/session';
import { insufficientRoleMessage, requiredRole, roleAtLeast } from '@/lib/auth/roles';
import type { Scope } from '@/lib/auth/scopes';
import { getDb, type Db } from '@/lib/db/client';
import { DEFAULT_JSON_LIMIT, checkDeclaredLength, parseJsonBody, readBodyLimited, spoolBody } from './body';
import { checkOrigin } from './csrf';
import { CLIENT_IP_HEADER } from './client-ip';
import { errorResponse, toAppError } from './envelope';
import { AppError } from '@/lib/errors';
import {
  bodyDigest,
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
  validateIdempotencyKey,
} from './idempotency';
import { enforceRateLimit, rateLimitHeaders, type RateLimitClass, type RateLimitState } from './rate-limit';
import { rejectUnstorableText } from './text-hygiene';
import { validationError } from './validation';
import { parseForm, singleFileLimit, type FormSchema } from './form';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AuthMode = 'none' | 'session' | 'bearer' | 'either';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Content type when not JSON (text/csv, application/zip, ...). */
  contentType?: string;
  /** Other media types the same status may answer (a query picks them, e.g. format=csv). */
  otherContentTypes?: string[];
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteSpec<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  A extends AuthMode,
  F extends FormSchema | undefined = undefined,
> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. /api/skus/{id}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  stability: 'stable' | 'preview';
  auth: A;
  /** Scope a Bearer key must hold (a list: any one of them). Session callers are not scope-limited. */
  scope?: Scope | readonly Scope[];
  staffOnly?: boolean;
  params?: P;
  query?: Q;
  /** JSON body schema. */
  body?: B;
  /**
   * multipart/form-data fields and files (zFile / zFiles from lib/http/form). The handler reads them with
   * ctx.form(), when it is ready to receive the upload; temp files are removed after the handler. With
   * body too, the content type picks which one the request sends.
   */
  form?: F;
  /** Largest text field of the form (default 64 KB). */
  maxFormFieldBytes?: number;
  /** The error for a file over its limit, or a one-file form over maxBodyBytes (default 413 PAYLOAD_TOO_LARGE). */
  fileTooLarge?: (maxBytes: number) => AppError;
  /** A body the handler reads itself (req), in these media types: documented with schema, or as binary. */
  rawBody?: { mediaTypes: string[]; schema?: z.ZodType };
  /** The whole body's limit (the form's, when the route has one; JSON then takes maxJsonBodyBytes). */
  maxBodyBytes?: number;
  /** With both body and form: the JSON body's limit (default DEFAULT_JSON_LIMIT). */
  maxJsonBodyBytes?: number;
  dryRun?: boolean;
  idempotent?: boolean;
  rateLimit?: RateLimitClass;
  responses: Record<number, ResponseSpec>;
  /** Extra 4xx statuses this operation documents beyond the standard ones. */
  errors?: number[];
  handler: (ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>, A, InferForm<F>>) => Promise<Response>;
}

type InferForm<F> = F extends FormSchema ? z.output<F> : undefined;

export interface HandlerContext<P, Q, B, A extends AuthMode, Form = undefined> {
  req: Request;
  url: URL;
  params: P;
  query: Q;
  body: B;
  /** The multipart form, parsed and validated (undefined when the request sent the JSON body instead). */
  form: () => Promise<Form>;
  auth: A extends 'none'
    ? AuthContext | null
    : A extends 'session'
      ? Extract<AuthContext, { kind: 'session' }>
      : AuthContext;
  actor: A extends 'none' ? Actor | null : Actor;
  db: Db;
  dryRun: boolean;
  requestId: string;
  ip: string;
}

export type RouteHandler = ((
  req: Request,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>) & {
  spec: RouteSpec<any, any, any, any, any>;
};

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  if (!headers) return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE } });
  const h = new Headers(headers);
  h.set('content-type', JSON_TYPE);
  return new Response(JSON.stringify(body), { status, headers: h });
}

export function clientIp(req: Request): string {
  // Under `next start` the server guard stamps the address it resolved from the socket and
  // TRUSTED_PROXIES (overwriting any client value). Without the guard (route handlers called in
  // tests) the first forwarded hop stands in for it.
  const stamped = req.headers.get(CLIENT_IP_HEADER);
  if (stamped) return stamped;
  const fwd = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return fwd || req.headers.get('x-real-ip') || '127.0.0.1';
}

/** A query string as the `query` schema of a route reads it: a repeated key becomes an array. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: 'params' | 'query' | 'body'): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    // A malformed id in the path is indistinguishable from a missing resource.
    if (where === 'params') throw new AppError('NOT_FOUND', 'Resource not found.');
    throw validationError(r.error, where);
  }
  return r.data;
}

/**
 * Resolves the caller for the operation's auth mode. Each 401 says what was sent and why it is not
 * enough. A valid key on a cookie-only operation is 403 API_KEY_NOT_ACCEPTED, not "no cookie".
 */
async function authenticate(db: Db, req: Request, mode: AuthMode): Promise<AuthContext | null> {
  if (mode === 'none') return null;
  const authz = req.headers.get('authorization');
  const bearer = authz?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  const hasCookie = Boolean(sessionTokenFrom(req));
  if (mode === 'session') {
    if (!hasCookie && bearer) {
      // Contract rule 1: 401 only for a missing or invalid credential. An unknown, revoked or expired
      // key is refused as such (401); a valid key is an authenticated caller this operation does not
      // admit, which is 403.
      await authenticateApiKey(db, { key: bearer });
      throw new AppError(
        'API_KEY_NOT_ACCEPTED',
        'This operation needs a signed-in session (the sb-access-token cookie); an API key was sent as Authorization: Bearer, and keys are not accepted here.',
        { details: { accepted_auth: 'session' } },
      );
    }
    if (!hasCookie && authz) {
      throw new AppError(
        'UNAUTHORIZED',
        'Sign in first: no session cookie was sent, and the Authorization header is not used by this operation.',
      );
    }
    return authenticateSession(db, { req });
  }
  if (bearer) return authenticateApiKey(db, { key: bearer });
  // A Basic header from a proxy in front of the app does not stand in the way of the browser's cookie.
  if (mode === 'either' && hasCookie) return authenticateSession(db, { req });
  if (authz)
    throw new AppError(
      'UNAUTHORIZED',
      'The Authorization header is not a Bearer token: send Authorization: Bearer <API key>.',
    );
  if (mode === 'bearer') {
    throw new AppError(
      'UNAUTHORIZED',
      hasCookie
        ? 'This operation takes an API key (Authorization: Bearer <key>); a session cookie was sent, and cookies are not accepted here.'
        : 'No credential was sent: send an API key as Authorization: Bearer <key>.',
    );
  }
  throw new AppError(
    'UNAUTHORIZED',
    'No credential was sent: sign in (session cookie) or send an API key as Authorization: Bearer <key>.',
  );
}

/** The digest of no body, what most requests (every GET) have: computed once, not per request. */
const EMPTY_BODY_SHA = bodyDigest(new Uint8Array(0));

const DRY_RUN = z.enum(['true', 'false', '1', '0']).optional();
/** Built once: a zod schema per request was a measurable share of a small GET's CPU. */
const DRY_RUN_QUERY = z.object({ dry_run: DRY_RUN }).loose();

/** Declares one operation. The returned handler does auth, limits, validation and envelopes. */
export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends AuthMode = AuthMode,
  F extends FormSchema | undefined = undefined,
>(spec: RouteSpec<P, Q, B, A, F>): RouteHandler {
  const handler = async (req: Request, routeCtx: { params: Promise<Record<string, string | string[]>> }) => {
    const requestId = newRequestId();
    const url = new URL(req.url);
    const ip = clientIp(req);
    let rate: RateLimitState | undefined;
    let idem: { db: Db; workspaceId: string; key: string } | undefined;
    let cleanupBody: (() => Promise<void>) | undefined;
    let cleanupForm: (() => Promise<void>) | undefined;
    try {
      const db = await getDb();
      const auth = await authenticate(db, req, spec.auth);
      if (auth?.kind === 'session' && !['GET', 'HEAD', 'OPTIONS'].includes(req.method)) checkOrigin(req);
      rate = await enforceRateLimit(db, {
        cls: spec.rateLimit ?? 'default',
        subject: auth ? (auth.kind === 'bearer' ? `key:${auth.apiKey.id}` : `user:${auth.user.id}`) : null,
        ip,
      });
      if (spec.staffOnly && !(auth?.kind === 'session' && auth.user.isStaff)) {
        throw new AppError('STAFF_ONLY', 'Only staff users may call this operation.');
      }
      const anyOf: readonly Scope[] =
        spec.scope === undefined ? [] : typeof spec.scope === 'string' ? [spec.scope] : spec.scope;
      if (auth?.kind === 'bearer' && anyOf.length && !anyOf.some((s) => auth.apiKey.scopes.includes(s))) {
        const msg =
          anyOf.length === 1 ? `the scope "${anyOf[0]}"` : `one of the scopes ${anyOf.map((s) => `"${s}"`).join(', ')}`;
        throw new AppError('INSUFFICIENT_SCOPE', `This API key lacks ${msg}.`, {
          details: { required_scope: anyOf[0], ...(anyOf.length > 1 ? { accepted_scopes: anyOf } : {}) },
        });
      }
      // Roles, from the one permission table (lib/auth/roles.ts). A key acts with its owner's role.
      if (auth && !spec.staffOnly) {
        const required = requiredRole(spec);
        if (!roleAtLeast(auth.role, required)) {
          throw new AppError('INSUFFICIENT_ROLE', insufficientRoleMessage(auth.role, required), {
            details: { required_role: required, role: auth.role },
          });
        }
      }

      const rawParams = await routeCtx.params;
      rejectUnstorableText(rawParams, 'params');
      const params = spec.params ? parseWith(spec.params, rawParams, 'params') : undefined;
      const rawQuery = queryObject(url.searchParams);
      rejectUnstorableText(rawQuery, 'query');
      const dryRunRaw = parseWith(DRY_RUN_QUERY, rawQuery, 'query').dry_run;
      const dryRun = dryRunRaw === 'true' || dryRunRaw === '1';
      if (dryRun && !spec.dryRun)
        throw new AppError('VALIDATION_FAILED', 'This operation does not support dry_run.', {
          details: { fields: [{ path: 'dry_run', message: 'not supported by this operation' }] },
        });
      delete rawQuery.dry_run;
      const query = spec.query ? parseWith(spec.query, rawQuery, 'query') : undefined;

      const idemKey = spec.idempotent ? validateIdempotencyKey(req.headers.get('idempotency-key')) : null;
      const ct = req.headers.get('content-type') ?? '';
      const bodyKind: 'json' | 'form' | 'raw' | undefined =
        spec.form && (!spec.body || /^multipart\//i.test(ct))
          ? 'form'
          : spec.body
            ? 'json'
            : spec.rawBody
              ? 'raw'
              : undefined;
      const limit =
        (bodyKind === 'json' && spec.form ? spec.maxJsonBodyBytes : spec.maxBodyBytes) ?? DEFAULT_JSON_LIMIT;
      let body: unknown;
      let bodyBytes: Uint8Array = new Uint8Array(0);
      let bodySha = EMPTY_BODY_SHA;
      let forwardedReq = req;
      if (bodyKind === 'json') {
        bodyBytes = await readBodyLimited(req, limit);
        if (bodyBytes.byteLength === 0 && spec.body && spec.body.safeParse(undefined).success) {
          body = undefined;
        } else {
          if (!/application\/(.+\+)?json/i.test(ct))
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
          const parsed = parseJsonBody(bodyBytes);
          rejectUnstorableText(parsed, 'body');
          body = parseWith(spec.body!, parsed, 'body');
        }
        bodySha = bodyDigest(bodyBytes);
      } else if (bodyKind) {
        try {
          checkDeclaredLength(req, limit);
        } catch (e) {
          // A one-file form names its own error for an upload over the limit (413 FILE_TOO_LARGE).
          if (bodyKind === 'form' && spec.fileTooLarge && spec.form)
            throw spec.fileTooLarge(singleFileLimit(spec.form));
          throw e;
        }
        if (idemKey && auth && !dryRun) {
          // The request hash needs the bytes: spool them to disk and hand the handler a replay.
          const spooled = await spoolBody(req, limit);
          forwardedReq = spooled.request;
          bodySha = spooled.sha256;
          cleanupBody = spooled.cleanup;
        }
      }

      if (idemKey && auth && !dryRun) {
        const replayed = await claimIdempotencyKey(db, {
          workspaceId: auth.workspace.id,
          key: idemKey,
          hash: requestHash(req.method, url, bodySha),
        });
        if (replayed) return withHeaders(replayed, requestId, rate);
        idem = { db, workspaceId: auth.workspace.id, key: idemKey };
      }

      let formRead: Promise<unknown> | undefined;
      const form = () =>
        (formRead ??=
          bodyKind === 'form' && spec.form
            ? parseForm(forwardedReq, spec.form, {
                maxBodyBytes: limit,
                maxFieldBytes: spec.maxFormFieldBytes,
                fileTooLarge: spec.fileTooLarge,
              }).then((f) => {
                cleanupForm = f.cleanup;
                return f.value;
              })
            : Promise.resolve(undefined));
      let res = await spec.handler({
        req: forwardedReq,
        url,
        params: params as any,
        query: query as any,
        body: body as any,
        form: form as any,
        auth: auth as any,
        actor: (auth ? actorOf(auth) : null) as any,
        db,
        dryRun,
        requestId,
        ip,
      });
      if (idem) res = await completeIdempotencyKey(idem.db, { workspaceId: idem.workspaceId, key: idem.key, res });
      return withHeaders(res, requestId, rate);
    } catch (e) {
      const err = toAppError(e);
      if (err.status >= 500) console.error(`[${requestId}] ${spec.method} ${spec.path} failed:`, e);
      const res = errorResponse(
        err,
        requestId,
        req,
        rate && err.code !== 'RATE_LIMITED' ? rateLimitHeaders(rate) : undefined,
      );
      if (idem) {
        try {
          return await completeIdempotencyKey(idem.db, { workspaceId: idem.workspaceId, key: idem.key, res });
        } catch {
          await releaseIdempotencyKey(idem.db, { workspaceId: idem.workspaceId, key: idem.key }).catch(() => {});
        }
      }
      return res;
    } finally {
      await cleanupForm?.().catch(() => {});
      await cleanupBody?.().catch(() => {});
    }
  };
  return Object.assign(handler, { spec: spec as RouteSpec<any, any, any, any, any> });
}

function withHeaders(res: Response, requestId: string, rate?: RateLimitState): Response {
  try {
    res.headers.set('x-request-id', requestId);
    if (!res.headers.has('cache-control')) res.headers.set('cache-control', 'no-store');
    if (rate) for (const [k, v] of Object.entries(rateLimitHeaders(rate))) res.headers.set(k, v);
    return res;
  } catch {
    // Immutable headers (e.g. a fetched Response): copy.
    const h = new Headers(res.headers);
    h.set('x-request-id', requestId);
    if (rate) for (const [k, v] of Object.entries(rateLimitHeaders(rate))) h.set(k, v);
    return new Response(res.body, { status: res.status, headers: h });
  }
}

const ALL_METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A handler answering the 405 envelope (with Allow) for a method the path does not have. */
export function methodNotAllowed(allow: string) {
  return async (req: Request) =>
    errorResponse(
      new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here; use ${allow}.`, {
        headers: { Allow: allow },
      }),
      newRequestId(),
      req,
    );
}

/**
 * The exports of a route.ts: each declared operation, and a 405 envelope (with Allow) for every
 * other method, so a wrong method never gets Next's empty 405.
 */
export function routeMethods(
  ...routes: RouteHandler[]
): Record<HttpMethod, RouteHandler | ((req: Request) => Promise<Response>)> {
  const byMethod = new Map(routes.map((r) => [r.spec.method, r]));
  const other = methodNotAllowed([...byMethod.keys()].join(', '));
  const out = {} as Record<HttpMethod, RouteHandler | ((req: Request) => Promise<Response>)>;
  for (const m of ALL_METHODS) out[m] = byMethod.get(m) ?? other;
  return out;
}
