/**
 * The public address of safety pages: PUBLIC_APP_URL when set, else the request's origin when the
 * configuration allows it (never an arbitrary Host), else the local default. The QR code (decoded
 * from the PNG), the GS1 Digital Link, the publish answer, the revisions list and the OpenAPI servers
 * entry all carry the same origin.
 */
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import * as qrPngRoute from '@/app/p/[publicId]/qr.png/route';
import * as revisionsRoute from '@/app/api/skus/[id]/revisions/route';
import * as openapiRoute from '@/app/api/openapi.json/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { PAGE_LANG_HEADER, publicPageProxy } from '@/lib/publish/public-page-csp';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { approve, publishRoute, readySku, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

const saved = { PUBLIC_APP_URL: process.env.PUBLIC_APP_URL, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS };
function setEnv(vars: { PUBLIC_APP_URL?: string; ALLOWED_ORIGINS?: string }) {
  for (const k of ['PUBLIC_APP_URL', 'ALLOWED_ORIGINS'] as const) {
    if (vars[k] === undefined) delete process.env[k];
    else process.env[k] = vars[k];
  }
  resetEnvCache();
}
afterEach(() => setEnv(saved));

async function decodeQr(publicId: string): Promise<string> {
  const res = await qrPngRoute.GET(new Request(`http://127.0.0.1:3100/p/${publicId}/qr.png`), {
    params: Promise.resolve({ publicId }),
  });
  expect(res.status).toBe(200);
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  if (!code) throw new Error('QR code not readable');
  return code.data;
}

/** Publishes a ready SKU with the request addressed to `origin` (as the Host header would make it). */
async function publishAt(u: TestUser, origin: string, pageOrigin = origin) {
  const sku = await readySku(u);
  await approve(u, sku.id);
  const res = await call(publishRoute, 'POST', `${origin}/api/skus/${sku.id}/publish`, {
    cookie: u.cookie,
    params: { id: sku.id },
    origin: pageOrigin,
  });
  expect(res.status, res.text).toBe(200);
  const revisions = await call(revisionsRoute, 'GET', `${origin}/api/skus/${sku.id}/revisions`, {
    cookie: u.cookie,
    params: { id: sku.id },
  });
  return { sku, res, revisions, publicId: res.body.output.public_id as string };
}

function expectAgreement(got: Awaited<ReturnType<typeof publishAt>>, qr: string, origin: string, gtin: string) {
  const publicUrl = `${origin}/p/${got.publicId}`;
  expect(got.res.body.public_url).toBe(publicUrl);
  expect(qr).toBe(publicUrl);
  expect(got.res.body.safety_page.gs1_digital_link).toBe(`${origin}/01/${gtin.padStart(14, '0')}`);
  expect(got.revisions.body.revisions[0].public_url).toBe(publicUrl);
}

describe('listSkuRevisions — public URLs', () => {
  it('PUBLIC_APP_URL wins over the request: QR, GS1 link and revisions agree; no warning', async () => {
    setEnv({ PUBLIC_APP_URL: 'https://safety.example.com/', ALLOWED_ORIGINS: 'http://127.0.0.1:3100' });
    const u = await makeUser();
    const got = await publishAt(u, 'http://127.0.0.1:3100');
    expectAgreement(got, await decodeQr(got.publicId), 'https://safety.example.com', got.sku.gtin as string);
    expect(got.revisions.body.public_base).toEqual({
      url: 'https://safety.example.com',
      configured: true,
      source: 'PUBLIC_APP_URL',
    });
    const doc = await call(openapiRoute as never, 'GET', 'http://127.0.0.1:3100/api/openapi.json');
    expect(doc.body.servers).toEqual([{ url: 'https://safety.example.com' }]);
  });

  it('unset: an allowed request origin is used, with the warning flag', async () => {
    setEnv({ ALLOWED_ORIGINS: 'http://192.168.1.20:3100' });
    const u = await makeUser();
    const got = await publishAt(u, 'http://192.168.1.20:3100');
    expectAgreement(got, await decodeQr(got.publicId), 'http://192.168.1.20:3100', got.sku.gtin as string);
    expect(got.revisions.body.public_base).toEqual({
      url: 'http://192.168.1.20:3100',
      configured: false,
      source: 'request',
    });
  });

  it('unset: a Host outside the configuration is never echoed into links or codes', async () => {
    setEnv({});
    const u = await makeUser();
    // The browser's Origin is the app's own; only the Host header (hence the request URL) is forged.
    const got = await publishAt(u, 'http://evil.example', 'http://127.0.0.1:3100');
    const qr = await decodeQr(got.publicId);
    expect(qr).not.toContain('evil');
    expectAgreement(got, qr, 'http://127.0.0.1:3100', got.sku.gtin as string);
    expect(got.revisions.body.public_base).toMatchObject({ configured: false, source: 'default' });
    const doc = await call(openapiRoute as never, 'GET', 'http://evil.example/api/openapi.json');
    expect(doc.body.servers).toEqual([{ url: 'http://127.0.0.1:3100' }]);
  });

  it('the proxy resolves the page language for <html lang>; a client cannot set it', async () => {
    setEnv({});
    const u = await makeUser();
    const { publicId } = await publishAt(u, 'http://127.0.0.1:3100');
    const db = await getDb();
    const langOf = async (init: { lang?: string; acceptLanguage?: string; forged?: string }) => {
      const headers = new Headers();
      if (init.acceptLanguage) headers.set('accept-language', init.acceptLanguage);
      if (init.forged) headers.set(PAGE_LANG_HEADER, init.forged);
      const q = init.lang ? `?lang=${init.lang}` : '';
      const d = await publicPageProxy(new Request(`http://127.0.0.1:3100/p/${publicId}${q}`, { headers }), { db });
      if (d.kind !== 'next') throw new Error('expected the page to render');
      return d.requestHeaders.get(PAGE_LANG_HEADER);
    };
    expect(await langOf({ acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5' })).toBe('de');
    expect(await langOf({ acceptLanguage: 'de-AT', lang: 'en' })).toBe('en');
    // Japanese was not published: the page is English, and so is its lang.
    expect(await langOf({ acceptLanguage: 'ja', forged: 'ja' })).toBe('en');
  });
});
