/**
 * Scope defaults that protect the seller, over HTTP with the real job: approved_only: true exports only
 * approved or published SKUs and the dry run counts what it leaves out and why; approved_only: false
 * exports everything and each not approved SKU is a NOT_APPROVED warning; no option keeps the contract's
 * meaning of scope all (every SKU, no extra warning) except the SKUs a recall case took off the market,
 * which are left out with an OFF_MARKET warning (approved_only: false includes them, each a warning).
 * Also: a bad ebay_marketplace is a 400 envelope.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as exportsRoute from '@/app/api/exports/route';
import * as runRoute from '@/app/api/exports/[id]/route';
import * as fileRoute from '@/app/api/exports/[id]/download/route';
import { getDb } from '@/lib/db/client';
import { skuMarketStates, skus } from '@/lib/db/schema';
import { drainJobs } from '@/lib/workers';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createSku, readySku, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

const CSV = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02'; // GPSR catalogue CSV
const EBAY = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0b01';

const post = (u: TestUser, body: unknown, query: Record<string, string> = {}) =>
  call(exportsRoute, 'POST', '/api/exports', { cookie: u.cookie, body, query });

/** Approval itself is tested with the approve route; here only the stored state matters. */
async function markApproved(ids: string[]) {
  await (
    await getDb()
  )
    .update(skus)
    .set({ approvalState: 'approved', approvedAt: new Date() })
    .where(inArray(skus.id, ids));
}

async function catalogue(u: TestUser) {
  const a = await readySku(u, { sku_code: 'OK-A' });
  const b = await readySku(u, { sku_code: 'OK-B' });
  const draft = await createSku(u, { sku_code: 'DRAFT-1', product_name: 'Draft product' });
  await markApproved([a.id, b.id]);
  const [d] = await (await getDb()).select({ blockers: skus.blockerCount }).from(skus).where(eq(skus.id, draft.id));
  return { a, b, draft, draftReason: d.blockers > 0 ? 'blocked' : 'needs_review' };
}

async function runToEnd(u: TestUser, body: unknown) {
  const res = await post(u, body);
  expect(res.status, res.text).toBe(202);
  await drainJobs(60_000);
  const d = await call(runRoute, 'GET', `/api/exports/${res.body.run.id}`, {
    cookie: u.cookie,
    params: { id: res.body.run.id },
  });
  expect(d.status, d.text).toBe(200);
  return d.body as { run: any; warnings_by_sku: any[]; warnings_by_fix: any[] };
}

describe('POST /api/exports approved_only', () => {
  it('dry run with approved_only: true counts only approved SKUs and says how many are left out and why', async () => {
    const u = await makeUser();
    const { draftReason } = await catalogue(u);
    const res = await post(u, { template_id: CSV, scope_type: 'all', approved_only: true }, { dry_run: 'true' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      dry_run: true,
      sku_count: 2,
      approved_only: true,
      left_out: { count: 1, by_reason: [{ reason: draftReason, count: 1 }] },
    });
    const plain = await post(u, { template_id: CSV, scope_type: 'all' }, { dry_run: 'true' });
    expect(plain.body).toMatchObject({ sku_count: 3, approved_only: false, left_out: { count: 0, by_reason: [] } });
  });

  it('the run with approved_only: true has only the approved SKUs in the file', async () => {
    const u = await makeUser();
    await catalogue(u);
    const { run, warnings_by_sku } = await runToEnd(u, { template_id: CSV, scope_type: 'all', approved_only: true });
    expect(run.sku_count).toBe(2);
    expect(run.options).toEqual({ approved_only: true });
    expect(warnings_by_sku.map((w) => w.sku_code)).not.toContain('DRAFT-1');
  });

  it('approved_only: false exports every SKU and names each not approved one in the warnings', async () => {
    const u = await makeUser();
    const { draft, draftReason } = await catalogue(u);
    const { run, warnings_by_sku, warnings_by_fix } = await runToEnd(u, {
      template_id: CSV,
      scope_type: 'all',
      approved_only: false,
    });
    // Grouped by fix as well: one group for the one not approved SKU.
    expect(warnings_by_fix).toContainEqual(
      expect.objectContaining({
        field: 'status',
        code: 'NOT_APPROVED',
        sku_count: 1,
        skus: [{ sku_id: draft.id, sku_code: 'DRAFT-1' }],
      }),
    );
    expect(run.sku_count).toBe(3);
    expect(run.status).toBe('completed_with_warnings');
    const mine = warnings_by_sku.find((w) => w.sku_id === draft.id);
    expect(mine.warnings).toContainEqual(
      expect.objectContaining({ field: 'status', code: 'NOT_APPROVED', message: expect.stringContaining(draftReason) }),
    );
    for (const s of warnings_by_sku.filter((w) => w.sku_code?.startsWith('OK-')))
      expect(s.warnings.map((w: any) => w.code)).not.toContain('NOT_APPROVED');
  });

  it('without the option scope all keeps its meaning: every SKU, no NOT_APPROVED warning', async () => {
    const u = await makeUser();
    await catalogue(u);
    const { run, warnings_by_sku } = await runToEnd(u, { template_id: CSV, scope_type: 'all' });
    expect(run.sku_count).toBe(3);
    expect(run.options).toEqual({});
    expect(warnings_by_sku.flatMap((s) => s.warnings.map((w: any) => w.code))).not.toContain('NOT_APPROVED');
  });

  it('without the option a recalled or market-withdrawn SKU is left out with OFF_MARKET; false includes it', async () => {
    const u = await makeUser();
    const { a, b } = await catalogue(u);
    // The recall case itself is tested in tests/api/recalls; here only the stored market status matters.
    await (await getDb()).insert(skuMarketStates).values([
      { skuId: a.id, workspaceId: u.workspaceId, status: 'recalled' },
      { skuId: b.id, workspaceId: u.workspaceId, status: 'withdrawn' },
    ]);
    const dry = await post(u, { template_id: CSV, scope_type: 'all' }, { dry_run: 'true' });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({
      sku_count: 1,
      left_out: {
        count: 2,
        by_reason: [
          { reason: 'market_withdrawn', count: 1 },
          { reason: 'recalled', count: 1 },
        ],
      },
    });
    const { run, warnings_by_sku, warnings_by_fix } = await runToEnd(u, { template_id: CSV, scope_type: 'all' });
    expect(run.status).toBe('completed_with_warnings');
    expect(warnings_by_fix).toContainEqual(
      expect.objectContaining({ field: 'market_status', code: 'OFF_MARKET', sku_count: 2 }),
    );
    const codes = (code: string) =>
      warnings_by_sku.find((w) => w.sku_code === code)?.warnings.map((w: any) => [w.code, w.message]);
    expect(codes('OK-A')).toContainEqual(['OFF_MARKET', expect.stringContaining('(recalled)')]);
    expect(codes('OK-B')).toContainEqual(['OFF_MARKET', expect.stringContaining('withdrawn from the market')]);
    const file = await call(fileRoute, 'GET', `/api/exports/${run.id}/download`, {
      cookie: u.cookie,
      params: { id: run.id },
    });
    expect(file.status, file.text).toBe(200);
    expect(file.text).toContain('DRAFT-1');
    expect(file.text).not.toContain('OK-A');
    expect(file.text).not.toContain('OK-B');

    const all = await runToEnd(u, { template_id: CSV, scope_type: 'all', approved_only: false });
    const included = await call(fileRoute, 'GET', `/api/exports/${all.run.id}/download`, {
      cookie: u.cookie,
      params: { id: all.run.id },
    });
    expect(included.text).toContain('OK-A');
    expect(all.warnings_by_sku.find((w) => w.sku_code === 'OK-A').warnings.map((w: any) => w.code)).toContain(
      'NOT_APPROVED',
    );
  });

  it('approved_only applies to selected SKUs too; a wrong ebay_marketplace or approved_only type is a 400', async () => {
    const u = await makeUser();
    const { a, draft } = await catalogue(u);
    const res = await post(
      u,
      {
        template_id: EBAY,
        scope_type: 'selected_skus',
        scope_value: [draft.id, a.id],
        approved_only: true,
        ebay_marketplace: 'EBAY_FR',
      },
      { dry_run: 'true' },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ sku_count: 1, left_out: { count: 1 } });
    expectEnvelope(
      await post(u, { template_id: EBAY, scope_type: 'all', ebay_marketplace: 'EBAY_US' }, { dry_run: 'true' }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await post(u, { template_id: CSV, scope_type: 'all', approved_only: 'yes' }, { dry_run: 'true' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
