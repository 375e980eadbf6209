/**
 * Fuzz of every operation in the OpenAPI document with malformed requests, as session and as key: each answer is
 * the envelope with a documented status, never a 500.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildOpenApi, collectRouteHandlers } from '@/lib/http/openapi';
import { routeModules } from '@/app/api/openapi.json/route-manifest.generated';
import type { RouteHandler } from '@/lib/http/route';
import { resetEnvCache } from '@/lib/config/env';
import { scopesAllowedOnPlan } from '@/lib/auth/scopes';
import * as skusRoute from '@/app/api/skus/route';
import * as entitiesRoute from '@/app/api/entities/route';
import { ORIGIN, makeUser, call, type TestUser } from '../../helpers/http';
import { onPostgres, useTestDatabase } from '../../helpers/db';
import { createKey, upload } from '../documents/helpers';
import { postImport } from '../imports/helpers';

useTestDatabase();
beforeAll(() => {
  postgresRun = onPostgres();
});

/**
 * Fuzzes every operation of the OpenAPI document generated from the route declarations (operations
 * added later are picked up by themselves): at least 50 malformed requests each — wrong types,
 * missing and extra fields, huge strings, NUL, malformed UTF-8 bytes, bad uuids, bad query values,
 * wrong content types, empty and invalid JSON — sent with a session cookie and with an API key.
 * Asserts no 5xx, and the full envelope with X-Request-Id on every error. Deterministic: the seed
 * of each operation derives from a fixed seed and its operationId.
 */
const SEED = 20261124;
const FUZZ_IP = `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const MIN_VARIANTS = 50;
const PER_PARAM = 8;
let postgresRun = false;

const handlers = collectRouteHandlers(routeModules);
const doc = buildOpenApi(handlers, ORIGIN) as any;
const schemas: Record<string, any> = doc.components.schemas;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  op: any;
  handler: RouteHandler;
}

const operations: Operation[] = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(
  ([path, methods]) =>
    Object.entries(methods).map(([m, op]) => {
      const method = m.toUpperCase() as Operation['method'];
      const handler = handlers.find((h) => h.spec.path === path && h.spec.method === method);
      if (!handler) throw new Error(`no handler for ${method} ${path}`);
      return { method, path, op, handler };
    }),
);

interface Variant {
  name: string;
  params?: Record<string, string>;
  query?: [string, string][];
  body?: BodyInit;
  contentType?: string | null;
  headers?: Record<string, string>;
}

// ---- Resources the valid-looking inputs point at ------------------------------------------------
let user: TestUser;
let key: string;
const ids: Record<string, string> = {};

const NUL = 'a\u0000b';
const BAD_IDS = [
  'not-a-uuid',
  '',
  'x'.repeat(5000),
  NUL,
  '../../etc/passwd',
  '%ff%fe',
  '\ud800',
  "' or 1=1 --",
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  '3FA85F64-5717-4562-B3FC-2C963F66AFA6',
  '{{id}}',
  '-1',
  '1e309',
];
const BAD_QUERY_VALUES = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  NUL,
  'x'.repeat(20_000),
  '\ufffd\ufffd',
  'true',
  'null',
  '[]',
  '{"a":1}',
  "' or 1=1 --",
  '%00',
  '2026-13-45T99:99:99Z',
  '\ud83d',
];

const resolveRef = (s: any): any => (s?.$ref ? resolveRef(schemas[s.$ref.split('/').pop()]) : s);

/** A value that matches the schema as far as a simple reading of it allows. */
let counter = 0;
function sample(schemaIn: any, name = '', depth = 0): unknown {
  const s = resolveRef(schemaIn) ?? {};
  if (depth > 6) return null;
  if ('const' in s) return s.const;
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sample(alt.find((a: any) => resolveRef(a)?.type !== 'null') ?? alt[0], name, depth + 1);
  if (s.allOf) return sample(s.allOf[0], name, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, k, depth + 1);
      return out;
    }
    case 'array':
      return [sample(s.items ?? {}, name, depth + 1)];
    case 'integer':
      return Math.max(s.minimum ?? 1, 1);
    case 'number':
      return s.minimum ?? 0.5;
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'uuid') return ids.sku;
      if (s.format === 'email' || /email/.test(name)) return `fuzz-${++counter}@example.test`;
      if (s.format === 'date-time') return '2027-01-01T00:00:00Z';
      if (s.format === 'date') return '2027-01-01';
      if (s.format === 'uri' || /url/.test(name)) return 'http://127.0.0.1:9/fuzz';
      if (/sku_code|code$/.test(name)) return `FZ-${++counter}`;
      if (/country/.test(name)) return 'DE';
      if (/gtin/.test(name)) return '4006381333931';
      const min = s.minLength ?? 1;
      return 'fuzz value'.padEnd(min, 'x').slice(0, s.maxLength ?? 10_000);
    }
    default:
      return 'fuzz';
  }
}

function paramValue(name: string, path: string): string {
  if (name === 'batchId') return ids.batch;
  if (name === 'skuId') return ids.sku;
  if (name === 'fieldKey') return 'brand';
  if (name === 'role') return 'manufacturer';
  if (name === 'gtin') return '4006381333931';
  if (name === 'publicId') return ids.sku;
  if (name !== 'id') return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  if (path.startsWith('/api/documents') || path.startsWith('/api/v1/documents')) return ids.document;
  if (path.startsWith('/api/entities')) return ids.entity;
  if (path.startsWith('/api/workspace/api-keys')) return ids.spareKey;
  if (path.includes('jobs')) return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  return ids.sku;
}

const mutations = (v: unknown): unknown[] => [
  null,
  12345,
  -1,
  1.5,
  true,
  'string',
  '',
  [],
  [v],
  {},
  { nested: v },
  'x'.repeat(100_000),
  NUL,
  '\ud800',
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
];

/** The malformed requests for one operation. */
function variantsFor(o: Operation, seed: number): Variant[] {
  const pathParams: any[] = (o.op.parameters ?? []).filter((p: any) => p.in === 'path');
  const queryParams: any[] = (o.op.parameters ?? []).filter((p: any) => p.in === 'query');
  const goodParams = Object.fromEntries(pathParams.map((p) => [p.name, paramValue(p.name, o.path)]));
  const content = o.op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const formSchema = resolveRef(content['multipart/form-data']?.schema);
  const valid = jsonSchema ? (sample(jsonSchema) as Record<string, unknown>) : undefined;
  const json = (b: unknown): Partial<Variant> => ({ body: JSON.stringify(b), contentType: 'application/json' });
  const out: Variant[] = [];
  const add = (name: string, v: Partial<Variant>) => out.push({ name, params: goodParams, ...v });

  // Path parameters: each one replaced by each bad id.
  // Each parameter gets PER_PARAM of the bad values, rotating so that together they use all of them.
  const pick = <T>(list: T[], i: number) =>
    Array.from({ length: Math.min(PER_PARAM, list.length) }, (_, j) => list[(i * PER_PARAM + j) % list.length]);
  for (const [pi, p] of pathParams.entries())
    for (const bad of pick(BAD_IDS, pi))
      add(`param ${p.name}=${JSON.stringify(bad.slice(0, 20))}`, {
        params: { ...goodParams, [p.name]: bad },
        ...(valid ? json(valid) : {}),
      });
  // Query parameters: bad values, repeated, unknown ones.
  for (const [qi, q] of queryParams.entries())
    for (const bad of pick(BAD_QUERY_VALUES, qi))
      add(`query ${q.name}=${JSON.stringify(bad.slice(0, 20))}`, { query: [[q.name, bad]] });
  for (const q of queryParams)
    add(`query ${q.name} repeated`, {
      query: [
        [q.name, '1'],
        [q.name, '2'],
      ],
    });
  add('unknown query', {
    query: [
      ['zzz', NUL],
      ['dry_run', 'maybe'],
    ],
  });
  add('dry_run=true', { query: [['dry_run', 'true']], ...(valid ? json(valid) : {}) });
  add('valid-looking request', valid ? json(valid) : {});

  // Bodies of every shape, whether the operation takes one or not.
  add('no body, json type', { contentType: 'application/json' });
  add('empty json', { body: '', contentType: 'application/json' });
  add('whitespace json', { body: '   \n', contentType: 'application/json' });
  add('invalid json', { body: '{"a":', contentType: 'application/json' });
  add('json with trailing garbage', { body: '{}}}', contentType: 'application/json' });
  for (const lit of ['null', '[]', '"s"', '123', 'true', '{}', '[{}]'])
    add(`json ${lit}`, { body: lit, contentType: 'application/json' });
  add('malformed utf-8 bytes in json', {
    body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    contentType: 'application/json',
  });
  add('NUL escape in json', { body: '{"a":"x\\u0000y","\\u0000":1}', contentType: 'application/json' });
  add('lone surrogate escape in json', { body: '{"a":"\\ud800"}', contentType: 'application/json' });
  add('deep nesting', { body: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' });
  add('body over 1 MiB', { body: JSON.stringify({ a: 'x'.repeat(1_100_000) }), contentType: 'application/json' });
  add('text/plain body', { body: valid ? JSON.stringify(valid) : 'hello', contentType: 'text/plain' });
  add('form-urlencoded body', { body: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' });
  add('no content type', { body: '{"a":1}', contentType: null });
  add('json with charset and odd casing', {
    body: valid ? JSON.stringify(valid) : '{}',
    contentType: 'Application/JSON; charset=latin1',
  });
  add('garbage multipart', {
    body: '--b\r\ncontent-disposition: form-data; name="file"\r\n\r\nabc',
    contentType: 'multipart/form-data; boundary=b',
  });
  add('multipart without boundary', { body: 'abc', contentType: 'multipart/form-data' });
  add('binary garbage', {
    body: new Uint8Array([0, 1, 2, 0xff, 0xfe, 0x25, 0x50, 0x44, 0x46]),
    contentType: 'application/octet-stream',
  });
  add('pdf header only', { body: '%PDF-1.7\n%%EOF', contentType: 'application/pdf' });
  add('idempotency key too long', { headers: { 'idempotency-key': 'k'.repeat(300) }, ...(valid ? json(valid) : {}) });
  add('idempotency key empty', { headers: { 'idempotency-key': '' }, ...(valid ? json(valid) : {}) });

  if (valid && typeof valid === 'object' && !Array.isArray(valid)) {
    const keys = Object.keys(valid);
    for (const [ki, k] of keys.entries()) {
      add(`missing ${k}`, json(Object.fromEntries(Object.entries(valid).filter(([kk]) => kk !== k))));
      const all = mutations(valid[k]);
      // NUL and the lone surrogate for every field; the other mutations rotate across the fields.
      for (const m of new Set([all[12], all[13], ...pick(all, ki)]))
        add(`${k} mutated ${JSON.stringify(m)?.slice(0, 20)}`, json({ ...valid, [k]: m }));
    }
    add('extra field', json({ ...valid, zzz_unknown: 1 }));
    add('NUL key', json({ ...valid, ['k\u0000']: 1 }));
    add('prototype keys', {
      body: `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(valid).slice(1)}`,
      contentType: 'application/json',
    });
  }

  if (formSchema) {
    const props = Object.keys(formSchema.properties ?? {});
    const fileFields = props.filter(
      (p) => formSchema.properties[p].format === 'binary' || formSchema.properties[p].items?.format === 'binary',
    );
    const form = (fields: Record<string, string>, files: [string, BlobPart, string][] = []) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      for (const [field, bytes, name] of files) fd.append(field, new Blob([bytes]), name);
      return { body: fd, contentType: undefined } as Partial<Variant>;
    };
    for (const f of fileFields) {
      add(`form ${f} empty file`, form({}, [[f, '', 'empty.pdf']]));
      add(`form ${f} garbage file`, form({}, [[f, new Uint8Array([0, 0xff, 0x25, 0x50]), 'x.pdf']]));
      add(`form ${f} NUL file name`, form({}, [[f, 'abc', 'a\u0000b.txt']]));
      add(`form ${f} zip named pdf`, form({}, [[f, 'PK\u0003\u0004garbage', 'x.pdf']]));
    }
    for (const p of props.filter((x) => !fileFields.includes(x))) {
      for (const bad of [NUL, '', 'x'.repeat(70_000), '-1', 'abc', '\ufffd'])
        add(
          `form ${p}=${JSON.stringify(bad.slice(0, 10))}`,
          form({ [p]: bad }, fileFields[0] ? [[fileFields[0], 'sku,product_name\nA,B\n', 'c.csv']] : []),
        );
    }
    add('form without files', form({ zzz: '1' }));
  }

  // Fill up to the minimum with generated mutations (fixed seed). On the Postgres server only the families
  // above run (NUL, malformed UTF-8, wrong types, bad ids, huge values reach the database the same way):
  // the generated padding exercises the route kit's validation, which does not change with the database,
  // and the PGlite run sends it (CI runs both; this halves the Postgres run's longest file).
  if (postgresRun) return out;
  const anyBody = fc.oneof(fc.jsonValue(), fc.object(), fc.string({ unit: 'binary' }), fc.array(fc.anything()));
  const randomVariant = fc.record({
    body: anyBody,
    key: fc.constantFrom(...(valid && typeof valid === 'object' ? Object.keys(valid) : ['a'])),
    query: fc.array(
      fc.tuple(
        fc.constantFrom(...queryParams.map((q) => q.name), 'zzz', 'cursor', 'limit'),
        fc.string({ unit: 'binary', maxLength: 50 }),
      ),
      { maxLength: 3 },
    ),
    asField: fc.boolean(),
  });
  const n = Math.max(MIN_VARIANTS - out.length, 10);
  fc.sample(randomVariant, { seed, numRuns: n }).forEach((r, i) => {
    const body = r.asField && valid && typeof valid === 'object' ? { ...valid, [r.key]: r.body } : r.body;
    let text: string;
    try {
      text = JSON.stringify(body) ?? 'null';
    } catch {
      text = '{}';
    }
    add(`generated #${i}`, { body: text, contentType: 'application/json', query: r.query });
  });
  return out;
}

function urlFor(o: Operation, params: Record<string, string>, query: [string, string][] = []) {
  const values = Object.values(params);
  let i = 0;
  const path = o.path.replace(/\{[^}]+\}/g, () => {
    // A lone surrogate has no percent-encoding; the handler still gets it through params, as from Next.
    try {
      return encodeURIComponent(values[i++] ?? 'x');
    } catch {
      return 'x';
    }
  });
  const url = new URL(path, ORIGIN);
  for (const [k, v] of query) url.searchParams.append(k, v);
  return url.pathname + url.search;
}

/** Operations whose body is a JSON-RPC message (MCP) answer protocol errors in JSON-RPC form. */
const isJsonRpc = (o: Operation) =>
  Boolean(resolveRef(o.op.requestBody?.content?.['application/json']?.schema)?.properties?.jsonrpc);

/** Problems of one response, or [] when it is acceptable. */
function problemsOf(res: Awaited<ReturnType<typeof call>>, jsonRpc = false): string[] {
  if (res.status >= 500) return [`status ${res.status}`];
  if (res.status < 400) return [];
  const b = res.body;
  if (jsonRpc && b?.jsonrpc === '2.0' && typeof b?.error?.code === 'number' && typeof b?.error?.message === 'string') {
    return res.headers.get('x-request-id') ? [] : ['X-Request-Id on a JSON-RPC error'];
  }
  const p: string[] = [];
  if (!b || typeof b !== 'object') return [`error without JSON envelope (${res.status})`];
  const code = b.error?.code;
  if (typeof code !== 'string') p.push('error.code');
  if (typeof b.error?.message !== 'string' || !b.error.message) p.push('error.message');
  if (typeof b.error?.doc_url !== 'string' || !b.error.doc_url.includes(`/docs/errors#${String(code).toLowerCase()}`))
    p.push('error.doc_url');
  if (typeof b.error?.retryable !== 'boolean') p.push('error.retryable');
  if (typeof b.error?.support_reference !== 'string') p.push('error.support_reference');
  if (b.error_code !== String(code).toLowerCase() || b.code !== b.error_code) p.push('error_code/code mirrors');
  if (b.correlation_id !== b.error?.support_reference) p.push('correlation_id');
  if (!res.headers.get('x-request-id') || res.headers.get('x-request-id') !== b.error?.support_reference)
    p.push('X-Request-Id');
  if (doc['x-error-codes'][code]?.status !== res.status) p.push(`status ${res.status} does not belong to ${code}`);
  return p;
}

function hash(s: string) {
  let h = 0;
  for (const c of s) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h >>> 0;
}

beforeAll(async () => {
  process.env.RATE_LIMIT_DEFAULT =
    process.env.RATE_LIMIT_IP =
    process.env.RATE_LIMIT_PARSE =
    process.env.RATE_LIMIT_AI =
      '1000000';
  resetEnvCache();
  user = await makeUser({ plan: 'pro' });
  // A key holds 1 to 10 scopes (contract): every write scope, then reads up to ten.
  const allowed = scopesAllowedOnPlan('pro');
  const writesFirst = [...allowed.filter((s) => !s.endsWith(':read')), ...allowed.filter((s) => s.endsWith(':read'))];
  key = await createKey(user, writesFirst.slice(0, 10));
  const spare = await call(await import('@/app/api/workspace/api-keys/route'), 'POST', '/api/workspace/api-keys', {
    cookie: user.cookie,
    body: { name: 'spare', scopes: ['skus:read'] },
  });
  ids.spareKey = spare.body.data.id;
  ids.sku = (
    await call(skusRoute, 'POST', '/api/skus', {
      cookie: user.cookie,
      body: { sku_code: 'FUZZ-SKU', product_name: 'Kettle', category_code: 'toys' },
    })
  ).body.sku.id;
  ids.entity =
    (
      await call(entitiesRoute, 'POST', '/api/entities', {
        cookie: user.cookie,
        body: { name: 'Fuzz GmbH', country: 'DE' },
      })
    ).body.entity?.id ?? '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  ids.document = (
    await upload(user, [['fuzz.txt', 'Declaration of conformity', 'text/plain']])
  ).body.results[0].document_id;
  ids.batch = (await postImport(user, 'sku,product_name\nFZ-A,Kettle\nFZ-B,\n', 'c.csv')).body.batch.id;
  for (const [k, v] of Object.entries(ids)) if (!v) throw new Error(`fixture ${k} missing`);
});

afterAll(() => {
  delete process.env.RATE_LIMIT_DEFAULT;
  delete process.env.RATE_LIMIT_IP;
  delete process.env.RATE_LIMIT_PARSE;
  delete process.env.RATE_LIMIT_AI;
  resetEnvCache();
});

describe('fuzz: every operation of the OpenAPI document, malformed requests, session and key', () => {
  it('the document lists the operations this fuzz runs over', () => {
    expect(operations.length).toBeGreaterThanOrEqual(60);
  });

  for (const o of operations) {
    it(`${o.method} ${o.path}`, { timeout: 120_000 }, async () => {
      const variants = variantsFor(o, SEED ^ hash(o.op.operationId));
      expect(variants.length).toBeGreaterThanOrEqual(postgresRun ? 5 : MIN_VARIANTS);
      const failures: string[] = [];
      for (const v of variants) {
        for (const auth of ['session', 'key'] as const) {
          // Its own client address: thousands of requests a minute must not use up the per-IP budget
          // of the test files that run after this one on a shared Postgres database.
          const headers: Record<string, string> = { 'x-forwarded-for': FUZZ_IP, ...(v.headers ?? {}) };
          if (v.contentType) headers['content-type'] = v.contentType;
          const mod = { [o.method]: o.handler };
          let res;
          try {
            res = await call(mod, o.method, urlFor(o, v.params ?? {}, v.query), {
              params: v.params,
              rawBody: o.method === 'GET' ? undefined : v.body,
              headers,
              ...(auth === 'session' ? { cookie: user.cookie } : { bearer: key }),
            });
          } catch (e) {
            failures.push(`${v.name} [${auth}]: threw ${(e as Error).message}`);
            continue;
          }
          const p = problemsOf(res, isJsonRpc(o));
          if (p.length)
            failures.push(`${v.name} [${auth}]: ${p.join(', ')} -> ${res.status} ${res.text.slice(0, 300)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
