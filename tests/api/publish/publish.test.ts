/**
 * Publishing: approved SKUs only, immutable revisions under one public id (also under concurrent
 * publishes), the frozen public snapshot with the Art. 19 block per language, expired certificates
 * blocking, the captured picture, QR codes and public downloads, GS1 Digital Link across workspaces, and
 * the page proxy's 410 and CSP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as revisionsRoute from '@/app/api/skus/[id]/revisions/route';
import * as qrSvgRoute from '@/app/p/[publicId]/qr.svg/route';
import * as qrPngRoute from '@/app/p/[publicId]/qr.png/route';
import * as pictureRoute from '@/app/p/[publicId]/picture/route';
import * as docRoute from '@/app/p/[publicId]/documents/[documentId]/route';
import * as gs1Route from '@/app/01/[gtin]/[[...qualifiers]]/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { auditEvents, documents, publicPages, skuRevisions, skus } from '@/lib/db/schema';
import { findPublishedRevision } from '@/lib/publish/public-page';
import { gtinSpellings } from '@/lib/gtin-claims/ownership';
import { DigitalLinkError, parseDigitalLink } from '@/lib/resolver/digital-link';
import { publicPageProxy } from '@/lib/publish/public-page-csp';
import { normalizePublicId, PUBLIC_ID_ALPHABET } from '@/lib/publish/public-page-id';
import { call, expectEnvelope, makeUser, ORIGIN } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import {
  addDocument,
  approve,
  PNG_1PX,
  publish,
  publishRoute,
  readySku,
  setField,
  withTempBlobStore,
} from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

let picServer: http.Server;
let picBase = '';
beforeAll(async () => {
  picServer = http.createServer((req, res) => {
    if (req.url === '/board.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG_1PX);
    } else if (req.url === '/evil.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => picServer.listen(0, '127.0.0.1', r));
  picBase = `http://127.0.0.1:${(picServer.address() as AddressInfo).port}`;
  process.env.ALLOW_LOOPBACK_FETCH = 'true';
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.ALLOW_LOOPBACK_FETCH;
  resetEnvCache();
  await new Promise((r) => picServer.close(r));
});

async function counts(workspaceId: string) {
  const db = await getDb();
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(skuRevisions)
    .where(eq(skuRevisions.workspaceId, workspaceId));
  const [p] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(publicPages)
    .where(eq(publicPages.workspaceId, workspaceId));
  const [a] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.action, 'sku.published')));
  return { revisions: Number(r.n), pages: Number(p.n), audits: Number(a.n) };
}

describe('publishSku — POST /api/skus/{id}/publish', () => {
  it('refuses an unapproved SKU with 409 NOT_APPROVED; dry_run describes it and writes nothing', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const err = expectEnvelope(await publish(u, sku.id), 409, 'NOT_APPROVED');
    expect(err.details.approval_state).toBe('pending');

    const dryBlocked = await call(publishRoute, 'POST', `/api/skus/${sku.id}/publish`, {
      cookie: u.cookie,
      params: { id: sku.id },
      query: { dry_run: 'true' },
    });
    expect(dryBlocked.status).toBe(200);
    expect(dryBlocked.body).toMatchObject({
      dry_run: true,
      can_publish: false,
      blocking_reason: { code: 'NOT_APPROVED' },
      revision: 1,
      public_id: null,
      public_id_assigned_on_publish: true,
    });

    await approve(u, sku.id);
    const before = await counts(u.workspaceId);
    const dry = await call(publishRoute, 'POST', `/api/skus/${sku.id}/publish`, {
      cookie: u.cookie,
      params: { id: sku.id },
      query: { dry_run: 'true' },
    });
    expect(dry.body).toMatchObject({
      dry_run: true,
      can_publish: true,
      blocking_reason: null,
      revision: 1,
      languages: ['de', 'en'],
    });
    expect(await counts(u.workspaceId)).toEqual(before);
    const db = await getDb();
    const [row] = await db.select().from(skus).where(eq(skus.id, sku.id));
    expect(row.publicId).toBeNull();
    expect(row.publishedRevision).toBeNull();
  });

  it('publishes immutable revisions under one short public id; replays with Idempotency-Key', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    await approve(u, sku.id);

    const first = await publish(u, sku.id, { 'Idempotency-Key': 'pub-1' });
    expect(first.status, first.text).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['output', 'public_url', 'revision', 'safety_page']);
    expect(first.body.revision).toBe(1);
    const publicId = first.body.output.public_id as string;
    expect(publicId).toMatch(new RegExp(`^[${PUBLIC_ID_ALPHABET}]{10}$`));
    expect(first.body.public_url).toBe(`${ORIGIN}/p/${publicId}`);
    expect(first.body.safety_page).toMatchObject({
      url: first.body.public_url,
      qr_svg_url: `${first.body.public_url}/qr.svg`,
      qr_png_url: `${first.body.public_url}/qr.png`,
      gs1_digital_link: `${ORIGIN}/01/0${sku.gtin}`,
      languages: [{ code: 'de' }, { code: 'en' }],
    });

    const replay = await publish(u, sku.id, { 'Idempotency-Key': 'pub-1' });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await counts(u.workspaceId)).revisions).toBe(1);

    const second = await publish(u, sku.id);
    expect(second.body.revision).toBe(2);
    expect(second.body.output.public_id).toBe(publicId);
    expect(await counts(u.workspaceId)).toEqual({ revisions: 2, pages: 1, audits: 2 });

    const list = await call(revisionsRoute, 'GET', `/api/skus/${sku.id}/revisions`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    expect(list.body.revisions.map((r: any) => r.revision)).toEqual([2, 1]);
    expect(list.body.revisions[0]).toMatchObject({ published_by: u.email, public_url: first.body.public_url });

    const db = await getDb();
    const [row] = await db.select().from(skus).where(eq(skus.id, sku.id));
    expect(row).toMatchObject({ publicId, publishedRevision: 2 });
    // Revision 1 is untouched by the second publish.
    const revs = await db.select().from(skuRevisions).where(eq(skuRevisions.skuId, sku.id));
    expect(revs.find((r) => r.revision === 1)?.snapshot).toMatchObject({ revision: 1, public_id: publicId });
  });

  it('concurrent publishes get one public id and consecutive revisions', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    await approve(u, sku.id);
    const results = await Promise.all([1, 2, 3].map(() => publish(u, sku.id)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.revision).sort()).toEqual([1, 2, 3]);
    expect(new Set(results.map((r) => r.body.output.public_id)).size).toBe(1);
    expect(await counts(u.workspaceId)).toEqual({ revisions: 3, pages: 1, audits: 3 });
  });

  it('freezes confirmed public fields, entities with addresses, public unexpired documents, JSON-LD and the Art. 19 block per language', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const manual = await addDocument(u, {
      skuIds: [sku.id],
      type: 'manual',
      filename: 'Manual DE.pdf',
      isPublic: true,
      language: 'de',
    });
    const privateDoc = await addDocument(u, {
      skuIds: [sku.id],
      type: 'test_report',
      filename: 'internal report.pdf',
      isPublic: false,
    });
    const expiredPublic = await addDocument(u, {
      skuIds: [sku.id],
      type: 'certificate',
      filename: 'old cert.pdf',
      isPublic: true,
      validUntil: '2020-01-01',
    });
    // A suggestion is never published; hs_code is confirmed but not a public field.
    const { addSuggestions } = await import('@/lib/dossier/suggestions');
    await addSuggestions(await getDb(), {
      workspaceId: u.workspaceId,
      actor: { userId: u.id, apiKeyId: null, label: 'AI' },
      skuId: sku.id,
      suggestions: [{ field_key: 'age_grading', value: '3+', source: 'ai_suggestion', provenance: {} }],
    });
    await setField(u, sku.id, 'hs_code', '441900');
    // The expired certificate is no blocker: no rule asks a cutting board for a certificate (issue 35), so its
    // expiry shows on the document only.
    const [before] = await (await getDb()).select().from(skus).where(eq(skus.id, sku.id));
    expect(before.blockers.map((b) => b.code)).not.toContain('DOCUMENT_EXPIRED');
    await approve(u, sku.id);
    const res = await publish(u, sku.id);
    expect(res.status, res.text).toBe(200);

    const found = await findPublishedRevision(await getDb(), { rawPublicId: res.body.output.public_id });
    if (found.kind !== 'ok') throw new Error(found.kind);
    const s = found.snapshot;
    expect(s.fields).toMatchObject({
      model_number: 'CB-200',
      brand: 'Holzwerk',
      safety_warnings_de: expect.stringContaining('Spülmaschine'),
    });
    expect(s.fields.hs_code).toBeUndefined();
    expect(s.fields.target_markets).toBeUndefined();
    expect(s.fields.age_grading).toBeUndefined();
    expect(s.identification).toMatchObject({
      sku_code: sku.sku_code,
      gtin: sku.gtin,
      gtin14: `0${sku.gtin}`,
      model_number: 'CB-200',
    });
    expect(s.manufacturer).toMatchObject({
      name: 'Holzwerk Müller GmbH',
      address_lines: ['Werkstraße 5', '80331 München'],
      country: 'DE',
      email: 'safety@holzwerk.example',
    });
    expect(s.entities[0]).toMatchObject({
      role: 'manufacturer',
      postal_address: expect.stringContaining('München'),
      email: 'safety@holzwerk.example',
      eu_established: true,
    });
    expect(s.documents.map((d) => d.id)).toEqual([manual.id]);
    expect(s.documents.map((d) => d.id)).not.toContain(privateDoc.id);
    expect(s.documents.map((d) => d.id)).not.toContain(expiredPublic.id);
    expect(Object.keys(s.art19).sort()).toEqual(['de', 'en']);
    expect(s.art19.de.labels.warnings).toBe('Warnhinweise und Sicherheitsinformationen');
    expect(s.art19.en.warnings?.text).toContain('dishwasher');
    expect(s.json_ld).toMatchObject({
      '@type': 'Product',
      name: 'Bamboo cutting board',
      gtin: sku.gtin,
      sku: sku.sku_code,
      manufacturer: { name: 'Holzwerk Müller GmbH' },
    });
  });

  it('409 PUBLISH_BLOCKED when the risk assessment a rule asks for expired after approval (an expired certificate no rule asks for is not a blocker)', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const cert = await addDocument(u, {
      skuIds: [sku.id],
      type: 'certificate',
      filename: 'cert.pdf',
      validUntil: '2999-12-31',
    });
    await approve(u, sku.id);
    const db = await getDb();
    // Every document of the workspace expires: the risk assessment readySku linked, and the certificate.
    await db.update(documents).set({ validUntil: '2021-06-30' }).where(eq(documents.workspaceId, u.workspaceId));
    const err = expectEnvelope(await publish(u, sku.id), 409, 'PUBLISH_BLOCKED');
    expect(err.details.blockers.map((b: any) => b.code)).toContain('DOCUMENT_EXPIRED');
    expect(err.details.blockers.some((b: any) => b.details?.document_id === cert.id)).toBe(false);
    expect((await counts(u.workspaceId)).revisions).toBe(0);
    // The stored blockers were refreshed so the SKU page shows why.
    const [row] = await db.select().from(skus).where(eq(skus.id, sku.id));
    expect(row.blockers.map((b) => b.code)).toContain('DOCUMENT_EXPIRED');
  });

  it('captures the product picture into our storage (raster only) and serves it from the page', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    await setField(u, sku.id, 'product_image_url', `${picBase}/board.png`);
    await approve(u, sku.id);
    const dry = await call(publishRoute, 'POST', `/api/skus/${sku.id}/publish`, {
      cookie: u.cookie,
      params: { id: sku.id },
      query: { dry_run: 'true' },
    });
    expect(dry.body.picture).toEqual({ source_url: `${picBase}/board.png`, copyable: true, reason: null });
    const res = await publish(u, sku.id);
    expect(res.body.output.picture).toEqual({ captured: true, source_url: `${picBase}/board.png` });
    const publicId = res.body.output.public_id;
    const pic = await call(pictureRoute, 'GET', `/p/${publicId}/picture`, { params: { publicId } });
    expect(pic.status).toBe(200);
    expect(pic.headers.get('content-type')).toBe('image/png');
    expect(pic.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(pic.text, 'latin1').length).toBeGreaterThan(0);
    const found = await findPublishedRevision(await getDb(), { rawPublicId: publicId });
    if (found.kind !== 'ok') throw new Error(found.kind);
    expect(found.snapshot.json_ld.image).toMatch(new RegExp(`^${ORIGIN}/p/${publicId}/picture\\?sha=[0-9a-f]{16}$`));

    // An SVG (script-capable) is refused; the page then has no picture.
    await setField(u, sku.id, 'product_image_url', `${picBase}/evil.svg`);
    await approve(u, sku.id);
    // The dry run says beforehand that this picture will not be copied, and why; it stores nothing.
    const check = await call(publishRoute, 'POST', `/api/skus/${sku.id}/publish`, {
      cookie: u.cookie,
      params: { id: sku.id },
      query: { dry_run: 'true' },
    });
    expect(check.status, check.text).toBe(200);
    expect(check.body.picture).toEqual({
      source_url: `${picBase}/evil.svg`,
      copyable: false,
      reason: 'not_a_raster_image',
    });
    const again = await publish(u, sku.id);
    expect(again.body.output.picture).toMatchObject({ captured: false, reason: 'not_a_raster_image' });
    expectEnvelope(
      await call(pictureRoute, 'GET', `/p/${publicId}/picture`, { params: { publicId } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('public files and GS1 Digital Link', () => {
  it('QR codes (SVG, PNG), public document downloads only, 404 for unknown ids, 410 once withdrawn', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const manual = await addDocument(u, {
      skuIds: [sku.id],
      type: 'manual',
      filename: 'Gebrauchsanleitung "Brett".pdf',
      isPublic: true,
    });
    const hidden = await addDocument(u, {
      skuIds: [sku.id],
      type: 'test_report',
      filename: 'lab.pdf',
      isPublic: false,
    });
    await approve(u, sku.id);
    const pub = await publish(u, sku.id);
    const publicId = pub.body.output.public_id as string;

    const svg = await call(qrSvgRoute, 'GET', `/p/${publicId}/qr.svg`, { params: { publicId } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.text).toMatch(/^<svg[^>]*>.*<path/s);
    expect(svg.text).not.toMatch(/<script/i);
    const png = await call(qrPngRoute, 'GET', `/p/${publicId}/qr.png`, {
      params: { publicId },
      query: { size: '256' },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expectEnvelope(
      await call(qrPngRoute, 'GET', `/p/${publicId}/qr.png`, { params: { publicId }, query: { size: '5000' } }),
      400,
      'VALIDATION_FAILED',
    );
    // Public ids read off a label are forgiving: upper case, o for 0, l for 1.
    expect(normalizePublicId(publicId.toUpperCase())).toBe(publicId);
    expect(
      (await call(qrSvgRoute, 'GET', `/p/x/qr.svg`, { params: { publicId: publicId.toUpperCase() } })).status,
    ).toBe(200);

    const dl = await call(docRoute, 'GET', `/p/${publicId}/documents/${manual.id}`, {
      params: { publicId, documentId: manual.id },
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Gebrauchsanleitung _Brett_.pdf"; filename\*=UTF-8''/,
    );
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.text.startsWith('%PDF')).toBe(true);
    expectEnvelope(
      await call(docRoute, 'GET', `/p/${publicId}/documents/${hidden.id}`, {
        params: { publicId, documentId: hidden.id },
      }),
      404,
      'NOT_FOUND',
    );

    expectEnvelope(
      await call(qrSvgRoute, 'GET', '/p/zzzzzzzzzz/qr.svg', { params: { publicId: 'zzzzzzzzzz' } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(qrSvgRoute, 'GET', '/p/bad/qr.svg', { params: { publicId: 'not an id' } }),
      404,
      'NOT_FOUND',
    );

    // GS1 Digital Link: 13-digit, 14-digit padded, with qualifiers; ?lang kept.
    const g13 = sku.gtin as string;
    for (const gtin of [g13, `0${g13}`]) {
      const r = await call(gs1Route, 'GET', `/01/${gtin}`, { params: { gtin } });
      expect(r.status).toBe(307);
      expect(r.headers.get('location')).toBe(`/p/${publicId}`);
    }
    const q = await call(gs1Route, 'GET', `/01/0${g13}/10/LOT42`, {
      params: { gtin: `0${g13}`, qualifiers: ['10', 'LOT42'] } as never,
      query: { lang: 'de' },
    });
    expect(q.headers.get('location')).toBe(`/p/${publicId}?lang=de`);
    const wrong = `${g13.slice(0, 12)}${(Number(g13[12]) + 1) % 10}`;
    const badCheck = await call(gs1Route, 'GET', `/01/${wrong}`, { params: { gtin: wrong } });
    expectEnvelope(badCheck, 400, 'GS1_DIGITAL_LINK_INVALID');
    expect((await call(gs1Route, 'GET', '/01/96385074', { params: { gtin: '96385074' } })).status).toBe(404);

    // Withdrawn: the SKU is deleted.
    const skuRoute = await import('@/app/api/skus/[id]/route');
    expect(
      (await call(skuRoute, 'DELETE', `/api/skus/${sku.id}`, { cookie: u.cookie, params: { id: sku.id } })).status,
    ).toBe(200);
    expectEnvelope(await call(qrSvgRoute, 'GET', `/p/${publicId}/qr.svg`, { params: { publicId } }), 410, 'GONE');
    expectEnvelope(
      await call(docRoute, 'GET', `/p/${publicId}/documents/${manual.id}`, {
        params: { publicId, documentId: manual.id },
      }),
      410,
      'GONE',
    );
    expect((await call(gs1Route, 'GET', `/01/${g13}`, { params: { gtin: g13 } })).status).toBe(404);
  });

  it('GTIN-8 and GTIN-12 resolve too; spellings are matched padded to 14', async () => {
    expect(parseDigitalLink('96385074').gtin).toBe('00000096385074');
    expect(parseDigitalLink('036000291452').gtin).toBe('00036000291452');
    expect(() => parseDigitalLink('036000291453')).toThrow(DigitalLinkError);
    expect(() => parseDigitalLink('12345')).toThrow(DigitalLinkError);
    expect(gtinSpellings('00036000291452').sort()).toEqual(['00036000291452', '0036000291452', '036000291452'].sort());
    const u = await makeUser();
    for (const gtin of ['96385074', '036000291452']) {
      const sku = await readySku(u, { gtin });
      await approve(u, sku.id);
      const pub = await publish(u, sku.id);
      const padded = gtin.padStart(14, '0');
      const r = await call(gs1Route, 'GET', `/01/${padded}`, { params: { gtin: padded } });
      expect(r.status).toBe(307);
      expect(r.headers.get('location')).toBe(`/p/${pub.body.output.public_id}`);
    }
  });
});

describe('GS1 resolution across workspaces', () => {
  it('a GTIN already resolving keeps its page: another workspace publishing the same code is refused', async () => {
    const gtin = (await import('../skus/fixtures')).uniqueGtin();
    const first = await makeUser();
    const a = await readySku(first, { gtin });
    await approve(first, a.id);
    const pa = (await publish(first, a.id)).body.output.public_id;
    const squatter = await makeUser();
    const b = await readySku(squatter, { gtin });
    await approve(squatter, b.id);
    expectEnvelope(await publish(squatter, b.id), 409, 'GTIN_PUBLISHED_ELSEWHERE');
    const r = await call(gs1Route, 'GET', `/01/${gtin}`, { params: { gtin } });
    expect(r.headers.get('location')).toBe(`/p/${pa}`);
  });
});

describe('public page proxy (CSP and 410)', () => {
  it('answers 410 for a withdrawn page and hands Next a nonce and a strict CSP otherwise', async () => {
    const db = await getDb();
    const u = await makeUser();
    const sku = await readySku(u);
    await approve(u, sku.id);
    const publicId = (await publish(u, sku.id)).body.output.public_id as string;

    const live = await publicPageProxy(new Request(`${ORIGIN}/p/${publicId}`), { db });
    if (live.kind !== 'next') throw new Error('expected next');
    const csp = live.responseHeaders.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'nonce-${live.nonce}' 'strict-dynamic'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(live.requestHeaders.get('x-nonce')).toBe(live.nonce);
    expect(live.requestHeaders.get('content-security-policy')).toBe(csp);
    const other = await publicPageProxy(new Request(`${ORIGIN}/p/${publicId}`), { db });
    expect(other.kind === 'next' && other.nonce).not.toBe(live.nonce);

    await db.delete(skus).where(eq(skus.id, sku.id));
    await db
      .update(publicPages)
      .set({ withdrawnAt: new Date(), skuId: null })
      .where(eq(publicPages.publicId, publicId));
    const gone = await publicPageProxy(new Request(`${ORIGIN}/p/${publicId}?lang=de`), { db });
    if (gone.kind !== 'respond') throw new Error('expected 410');
    expect(gone.response.status).toBe(410);
    const html = await gone.response.text();
    expect(html).toContain('Diese Produktseite wurde zurückgezogen');
    expect(gone.response.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);
    // The page's files are not looked up by the proxy (their routes answer 410 themselves).
    expect((await publicPageProxy(new Request(`${ORIGIN}/p/${publicId}/qr.svg`), { db })).kind).toBe('next');
  });
});
