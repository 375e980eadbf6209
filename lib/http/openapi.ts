import { requiredRole } from '@/lib/auth/roles';
import { SCOPES } from '@/lib/auth/scopes';
import { z } from 'zod';
import { ERROR_CODES } from '@/lib/errors';
import { formJsonSchema } from './form';
import type { RouteHandler } from './route';
import { ErrorEnvelope } from './schemas';

export const CONTRACT_VERSION = '2026-04-28';

const STANDARD_ERRORS: Record<number, string> = {
  400: 'Invalid request',
  401: 'Authentication required',
  403: 'Not permitted',
  404: 'Not found',
  429: 'Rate limited',
  500: 'Unexpected server error',
};
/** Every tag an operation may carry, in the order the reference lists them. */
const TAGS: Record<string, string> = {
  v1: 'The versioned Bearer-only API: stable shapes, keys only (no cookies).',
  SKUs: 'Products, their blockers and what can be done next.',
  Dossier: 'The compliance fields of a SKU.',
  Documents: 'The document vault: certificates, test reports, declarations.',
  Entities: 'Manufacturers, importers and responsible persons.',
  Imports: 'Spreadsheet imports with review before commit.',
  Exports: 'Marketplace exports and export runs.',
  Views: 'Saved SKU lists.',
  Audit: 'The append-only audit log of the workspace.',
  Team: 'Members, invitations, comments, assignees, inbox.',
  'Supplier email': 'Requests to suppliers for documents and data.',
  AI: 'AI fill and research (needs a configured provider).',
  Classification: 'Product classification.',
  Jobs: 'Background jobs.',
  MCP: 'Read-only Model Context Protocol endpoint for agents.',
  Workspace: 'Workspace settings.',
  'API keys': 'Workspace API keys.',
  Webhooks: 'Outbound events signed the Standard Webhooks way: endpoints, delivery log, re-send.',
  Auth: 'Sign-in and sessions.',
  Health: 'Liveness and readiness.',
};

/**
 * Which operations take a key: the rule stated once in the document, beside the scope catalogue
 * from lib/auth/scopes.
 */
const AUTH_RULES = [
  'Every read operation of workspace data accepts a workspace API key (Authorization: Bearer <key>) or the session cookie; its x-required-scope names the scope a key must hold (403 INSUFFICIENT_SCOPE with details.required_scope otherwise).',
  '/api/v1 is the versioned, Bearer-only namespace: its response shapes are stable and it never reads cookies. Operations outside /api/v1 follow the app and may change shape (x-stability preview).',
  'Writes other than those naming a write scope, and everything about members, invitations and API keys, need a signed-in session.',
  'A 401 means a missing or invalid credential and says which: no credential, an unknown (API_KEY_INVALID), revoked (API_KEY_REVOKED) or expired (API_KEY_EXPIRED) key. A valid key the operation does not admit is 403: INSUFFICIENT_SCOPE (details.required_scope) when the key lacks the scope, API_KEY_NOT_ACCEPTED where only a session is accepted, INSUFFICIENT_ROLE (details.required_role) when the member who created the key lacks the role.',
].join('\n\n');

const EXTRA_ERROR_TEXT: Record<number, string> = {
  405: 'Method not allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
};

/** Named schemas (zod .meta({ id })) are hoisted into components.schemas and referenced from there. */
let components: Record<string, unknown> = {};

/**
 * zod writes the safe-integer range (±9007199254740991) as the bounds of every z.number().int() that
 * sets none; they are no real bound, and /docs/api shows them as example values. A bound the schema
 * does set (min(1), max(100)) is kept.
 */
const isSafeIntegerBound = (k: string, v: unknown) =>
  (k === 'minimum' && v === Number.MIN_SAFE_INTEGER) || (k === 'maximum' && v === Number.MAX_SAFE_INTEGER);

function hoist(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(hoist);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (isSafeIntegerBound(k, v)) continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/'))
      out[k] = `#/components/schemas/${v.slice(8)}`;
    else out[k] = hoist(v);
  }
  return out;
}

function toSchema(schema: z.ZodType, io: 'input' | 'output') {
  const s = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as Record<
    string,
    unknown
  >;
  delete s.$schema;
  const defs = (s.$defs ?? {}) as Record<string, unknown>;
  delete s.$defs;
  for (const [name, def] of Object.entries(defs)) {
    // Input and output forms of one named schema can differ (defaults, transforms): keep both.
    const key =
      io === 'input' && components[name] && JSON.stringify(components[name]) !== JSON.stringify(hoist(def))
        ? `${name}Input`
        : name;
    components[key] ??= hoist(def);
  }
  return hoist(s) as Record<string, unknown>;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const js = toSchema(schema, 'input') as { properties?: Record<string, any>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || (js.required ?? []).includes(name),
    schema: s,
    ...(s.description ? { description: s.description } : {}),
  }));
}

/** The webhooks section: the events (type → what it means), how deliveries work, and the payload's shape. */
export interface OpenApiWebhooks {
  events: Record<string, string>;
  doc: string;
  payload: z.ZodType;
}

/**
 * Builds the OpenAPI 3.1 document from the route declarations themselves. The caller at the top (the
 * openapi.json route) hands in the webhooks section, so the HTTP kit knows no slice.
 */
export function buildOpenApi(handlers: RouteHandler[], serverUrl: string, hooks?: OpenApiWebhooks) {
  components = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...handlers].sort(
    (a, b) => a.spec.path.localeCompare(b.spec.path) || a.spec.method.localeCompare(b.spec.method),
  );
  for (const { spec } of sorted) {
    const parameters: unknown[] = [...parametersOf(spec.params, 'path'), ...parametersOf(spec.query, 'query')];
    if (spec.dryRun)
      parameters.push({
        name: 'dry_run',
        in: 'query',
        required: false,
        schema: { type: 'boolean' },
        description: 'Validate and describe the operation without committing writes or generating files.',
      });
    if (spec.idempotent)
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description: 'Replays the original response for 24 hours; reuse with a different request is 409.',
      });

    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(spec.responses)) {
      const ct = r.contentType ?? 'application/json';
      const content: Record<string, unknown> = {};
      if (r.schema || r.contentType) content[ct] = { schema: r.schema ? toSchema(r.schema, 'output') : {} };
      for (const other of r.otherContentTypes ?? []) content[other] = { schema: { type: 'string' } };
      responses[status] = { description: r.description, ...(Object.keys(content).length ? { content } : {}) };
    }
    const errorStatuses = new Set<number>([...Object.keys(STANDARD_ERRORS).map(Number), ...(spec.errors ?? [])]);
    if (spec.body || spec.form || spec.rawBody) errorStatuses.add(413);
    if (spec.body || spec.form) errorStatuses.add(415);
    for (const s of [...errorStatuses].sort()) {
      responses[String(s)] ??= { $ref: `#/components/responses/Error${s}` };
    }

    const security =
      spec.auth === 'none'
        ? []
        : spec.auth === 'session'
          ? [{ cookieAuth: [] }]
          : spec.auth === 'bearer'
            ? [{ bearerAuth: spec.scope ? [spec.scope].flat() : [] }]
            : [{ bearerAuth: spec.scope ? [spec.scope].flat() : [] }, { cookieAuth: [] }];
    const op: Record<string, unknown> = {
      operationId: spec.operationId,
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      tags: spec.tags,
      'x-stability': spec.stability,
      security,
      ...(parameters.length ? { parameters } : {}),
      responses,
    };
    if (spec.auth !== 'none' && !spec.staffOnly) op['x-required-role'] = requiredRole(spec);
    if (typeof spec.scope === 'string') op['x-required-scope'] = spec.scope;
    else if (spec.scope?.length) {
      op['x-required-scope'] = spec.scope[0];
      op['x-accepted-scopes'] = spec.scope;
    }
    const bodyContent: Record<string, unknown> = {};
    if (spec.body) bodyContent['application/json'] = { schema: toSchema(spec.body, 'input') };
    if (spec.form)
      bodyContent['multipart/form-data'] = { schema: formJsonSchema(spec.form, (s) => toSchema(s, 'input')) };
    for (const t of spec.rawBody?.mediaTypes ?? [])
      bodyContent[t] = {
        schema: spec.rawBody!.schema ? toSchema(spec.rawBody!.schema, 'input') : { type: 'string', format: 'binary' },
      };
    if (Object.keys(bodyContent).length)
      op.requestBody = {
        required: spec.form || spec.rawBody ? true : !spec.body!.safeParse(undefined).success,
        content: bodyContent,
      };
    (paths[spec.path] ??= {})[spec.method.toLowerCase()] = op;
  }

  toSchema(ErrorEnvelope, 'output'); // registers components.schemas.ErrorEnvelope
  const errorResponses: Record<string, unknown> = {};
  for (const [s, text] of Object.entries({ ...STANDARD_ERRORS, ...EXTRA_ERROR_TEXT })) {
    errorResponses[`Error${s}`] = {
      description: text,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  const payload = hooks ? toSchema(hooks.payload, 'output') : undefined;
  const webhooks = Object.fromEntries(
    Object.entries(hooks?.events ?? {}).map(([type, what]) => [
      type,
      {
        post: {
          summary: type,
          description: `${what}\n\n${hooks?.doc ?? ''}`,
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: { required: true, content: { 'application/json': { schema: payload } } },
          responses: { '200': { description: 'Any 2xx: received. Anything else (or no answer in 10 s) is retried.' } },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Product Compliance Workspace API',
      version: CONTRACT_VERSION,
      description:
        'Multi-tenant product-compliance workspace (EU GPSR). Operations are marked x-stability stable or preview. Error codes: /docs/errors.\n\n' +
        AUTH_RULES,
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    servers: [{ url: serverUrl }],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sb-access-token',
          description: 'Supabase Auth access token (JWT) of a signed-in user.',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `Workspace API key (cw_live_...), created in Settings → API keys. Scopes: ${Object.entries(
            SCOPES,
          )
            .map(([scope, text]) => `${scope}: ${text}`)
            .join(' ')}`,
        },
      },
      schemas: components,
      responses: errorResponses,
    },
    'x-error-codes': Object.fromEntries(
      Object.entries(ERROR_CODES).map(([code, v]) => [code, { status: v.status, retryable: v.retryable }]),
    ),
  };
}

export function collectRouteHandlers(modules: Record<string, unknown>[]): RouteHandler[] {
  const out: RouteHandler[] = [];
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (typeof value === 'function' && 'spec' in value) out.push(value as RouteHandler);
    }
  }
  return out;
}
