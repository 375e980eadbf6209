/**
 * The economic-operator role (issue 35) through the real routes: changing the workspace's role
 * re-evaluates every SKU that follows it (not one with a role of its own) and resets an approval only
 * where the conclusion changed; a SKU's own role does the same for it; "held by <operator>, available on
 * request" satisfies a duty the role does not hold, names a linked operator and records who confirmed it;
 * bad input is the contract's envelope (unlinked operator, a duty the role holds itself, another
 * workspace's SKU). Runs on PGlite and Postgres.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as workspaceRoleRoute from '@/app/api/workspace/operator-role/route';
import * as skuRoleRoute from '@/app/api/skus/[id]/operator-role/route';
import * as heldByRoute from '@/app/api/skus/[id]/held-by/route';
import * as heldByItemRoute from '@/app/api/skus/[id]/held-by/[heldById]/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, skus } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import {
  addDocument,
  approve,
  createEntity,
  createSku,
  EU_MANUFACTURER,
  link,
  setFields,
  uniqueGtin,
  withTempBlobStore,
} from './fixtures';

useTestDatabase();
withTempBlobStore();

/** A general product complete except, when `withRisk` is false, the manufacturer's risk analysis. */
async function brandedSku(u: TestUser, withRisk: boolean) {
  const sku = await createSku(u, {
    sku_code: `OR-${crypto.randomUUID().slice(0, 8)}`,
    product_name: 'Bamboo cutting board',
    gtin: uniqueGtin(),
  });
  await setFields(u, sku.id, {
    model_number: 'CB-200',
    product_image_url: 'https://images.example/cb-200.jpg',
    product_description: 'Cutting board made of bamboo, 30 x 20 cm.',
    target_markets: 'DE',
    safety_warnings_de: 'Nicht in der Spülmaschine reinigen.',
    instructions_de: 'Vor dem ersten Gebrauch mit Öl einreiben.',
  });
  const m = await createEntity(u, { ...EU_MANUFACTURER, name: `Holzwerk ${crypto.randomUUID().slice(0, 4)} GmbH` });
  await link(u, sku.id, 'manufacturer', m.id);
  if (withRisk) await addDocument(u, { skuIds: [sku.id], type: 'risk_assessment' });
  return { id: sku.id, manufacturerId: m.id };
}

async function setWorkspaceRole(u: TestUser, role: string) {
  const res = await call(workspaceRoleRoute, 'PUT', '/api/workspace/operator-role', {
    cookie: u.cookie,
    body: { operator_role: role },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function row(id: string) {
  const db = await getDb();
  const [r] = await db.select().from(skus).where(eq(skus.id, id));
  return r;
}
// Coverage notices (a regime or market not checked: another part of issue 35) are not about the role.
const openCodes = (r: Awaited<ReturnType<typeof row>>) =>
  r.blockers.filter((b) => !b.waived && !/_NOT_CHECKED$/.test(b.code)).map((b) => `${b.code}:${b.severity}`);

describe('getWorkspaceOperatorRole, setWorkspaceOperatorRole, setSkuOperatorRole — PUT /api/workspace/operator-role', () => {
  it('re-evaluates every SKU following the workspace role; resets approval only where the conclusion changed', async () => {
    const u = await makeUser();
    expect((await call(workspaceRoleRoute, 'GET', '/api/workspace/operator-role', { cookie: u.cookie })).body).toEqual({
      operator_role: 'manufacturer',
      job: null,
    });
    await setWorkspaceRole(u, 'distributor');
    const withRisk = await brandedSku(u, true);
    const heldByMaker = await brandedSku(u, false);
    const ownRole = await brandedSku(u, false);
    // A distributor does not hold the risk analysis: a warning (GPSR Art. 12), so both can be approved.
    expect(openCodes(await row(heldByMaker.id))).toEqual(['RISK_ASSESSMENT_MISSING:warning']);
    const r = await call(skuRoleRoute, 'PUT', `/api/skus/${ownRole.id}/operator-role`, {
      cookie: u.cookie,
      params: { id: ownRole.id },
      body: { operator_role: 'distributor' },
    });
    expect(r.status, r.text).toBe(200);
    for (const s of [withRisk, heldByMaker, ownRole]) await approve(u, s.id);

    const res = await setWorkspaceRole(u, 'manufacturer');
    // The SKU with a role of its own does not follow the workspace.
    // Two SKUs follow the workspace: within OPERATOR_ROLE_SYNC_LIMIT, re-evaluated inside the request.
    expect(res.recomputed).toBe(2);
    expect(res.job).toBeNull();
    expect(res.changed_ids).toEqual([heldByMaker.id]);
    expect(res.approval_reset_ids).toEqual([heldByMaker.id]);
    // As manufacturer the risk analysis is its own duty again (GPSR Art. 9(2)): a blocker.
    const changed = await row(heldByMaker.id);
    expect(openCodes(changed)).toEqual(['RISK_ASSESSMENT_MISSING:blocker']);
    expect(changed.approvalState).toBe('pending');
    expect((await row(withRisk.id)).approvalState).toBe('approved');
    expect((await row(ownRole.id)).approvalState).toBe('approved');
    expect(openCodes(await row(ownRole.id))).toEqual(['RISK_ASSESSMENT_MISSING:warning']);

    const db = await getDb();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'workspace.operator_role_changed')),
      );
    expect(audit.map((a) => (a.data as { to: string }).to)).toEqual(['distributor', 'manufacturer']);

    // The same role again changes nothing.
    expect(await setWorkspaceRole(u, 'manufacturer')).toMatchObject({ recomputed: 0, approval_reset_ids: [] });
    // Builds three complete SKUs through the routes: well over the default timeout on a loaded machine.
  }, 240_000);

  it('rejects an unknown role with the envelope', async () => {
    const u = await makeUser();
    const res = await call(workspaceRoleRoute, 'PUT', '/api/workspace/operator-role', {
      cookie: u.cookie,
      body: { operator_role: 'retailer' },
    });
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
  });
});

describe('listSkuHeldBy, confirmSkuHeldBy, revokeSkuHeldBy — held by <operator>, available on request', () => {
  it('a distributor confirms the manufacturer holds the risk analysis; withdrawing it reopens the duty', async () => {
    const u = await makeUser();
    await setWorkspaceRole(u, 'distributor');
    const s = await brandedSku(u, false);
    const before = await call(heldByRoute, 'GET', `/api/skus/${s.id}/held-by`, {
      cookie: u.cookie,
      params: { id: s.id },
    });
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({
      operator_role: 'distributor',
      operator_role_override: null,
      workspace_operator_role: 'distributor',
      states: [{ rule_id: 'core.risk_assessment', status: 'open', candidates: [{ entity_id: s.manufacturerId }] }],
    });

    const res = await call(heldByRoute, 'POST', `/api/skus/${s.id}/held-by`, {
      cookie: u.cookie,
      params: { id: s.id },
      body: { rule_id: 'core.risk_assessment', entity_id: s.manufacturerId, note: 'Manufacturer letter of 2026-04-30' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.held_by).toMatchObject({ rule_id: 'core.risk_assessment', entity_id: s.manufacturerId });
    expect(openCodes(await row(s.id))).toEqual([]);
    const after = await call(heldByRoute, 'GET', `/api/skus/${s.id}/held-by`, {
      cookie: u.cookie,
      params: { id: s.id },
    });
    expect(after.body.states[0]).toMatchObject({
      status: 'confirmed',
      entity_id: s.manufacturerId,
      confirmed_by: u.email,
    });
    expect(typeof after.body.states[0].confirmed_at).toBe('string');

    // Approved with the confirmation; withdrawing it changes the conclusion, so the approval resets.
    await approve(u, s.id);
    const del = await call(heldByItemRoute, 'DELETE', `/api/skus/${s.id}/held-by/${res.body.held_by.id}`, {
      cookie: u.cookie,
      params: { id: s.id, heldById: res.body.held_by.id },
    });
    expect(del.status, del.text).toBe(200);
    expect(del.body.approval_reset_ids).toEqual([s.id]);
    expect(openCodes(await row(s.id))).toEqual(['RISK_ASSESSMENT_MISSING:warning']);
  });

  it('refuses an operator not linked to the SKU, a duty the role holds itself, and another workspace’s SKU', async () => {
    const u = await makeUser();
    await setWorkspaceRole(u, 'distributor');
    const s = await brandedSku(u, false);
    const stranger = await createEntity(u, { ...EU_MANUFACTURER, name: 'Unlinked GmbH' });
    const post = (who: TestUser, body: Record<string, unknown>) =>
      call(heldByRoute, 'POST', `/api/skus/${s.id}/held-by`, { cookie: who.cookie, params: { id: s.id }, body });
    expectEnvelope(
      await post(u, { rule_id: 'core.risk_assessment', entity_id: stranger.id }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await post(u, { rule_id: 'core.identifier', entity_id: s.manufacturerId }),
      400,
      'VALIDATION_FAILED',
    );
    const other = await makeUser();
    expectEnvelope(
      await post(other, { rule_id: 'core.risk_assessment', entity_id: s.manufacturerId }),
      404,
      'NOT_FOUND',
    );
    // As manufacturer (the SKU's own role) the risk analysis is its own duty: no held-by state.
    const r = await call(skuRoleRoute, 'PUT', `/api/skus/${s.id}/operator-role`, {
      cookie: u.cookie,
      params: { id: s.id },
      body: { operator_role: 'manufacturer' },
    });
    expect(r.body).toMatchObject({ operator_role: 'manufacturer', operator_role_override: 'manufacturer' });
    expect(openCodes(await row(s.id))).toEqual(['RISK_ASSESSMENT_MISSING:blocker']);
    expectEnvelope(
      await post(u, { rule_id: 'core.risk_assessment', entity_id: s.manufacturerId }),
      409,
      'INVALID_STATE',
    );
  });
});
