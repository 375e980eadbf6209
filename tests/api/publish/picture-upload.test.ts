/**
 * Product pictures uploaded to the SKU: recognised by their bytes, bounded in pixels before decoding,
 * turned upright, shrunk, re-encoded without metadata, stored in the blob store, set as the dossier's
 * product_image_url, and shown on the public page after publishing.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import * as pictureUpload from '@/app/api/skus/[id]/picture/route';
import * as uploadedPicture from '@/app/pictures/[workspaceId]/[file]/route';
import * as pagePicture from '@/app/p/[publicId]/picture/route';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { pdfPictureBlobKey, pictureBlobKey } from '@/lib/publish/picture-upload';
import { renderDossierPdf } from '@/lib/publish/pdf';
import { getBlobStore } from '@/lib/storage';
import { call, expectEnvelope, makeUser, ORIGIN, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createKey } from '../documents/helpers';
import { approve, publish, readySku, withTempBlobStore } from '../skus/fixtures';
import { renderPublicPage } from './page-harness';

vi.mock('next/headers', async () => {
  const { requestState } = await import('./page-harness-state');
  return { headers: async () => requestState.headers };
});
vi.mock('next/server', () => ({ connection: async () => {} }));

useTestDatabase();
withTempBlobStore();

function upload(u: TestUser, skuId: string, bytes: Uint8Array, name = 'picture.jpg', auth?: { bearer: string }) {
  const fd = new FormData();
  fd.set('file', new Blob([new Uint8Array(bytes)]), name);
  return call(pictureUpload, 'POST', `/api/skus/${skuId}/picture`, {
    ...(auth ?? { cookie: u.cookie }),
    params: { id: skuId },
    rawBody: fd,
  });
}

/** A 3000 × 2000 camera JPEG lying on its side (EXIF orientation 6) with a GPS position and a serial number. */
async function cameraJpeg() {
  return new Uint8Array(
    await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'ACME', Model: 'Cam 1', Copyright: 'private-owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  );
}

/** A PNG whose header claims 30000 × 30000 pixels (900 MP) in a few hundred bytes: a decompression bomb. */
function bombPng() {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(30001 * 4))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

async function fetchBytes(handler: typeof uploadedPicture.GET, url: string, params: Record<string, string>) {
  const res = await handler(new Request(new URL(url, ORIGIN)), { params: Promise.resolve(params) });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('uploadSkuPicture — uploading a product picture', () => {
  it('stores an upright, shrunk WebP without EXIF and sets it as product_image_url', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const original = await cameraJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(u, sku.id, original);
    expect(res.status, res.text).toBe(201);
    const { url, width, height } = res.body.picture;
    // Orientation 6 turns the 3000 × 2000 landscape into a portrait, then it fits 1600 px.
    expect([width, height]).toEqual([1067, 1600]);
    expect(url).toMatch(new RegExp(`^${ORIGIN}/pictures/${u.workspaceId}/[0-9a-f]{64}\\.webp$`));
    expect(res.body.field.value).toMatchObject({ field_key: 'product_image_url', value: url, status: 'confirmed' });
    expect(JSON.stringify(res.body.field)).toContain(url);

    const [workspaceId, file] = new URL(url).pathname.split('/').slice(2);
    const stored = await getBlobStore().getBytes(pictureBlobKey(workspaceId, file.slice(0, 64)));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(Buffer.from(stored).toString('latin1')).not.toContain('private-owner');

    // Served without credentials (exports link to it), as stored, with the public file headers.
    const served = await fetchBytes(uploadedPicture.GET, new URL(url).pathname, { workspaceId, file });
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get('content-type')).toBe('image/webp');
    expect(served.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(served.bytes).equals(Buffer.from(stored))).toBe(true);
    const missing = await fetchBytes(uploadedPicture.GET, '/pictures/x', {
      workspaceId,
      file: `${'0'.repeat(64)}.webp`,
    });
    expect(missing.res.status).toBe(404);
  });

  it('refuses what is not a picture, damaged pictures and decompression bombs with precise codes', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expectEnvelope(await upload(u, sku.id, svg, 'x.png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const damaged = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode('garbage'.repeat(50))]);
    expect(expectEnvelope(await upload(u, sku.id, damaged), 422, 'UNREADABLE_FILE').details.reason).toBe('damaged');
    const bomb = bombPng();
    expect(bomb.byteLength).toBeLessThan(200_000);
    const err = expectEnvelope(await upload(u, sku.id, bomb, 'bomb.png'), 422, 'UNREADABLE_FILE');
    expect(err.details.reason).toBe('too_many_pixels');
    expect(err.message).toContain('30000 × 30000');
    // Nothing was set: the dossier still has the URL the SKU had.
    const empty = await upload(u, sku.id, new Uint8Array(0), 'empty.jpg');
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
  });

  it('a key needs skus:write; another workspace gets 404', async () => {
    const u = await makeUser({ plan: 'pro' });
    const sku = await readySku(u);
    const png = new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer(),
    );
    const readOnly = await createKey(u, ['skus:read']);
    const denied = await upload(u, sku.id, png, 'p.png', { bearer: readOnly });
    expect(expectEnvelope(denied, 403, 'INSUFFICIENT_SCOPE').details.required_scope).toBe('skus:write');
    const writer = await createKey(u, ['skus:write']);
    expect((await upload(u, sku.id, png, 'p.png', { bearer: writer })).status).toBe(201);
    const other = await makeUser();
    expectEnvelope(await upload(other, sku.id, png), 404, 'NOT_FOUND');
  });

  it('publishing takes the uploaded picture without fetching it; the German page shows it', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const up = await upload(u, sku.id, await cameraJpeg());
    expect(up.status, up.text).toBe(201);
    await approve(u, sku.id);
    const res = await publish(u, sku.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.output.picture).toEqual({ captured: true, source_url: up.body.picture.url });
    const publicId = res.body.output.public_id as string;

    const pic = await fetchBytes(pagePicture.GET, `/p/${publicId}/picture`, { publicId });
    expect(pic.res.status).toBe(200);
    expect(pic.res.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(pic.bytes).metadata()).width).toBe(1067);

    const de = await renderPublicPage(publicId, { acceptLanguage: 'de-DE,de;q=0.9' });
    expect(de.html).toContain('<main lang="de"');
    expect(de.html).toMatch(new RegExp(`<img[^>]+src="/p/${publicId}/picture\\?sha=[0-9a-f]{16}"`));
    expect(de.html).toContain('Nicht in der Spülmaschine reinigen.');
    // Alternates for every published language (hreflang) plus x-default, absolute; canonical names the language shown.
    const alt = de.metadata.alternates as { canonical: string; languages: Record<string, string> };
    expect(alt.canonical).toMatch(new RegExp(`^https?://[^/]+/p/${publicId}\\?lang=de$`));
    expect(Object.keys(alt.languages).sort()).toEqual(['de', 'en', 'x-default']);
  });

  it('keeps a JPEG variant for dossier.pdf, which shows it (a picture elsewhere is not fetched)', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const up = await upload(u, sku.id, await cameraJpeg());
    expect(up.status, up.text).toBe(201);
    const { url } = up.body.picture as { url: string };
    const [workspaceId, file] = new URL(url).pathname.split('/').slice(2);
    const variant = await getBlobStore().getBytes(pdfPictureBlobKey(workspaceId, file.slice(0, 64)));
    const meta = await sharp(variant).metadata();
    expect(meta.format).toBe('jpeg');
    // 1067 × 1600 fitted into 800 px: 533 or 534 wide, depending on sharp's rounding.
    expect(meta.height).toBe(800);
    expect(Math.abs(meta.width! - 533.5)).toBeLessThan(1);
    expect(meta.exif).toBeUndefined();

    const input = (value: string) => ({
      workspace: { name: 'Holzwerk' },
      sku: { sku_code: 'PIC-1', product_name: 'Tower' },
      entities: [],
      fields: [{ key: 'product_image_url', value, status: 'confirmed' as const, provenance: null }],
      blockers: [],
      documents: [],
      audit: {},
      generated_at: '2026-05-01T12:00:00Z',
    });
    const images = async (bytes: Uint8Array) => {
      const doc = await PDFDocument.load(bytes);
      return doc.context
        .enumerateIndirectObjects()
        .map(([, o]) => o)
        .filter(
          (o): o is PDFRawStream =>
            o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
        )
        .map((o) => [o.dict.get(PDFName.of('Width'))?.toString(), o.dict.get(PDFName.of('Height'))?.toString()]);
    };
    expect(await images(await renderDossierPdf(input(url), 'el'))).toEqual([[String(meta.width), '800']]);
    // A picture elsewhere: no network from the renderer, no image, the PDF still renders.
    expect(await images(await renderDossierPdf(input('https://cdn.example.com/tower.jpg'), 'el'))).toEqual([]);
  });
});
