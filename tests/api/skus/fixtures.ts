/**
 * Shared steps of the SKU API tests, all through the real route handlers (HTTP-shaped requests) except
 * documents, whose upload API belongs to another area: those rows and blobs are written directly, as
 * the document service would.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import * as skusRoute from '@/app/api/skus/route';
import * as approveRoute from '@/app/api/skus/[id]/approve/route';
import * as publishRoute from '@/app/api/skus/[id]/publish/route';
import * as dossierFieldRoute from '@/app/api/skus/[id]/dossier/[fieldKey]/route';
import * as entitiesRoute from '@/app/api/entities/route';
import * as linkRoute from '@/app/api/skus/[id]/entities/[role]/route';
import { getDb } from '@/lib/db/client';
import { documentExtractions, documents, documentSkus } from '@/lib/db/schema';
import { recomputeSku } from '@/lib/skus/evaluate';
import { documentBlobKey, setBlobStore } from '@/lib/storage';
import { localBlobStore } from '@/lib/storage/local';
import { call, type TestUser } from '../../helpers/http';

export { skusRoute, approveRoute, publishRoute, dossierFieldRoute, entitiesRoute, linkRoute };

/** Every test file gets its own blob folder (documents, captured pictures). */
export function withTempBlobStore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-blobs-'));
  const store = localBlobStore(dir);
  setBlobStore(store);
  return { dir, store };
}

export async function createSku(u: TestUser, body: Record<string, unknown>) {
  const res = await call(skusRoute, 'POST', '/api/skus', { cookie: u.cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.body.sku as { id: string; sku_code: string; [k: string]: unknown };
}

export async function setField(u: TestUser, skuId: string, fieldKey: string, value: string) {
  const res = await call(dossierFieldRoute, 'PUT', `/api/skus/${skuId}/dossier/${fieldKey}`, {
    cookie: u.cookie,
    params: { id: skuId, fieldKey },
    body: { value },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function setFields(u: TestUser, skuId: string, fields: Record<string, string>) {
  for (const [k, v] of Object.entries(fields)) await setField(u, skuId, k, v);
}

export async function createEntity(u: TestUser, body: Record<string, unknown>) {
  const res = await call(entitiesRoute, 'POST', '/api/entities', { cookie: u.cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.body.entity as { id: string; [k: string]: unknown };
}

export async function link(u: TestUser, skuId: string, role: string, entityId: string) {
  const res = await call(linkRoute, 'PUT', `/api/skus/${skuId}/entities/${role}`, {
    cookie: u.cookie,
    params: { id: skuId, role },
    body: { entity_id: entityId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export const EU_MANUFACTURER = {
  name: 'Holzwerk Müller GmbH',
  street: 'Werkstraße 5',
  postal_code: '80331',
  city: 'München',
  country: 'DE',
  email: 'safety@holzwerk.example',
  contact_url: 'https://holzwerk.example/kontakt',
};

export const CN_MANUFACTURER = {
  name: 'Shenzhen Bright Toys Co., Ltd.',
  street: '88 Keji Road',
  postal_code: '518057',
  city: 'Shenzhen',
  country: 'CN',
  email: 'export@brighttoys.example',
};

export const EU_RESPONSIBLE_PERSON = {
  name: 'EU Rep Services B.V.',
  street: 'Keizersgracht 1',
  postal_code: '1015 CJ',
  city: 'Amsterdam',
  country: 'NL',
  email: 'gpsr@eurep.example',
};

/** Inserts a document (bytes in the blob store) and links it to the SKUs, as the document service would. */
export async function addDocument(
  u: TestUser,
  opts: {
    skuIds: string[];
    type: string;
    filename?: string;
    bytes?: Uint8Array;
    mimeType?: string;
    validUntil?: string | null;
    isPublic?: boolean;
    references?: string[];
    language?: string | null;
    /** The link's evidence status (issue 33): accepted by a person unless said otherwise. */
    evidence?: 'accepted' | 'proposed';
  },
) {
  const db = await getDb();
  const { getBlobStore } = await import('@/lib/storage');
  const bytes = opts.bytes ?? new TextEncoder().encode(`%PDF-1.4\n% ${opts.type} ${crypto.randomUUID()}\n%%EOF\n`);
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const storageKey = documentBlobKey(u.workspaceId, sha256);
  await getBlobStore().put(storageKey, bytes);
  const [doc] = await db
    .insert(documents)
    .values({
      workspaceId: u.workspaceId,
      sha256,
      filename: opts.filename ?? `${opts.type}.pdf`,
      mimeType: opts.mimeType ?? 'application/pdf',
      sizeBytes: bytes.byteLength,
      storageKey,
      documentType: opts.type as never,
      validUntil: opts.validUntil ?? null,
      isPublic: opts.isPublic ?? false,
      detectedLanguage: opts.language ?? null,
    })
    .returning();
  if (opts.skuIds.length)
    await db.insert(documentSkus).values(
      opts.skuIds.map((skuId) => ({
        workspaceId: u.workspaceId,
        documentId: doc.id,
        skuId,
        ...(opts.evidence === 'proposed'
          ? {}
          : {
              evidenceStatus: 'accepted' as const,
              personDecision: 'accepted' as const,
              personDecisionReason: 'The SKU’s own document (test fixture).',
              personDecisionBy: u.id,
              personDecisionByLabel: u.email,
              personDecisionAt: new Date(),
            }),
      })),
    );
  if (opts.references?.length) {
    await db.insert(documentExtractions).values({
      workspaceId: u.workspaceId,
      documentId: doc.id,
      facts: [{ field_key: 'harmonised_standards', value: opts.references.join('; ') }],
    });
  }
  for (const id of opts.skuIds) await recomputeSku(db, { workspaceId: u.workspaceId, skuId: id });
  return doc;
}

/** A general-category SKU with every GPSR core requirement met (EU manufacturer, de + en texts). */
export async function readySku(u: TestUser, over: { sku_code?: string; product_name?: string; gtin?: string } = {}) {
  const sku = await createSku(u, {
    sku_code: over.sku_code ?? `R-${crypto.randomUUID().slice(0, 8)}`,
    product_name: over.product_name ?? 'Bamboo cutting board',
    gtin: over.gtin ?? uniqueGtin(),
  });
  await setFields(u, sku.id, {
    model_number: 'CB-200',
    brand: 'Holzwerk',
    product_image_url: 'https://images.example/cb-200.jpg',
    product_description: 'Cutting board made of bamboo, 30 x 20 cm.',
    target_markets: 'DE',
    safety_warnings_de: 'Nicht in der Spülmaschine reinigen. Von Hitzequellen fernhalten.',
    safety_warnings_en: 'Do not put in the dishwasher. Keep away from heat sources.',
    instructions_de: 'Vor dem ersten Gebrauch mit Öl einreiben.',
    instructions_en: 'Rub with oil before first use.',
  });
  const m = await createEntity(u, EU_MANUFACTURER);
  await link(u, sku.id, 'manufacturer', m.id);
  await addDocument(u, { skuIds: [sku.id], type: 'risk_assessment', filename: 'Risk assessment CB-200.pdf' });
  return sku;
}

export async function approve(u: TestUser, id: string) {
  const res = await call(approveRoute, 'POST', `/api/skus/${id}/approve`, { cookie: u.cookie, params: { id } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function publish(u: TestUser, id: string, headers?: Record<string, string>) {
  return call(publishRoute, 'POST', `/api/skus/${id}/publish`, { cookie: u.cookie, params: { id }, headers });
}

/** A random GTIN-13 with a valid check digit (tests share one database, and /01/{gtin} resolves across workspaces). */
export function uniqueGtin(): string {
  const body = `4${String(crypto.randomInt(0, 1e11)).padStart(11, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
