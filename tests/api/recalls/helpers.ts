import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import * as importsRoute from '@/app/api/recalls/feeds/imports/route';
import * as matchesRoute from '@/app/api/recalls/matches/route';
import * as decisionRoute from '@/app/api/recalls/matches/[id]/decision/route';
import { call, type TestUser } from '../../helpers/http';
import { form } from '../documents/helpers';
import { createSku, setFields } from '../skus/fixtures';

export const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/recalls');
export const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
export const WEEKLY = 'safety-gate-weekly-2026-w47.xml';

export function importFeed(u: TestUser, feed: string, name: string, bytes: Uint8Array | string) {
  return call(importsRoute, 'POST', '/api/recalls/feeds/imports', {
    cookie: u.cookie,
    rawBody: form([[name, bytes]], { feed }, 'file'),
  });
}

export async function listMatches(u: TestUser, query: Record<string, string> = {}) {
  const res = await call(matchesRoute, 'GET', '/api/recalls/matches', { cookie: u.cookie, query });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: any[]; counts: Record<string, number> };
}

export function decide(u: TestUser, id: string, decision: 'confirm' | 'dismiss', reason: string) {
  return call(decisionRoute, 'POST', `/api/recalls/matches/${id}/decision`, {
    cookie: u.cookie,
    params: { id },
    body: { decision, reason },
  });
}

/** A SKU with the dossier fields matching reads (brand, model number, batch scheme). */
export async function catalogueSku(
  u: TestUser,
  s: { sku_code: string; product_name: string; gtin?: string; brand?: string; model?: string; batch?: string },
) {
  const sku = await createSku(u, {
    sku_code: s.sku_code,
    product_name: s.product_name,
    ...(s.gtin ? { gtin: s.gtin } : {}),
  });
  const fields: Record<string, string> = {};
  if (s.brand) fields.brand = s.brand;
  if (s.model) fields.model_number = s.model;
  if (s.batch) fields.batch_or_serial_scheme = s.batch;
  if (Object.keys(fields).length) await setFields(u, sku.id, fields);
  return sku as { id: string; sku_code: string };
}
