/**
 * Keys that do what their scopes say, and the contract's rule 1 for keys (401 only for a missing or
 * invalid credential, 403 for a valid key the operation does not admit). Generated from the route
 * manifest, so a write operation added later is covered without editing this file:
 * - every write operation that names a scope: a key holding every other scope is 403
 *   INSUFFICIENT_SCOPE naming it; a key holding only that scope passes the scope check;
 * - every cookie-only operation: a valid key is 403 API_KEY_NOT_ACCEPTED, an unknown key 401;
 * - what skus:write's description names works end to end with such a key, with the role of the member
 *   who created the key deciding (a viewer's key is refused, waivers need a reviewer).
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as skusRoute from '@/app/api/skus/route';
import * as entitiesRoute from '@/app/api/entities/route';
import * as entityRoute from '@/app/api/entities/[id]/route';
import * as linkRoute from '@/app/api/skus/[id]/entities/[role]/route';
import * as dossierFieldRoute from '@/app/api/skus/[id]/dossier/[fieldKey]/route';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import * as confirmRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/confirm/route';
import * as waiversRoute from '@/app/api/skus/[id]/waivers/route';
import * as waiverRoute from '@/app/api/skus/[id]/waivers/[waiverId]/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as operatorRoleRoute from '@/app/api/skus/[id]/operator-role/route';
import { createApiKey } from '@/lib/auth/api-keys';
import type { Role } from '@/lib/auth/roles';
import { ALL_SCOPES, type Scope } from '@/lib/auth/scopes';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import type { RouteHandler } from '@/lib/http/route';
import { routeFiles, routeModules } from '@/app/api/openapi.json/route-manifest.generated';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { addMember } from '../team/helpers';
import { EU_MANUFACTURER } from '../skus/fixtures';

useTestDatabase();

// The matrix makes a few hundred calls from one address within a minute.
process.env.RATE_LIMIT_DEFAULT = '100000';
process.env.RATE_LIMIT_IP = '100000';
process.env.RATE_LIMIT_PARSE = '100000';
process.env.RATE_LIMIT_AI = '100000';
resetEnvCache();

const operations = routeModules.flatMap((mod, i) => {
  const folders = [...routeFiles[i].matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
  const handlers = [
    ...new Set(Object.values(mod).filter((v): v is RouteHandler => typeof v === 'function' && 'spec' in v)),
  ];
  return handlers.map((h) => ({ handler: h, spec: h.spec, folders }));
});
const scopesOf = (s: RouteHandler['spec']): Scope[] =>
  s.scope === undefined ? [] : typeof s.scope === 'string' ? [s.scope] : [...s.scope];
const writes = operations.filter((o) => o.spec.method !== 'GET' && o.spec.auth !== 'none' && o.spec.auth !== 'session');
const cookieOnly = operations.filter((o) => o.spec.auth === 'session');

let owner: TestUser;
const people = {} as Record<Exclude<Role, 'owner'>, TestUser>;

async function keyOf(u: TestUser, scopes: Scope[]) {
  const k = await createApiKey(await getDb(), {
    workspace: { id: owner.workspaceId, name: 'Team', plan: 'enterprise' },
    actor: { userId: u.id, apiKeyId: null, label: u.email },
    input: { name: `key ${scopes.join(' ')}`.slice(0, 100), scopes },
  });
  return k.key;
}

/** Random ids everywhere: an operation that passes auth answers 404 or 400, and nothing is written. */
function request(o: (typeof operations)[number], key: string) {
  const params = Object.fromEntries(
    o.folders.map((f) => [
      f,
      f === 'fieldKey'
        ? 'product_name'
        : f === 'role'
          ? 'manufacturer'
          : f === 'token'
            ? 'x'.repeat(43)
            : crypto.randomUUID(),
    ]),
  );
  const path = o.spec.path.replace(/\{([^}]+)\}/g, (_: string, n: string) => n);
  return call({ [o.spec.method]: o.handler } as never, o.spec.method, path, {
    params,
    bearer: key,
    ...(o.spec.method === 'DELETE' || o.spec.method === 'GET' ? {} : { body: {} }),
  });
}

beforeAll(async () => {
  owner = await makeUser({ plan: 'pro' });
  for (const r of ['viewer', 'editor', 'reviewer', 'admin'] as const) people[r] = await addMember(owner, r);
});

describe('write scopes × operations (generated from the route manifest)', () => {
  it('covers the write scopes the catalogue names', () => {
    const named = new Set(writes.flatMap((o) => scopesOf(o.spec)));
    for (const s of ['skus:write', 'outreach:write', 'extractions:write', 'export'] as const)
      expect(named.has(s), s).toBe(true);
    const ids = new Set(writes.map((o) => o.spec.operationId));
    for (const id of [
      'createSku',
      'setDossierValue',
      'clearDossierValue',
      'addDossierSuggestions',
      'confirmDossierSuggestion',
      'rejectDossierSuggestion',
      'createEntity',
      'updateEntity',
      'linkSkuEntity',
      'unlinkSkuEntity',
      'waiveSkuBlocker',
      'revokeSkuWaiver',
    ])
      expect(ids.has(id), `${id} takes a skus:write key`).toBe(true);
  });

  it('a key without the scope is 403 INSUFFICIENT_SCOPE naming it; a key with only that scope passes the check', async () => {
    const problems: string[] = [];
    for (const o of writes) {
      const needed = scopesOf(o.spec);
      if (!needed.length) continue;
      const label = `${o.spec.method} ${o.spec.path}`;
      const without = await keyOf(
        owner,
        ALL_SCOPES.filter((s) => !needed.includes(s)),
      );
      const refused = await request(o, without);
      if (
        refused.status !== 403 ||
        refused.body?.error?.code !== 'INSUFFICIENT_SCOPE' ||
        !needed.includes(refused.body.error.details?.required_scope)
      )
        problems.push(`${label} without ${needed.join('|')}: ${refused.status} ${refused.text.slice(0, 160)}`);
      const only = await keyOf(owner, [needed[0]]);
      const passed = await request(o, only);
      if (
        passed.status === 401 ||
        passed.status >= 500 ||
        ['INSUFFICIENT_SCOPE', 'API_KEY_NOT_ACCEPTED'].includes(passed.body?.error?.code)
      )
        problems.push(`${label} with ${needed[0]}: ${passed.status} ${passed.text.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
  });

  it('a valid key on a cookie-only operation is 403 API_KEY_NOT_ACCEPTED; an unknown key is 401', async () => {
    const all = await keyOf(owner, [...ALL_SCOPES]);
    const problems: string[] = [];
    for (const o of cookieOnly) {
      const label = `${o.spec.method} ${o.spec.path}`;
      const res = await request(o, all);
      if (res.status !== 403 || res.body?.error?.code !== 'API_KEY_NOT_ACCEPTED')
        problems.push(`${label}: ${res.status} ${res.text.slice(0, 160)}`);
      const unknown = await request(o, `cw_live_${'Z'.repeat(43)}`);
      if (unknown.status !== 401 || unknown.body?.error?.code !== 'API_KEY_INVALID')
        problems.push(`${label} (unknown key): ${unknown.status} ${unknown.text.slice(0, 160)}`);
    }
    expect(cookieOnly.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});

describe('skus:write does what its description says', () => {
  it("an editor's key creates a SKU and an entity, links it, sets, suggests and confirms values; a reviewer's key waives and revokes", async () => {
    const editorKey = await keyOf(people.editor, ['skus:write', 'skus:read', 'dossier:read']);
    const created = await call(skusRoute, 'POST', '/api/skus', {
      bearer: editorKey,
      body: { sku_code: 'KEY-W-1', product_name: 'Made with a key', category_code: 'toys' },
    });
    expect(created.status, created.text).toBe(201);
    const skuId = created.body.sku.id as string;

    const entity = await call(entitiesRoute, 'POST', '/api/entities', { bearer: editorKey, body: EU_MANUFACTURER });
    expect(entity.status, entity.text).toBe(201);
    const entityId = entity.body.entity.id as string;
    const edited = await call(entityRoute, 'PATCH', `/api/entities/${entityId}`, {
      bearer: editorKey,
      params: { id: entityId },
      body: { email: 'product-safety@holzwerk.example' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.entity.email).toBe('product-safety@holzwerk.example');
    const linked = await call(linkRoute, 'PUT', `/api/skus/${skuId}/entities/manufacturer`, {
      bearer: editorKey,
      params: { id: skuId, role: 'manufacturer' },
      body: { entity_id: entityId },
    });
    expect(linked.status, linked.text).toBe(200);

    const set = await call(dossierFieldRoute, 'PUT', `/api/skus/${skuId}/dossier/model_number`, {
      bearer: editorKey,
      params: { id: skuId, fieldKey: 'model_number' },
      body: { value: 'KW-1' },
    });
    expect(set.status, set.text).toBe(200);
    const suggested = await call(suggestionsRoute, 'POST', `/api/skus/${skuId}/dossier/suggestions`, {
      bearer: editorKey,
      params: { id: skuId },
      body: { suggestions: [{ field_key: 'brand', value: 'Holzwerk', source: 'ai_suggestion', confidence: 0.7 }] },
    });
    expect(suggested.status, suggested.text).toBe(200);
    const valueId = suggested.body.inserted[0].id as string;
    const confirmed = await call(confirmRoute, 'POST', `/api/skus/${skuId}/dossier/values/${valueId}/confirm`, {
      bearer: editorKey,
      params: { id: skuId, valueId },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const dossier = await call(dossierRoute, 'GET', `/api/skus/${skuId}/dossier`, {
      bearer: editorKey,
      params: { id: skuId },
    });
    expect(dossier.status, dossier.text).toBe(200);
    expect(JSON.stringify(dossier.body)).toContain('KW-1');
    expect(JSON.stringify(dossier.body)).toContain('Holzwerk');

    // Waivers need a reviewer: the editor's key is refused for its creator's role, the reviewer's passes.
    const sku = await call(skuRoute, 'GET', `/api/skus/${skuId}`, { bearer: editorKey, params: { id: skuId } });
    const code = sku.body.blockers.find((b: { severity: string }) => b.severity === 'blocker').code as string;
    const byEditor = await call(waiversRoute, 'POST', `/api/skus/${skuId}/waivers`, {
      bearer: editorKey,
      params: { id: skuId },
      body: { code, reason: 'Not applicable to this product' },
    });
    expect(expectEnvelope(byEditor, 403, 'INSUFFICIENT_ROLE').details).toMatchObject({
      required_role: 'reviewer',
      role: 'editor',
    });
    const reviewerKey = await keyOf(people.reviewer, ['skus:write']);
    const waived = await call(waiversRoute, 'POST', `/api/skus/${skuId}/waivers`, {
      bearer: reviewerKey,
      params: { id: skuId },
      body: { code, reason: 'Not applicable to this product' },
    });
    expect(waived.status, waived.text).toBe(201);
    const waiverId = waived.body.waiver.id as string;
    const revoked = await call(waiverRoute, 'DELETE', `/api/skus/${skuId}/waivers/${waiverId}`, {
      bearer: reviewerKey,
      params: { id: skuId, waiverId },
    });
    expect(revoked.status, revoked.text).toBe(200);

    // The SKU's own operator role (named in the description since it admits skus:write).
    const role = await call(operatorRoleRoute, 'PUT', `/api/skus/${skuId}/operator-role`, {
      bearer: editorKey,
      params: { id: skuId },
      body: { operator_role: 'importer' },
    });
    expect(role.status, role.text).toBe(200);
    expect(role.body.operator_role_override).toBe('importer');

    const unlinked = await call(linkRoute, 'DELETE', `/api/skus/${skuId}/entities/manufacturer`, {
      bearer: editorKey,
      params: { id: skuId, role: 'manufacturer' },
    });
    expect(unlinked.status, unlinked.text).toBe(200);
  });

  it("a viewer's skus:write key is 403 INSUFFICIENT_ROLE; a skus:read key is 403 INSUFFICIENT_SCOPE; nothing is created", async () => {
    const viewerKey = await keyOf(people.viewer, ['skus:write', 'skus:read']);
    const body = { sku_code: 'KEY-W-VIEWER', product_name: 'Should not exist' };
    const viewer = await call(skusRoute, 'POST', '/api/skus', { bearer: viewerKey, body });
    expect(expectEnvelope(viewer, 403, 'INSUFFICIENT_ROLE').details).toMatchObject({ required_role: 'editor' });
    const readKey = await keyOf(people.admin, ['skus:read']);
    const reader = await call(skusRoute, 'POST', '/api/skus', { bearer: readKey, body });
    expect(expectEnvelope(reader, 403, 'INSUFFICIENT_SCOPE').details).toMatchObject({ required_scope: 'skus:write' });
    const list = await call(skusRoute, 'GET', '/api/skus', { bearer: readKey, query: { q: 'KEY-W-VIEWER' } });
    expect(list.body.data).toEqual([]);
  });
});
