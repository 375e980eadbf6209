import { requiredRole } from '@/lib/auth/roles';
import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
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
const EXTRA_ERROR_TEXT: Record<number, string> = {
  405: 'Method not allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
};

/** Named schemas (zod .meta({ id })) are hoisted into components.schemas and referenced from there. */
let components: Record<string, unknown> = {};

function hoist(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(hoist);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) out[k] = `#/components/schemas/${v.slice(8)}`;
    else out[k] = hoist(v);
  }
  return out;
}

function toSchema(schema: z.ZodType, io: 'input' | 'output') {
  const s = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
  delete s.$schema;
  const defs = (s.$defs ?? {}) as Record<string, unknown>;
  delete s.$defs;
  for (const [name, def] of Object.entries(defs)) {
    // Input and output forms of one named schema can differ (defaults, transforms): keep both.
    const key = io === 'input' && components[name] && JSON.stringify(components[name]) !== JSON.stringify(hoist(def)) ? `${name}Input` : name;
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

/** Builds the OpenAPI 3.1 document from the route declarations themselves. */
export function buildOpenApi(handlers: RouteHandler[], serverUrl: string) {
  components = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...handlers].sort((a, b) => a.spec.path.localeCompare(b.spec.path) || a.spec.method.localeCompare(b.spec.method));
  for (const { spec } of sorted) {
    const parameters: unknown[] = [...parametersOf(spec.params, 'path'), ...parametersOf(spec.query, 'query')];
    if (spec.dryRun) parameters.push({ name: 'dry_run', in: 'query', required: false, schema: { type: 'boolean' }, description: 'Validate and describe the operation without committing writes or generating files.' });
    if (spec.idempotent) parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 }, description: 'Replays the original response for 24 hours; reuse with a different request is 409.' });

    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(spec.responses)) {
      const ct = r.contentType ?? 'application/json';
      responses[status] = { description: r.description, ...(r.schema || r.contentType ? { content: { [ct]: { schema: r.schema ? toSchema(r.schema, 'output') : {} } } } : {}) };
    }
    const errorStatuses = new Set<number>([...Object.keys(STANDARD_ERRORS).map(Number), ...(spec.errors ?? [])]);
    if (spec.body || spec.bodyKind) errorStatuses.add(413);
    for (const s of [...errorStatuses].sort()) {
      responses[String(s)] ??= { $ref: `#/components/responses/Error${s}` };
    }

    const security = spec.auth === 'none' ? [] : spec.auth === 'session' ? [{ cookieAuth: [] }] : spec.auth === 'bearer' ? [{ bearerAuth: spec.scope ? [spec.scope].flat() : [] }] : [{ bearerAuth: spec.scope ? [spec.scope].flat() : [] }, { cookieAuth: [] }];
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
    if (spec.body) op.requestBody = { required: !spec.body.safeParse(undefined).success, content: { 'application/json': { schema: toSchema(spec.body, 'input') } } };
    else if (spec.requestBodyDoc) op.requestBody = spec.requestBodyDoc;
    (paths[spec.path] ??= {})[spec.method.toLowerCase()] = op;
  }

  toSchema(ErrorEnvelope, 'output'); // registers components.schemas.ErrorEnvelope
  const errorResponses: Record<string, unknown> = {};
  for (const [s, text] of Object.entries({ ...STANDARD_ERRORS, ...EXTRA_ERROR_TEXT })) {
    errorResponses[`Error${s}`] = { description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Product Compliance Workspace API',
      version: CONTRACT_VERSION,
      description: 'Multi-tenant product-compliance workspace (EU GPSR). Operations are marked x-stability stable or preview. Error codes: /docs/errors.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'sb-access-token', description: 'Supabase Auth access token (JWT) of a signed-in user.' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Workspace API key (cw_live_...), created in Settings → API keys.' },
      },
      schemas: components,
      responses: errorResponses,
    },
    'x-error-codes': Object.fromEntries(Object.entries(ERROR_CODES).map(([code, v]) => [code, { status: v.status, retryable: v.retryable }])),
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
