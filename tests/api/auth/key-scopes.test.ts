/**
 * Bearer access to the read operations: every GET operation that takes a key is called with a key of
 * each scope of the catalogue; the key holding the operation's scope reads, every other key gets the
 * contract's 403 INSUFFICIENT_SCOPE naming the scope. The operations are taken from the route
 * manifest, so a read operation added later is covered (or flagged) without editing this file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as keyRoute from '@/app/api/workspace/api-keys/[id]/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import * as documentsRoute from '@/app/api/documents/route';
import * as v1DocumentsRoute from '@/app/api/v1/documents/route';
import * as v1DocumentFileRoute from '@/app/api/v1/documents/[id]/file/route';
import * as v1DocumentRoute from '@/app/api/v1/documents/[id]/route';
import * as membersRoute from '@/app/api/members/route';
import { ALL_SCOPES, type Scope } from '@/lib/auth/scopes';
import { getDb } from '@/lib/db/client';
import { apiKeys } from '@/lib/db/schema';
import { collectRouteHandlers } from '@/lib/http/openapi';
import type { RouteHandler } from '@/lib/http/route';
import { routeModules } from '@/app/api/openapi.json/route-manifest.generated';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createKey } from '../documents/helpers';
import { postImport } from '../imports/helpers';
import {
  addDocument,
  createEntity,
  createSku,
  EU_MANUFACTURER,
  link,
  setField,
  withTempBlobStore,
} from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

/** Reads that stay with the signed-in person: their account, team administration, keys themselves. */
const SESSION_ONLY_READS = new Set([
  '/api/auth/session',
  '/api/health/email',
  '/api/inbox',
  '/api/invitations',
  '/api/jobs/{id}',
  '/api/members',
  '/api/supplier-email/settings',
  '/api/workspace',
  '/api/workspace/api-keys',
  '/api/workspace/switch',
  // Webhook endpoints and their delivery log (response bodies of the receivers): admins, in the app.
  '/api/workspace/webhooks',
  '/api/workspace/webhooks/{id}/deliveries',
  // GTIN ownership claims (settings) and their review by staff (issue 37).
  '/api/workspace/gtin-claims',
  '/api/staff/gtin-claims',
]);
/** Bearer operations open to any valid key: who am I, and the status of a job the key queued. */
const ANY_KEY = new Set(['/api/auth/whoami', '/api/v1/jobs/{id}']);
/** Operations whose resource this test does not create: reaching the handler (404) is the pass. */
const NOT_SEEDED = new Set([
  '/api/exports/{id}',
  '/api/exports/{id}/download',
  '/api/supplier-email/requests/{id}',
  '/api/v1/jobs/{id}',
  '/api/skus/{id}/ai-fill/job',
  '/api/skus/{id}/passports/{version}',
  '/api/recalls/alerts/{id}',
  '/api/recalls/matches/{id}',
  '/api/recalls/cases/{id}',
  '/api/recalls/cases/{id}/sbg',
  '/api/recalls/cases/{id}/sbg.pdf',
  '/api/recalls/cases/{id}/delisting/{channel}',
]);

const allGets = collectRouteHandlers(routeModules)
  .map((h) => h.spec)
  .filter((s) => s.method === 'GET');
const keyed = allGets.filter((s) => s.auth === 'either' || s.auth === 'bearer');
const scopesOf = (s: RouteHandler['spec']): Scope[] =>
  s.scope === undefined ? [] : typeof s.scope === 'string' ? [s.scope] : [...s.scope];

let u: TestUser;
const keys = new Map<Scope, string>();
const ids: Record<string, string> = {};

beforeAll(async () => {
  u = await makeUser({ plan: 'pro' });
  const sku = await createSku(u, { sku_code: 'KEY-1', product_name: 'Keyed product' });
  const entity = await createEntity(u, EU_MANUFACTURER);
  await link(u, sku.id, 'manufacturer', entity.id);
  await setField(u, sku.id, 'model_number', 'KM-7');
  const doc = await addDocument(u, { skuIds: [sku.id], type: 'test_report', isPublic: true });
  const imp = await postImport(u, 'sku_code,product_name\nIMP-1,Imported product\n', 'k.csv');
  expect(imp.status, imp.text).toBe(202);
  Object.assign(ids, { sku: sku.id, document: doc.id, entity: entity.id, batch: imp.body.batch.id });
  for (const s of ALL_SCOPES) keys.set(s, await createKey(u, [s]));
});

/** Query parameters an operation requires. */
const REQUIRED_QUERY: Record<string, () => Record<string, string>> = {
  '/api/supplier-email/responsiveness': () => ({ entity_id: ids.entity }),
};

function target(path: string) {
  const params: Record<string, string> = {};
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v =
      name === 'batchId'
        ? ids.batch
        : name === 'role'
          ? 'manufacturer'
          : path.startsWith('/api/skus/')
            ? ids.sku
            : path.startsWith('/api/documents/') || path.startsWith('/api/v1/documents/')
              ? ids.document
              : path.startsWith('/api/entities/')
                ? ids.entity
                : name === 'id'
                  ? '00000000-0000-4000-8000-000000000000'
                  : '';
    params[name] = v;
    return v;
  });
  return { url, params };
}

const handlerFor = (spec: RouteHandler['spec']) => collectRouteHandlers(routeModules).find((h) => h.spec === spec)!;
const keyIdOf = async (key: string) =>
  (await (await getDb()).select({ id: apiKeys.id, prefix: apiKeys.keyPrefix }).from(apiKeys)).find((r) =>
    key.startsWith(r.prefix),
  )!.id;

describe('which read operations take a key', () => {
  it('every GET operation takes a key unless it is a personal or administrative read', () => {
    const sessionOnly = allGets.filter((s) => s.auth === 'session').map((s) => s.path);
    expect(sessionOnly.sort()).toEqual([...SESSION_ONLY_READS].sort());
  });

  it('every keyed read names a scope of the catalogue, except the two open to any key', () => {
    for (const s of keyed) {
      if (ANY_KEY.has(s.path)) expect(scopesOf(s), s.path).toEqual([]);
      else {
        expect(scopesOf(s).length, `${s.path} names no scope`).toBeGreaterThan(0);
        for (const sc of scopesOf(s)) expect(ALL_SCOPES).toContain(sc);
      }
    }
  });

  it('the operations the issue names are keyed with their own scope', () => {
    const scopeOf = (path: string) => scopesOf(keyed.find((s) => s.path === path)!);
    expect(scopeOf('/api/skus/{id}')).toEqual(['skus:read']);
    expect(scopeOf('/api/skus/{id}/dossier')).toEqual(['dossier:read']);
    expect(scopeOf('/api/documents')).toEqual(['documents:read']);
    expect(scopeOf('/api/documents/{id}/file')).toEqual(['documents:read']);
    expect(scopeOf('/api/v1/documents')).toEqual(['documents:read']);
    expect(scopeOf('/api/entities')).toEqual(['entities:read']);
    expect(scopeOf('/api/imports/{batchId}')).toEqual(['imports:read']);
    expect(scopeOf('/api/audit-events')).toEqual(['audit:read']);
  });
});

describe('a key of each scope on every keyed read', () => {
  const scoped = keyed.filter((s) => !ANY_KEY.has(s.path));
  it.each(scoped.map((s) => [s.path, s] as const))('%s', async (_path, spec) => {
    const mod = { GET: handlerFor(spec) };
    const { url, params } = target(spec.path);
    const required = scopesOf(spec);
    for (const scope of ALL_SCOPES) {
      const res = await call(mod, 'GET', url, {
        bearer: keys.get(scope)!,
        params,
        query: REQUIRED_QUERY[spec.path]?.(),
      });
      if (required.includes(scope)) {
        const expected = NOT_SEEDED.has(spec.path) ? 404 : 200;
        expect(res.status, `${scope} on ${spec.path}: ${res.text.slice(0, 300)}`).toBe(expected);
      } else {
        const err = expectEnvelope(res, 403, 'INSUFFICIENT_SCOPE');
        expect(err.details.required_scope).toBe(required[0]);
        expect(err.message).toContain(required[0]);
      }
    }
  });
});

describe('listDocumentsV1, getDocumentV1, downloadDocumentV1 — what a key reads', () => {
  it('SKU detail carries the blockers; the dossier its fields; v1 lists and downloads documents', async () => {
    const sku = await call(skuRoute, 'GET', `/api/skus/${ids.sku}`, {
      bearer: keys.get('skus:read')!,
      params: { id: ids.sku },
    });
    expect(sku.status).toBe(200);
    expect(JSON.stringify(sku.body)).toContain('KEY-1');
    expect(Array.isArray(sku.body.blockers)).toBe(true);

    const dossier = await call(dossierRoute, 'GET', `/api/skus/${ids.sku}/dossier`, {
      bearer: keys.get('dossier:read')!,
      params: { id: ids.sku },
    });
    expect(dossier.status).toBe(200);
    expect(dossier.body.fields.find((f: { field_key: string }) => f.field_key === 'model_number')).toBeTruthy();
    expect(JSON.stringify(dossier.body)).toContain('KM-7');

    const v1 = await call(v1DocumentsRoute, 'GET', '/api/v1/documents', { bearer: keys.get('documents:read')! });
    expect(v1.status).toBe(200);
    expect(v1.body.data.map((d: { id: string }) => d.id)).toEqual([ids.document]);
    const legacy = await call(documentsRoute, 'GET', '/api/documents', { bearer: keys.get('documents:read')! });
    expect(legacy.body.data).toEqual(v1.body.data);

    const file = await call(v1DocumentFileRoute, 'GET', `/api/v1/documents/${ids.document}/file`, {
      bearer: keys.get('documents:read')!,
      params: { id: ids.document },
    });
    expect(file.status).toBe(200);
    expect(file.text.startsWith('%PDF-1.4')).toBe(true);
  });

  it('getDocumentV1 (GET /api/v1/documents/{id}): the same document as the session read, by key only', async () => {
    const one = await call(v1DocumentRoute, 'GET', `/api/v1/documents/${ids.document}`, {
      bearer: keys.get('documents:read')!,
      params: { id: ids.document },
    });
    expect(one.status, one.text).toBe(200);
    expect(one.body.document.id).toBe(ids.document);
    const session = await call(v1DocumentRoute, 'GET', `/api/v1/documents/${ids.document}`, {
      cookie: u.cookie,
      params: { id: ids.document },
    });
    expectEnvelope(session, 401, 'UNAUTHORIZED');
    const wrongScope = await call(v1DocumentRoute, 'GET', `/api/v1/documents/${ids.document}`, {
      bearer: keys.get('skus:read')!,
      params: { id: ids.document },
    });
    expect(wrongScope.status).toBe(403);
  });

  it("another workspace's key reads none of it (404, not 403)", async () => {
    const other = await makeUser({ plan: 'pro' });
    const key = await createKey(other, ['skus:read', 'dossier:read']);
    const res = await call(skuRoute, 'GET', `/api/skus/${ids.sku}`, { bearer: key, params: { id: ids.sku } });
    expectEnvelope(res, 404, 'NOT_FOUND');
    const d = await call(dossierRoute, 'GET', `/api/skus/${ids.sku}/dossier`, { bearer: key, params: { id: ids.sku } });
    expectEnvelope(d, 404, 'NOT_FOUND');
  });

  it('v1 never reads the session cookie', async () => {
    const res = await call(v1DocumentsRoute, 'GET', '/api/v1/documents', { cookie: u.cookie });
    const err = expectEnvelope(res, 401, 'UNAUTHORIZED');
    expect(err.message).toMatch(/session cookie was sent/);
  });
});

describe('the 401 says what was sent and why it failed', () => {
  it('a valid key on a session-only read is 403 API_KEY_NOT_ACCEPTED, not "no session cookie"', async () => {
    const res = await call(membersRoute, 'GET', '/api/members', { bearer: keys.get('skus:read')! });
    const err = expectEnvelope(res, 403, 'API_KEY_NOT_ACCEPTED');
    expect(err.message).toMatch(/API key was sent as Authorization: Bearer/);
    expect(err.message).not.toMatch(/no session cookie was sent/i);
  });

  it('unknown, revoked and expired keys each say so', async () => {
    const unknown = await call(skuRoute, 'GET', `/api/skus/${ids.sku}`, {
      bearer: `cw_live_${'A'.repeat(43)}`,
      params: { id: ids.sku },
    });
    expect(expectEnvelope(unknown, 401, 'API_KEY_INVALID').message).toMatch(/not valid/);

    const revokedKey = await createKey(u, ['skus:read']);
    const revokedId = await keyIdOf(revokedKey);
    const del = await call(keyRoute, 'DELETE', `/api/workspace/api-keys/${revokedId}`, {
      cookie: u.cookie,
      params: { id: revokedId },
    });
    expect(del.status, del.text).toBe(200);
    const revoked = await call(skuRoute, 'GET', `/api/skus/${ids.sku}`, {
      bearer: revokedKey,
      params: { id: ids.sku },
    });
    expect(expectEnvelope(revoked, 401, 'API_KEY_REVOKED').message).toMatch(/revoked/);

    const expiringKey = await createKey(u, ['skus:read']);
    const db = await getDb();
    const expId = await keyIdOf(expiringKey);
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expId));
    const expired = await call(skuRoute, 'GET', `/api/skus/${ids.sku}`, {
      bearer: expiringKey,
      params: { id: ids.sku },
    });
    expect(expectEnvelope(expired, 401, 'API_KEY_EXPIRED').message).toMatch(/expired/);
  });

  it('no credential and a non-Bearer Authorization header are told apart', async () => {
    const none = await call(skuRoute, 'GET', `/api/skus/${ids.sku}`, { params: { id: ids.sku } });
    expect(expectEnvelope(none, 401, 'UNAUTHORIZED').message).toMatch(/No credential was sent/);
    const basic = await call(skuRoute, 'GET', `/api/skus/${ids.sku}`, {
      params: { id: ids.sku },
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(expectEnvelope(basic, 401, 'UNAUTHORIZED').message).toMatch(/not a Bearer token/);
  });
});
