/**
 * Passports (issue 37): compiled at each publication from the approved data, immutable and versioned with
 * a content hash; served per version and access tier at /p/{public_id}/passport[/{version}] and listed at
 * /api/skus/{id}/passports. Tiers: the public one is open, the others need an API key with a passport
 * scope or an access grant; grants expire and are revoked; no value of a higher tier reaches a lower one.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as listRoute from '@/app/api/skus/[id]/passports/route';
import * as versionRoute from '@/app/api/skus/[id]/passports/[version]/route';
import * as grantsRoute from '@/app/api/skus/[id]/passport-grants/route';
import * as grantRoute from '@/app/api/skus/[id]/passport-grants/[grantId]/route';
import * as publicLatest from '@/app/p/[publicId]/passport/route';
import * as publicVersion from '@/app/p/[publicId]/passport/[version]/route';
import { createApiKey } from '@/lib/auth/api-keys';
import { getDb } from '@/lib/db/client';
import { passportAccessGrants, passports } from '@/lib/db/schema';
import { canonicalJson } from '@/lib/passports/canonical';
import { hasPublicPassport } from '@/lib/passports/public';
import { UntpDppCredential } from '@/lib/passports/untp-schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { addDocument, approve, publish, readySku, setFields, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

async function keyFor(u: TestUser, scopes: string[]) {
  const db = await getDb();
  const k = await createApiKey(db, {
    workspace: { id: u.workspaceId, name: 'W', plan: 'enterprise' },
    actor: { userId: u.id, apiKeyId: null, label: u.email },
    input: { name: `k ${scopes.join(',')}`, scopes },
  });
  return k.key;
}

let u: TestUser;
let skuId: string;
let publicId: string;
let testReportName: string;
const get = (tier: string, opts: { bearer?: string; version?: number; query?: Record<string, string> } = {}) =>
  opts.version
    ? call(publicVersion, 'GET', `/p/${publicId}/passport/${opts.version}`, {
        params: { publicId, version: String(opts.version) },
        query: { tier, ...opts.query },
        bearer: opts.bearer,
      })
    : call(publicLatest, 'GET', `/p/${publicId}/passport`, {
        params: { publicId },
        query: { tier, ...opts.query },
        bearer: opts.bearer,
      });

beforeAll(async () => {
  u = await makeUser({ plan: 'pro' });
  const sku = await readySku(u, { product_name: 'Passport board' });
  skuId = sku.id;
  await setFields(u, skuId, {
    applicable_legislation: 'Regulation (EC) No 1935/2004; Regulation (EU) No 10/2011',
    harmonised_standards: 'EN 1186-1:2002; EN 13130-1:2004',
    hs_code: '441911',
    country_of_origin: 'DE',
  });
  testReportName = `Test report ${crypto.randomUUID().slice(0, 6)}.pdf`;
  await addDocument(u, { skuIds: [skuId], type: 'test_report', filename: testReportName });
  await addDocument(u, { skuIds: [skuId], type: 'declaration_of_conformity', filename: 'EU DoC.pdf', isPublic: true });
  await approve(u, skuId);
  const res = await publish(u, skuId);
  expect(res.status, res.text).toBe(200);
  publicId = res.body.output.public_id;
});

describe('listSkuPassports, getSkuPassport — compiled at publication', () => {
  it('lists one version per published revision, with hashes that match the served bytes', async () => {
    const list = await call(listRoute, 'GET', `/api/skus/${skuId}/passports`, {
      cookie: u.cookie,
      params: { id: skuId },
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body.passports).toHaveLength(1);
    const v1 = list.body.passports[0];
    expect(v1).toMatchObject({
      version: 1,
      revision: 1,
      latest: true,
      formats: ['untp_dpp'],
      blockers: [],
      complete: true,
    });
    expect(v1.urls.untp_dpp.public).toMatch(new RegExp(`/p/${publicId}/passport/1$`));

    const pub = await get('public');
    expect(pub.status, pub.text).toBe(200);
    expect(pub.headers.get('content-type')).toContain('application/ld+json');
    expect(sha(pub.text)).toBe(pub.headers.get('x-content-sha256'));
    expect(pub.headers.get('content-disposition')).toBe(
      `inline; filename="passport-${publicId}-v1-untp_dpp-public.jsonld"`,
    );
    expect(sha(pub.text)).toBe(v1.document_hashes.untp_dpp.public);
    const viaApi = await call(versionRoute, 'GET', `/api/skus/${skuId}/passports/1`, {
      cookie: u.cookie,
      params: { id: skuId, version: '1' },
    });
    expect(viaApi.status, viaApi.text).toBe(200);
    expect(viaApi.headers.get('content-disposition')).toMatch(
      /^inline; filename="passport-.+-v1-untp_dpp-public\.jsonld"$/,
    );
    expect(v1.content_sha256).toBe(sha(canonicalJson(v1.document_hashes)));
    expect(await hasPublicPassport(await getDb(), { publicId })).toBe(true);
  });

  it('is a UNTP DPP 0.7 credential with product, identifiers, operators, claims and safety information', async () => {
    const doc = (await get('public')).body;
    expect(UntpDppCredential.safeParse(doc).error).toBeUndefined();
    const s = doc.credentialSubject;
    expect(s.name).toBe('Passport board');
    expect(s.modelNumber).toBe('CB-200');
    expect(s.idScheme.name).toContain('GTIN');
    expect(s.relatedParty.map((p: { role: string }) => p.role)).toContain('manufacturer');
    expect(s.productCategory[0].code).toBe('441911');
    const laws = s.performanceClaim.map(
      (c: { referenceRegulation: { name: string }[] }) => c.referenceRegulation[0].name,
    );
    expect(laws).toEqual([
      expect.stringContaining('2023/988'),
      'Regulation (EC) No 1935/2004',
      'Regulation (EU) No 10/2011',
    ]);
    expect(s.performanceClaim[1].referenceStandard.map((x: { name: string }) => x.name)).toContain('EN 1186-1:2002');
    expect(s.characteristics.safetyWarnings.en).toContain('dishwasher');
    // The public DoC is evidence for everyone; provenance names the dossier field of each value.
    expect(JSON.stringify(s.performanceClaim[0].evidence)).toContain('EU DoC.pdf');
    expect(doc.evidence.find((e: { dossierField: string }) => e.dossierField === 'model_number')).toMatchObject({
      path: 'credentialSubject.modelNumber',
      source: 'manual',
    });
  });

  it('re-publishing makes a new version; the old one stays resolvable and unchanged', async () => {
    const v1 = await get('public', { version: 1 });
    const res = await publish(u, skuId);
    expect(res.status, res.text).toBe(200);
    const list = await call(listRoute, 'GET', `/api/skus/${skuId}/passports`, {
      cookie: u.cookie,
      params: { id: skuId },
    });
    expect(list.body.passports.map((p: { version: number }) => p.version)).toEqual([2, 1]);
    expect(list.body.passports[1].latest).toBe(false);
    const again = await get('public', { version: 1 });
    expect(again.text).toBe(v1.text);
    const latest = await get('public');
    expect(latest.headers.get('x-passport-version')).toBe('2');
    expect(latest.body.id).toMatch(/\/passport\/2$/);
    expectEnvelope(await get('public', { version: 9 }), 404, 'NOT_FOUND');
  });

  it('answers HTML to a browser', async () => {
    const res = await call(publicLatest, 'GET', `/p/${publicId}/passport`, {
      params: { publicId },
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('Passport board');
  });
});

describe('createPassportAccessGrant, listPassportAccessGrants, revokePassportAccessGrant — access tiers', () => {
  it('the public tier carries no value of a higher tier', async () => {
    const pub = await get('public');
    const auth = await call(versionRoute, 'GET', `/api/skus/${skuId}/passports/2`, {
      cookie: u.cookie,
      params: { id: skuId, version: '2' },
      query: { tier: 'authority' },
    });
    expect(auth.status, auth.text).toBe(200);
    // The test report (Annex XIII point 3) and the confirming person are for authorities only.
    expect(auth.text).toContain(testReportName);
    expect(auth.text).toContain(u.email);
    expect(pub.text).not.toContain(testReportName);
    expect(pub.text).not.toContain(u.email);
    expect(pub.text).not.toContain('confirmedBy');
  });

  it('needs a key with a passport scope, of this workspace, for the tiers above public', async () => {
    expectEnvelope(await get('legitimate_interest'), 401, 'UNAUTHORIZED');
    const readOnly = await keyFor(u, ['skus:read']);
    expectEnvelope(await get('legitimate_interest', { bearer: readOnly }), 403, 'INSUFFICIENT_SCOPE');
    const li = await keyFor(u, ['passports:read']);
    const liRes = await get('legitimate_interest', { bearer: li });
    expect(liRes.status, liRes.text).toBe(200);
    expect(liRes.text).not.toContain(testReportName);
    expectEnvelope(await get('authority', { bearer: li }), 403, 'INSUFFICIENT_SCOPE');
    const au = await keyFor(u, ['passports-authority:read']);
    const auRes = await get('authority', { bearer: au });
    expect(auRes.status).toBe(200);
    expect(auRes.text).toContain(testReportName);
    const stranger = await makeUser({ plan: 'pro' });
    const foreign = await keyFor(stranger, ['passports-authority:read']);
    // A valid key of another workspace: authenticated, not permitted here (403 with the reason, not 401).
    expect(expectEnvelope(await get('authority', { bearer: foreign }), 403, 'FORBIDDEN').details).toMatchObject({
      reason: 'key_of_another_workspace',
    });
    expectEnvelope(await get('authority', { bearer: `cw_live_${'Z'.repeat(43)}` }), 401, 'API_KEY_INVALID');
    // The workspace API: a key reads only the tiers its scopes open.
    const viaApi = await call(versionRoute, 'GET', `/api/skus/${skuId}/passports/1`, {
      bearer: li,
      params: { id: skuId, version: '1' },
      query: { tier: 'authority' },
    });
    expectEnvelope(viaApi, 403, 'INSUFFICIENT_SCOPE');
    // Another workspace's SKU is a 404.
    const other = await call(listRoute, 'GET', `/api/skus/${skuId}/passports`, {
      cookie: stranger.cookie,
      params: { id: skuId },
    });
    expectEnvelope(other, 404, 'NOT_FOUND');
  });

  it('access grants open their tier only, and stop when they expire or are revoked', async () => {
    const made = await call(grantsRoute, 'POST', `/api/skus/${skuId}/passport-grants`, {
      cookie: u.cookie,
      params: { id: skuId },
      body: { tier: 'legitimate_interest', recipient: 'Recycler GmbH', expires_in_days: 7 },
    });
    expect(made.status, made.text).toBe(201);
    const token = made.body.grant.token as string;
    expect(token).toMatch(/^pgr_/);
    const db = await getDb();
    const [stored] = await db
      .select()
      .from(passportAccessGrants)
      .where(eq(passportAccessGrants.id, made.body.grant.id));
    expect(stored.tokenHash).toBe(sha(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const ok = await get('legitimate_interest', { query: { access_token: token } });
    expect(ok.status, ok.text).toBe(200);
    // Presented for another SKU's passport, the grant is a valid credential without permission there: 403.
    const other = await readySku(u, { product_name: 'Other board' });
    await approve(u, other.id);
    const otherPublicId = (await publish(u, other.id)).body.output.public_id as string;
    const elsewhere = await call(publicLatest, 'GET', `/p/${otherPublicId}/passport`, {
      params: { publicId: otherPublicId },
      query: { tier: 'legitimate_interest', access_token: token },
    });
    expect(expectEnvelope(elsewhere, 403, 'FORBIDDEN').details).toMatchObject({ reason: 'grant_for_another_passport' });
    const unknown = await get('legitimate_interest', { query: { access_token: `pgr_${'A'.repeat(43)}` } });
    expect(unknown.status).toBe(401);
    expectEnvelope(await get('authority', { bearer: token }), 403, 'INSUFFICIENT_SCOPE');

    const listed = await call(grantsRoute, 'GET', `/api/skus/${skuId}/passport-grants`, {
      cookie: u.cookie,
      params: { id: skuId },
    });
    expect(listed.body.data[0]).toMatchObject({
      recipient: 'Recycler GmbH',
      state: 'active',
      tier: 'legitimate_interest',
    });
    expect(listed.text).not.toContain(token);

    const revoked = await call(grantRoute, 'DELETE', `/api/skus/${skuId}/passport-grants/${made.body.grant.id}`, {
      cookie: u.cookie,
      params: { id: skuId, grantId: made.body.grant.id },
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.grant.state).toBe('revoked');
    expectEnvelope(await get('legitimate_interest', { bearer: token }), 401, 'INVALID_TOKEN');

    const second = await call(grantsRoute, 'POST', `/api/skus/${skuId}/passport-grants`, {
      cookie: u.cookie,
      params: { id: skuId },
      body: { tier: 'authority', recipient: 'Market surveillance authority' },
    });
    const t2 = second.body.grant.token as string;
    expect((await get('authority', { bearer: t2 })).status).toBe(200);
    await db
      .update(passportAccessGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passportAccessGrants.id, second.body.grant.id));
    const expired = await get('authority', { bearer: t2 });
    expectEnvelope(expired, 401, 'INVALID_TOKEN');
    expect(expired.body.error.message).toContain('expired');
  });
});

describe('immutability', () => {
  it('stores each version once; nothing rewrites it', async () => {
    const db = await getDb();
    const rows = await db.select().from(passports).where(eq(passports.skuId, skuId));
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2]);
    for (const r of rows)
      for (const [format, tiers] of Object.entries(r.documents))
        for (const [t, d] of Object.entries(tiers)) expect(sha(canonicalJson(d))).toBe(r.documentHashes[format][t]);
  });
});
