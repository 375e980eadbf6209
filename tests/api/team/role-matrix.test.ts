/**
 * The permission table: it names only existing operations and the decisions asked for, every authenticated
 * operation carries its role in the OpenAPI document, and the role × operation matrix generated from the
 * route manifest refuses without changing anything.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/lib/auth/api-keys';
import { OPERATION_PERMISSIONS, ROLES, requiredRole, roleAtLeast, type Role } from '@/lib/auth/roles';
import { ALL_SCOPES } from '@/lib/auth/scopes';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import type { RouteHandler } from '@/lib/http/route';
import { routeFiles, routeModules } from '@/app/api/openapi.json/route-manifest.generated';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { readySku } from '../skus/fixtures';
import { addMember } from './helpers';

useTestDatabase();

// The matrix makes several hundred calls from one address within a minute.
process.env.RATE_LIMIT_DEFAULT = '100000';
process.env.RATE_LIMIT_IP = '100000';
process.env.RATE_LIMIT_PARSE = '100000';
process.env.RATE_LIMIT_AI = '100000';
resetEnvCache();

/** Every declared operation with the Next folder names of its path parameters. */
const operations = routeModules.flatMap((mod, i) => {
  const folders = [...routeFiles[i].matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
  const handlers = [
    ...new Set(Object.values(mod).filter((v): v is RouteHandler => typeof v === 'function' && 'spec' in v)),
  ];
  return handlers.map((h) => ({ handler: h, spec: h.spec, folders }));
});

const roleOps = operations.filter((o) => o.spec.auth !== 'none' && !o.spec.staffOnly);

describe('the permission table', () => {
  it('names only operations that exist, and gives the decisions the issue asks for', () => {
    const ids = new Set(operations.map((o) => o.spec.operationId));
    expect(Object.keys(OPERATION_PERMISSIONS).filter((id) => !ids.has(id))).toEqual([]);
    const req = (id: string) => requiredRole(operations.find((o) => o.spec.operationId === id)!.spec);
    expect(req('approveSku')).toBe('reviewer');
    expect(req('completeSkuReview')).toBe('reviewer');
    expect(req('listSkus')).toBe('viewer');
    expect(req('createSku')).toBe('editor');
    expect(req('createApiKey')).toBe('admin');
    expect(req('listApiKeys')).toBe('admin');
    expect(req('createInvitation')).toBe('admin');
    expect(req('updateMemberRole')).toBe('admin');
    expect(req('listMembers')).toBe('viewer');
    expect(req('updateWorkspace')).toBe('admin');
    expect(req('transferOwnership')).toBe('owner');
    expect(req('acceptInvitation')).toBe('viewer');
  });

  it('every authenticated operation has a role in the OpenAPI document (x-required-role)', async () => {
    const { GET } = await import('@/app/api/openapi.json/route');
    const doc = await (
      await (GET as (r: Request) => Promise<Response>)(new Request('http://127.0.0.1:3100/api/openapi.json'))
    ).json();
    for (const o of roleOps) {
      const op = doc.paths[o.spec.path]?.[o.spec.method.toLowerCase()];
      expect(op?.['x-required-role'], `${o.spec.method} ${o.spec.path}`).toBe(requiredRole(o.spec));
    }
  });
});

describe('role × operation matrix (generated from the route manifest)', () => {
  const people = {} as Record<Role, TestUser>;
  const keys = {} as Record<Role, string>;
  let foreignSkuId = '';

  beforeAll(async () => {
    const db = await getDb();
    people.owner = await makeUser({ plan: 'pro' });
    for (const r of ROLES) if (r !== 'owner') people[r] = await addMember(people.owner, r);
    for (const r of ROLES) {
      const u = people[r];
      const k = await createApiKey(db, {
        workspace: { id: people.owner.workspaceId, name: 'Team', plan: 'enterprise' },
        actor: { userId: u.id, apiKeyId: null, label: u.email },
        input: { name: `key ${r}`, scopes: [...ALL_SCOPES] },
      });
      keys[r] = k.key;
    }
    // Another workspace's SKU: its id in a path is a 404 for everyone here, whatever their role.
    const stranger = await makeUser();
    foreignSkuId = (await readySku(stranger)).id;
  });

  function paramsFor(folders: string[]) {
    const out: Record<string, string> = {};
    for (const f of folders) {
      out[f] =
        f === 'fieldKey'
          ? 'product_name'
          : f === 'role'
            ? 'manufacturer'
            : f === 'token'
              ? 'x'.repeat(43)
              : f === 'id'
                ? foreignSkuId
                : crypto.randomUUID();
    }
    return out;
  }

  it.each(ROLES)(
    '%s: refused exactly the operations above their role, with INSUFFICIENT_ROLE and required_role',
    async (role) => {
      const problems: string[] = [];
      for (const o of roleOps) {
        const { spec } = o;
        const needed = requiredRole(spec);
        const path = spec.path.replace(/\{([^}]+)\}/g, (_: string, n: string) => n);
        const useKey = spec.auth === 'bearer';
        const res = await call({ [spec.method]: o.handler } as never, spec.method, path, {
          params: paramsFor(o.folders),
          ...(useKey ? { bearer: keys[role] } : { cookie: people[role].cookie }),
          ...(spec.method === 'GET' || spec.method === 'DELETE' ? {} : { body: {} }),
        });
        const label = `${spec.method} ${spec.path} (${spec.operationId}, needs ${needed})`;
        if (!roleAtLeast(role, needed)) {
          if (
            res.status !== 403 ||
            res.body?.error?.code !== 'INSUFFICIENT_ROLE' ||
            res.body.error.details?.required_role !== needed ||
            res.body.error.details?.role !== role
          ) {
            problems.push(`${label}: expected 403 INSUFFICIENT_ROLE, got ${res.status} ${res.text.slice(0, 160)}`);
          }
        } else {
          if (res.body?.error?.code === 'INSUFFICIENT_ROLE') problems.push(`${label}: refused although allowed`);
          if (res.status >= 500) problems.push(`${label}: ${res.status} ${res.text.slice(0, 160)}`);
          // Another workspace's SKU in the path never answers with data.
          if (o.folders[0] === 'id' && spec.path.startsWith('/api/skus/{id}') && res.status < 300)
            problems.push(`${label}: ${res.status} for another workspace's SKU`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  // The same matrix for API keys on every write a key may use (the write scopes): a key holding every
  // scope acts with the role of the member who created it, refused exactly where that member would be.
  const keyWrites = roleOps.filter((o) => o.spec.auth !== 'session' && o.spec.method !== 'GET');

  it.each(ROLES)("%s's key on every write a key may use: refused exactly above the creator's role", async (role) => {
    expect(keyWrites.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const o of keyWrites) {
      const { spec } = o;
      const needed = requiredRole(spec);
      const path = spec.path.replace(/\{([^}]+)\}/g, (_: string, n: string) => n);
      const res = await call({ [spec.method]: o.handler } as never, spec.method, path, {
        params: paramsFor(o.folders),
        bearer: keys[role],
        ...(spec.method === 'DELETE' ? {} : { body: {} }),
      });
      const label = `${spec.method} ${spec.path} (${spec.operationId}, needs ${needed}) with ${role}'s key`;
      const code = res.body?.error?.code;
      if (!roleAtLeast(role, needed)) {
        if (res.status !== 403 || code !== 'INSUFFICIENT_ROLE' || res.body.error.details?.role !== role)
          problems.push(`${label}: expected 403 INSUFFICIENT_ROLE, got ${res.status} ${res.text.slice(0, 160)}`);
      } else if (
        res.status === 401 ||
        res.status >= 500 ||
        ['INSUFFICIENT_ROLE', 'INSUFFICIENT_SCOPE', 'API_KEY_NOT_ACCEPTED'].includes(code)
      ) {
        problems.push(`${label}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a refused call changes nothing: a viewer cannot create, an editor cannot approve', async () => {
    const skusRoute = await import('@/app/api/skus/route');
    const denied = await call(skusRoute, 'POST', '/api/skus', {
      cookie: people.viewer.cookie,
      body: { sku_code: 'V-1', product_name: 'Viewer made' },
    });
    const err = expectEnvelope(denied, 403, 'INSUFFICIENT_ROLE');
    expect(err.details).toEqual({ required_role: 'editor', role: 'viewer' });
    expect(err.message).toContain('editor');
    const list = await call(skusRoute, 'GET', '/api/skus', { cookie: people.viewer.cookie });
    expect(list.body.data.map((s: { sku_code: string }) => s.sku_code)).not.toContain('V-1');

    const sku = await readySku(people.editor);
    const approveRoute = await import('@/app/api/skus/[id]/approve/route');
    const refused = await call(approveRoute, 'POST', `/api/skus/${sku.id}/approve`, {
      cookie: people.editor.cookie,
      params: { id: sku.id },
    });
    expect(expectEnvelope(refused, 403, 'INSUFFICIENT_ROLE').details.required_role).toBe('reviewer');
    const ok = await call(approveRoute, 'POST', `/api/skus/${sku.id}/approve`, {
      cookie: people.reviewer.cookie,
      params: { id: sku.id },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.sku.approval_state).toBe('approved');
  });
});
