/**
 * The SKU list's search `q` finds a SKU by code, product name, GTIN (separators ignored, leading zeros
 * tolerated both ways), its manufacturer's name or trade mark, and its confirmed brand (not a merely
 * suggested one), on /api/skus and /api/v1/skus alike; and never by another workspace's manufacturer
 * or brand, even when that workspace's entity is linked under the same names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as skusRoute from '@/app/api/skus/route';
import * as v1 from '@/app/api/v1/skus/route';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createEntity, createSku, link, setField } from './fixtures';

useTestDatabase();

let owner: TestUser;
let stranger: TestUser;
const ids: Record<string, string> = {};

async function codes(u: TestUser, q: string): Promise<string[]> {
  const res = await call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie, query: { q, sort: 'code_asc' } });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { sku_code: string }[]).map((s) => s.sku_code);
}

beforeAll(async () => {
  owner = await makeUser();
  stranger = await makeUser();
  const a = await createSku(owner, { sku_code: 'LS-TRAIN-1', product_name: 'Wooden train set', gtin: '4006381333931' });
  const b = await createSku(owner, { sku_code: 'LS-LAMP-2', product_name: 'Desk lamp', gtin: '00012345678905' });
  const c = await createSku(owner, { sku_code: 'LS-MUG-3', product_name: 'Enamel mug' });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id });
  const maker = await createEntity(owner, {
    name: 'Holzwerk Quokka GmbH',
    trade_mark: 'Quokkatoys',
    street: 'Werkstraße 5',
    postal_code: '80331',
    city: 'München',
    country: 'DE',
    email: 'safety@quokka.example',
  });
  await link(owner, a.id, 'manufacturer', maker.id);
  // The same maker as importer of another SKU: only the manufacturer role is searched.
  await link(owner, c.id, 'importer', maker.id);
  await setField(owner, b.id, 'brand', 'Lumenpalme');
  const sug = await call(suggestionsRoute, 'POST', `/api/skus/${c.id}/dossier/suggestions`, {
    cookie: owner.cookie,
    params: { id: c.id },
    body: { suggestions: [{ field_key: 'brand', value: 'Suggestedbrandix', source: 'import' }] },
  });
  expect(sug.status, sug.text).toBe(200);

  // Another workspace: a manufacturer and a brand with names only it uses, linked to its own SKU.
  const s = await createSku(stranger, { sku_code: 'LS-OTHER-9', product_name: 'Other product' });
  const theirs = await createEntity(stranger, {
    name: 'Strangerworks Ltd',
    trade_mark: 'Quokkatoys',
    street: '1 High St',
    postal_code: 'SW1A 1AA',
    city: 'London',
    country: 'GB',
    email: 'x@stranger.example',
  });
  await link(stranger, s.id, 'manufacturer', theirs.id);
  await setField(stranger, s.id, 'brand', 'Strangerbrand');
});

describe('GET /api/skus?q=', () => {
  it('finds by code and product name, case-insensitively', async () => {
    expect(await codes(owner, 'ls-lamp')).toEqual(['LS-LAMP-2']);
    expect(await codes(owner, 'TRAIN SET')).toEqual(['LS-TRAIN-1']);
  });

  it('finds by GTIN with separators and with or without leading zeros', async () => {
    expect(await codes(owner, '4006381333931')).toEqual(['LS-TRAIN-1']);
    expect(await codes(owner, '04006381333931')).toEqual(['LS-TRAIN-1']);
    expect(await codes(owner, '400 6381-333931')).toEqual(['LS-TRAIN-1']);
    expect(await codes(owner, '12345678905')).toEqual(['LS-LAMP-2']);
    expect(await codes(owner, '012345678905')).toEqual(['LS-LAMP-2']);
  });

  it("finds by the manufacturer's name and trade mark, not by another role", async () => {
    expect(await codes(owner, 'holzwerk quokka')).toEqual(['LS-TRAIN-1']);
    expect(await codes(owner, 'quokkatoys')).toEqual(['LS-TRAIN-1']);
  });

  it('finds by the confirmed brand, not by a suggested one', async () => {
    expect(await codes(owner, 'lumenpal')).toEqual(['LS-LAMP-2']);
    expect(await codes(owner, 'Suggestedbrandix')).toEqual([]);
  });

  it("another workspace's manufacturer and brand never match, and its SKUs never show", async () => {
    expect(await codes(owner, 'Strangerworks')).toEqual([]);
    expect(await codes(owner, 'Strangerbrand')).toEqual([]);
    // The stranger's entity shares the trade mark: each workspace sees only its own SKU.
    expect(await codes(stranger, 'Quokkatoys')).toEqual(['LS-OTHER-9']);
    expect(await codes(stranger, 'holzwerk')).toEqual([]);
  });

  it('pattern characters are literal', async () => {
    expect(await codes(owner, '%')).toEqual([]);
    expect(await codes(owner, 'LS_')).toEqual([]);
  });

  it('paging with q walks every match once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await call(skusRoute, 'GET', '/api/skus', {
        cookie: owner.cookie,
        query: { q: 'LS-', limit: '1', ...(cursor ? { cursor } : {}) },
      });
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.data.map((s: { sku_code: string }) => s.sku_code));
      if (!res.body.has_more) break;
      cursor = res.body.next_cursor;
    }
    expect(seen.sort()).toEqual(['LS-LAMP-2', 'LS-MUG-3', 'LS-TRAIN-1']);
  });
});

describe('GET /api/v1/skus?q=', () => {
  it('shares the search', async () => {
    const key = await call(keysRoute, 'POST', '/api/workspace/api-keys', {
      cookie: owner.cookie,
      body: { name: 'search', scopes: ['skus:read'] },
    });
    expect(key.status, key.text).toBe(201);
    const res = await call(v1, 'GET', '/api/v1/skus', {
      bearer: key.body.data.key,
      query: { q: 'quokkatoys' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((s: { sku_code: string }) => s.sku_code)).toEqual(['LS-TRAIN-1']);
  });
});
