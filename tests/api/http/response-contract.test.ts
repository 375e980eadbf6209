/**
 * The response check of the test helpers: a response must be what its route declares (types, fields, statuses),
 * errors the envelope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as skus from '@/app/api/skus/route';
import { defineRoute, json, routeMethods } from '@/lib/http';
import { AppError } from '@/lib/errors';
import type { RouteHandler } from '@/lib/http/route';
import { mediaTypeMatches, responseProblems } from '../../helpers/contract';
import { call, makeUser } from '../../helpers/http';

/** The response check every API test runs through call(): it must catch a drift, and pass a true answer. */

const Thing = z.object({ id: z.string(), count: z.number().int() });
const Open = z.object({ id: z.string() }).loose();

/** A declared operation that answers whatever the test hands it. */
function routeAnswering(body: () => unknown, status = 200) {
  return routeMethods(
    defineRoute({
      method: 'GET',
      path: '/api/test/contract',
      operationId: 'testContract',
      summary: 'test',
      tags: ['Test'],
      stability: 'preview',
      auth: 'none',
      errors: [409],
      responses: { 200: { description: 'A thing.', schema: Thing }, 201: { description: 'Open.', schema: Open } },
      handler: async () => {
        const b = body();
        if (b instanceof AppError) throw b;
        return json(b, status);
      },
    }),
  );
}

const specOf = (mod: { GET: unknown }) => (mod.GET as RouteHandler).spec;

describe('response check', () => {
  // This file tests the check itself: a drift must throw, also when a survey run only logs drifts.
  beforeAll(() => {
    delete process.env.CONTRACT_DRIFT_LOG;
  });

  it('passes a response that is what the route declares', async () => {
    const res = await call(
      routeAnswering(() => ({ id: 'a', count: 1 })),
      'GET',
      '/api/test/contract',
    );
    expect(res.status).toBe(200);
  });

  it('fails the call on a wrong type, a missing field, an undeclared field or an undeclared status', async () => {
    const wrongType = routeAnswering(() => ({ id: 'a', count: 'one' }));
    await expect(call(wrongType, 'GET', '/api/test/contract')).rejects.toThrow(/count: .*expected number/);
    const missing = routeAnswering(() => ({ id: 'a' }));
    await expect(call(missing, 'GET', '/api/test/contract')).rejects.toThrow(/count: .*received undefined/);
    const extra = routeAnswering(() => ({ id: 'a', count: 1, secret: 'x' }));
    await expect(call(extra, 'GET', '/api/test/contract')).rejects.toThrow(/secret: not in the schema/);
    const status = routeAnswering(() => ({ id: 'a', count: 1 }), 202);
    await expect(call(status, 'GET', '/api/test/contract')).rejects.toThrow(/status 202 is not declared/);
  });

  it('holds errors to the envelope and to the statuses the route documents', async () => {
    const declared = routeAnswering(() => new AppError('CONFLICT', 'taken'));
    expect((await call(declared, 'GET', '/api/test/contract')).status).toBe(409);
    const undeclared = routeAnswering(() => new AppError('GONE', 'gone'));
    await expect(call(undeclared, 'GET', '/api/test/contract')).rejects.toThrow(/status 410 is not declared in errors/);
    const spec = specOf(routeAnswering(() => null));
    expect(
      responseProblems(spec, {
        status: 404,
        contentType: 'application/json',
        body: { error: { code: 'NOT_FOUND', message: 'x' } },
      }).join('\n'),
    ).toMatch(/error\.doc_url/);
  });

  it('matches a declared media range (image/*) and refuses another type', () => {
    expect(mediaTypeMatches('image/*', 'image/png')).toBe(true);
    expect(mediaTypeMatches('image/webp', 'image/webp')).toBe(true);
    expect(mediaTypeMatches('image/*', 'text/html')).toBe(false);
    expect(mediaTypeMatches('image/png', 'image/jpeg')).toBe(false);
  });

  it('lets an open (.loose()) schema carry extra fields, and nested objects stay checked', () => {
    const spec = specOf(routeAnswering(() => null));
    expect(
      responseProblems(spec, { status: 201, contentType: 'application/json', body: { id: 'a', more: 1 } }),
    ).toEqual([]);
  });

  it('checks a real route: the SKU list item is the full Sku, and a drifted item fails', async () => {
    const user = await makeUser();
    await call(skus, 'POST', '/api/skus', { cookie: user.cookie, body: { sku_code: 'C-1', product_name: 'Lamp' } });
    const res = await call(skus, 'GET', '/api/skus', { cookie: user.cookie });
    const spec = specOf(skus);
    const ok = { status: 200, contentType: 'application/json', body: res.body };
    expect(responseProblems(spec, ok)).toEqual([]);
    const drifted = structuredClone(res.body);
    drifted.data[0].blocker_count = null;
    delete drifted.data[0].status;
    expect(responseProblems(spec, { ...ok, body: drifted })).toEqual([
      'data.0.blocker_count: Invalid input: expected number, received null [invalid_type]',
      'data.0.status: Invalid option: expected one of "blocked"|"needs_review"|"ready_for_approval"|"approved"|"published" [invalid_value]',
    ]);
  });
});
