/**
 * The GS1-Conformant resolver at /01/{gtin}: the default link (307 to the safety page, in the visitor's
 * Accept-Language), each link type (CURIE or URI) and the fallback to the default link, the RFC 9264
 * linkset by ?linkType=all and by Accept: application/linkset+json (its JSON shape and GS1 context),
 * qualifiers in GS1's order, and a 400 that says why for a wrong order or check digit.
 */
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as gs1Route from '@/app/01/[gtin]/[[...qualifiers]]/route';
import { call, expectEnvelope, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { addDocument, approve, publish, readySku, uniqueGtin, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();
// Each case publishes SKUs of several workspaces: minutes on a loaded shared machine.
vi.setConfig({ testTimeout: 240_000 });

const GS1 = 'https://gs1.org/voc/';

async function published() {
  const u = await makeUser();
  const sku = await readySku(u);
  await addDocument(u, {
    skuIds: [sku.id],
    type: 'declaration_of_conformity',
    filename: 'EU-DoC CB-200.pdf',
    isPublic: true,
  });
  await approve(u, sku.id);
  const pub = await publish(u, sku.id);
  expect(pub.status, pub.text).toBe(200);
  return { u, sku, gtin: sku.gtin as string, publicId: pub.body.output.public_id as string };
}

const resolve = (
  gtin: string,
  qualifiers: string[] = [],
  opts: { query?: Record<string, string>; headers?: Record<string, string> } = {},
) =>
  call(gs1Route, 'GET', `/01/${gtin}${qualifiers.map((q) => `/${q}`).join('')}`, {
    params: { gtin, ...(qualifiers.length ? { qualifiers } : {}) } as never,
    ...opts,
  });

describe('GS1 resolver: links', () => {
  it('redirects to the safety page (307) with a Link header, in the language of Accept-Language', async () => {
    const { gtin, publicId } = await published();
    for (const g of [gtin, `0${gtin}`]) {
      const r = await resolve(g);
      expect(r.status).toBe(307);
      expect(r.headers.get('location')).toBe(`/p/${publicId}`);
      expect(r.headers.get('link')).toContain(`/01/0${gtin}?linkType=all>; rel="linkset"`);
      expect(r.headers.get('vary')).toMatch(/Accept-Language/);
    }
    const de = await resolve(gtin, [], { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    expect(de.headers.get('location')).toBe(`/p/${publicId}?lang=de`);
    const en = await resolve(gtin, [], { headers: { 'accept-language': 'en-GB' } });
    expect(en.headers.get('location')).toBe(`/p/${publicId}?lang=en`);
    // ?lang= wins over the header.
    const q = await resolve(gtin, [], { query: { lang: 'en' }, headers: { 'accept-language': 'de' } });
    expect(q.headers.get('location')).toBe(`/p/${publicId}?lang=en`);
  });

  it('redirects each link type to its link; an unavailable one to the default link', async () => {
    const { gtin, publicId } = await published();
    const go = async (linkType: string, headers?: Record<string, string>) => {
      const r = await resolve(gtin, [], { query: { linkType }, headers });
      expect(r.status, `${linkType}: ${r.text}`).toBe(307);
      return r.headers.get('location');
    };
    expect(await go('gs1:pip', { 'accept-language': 'de' })).toBe(`/p/${publicId}?lang=de`);
    expect(await go('gs1:safetyInfo', { 'accept-language': 'en' })).toBe(`/p/${publicId}?lang=en#warnings`);
    expect(await go('gs1:sustainabilityInfo')).toBe(`/p/${publicId}/passport`);
    expect(await go(`${GS1}recallStatus`)).toBe(`/p/${publicId}/recall`);
    expect(await go('https://ref.gs1.org/voc/certificationInfo')).toMatch(
      new RegExp(`^/p/${publicId}/documents/[0-9a-f-]{36}$`),
    );
    // Instructions: no manual published, so the page's instructions section in the visitor's language.
    expect(await go('gs1:instructions', { 'accept-language': 'de' })).toBe(`/p/${publicId}?lang=de#instructions`);
    expect(await go('gs1:epil')).toBe(`/p/${publicId}`);
    // The batch travels to the recall page, which answers per batch.
    const lot = await resolve(gtin, ['10', 'LOT-7'], { query: { linkType: 'gs1:recallStatus' } });
    expect(lot.headers.get('location')).toBe(`/p/${publicId}/recall?batch=LOT-7`);
  });

  it('links the passport (gs1:sustainabilityInfo) only while a public passport exists', async () => {
    const { gtin, publicId } = await published();
    const linkset = async () =>
      JSON.parse((await resolve(gtin, [], { query: { linkType: 'all' } })).text).linkset[0] as Record<string, unknown>;
    expect(Object.keys(await linkset())).toContain(`${GS1}sustainabilityInfo`);
    const db = await getDb();
    await db.execute(sql`DELETE FROM passports WHERE sku_id = (SELECT id FROM skus WHERE public_id = ${publicId})`);
    expect(Object.keys(await linkset())).not.toContain(`${GS1}sustainabilityInfo`);
    const r = await resolve(gtin, [], { query: { linkType: 'gs1:sustainabilityInfo' } });
    expect(r.headers.get('location')).toBe(`/p/${publicId}`);
  });

  it('answers the RFC 9264 linkset for ?linkType=all and for Accept: application/linkset+json', async () => {
    const { gtin, publicId } = await published();
    const byQuery = await resolve(gtin, ['10', 'L1'], { query: { linkType: 'all' } });
    const byAccept = await resolve(gtin, ['10', 'L1'], { headers: { accept: 'application/linkset+json' } });
    for (const r of [byQuery, byAccept]) {
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/linkset+json');
      expect(r.headers.get('link')).toMatch(
        /^<https:\/\/ref\.gs1\.org\/standards\/resolver\/linkset-context>; rel="http:\/\/www\.w3\.org\/ns\/json-ld#context"/,
      );
      const body = JSON.parse(r.text);
      expect(Object.keys(body)).toEqual(['linkset']);
      expect(body.linkset).toHaveLength(1);
      const set = body.linkset[0];
      expect(set.anchor).toMatch(new RegExp(`^https?://[^/]+/01/0${gtin}/10/L1$`));
      expect(set.description).toBe('Bamboo cutting board');
      for (const t of [
        'defaultLink',
        'pip',
        'safetyInfo',
        'instructions',
        'certificationInfo',
        'sustainabilityInfo',
        'recallStatus',
      ])
        expect(Array.isArray(set[`${GS1}${t}`]), t).toBe(true);
      // Every target object: an absolute href, a title, a media type; hreflang an array when present.
      for (const [rel, links] of Object.entries(set)) {
        if (!rel.startsWith(GS1)) continue;
        for (const l of links as any[]) {
          expect(l.href).toMatch(/^https?:\/\//);
          expect(typeof l.title).toBe('string');
          expect(typeof l.type).toBe('string');
          if ('hreflang' in l) expect(Array.isArray(l.hreflang)).toBe(true);
        }
      }
      expect(set[`${GS1}defaultLink`]).toEqual([
        expect.objectContaining({ href: expect.stringMatching(new RegExp(`/p/${publicId}$`)) }),
      ]);
      expect(set[`${GS1}pip`].map((l: any) => l.hreflang[0]).sort()).toEqual(['de', 'en']);
      expect(set[`${GS1}certificationInfo`][0].type).toBe('application/pdf');
      expect(set[`${GS1}recallStatus`][0].href).toMatch(/\/recall\?batch=L1$/);
    }
  });
});

describe('GS1 resolver: malformed links and unknown GTINs', () => {
  it('a wrong check digit or qualifier order is a 400 that says why (envelope for API clients, a page for browsers)', async () => {
    const { gtin } = await published();
    const wrong = `${gtin.slice(0, 12)}${(Number(gtin[12]) + 1) % 10}`;
    const check = expectEnvelope(await resolve(wrong), 400, 'GS1_DIGITAL_LINK_INVALID');
    expect(check.details).toMatchObject({ reason: 'gtin_check_digit', expected_check_digit: Number(gtin[12]) });
    expect(check.message).toMatch(/check digit/);

    const order = expectEnvelope(await resolve(gtin, ['21', 'S1', '10', 'L1']), 400, 'GS1_DIGITAL_LINK_INVALID');
    expect(order.details).toMatchObject({ reason: 'qualifier_order', ai: '10', after: '21' });
    expectEnvelope(await resolve(gtin, ['99', 'x']), 400, 'GS1_DIGITAL_LINK_INVALID');
    expectEnvelope(await resolve('12345'), 400, 'GS1_DIGITAL_LINK_INVALID');

    const page = await resolve(gtin, ['21', 'S1', '10', 'L1'], {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('must come before /21/');
  });

  it('an unknown GTIN is 404 (a page, or the envelope for a linkset request)', async () => {
    const g = uniqueGtin();
    const page = await resolve(g);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    expectEnvelope(await resolve(g, [], { query: { linkType: 'all' } }), 404, 'NOT_FOUND');
  });
});
