/**
 * GTIN ownership between workspaces: publishing a GTIN another workspace published first, or claims,
 * is refused with a precise code naming the conflict (never a redirect to the other company's page);
 * claims are filed by a workspace, verified or rejected by staff only, and disputes show to staff;
 * a verified claim decides where /01/{gtin} resolves, and legacy double publications without one
 * answer an ambiguity (300 page / 409 GTIN_AMBIGUOUS), not a redirect to either workspace.
 */
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as gs1Route from '@/app/01/[gtin]/[[...qualifiers]]/route';
import * as claimsRoute from '@/app/api/workspace/gtin-claims/route';
import * as claimRoute from '@/app/api/workspace/gtin-claims/[id]/route';
import * as staffClaimsRoute from '@/app/api/staff/gtin-claims/route';
import * as decisionRoute from '@/app/api/staff/gtin-claims/[id]/decision/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, publicPages } from '@/lib/db/schema';
import { generatePublicId } from '@/lib/publish/public-page-id';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { approve, publish, readySku, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();
// Each case publishes SKUs of several workspaces: minutes on a loaded shared machine.
vi.setConfig({ testTimeout: 240_000 });

/** A fresh 7-digit company prefix (GTIN-13 form, outside the 4… range other test files draw GTINs from). */
const freshPrefix = () => `5${String(crypto.randomInt(100000, 999999))}`;
/** A GTIN-13 under a prefix, valid check digit. */
function gtinUnder(prefix: string): string {
  const body = `${prefix}${String(crypto.randomInt(0, 10 ** (12 - prefix.length))).padStart(12 - prefix.length, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function publishedSku(u: TestUser, gtin: string) {
  const sku = await readySku(u, { gtin });
  await approve(u, sku.id);
  return { sku, res: await publish(u, sku.id) };
}

const claim = (u: TestUser, body: Record<string, unknown>) =>
  call(claimsRoute, 'POST', '/api/workspace/gtin-claims', { cookie: u.cookie, body });
const decide = (u: TestUser, id: string, decision: 'verified' | 'rejected', note?: string) =>
  call(decisionRoute, 'POST', `/api/staff/gtin-claims/${id}/decision`, {
    cookie: u.cookie,
    params: { id },
    body: { decision, note },
  });
const resolve = (gtin: string, headers?: Record<string, string>) =>
  call(gs1Route, 'GET', `/01/${gtin}`, { params: { gtin }, headers });

describe('createGtinClaim, decideGtinClaim — publishing a GTIN another workspace holds', () => {
  it('the second workspace is refused with GTIN_PUBLISHED_ELSEWHERE naming the page; the resolver keeps the first', async () => {
    const gtin = gtinUnder(freshPrefix());
    const first = await makeUser();
    const a = await publishedSku(first, gtin);
    expect(a.res.status, a.res.text).toBe(200);
    const second = await makeUser();
    const b = await publishedSku(second, `0${gtin}`); // the same code, written as GTIN-14
    const err = expectEnvelope(b.res, 409, 'GTIN_PUBLISHED_ELSEWHERE');
    expect(err.details).toMatchObject({
      gtin: `0${gtin}`,
      conflict: 'published_elsewhere',
      public_url: a.res.body.public_url,
    });
    // The dry run says so beforehand.
    const dry = await call((await import('../skus/fixtures')).publishRoute, 'POST', `/api/skus/${b.sku.id}/publish`, {
      cookie: second.cookie,
      params: { id: b.sku.id },
      query: { dry_run: 'true' },
    });
    expect(dry.body).toMatchObject({ can_publish: false, blocking_reason: { code: 'GTIN_PUBLISHED_ELSEWHERE' } });
    // The first publisher re-publishes freely.
    expect((await publish(first, a.sku.id)).status).toBe(200);
    expect((await resolve(gtin)).headers.get('location')).toBe(`/p/${a.res.body.output.public_id}`);
  });

  it('a pending prefix claim stops another workspace publishing under it for the first time', async () => {
    const prefix = freshPrefix();
    const owner = await makeUser();
    const c = await claim(owner, { kind: 'prefix', value: prefix, evidence: 'GS1 Germany licence 123' });
    expect(c.status, c.text).toBe(201);
    expect(c.body.data).toMatchObject({ kind: 'prefix', value: prefix, status: 'pending', disputed: false });
    const other = await makeUser();
    const res = (await publishedSku(other, gtinUnder(prefix))).res;
    const err = expectEnvelope(res, 409, 'GTIN_CLAIMED_ELSEWHERE');
    expect(err.details).toMatchObject({
      conflict: 'claimed_elsewhere',
      claim: { kind: 'prefix', value: prefix, status: 'pending' },
    });
    // The claimant itself publishes under its own prefix.
    expect((await publishedSku(owner, gtinUnder(prefix))).res.status).toBe(200);
  });
});

describe('listGtinClaims, deleteGtinClaim, listGtinClaimsForStaff — claims and staff verification', () => {
  it('claims are validated, listed per workspace, withdrawn; another workspace cannot see or delete them', async () => {
    const u = await makeUser();
    expectEnvelope(await claim(u, { kind: 'prefix', value: '123' }), 400, 'GTIN_CLAIM_INVALID');
    expectEnvelope(await claim(u, { kind: 'prefix', value: '2012345' }), 400, 'GTIN_CLAIM_INVALID');
    expectEnvelope(await claim(u, { kind: 'prefix', value: '0000012' }), 400, 'GTIN_CLAIM_INVALID');
    const bad = expectEnvelope(await claim(u, { kind: 'gtin', value: '4006381333932' }), 400, 'GTIN_CLAIM_INVALID');
    expect(bad.details).toMatchObject({ reason: 'invalid_check_digit' });
    expectEnvelope(await claim(u, { kind: 'prefix', value: '5012345', extra: 1 }), 400, 'VALIDATION_FAILED');
    const prefix = freshPrefix();
    const ok = await claim(u, { kind: 'gtin', value: gtinUnder(prefix) });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.value).toHaveLength(14);
    expectEnvelope(await claim(u, { kind: 'gtin', value: ok.body.data.value }), 409, 'GTIN_CLAIM_EXISTS');
    const list = await call(claimsRoute, 'GET', '/api/workspace/gtin-claims', { cookie: u.cookie });
    expect(list.body.data.map((c: any) => c.id)).toEqual([ok.body.data.id]);
    const stranger = await makeUser();
    expect(
      (await call(claimsRoute, 'GET', '/api/workspace/gtin-claims', { cookie: stranger.cookie })).body.data,
    ).toEqual([]);
    const id = ok.body.data.id as string;
    expectEnvelope(
      await call(claimRoute, 'DELETE', `/api/workspace/gtin-claims/${id}`, { cookie: stranger.cookie, params: { id } }),
      404,
      'NOT_FOUND',
    );
    const del = await call(claimRoute, 'DELETE', `/api/workspace/gtin-claims/${id}`, {
      cookie: u.cookie,
      params: { id },
    });
    expect(del.body).toEqual({ data: { id, deleted: true } });
    const db = await getDb();
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['gtin_claim.created', 'gtin_claim.withdrawn']);
  });

  it('only staff list all claims and decide; a verified claim wins the resolver and blocks the squatter', async () => {
    const prefix = freshPrefix();
    const gtin = gtinUnder(prefix);
    // A squatter published first (before ownership existed, or before the owner claimed).
    const squatter = await makeUser();
    const s = await publishedSku(squatter, gtin);
    expect(s.res.status).toBe(200);
    const owner = await makeUser();
    const c = await claim(owner, { kind: 'prefix', value: prefix });
    expect(c.body.data.disputed).toBe(true);
    const claimId = c.body.data.id as string;

    // Not staff: 403 STAFF_ONLY on both staff operations.
    expectEnvelope(
      await call(staffClaimsRoute, 'GET', '/api/staff/gtin-claims', { cookie: owner.cookie }),
      403,
      'STAFF_ONLY',
    );
    expectEnvelope(await decide(owner, claimId, 'verified'), 403, 'STAFF_ONLY');

    const staff = await makeUser({ staff: true });
    const disputes = await call(staffClaimsRoute, 'GET', '/api/staff/gtin-claims', {
      cookie: staff.cookie,
      query: { status: 'disputed' },
    });
    expect(disputes.status, disputes.text).toBe(200);
    const mine = disputes.body.data.find((x: any) => x.id === claimId);
    expect(mine).toMatchObject({ workspace_id: owner.workspaceId, disputed: true, status: 'pending' });
    expect(mine.conflicts).toEqual([
      expect.objectContaining({
        kind: 'publication',
        workspace_id: squatter.workspaceId,
        value: `0${gtin}`,
        public_url: `/p/${s.res.body.output.public_id}`,
      }),
    ]);

    // Before verification the squatter's page still resolves (the only publisher); the owner cannot publish.
    expect((await resolve(gtin)).headers.get('location')).toBe(`/p/${s.res.body.output.public_id}`);
    const early = await publishedSku(owner, gtin);
    expectEnvelope(early.res, 409, 'GTIN_PUBLISHED_ELSEWHERE');

    // A rival files an overlapping prefix claim while the owner's is pending: filed, disputed.
    const rival = await makeUser();
    const sub = await claim(rival, { kind: 'prefix', value: prefix.slice(0, 5) });
    expect(sub.status, sub.text).toBe(201);
    expect(sub.body.data.disputed).toBe(true);

    const verified = await decide(staff, claimId, 'verified', 'GEPIR lookup matches the licence');
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.data).toMatchObject({ status: 'verified', decision_note: 'GEPIR lookup matches the licence' });

    // Verified: the owner has not published yet → 404, never the squatter's page.
    expect((await resolve(gtin)).status).toBe(404);
    // The owner publishes now (its verified claim lifts the refusal) and the resolver goes there.
    const ownerPub = await publish(owner, early.sku.id);
    expect(ownerPub.status, ownerPub.text).toBe(200);
    expect((await resolve(gtin)).headers.get('location')).toBe(`/p/${ownerPub.body.output.public_id}`);
    // The squatter can no longer re-publish the GTIN.
    const again = expectEnvelope(await publish(squatter, s.sku.id), 409, 'GTIN_CLAIMED_ELSEWHERE');
    expect(again.details.claim).toEqual({ kind: 'prefix', value: prefix, status: 'verified' });
    // Another workspace's claim overlapping the verified one is refused; staff cannot verify a second owner.
    expectEnvelope(await claim(rival, { kind: 'gtin', value: gtin }), 409, 'GTIN_CLAIM_CONFLICT');
    expectEnvelope(await decide(staff, sub.body.data.id, 'verified'), 409, 'GTIN_CLAIM_CONFLICT');
    expect((await decide(staff, sub.body.data.id, 'rejected', 'not theirs')).body.data.status).toBe('rejected');
    // The decision is audited in the claiming workspace.
    const db = await getDb();
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetId, claimId));
    expect(audit.map((a) => a.action)).toContain('gtin_claim.verified');
    expect(audit.find((a) => a.action === 'gtin_claim.verified')?.workspaceId).toBe(owner.workspaceId);
  });
});

describe('existing double publications', () => {
  it('without a verified claim, the resolver sends visitors to neither workspace', async () => {
    const gtin = gtinUnder(freshPrefix());
    const a = await makeUser();
    const pa = await publishedSku(a, gtin);
    const b = await makeUser();
    const skuB = await readySku(b, { gtin, product_name: 'Other board' });
    await approve(b, skuB.id);
    // Data from before the ownership rule: B's page exists without passing the check (made directly).
    const db = await getDb();
    const pb = await publish(b, skuB.id);
    expect(pb.status).toBe(409);
    const { skus, skuRevisions } = await import('@/lib/db/schema');
    const idB = generatePublicId();
    const [rev] = await db.select().from(skuRevisions).where(eq(skuRevisions.skuId, pa.sku.id));
    await db.insert(publicPages).values({ publicId: idB, workspaceId: b.workspaceId, skuId: skuB.id });
    await db.insert(skuRevisions).values({
      workspaceId: b.workspaceId,
      skuId: skuB.id,
      revision: 1,
      snapshot: {
        ...(rev.snapshot as object),
        public_id: idB,
        public_url: `http://127.0.0.1:3100/p/${idB}`,
        sku: { ...(rev.snapshot as any).sku, product_name: 'Other board' },
      },
      publishedAt: new Date(),
    });
    await db
      .update(skus)
      .set({ publicId: idB, publishedRevision: 1, publishedAt: new Date() })
      .where(eq(skus.id, skuB.id));

    const page = await resolve(gtin, { accept: 'text/html' });
    expect(page.status).toBe(300);
    expect(page.headers.get('location')).toBeNull();
    expect(page.text).toContain('Bamboo cutting board');
    expect(page.text).toContain('Other board');
    expect(page.text).not.toContain(a.email);
    const api = expectEnvelope(await resolve(gtin, { accept: 'application/linkset+json' }), 409, 'GTIN_AMBIGUOUS');
    expect(api.details.candidates.map((c: any) => c.public_url).sort()).toEqual(
      [pa.res.body.public_url, `http://127.0.0.1:3100/p/${idB}`].sort(),
    );
    // Staff verify A's GTIN claim: A wins, B's visitors are not sent to A either way: the GTIN is A's.
    const c = await claim(a, { kind: 'gtin', value: gtin });
    const staff = await makeUser({ staff: true });
    expect((await decide(staff, c.body.data.id, 'verified')).status).toBe(200);
    expect((await resolve(gtin)).headers.get('location')).toBe(`/p/${pa.res.body.output.public_id}`);
  });
});
