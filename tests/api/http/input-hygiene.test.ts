/**
 * JSON input hygiene: NUL bytes, lone surrogates and non-UTF-8 bodies are a 400 naming the field, and nothing of
 * them is stored.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as skusRoute from '@/app/api/skus/route';
import * as entitiesRoute from '@/app/api/entities/route';
import * as workspaceRoute from '@/app/api/workspace/route';
import * as reviewIssuesRoute from '@/app/api/skus/[id]/review-issues/route';
import * as dossierFieldRoute from '@/app/api/skus/[id]/dossier/[fieldKey]/route';
import * as documentsRoute from '@/app/api/documents/route';
import * as importRoute from '@/app/api/import/route';
import { getDb } from '@/lib/db/client';
import { skus } from '@/lib/db/schema';
import { findUnstorableText } from '@/lib/http/text-hygiene';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

/**
 * Text Postgres refuses (NUL; unpaired surrogates, which jsonb also refuses) is a 400 naming the
 * field, from the route kit, on every kind of input: query, path parameters, JSON bodies (values and
 * keys) and multipart fields. Before the kit checked, each of these reached the database: 500.
 */
const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = 'a\udc00b';

function expectFieldRefused(res: Awaited<ReturnType<typeof call>>, path: string, location: string) {
  const err = expectEnvelope(res, 400, 'VALIDATION_FAILED');
  expect(err.details.location).toBe(location);
  expect(err.details.fields[0]).toMatchObject({ path, code: 'invalid_characters' });
  expect(err.message).toContain(path);
  return err;
}

async function skuCount(u: TestUser) {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(skus)
    .where(eq(skus.workspaceId, u.workspaceId));
  return n;
}

describe('input hygiene: JSON bodies', () => {
  it('NUL and lone surrogates in SKU fields are a 400 naming the field; nothing is stored', async () => {
    const u = await makeUser();
    const before = await skuCount(u);
    for (const bad of [NUL, LONE_HIGH, LONE_LOW]) {
      const r1 = await call(skusRoute, 'POST', '/api/skus', {
        cookie: u.cookie,
        body: { sku_code: 'NUL-1', product_name: bad },
      });
      const e1 = expectFieldRefused(r1, 'product_name', 'body');
      expect(e1.details.fields[0].message).toMatch(
        bad === NUL ? /NUL character \(U\+0000\)/ : /unpaired UTF-16 surrogate/,
      );
      expectFieldRefused(
        await call(skusRoute, 'POST', '/api/skus', {
          cookie: u.cookie,
          body: { sku_code: 'NUL-2', product_name: 'Kettle', external_sku_id: bad },
        }),
        'external_sku_id',
        'body',
      );
    }
    expect(await skuCount(u)).toBe(before);
    // The same request without the character goes through: the check is not over-eager.
    expect(
      (
        await call(skusRoute, 'POST', '/api/skus', {
          cookie: u.cookie,
          body: { sku_code: 'NUL-3', product_name: 'Kettle ü 🫖', external_sku_id: 'ext-1' },
        })
      ).status,
    ).toBe(201);
  });

  it('entity fields, workspace name, review-issue text, object keys and nested values', async () => {
    const u = await makeUser();
    expectFieldRefused(
      await call(entitiesRoute, 'POST', '/api/entities', { cookie: u.cookie, body: { name: 'ACME', city: NUL } }),
      'city',
      'body',
    );
    expectFieldRefused(
      await call(entitiesRoute, 'POST', '/api/entities', { cookie: u.cookie, body: { name: LONE_HIGH } }),
      'name',
      'body',
    );
    expectFieldRefused(
      await call(workspaceRoute, 'PATCH', '/api/workspace', { cookie: u.cookie, body: { name: NUL } }),
      'name',
      'body',
    );
    const sku = (
      await call(skusRoute, 'POST', '/api/skus', {
        cookie: u.cookie,
        body: { sku_code: 'RI-1', product_name: 'Kettle' },
      })
    ).body.sku;
    expectFieldRefused(
      await call(reviewIssuesRoute, 'POST', `/api/skus/${sku.id}/review-issues`, {
        cookie: u.cookie,
        params: { id: sku.id },
        body: { message: `look ${NUL}` },
      }),
      'message',
      'body',
    );
    // A key holding NUL, and a deeply nested value: the walk names the full path.
    expectFieldRefused(
      await call(skusRoute, 'POST', '/api/skus', {
        cookie: u.cookie,
        body: { [`x${'\u0000'}y`]: 1, sku_code: 'K', product_name: 'P' },
      }),
      'x\u0000y',
      'body',
    );
    const deep = { a: [{ b: [1, 2, { c: NUL }] }] };
    expect(findUnstorableText(deep)?.path).toBe('a.0.b.2.c');
    // A surrogate pair (an emoji) is fine; only a half of one is refused.
    expect(findUnstorableText({ s: '🫖\ud83e\udee6' })).toBeNull();
    // 100,000 levels of nesting: no stack overflow in the walk.
    let nested: unknown = 'x';
    for (let i = 0; i < 100_000; i++) nested = [nested];
    expect(findUnstorableText(nested)).toBeNull();
    const ws = await call(workspaceRoute, 'GET', '/api/workspace', { cookie: u.cookie });
    expect(ws.body.workspace.name).not.toContain('\u0000');
  });

  it('a JSON body whose bytes are not UTF-8 is 400 INVALID_JSON, not stored as U+FFFD', async () => {
    const u = await makeUser();
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"sku_code":"UTF-1","product_name":"K'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ]);
    const err = expectEnvelope(
      await call(skusRoute, 'POST', '/api/skus', {
        cookie: u.cookie,
        rawBody: bytes,
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'INVALID_JSON',
    );
    expect(err.message).toMatch(/UTF-8/);
    // The escape form of NUL inside valid JSON is caught as well.
    expectFieldRefused(
      await call(skusRoute, 'POST', '/api/skus', {
        cookie: u.cookie,
        rawBody: '{"sku_code":"UTF-2","product_name":"a\\u0000b"}',
        headers: { 'content-type': 'application/json' },
      }),
      'product_name',
      'body',
    );
    // A dossier value is stored as jsonb: \ud800 would be refused by Postgres there.
    const sku = (
      await call(skusRoute, 'POST', '/api/skus', {
        cookie: u.cookie,
        body: { sku_code: 'UTF-3', product_name: 'Kettle' },
      })
    ).body.sku;
    expectFieldRefused(
      await call(dossierFieldRoute, 'PUT', `/api/skus/${sku.id}/dossier/brand`, {
        cookie: u.cookie,
        params: { id: sku.id, fieldKey: 'brand' },
        rawBody: '{"value":"\\ud800"}',
        headers: { 'content-type': 'application/json' },
      }),
      'value',
      'body',
    );
  });
});

describe('input hygiene: query, path parameters and multipart fields', () => {
  it('q=a%00b on SKUs and documents, and NUL in other query values, is a 400 naming the parameter', async () => {
    const u = await makeUser();
    expectFieldRefused(await call(skusRoute, 'GET', '/api/skus?q=a%00b', { cookie: u.cookie }), 'q', 'query');
    expectFieldRefused(await call(documentsRoute, 'GET', '/api/documents?q=a%00b', { cookie: u.cookie }), 'q', 'query');
    expectFieldRefused(
      await call(entitiesRoute, 'GET', '/api/entities', { cookie: u.cookie, query: { q: NUL } }),
      'q',
      'query',
    );
    expectFieldRefused(
      await call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie, query: { cursor: NUL } }),
      'cursor',
      'query',
    );
    // An invalid %-sequence decodes to U+FFFD (storable): an ordinary answer, not a 500.
    expect((await call(skusRoute, 'GET', '/api/skus?q=%ff', { cookie: u.cookie })).status).toBe(200);
  });

  it('NUL in a path parameter is a 400 naming it (a string parameter would otherwise reach SQL)', async () => {
    const u = await makeUser();
    const sku = (
      await call(skusRoute, 'POST', '/api/skus', {
        cookie: u.cookie,
        body: { sku_code: 'P-1', product_name: 'Kettle' },
      })
    ).body.sku;
    expectFieldRefused(
      await call(dossierFieldRoute, 'PUT', `/api/skus/${sku.id}/dossier/x`, {
        cookie: u.cookie,
        params: { id: sku.id, fieldKey: `brand${'\u0000'}` },
        body: { value: 'x' },
      }),
      'fieldKey',
      'params',
    );
  });

  it("the import's sheet field (multipart) with NUL is a 400 naming it", async () => {
    const u = await makeUser();
    const form = new FormData();
    form.set('file', new Blob(['sku,product_name\nA-1,Kettle\n'], { type: 'text/csv' }), 'c.csv');
    form.set('sheet', NUL);
    const res = await call(importRoute, 'POST', '/api/import', {
      cookie: u.cookie,
      rawBody: form,
      query: { dry_run: 'true' },
    });
    expectFieldRefused(res, 'sheet', 'form');
    // Without it the same dry run is answered.
    const ok = new FormData();
    ok.set('file', new Blob(['sku,product_name\nA-1,Kettle\n'], { type: 'text/csv' }), 'c.csv');
    expect(
      (await call(importRoute, 'POST', '/api/import', { cookie: u.cookie, rawBody: ok, query: { dry_run: 'true' } }))
        .status,
    ).toBe(200);
  });
});
