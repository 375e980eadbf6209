/**
 * Four-eyes approval: whoever changed the data and completed the review cannot approve, a second reviewer
 * can (one approval record under 20 concurrent approvals), off by default, switched by admins only with an
 * audit event; review completion is refused while issues or conflicts are open.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as workspaceRoute from '@/app/api/workspace/route';
import * as approveRoute from '@/app/api/skus/[id]/approve/route';
import * as completeRoute from '@/app/api/skus/[id]/review/complete/route';
import * as issuesRoute from '@/app/api/skus/[id]/review-issues/route';
import * as approvalsRoute from '@/app/api/skus/[id]/approvals/route';
import { getDb } from '@/lib/db/client';
import { addSuggestions } from '@/lib/dossier/suggestions';
import { auditEvents, skuApprovals, skus } from '@/lib/db/schema';
import { ReviewIncompleteDetails } from '@/lib/skus/schemas';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { readySku, setField } from '../skus/fixtures';
import { addMember } from './helpers';

useTestDatabase();

const approve = (u: TestUser, id: string, query?: Record<string, string>) =>
  call(approveRoute, 'POST', `/api/skus/${id}/approve`, { cookie: u.cookie, params: { id }, query });
const complete = (u: TestUser, id: string) =>
  call(completeRoute, 'POST', `/api/skus/${id}/review/complete`, { cookie: u.cookie, params: { id } });
const fourEyes = (u: TestUser, on: boolean) =>
  call(workspaceRoute, 'PATCH', '/api/workspace', { cookie: u.cookie, body: { four_eyes_approval: on } });

async function actions(workspaceId: string, skuId: string) {
  const rows = await (
    await getDb()
  )
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.targetId, skuId)))
    .orderBy(auditEvents.createdAt);
  return rows;
}

describe('listSkuApprovals — four-eyes approval', () => {
  it('the person who changed the data and completed the review cannot approve; a second reviewer can', async () => {
    const a = await makeUser({ plan: 'pro' });
    const b = await addMember(a, 'reviewer');
    await addMember(a, 'editor'); // not eligible: below reviewer
    const set = await fourEyes(a, true);
    expect(set.status, set.text).toBe(200);
    expect(set.body.settings).toEqual({ four_eyes_approval: true });

    const sku = await readySku(a);
    // Review first: approving an unreviewed SKU is refused under four eyes.
    expectEnvelope(await approve(b, sku.id), 409, 'REVIEW_NOT_COMPLETE');
    expect((await complete(a, sku.id)).status).toBe(200);

    const dry = await approve(a, sku.id, { dry_run: 'true' });
    expect(dry.body).toMatchObject({ dry_run: true, can_approve: false, four_eyes: { code: 'FOUR_EYES_REQUIRED' } });
    const err = expectEnvelope(await approve(a, sku.id), 409, 'FOUR_EYES_REQUIRED');
    expect(err.details.eligible_approvers).toEqual([{ user_id: b.id, email: b.email, role: 'reviewer' }]);
    expect(err.details.excluded).toEqual([
      { user_id: a.id, email: a.email, reasons: ['last_changed_confirmed_data', 'completed_review'] },
    ]);
    expect(err.message).toContain(b.email);

    const ok = await approve(b, sku.id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.sku).toMatchObject({ approval_state: 'approved', approved_by: b.email });
    expect(ok.body.approval).toMatchObject({
      approved_by: b.email,
      approved_by_user_id: b.id,
      four_eyes: true,
      review_completed_by: a.email,
    });
    expect(ok.body.approval.dossier_hash).toMatch(/^[0-9a-f]{64}$/);

    const trail = await actions(a.workspaceId, sku.id);
    const refusal = trail.find((e) => e.action === 'sku.approval_refused' && e.actorUserId === a.id)!;
    expect(refusal.data).toMatchObject({ code: 'FOUR_EYES_REQUIRED' });
    const approved = trail.find((e) => e.action === 'sku.approved')!;
    expect(approved).toMatchObject({ actorUserId: b.id, actorLabel: b.email });
    expect(approved.data).toMatchObject({ four_eyes: true, dossier_hash: ok.body.approval.dossier_hash });

    // A change to confirmed data resets the approval and says who changed what.
    await setField(a, sku.id, 'model_number', 'CB-201');
    const [row] = await (await getDb()).select().from(skus).where(eq(skus.id, sku.id));
    expect(row).toMatchObject({ approvalState: 'pending', reviewState: 'open', dataChangedBy: a.id });
    const reset = (await actions(a.workspaceId, sku.id)).find((e) => e.action === 'sku.approval_reset')!;
    expect(reset.data).toMatchObject({
      reason: 'model_number changed',
      changed_by: a.email,
      was: { approved_by: b.email, approval_state: 'approved' },
    });

    // Now B completes the review; A changed the data last, B reviewed: nobody of the two may approve…
    expect((await complete(b, sku.id)).status).toBe(200);
    expectEnvelope(await approve(b, sku.id), 409, 'FOUR_EYES_REQUIRED');
    const onlyA = expectEnvelope(await approve(a, sku.id), 409, 'FOUR_EYES_REQUIRED');
    expect(onlyA.details.eligible_approvers).toEqual([]);
    // …until a third person with the role is there.
    const c = await addMember(a, 'admin');
    const third = await approve(c, sku.id);
    expect(third.status, third.text).toBe(200);
    // The second approval signs a different dossier: a different hash.
    expect(third.body.approval.dossier_hash).not.toBe(ok.body.approval.dossier_hash);
    const records = await (await getDb()).select().from(skuApprovals).where(eq(skuApprovals.skuId, sku.id));
    expect(records).toHaveLength(2);
    const listed = await call(approvalsRoute, 'GET', `/api/skus/${sku.id}/approvals`, {
      cookie: b.cookie,
      params: { id: sku.id },
    });
    expect(
      listed.body.data.map((r: { approved_by: string; four_eyes: boolean }) => [r.approved_by, r.four_eyes]),
    ).toEqual([
      [c.email, true],
      [b.email, true],
    ]);
    const stranger = await makeUser();
    expectEnvelope(
      await call(approvalsRoute, 'GET', `/api/skus/${sku.id}/approvals`, {
        cookie: stranger.cookie,
        params: { id: sku.id },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('20 concurrent approvals by the second reviewer make one approval record and one audit event', async () => {
    const a = await makeUser({ plan: 'pro' });
    const b = await addMember(a, 'reviewer');
    await fourEyes(a, true);
    const sku = await readySku(a);
    await complete(a, sku.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => approve(b, sku.id)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const records = await (await getDb()).select().from(skuApprovals).where(eq(skuApprovals.skuId, sku.id));
    expect(records).toHaveLength(1);
    expect((await actions(a.workspaceId, sku.id)).filter((e) => e.action === 'sku.approved')).toHaveLength(1);
  });

  it('off (the default), a single owner reviews and approves as before, with an approval record', async () => {
    const a = await makeUser();
    const sku = await readySku(a);
    expect((await complete(a, sku.id)).status).toBe(200);
    const ok = await approve(a, sku.id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.approval).toMatchObject({ four_eyes: false, approved_by: a.email });
  });

  it('only admins switch it, and the switch is an audit event', async () => {
    const a = await makeUser({ plan: 'pro' });
    const r = await addMember(a, 'reviewer');
    expectEnvelope(await fourEyes(r, true), 403, 'INSUFFICIENT_ROLE');
    await fourEyes(a, true);
    const [ev] = await (
      await getDb()
    )
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, a.workspaceId), eq(auditEvents.action, 'workspace.settings_changed')));
    expect(ev.data).toEqual({ four_eyes_approval: { from: false, to: true } });
  });
});

describe('completeSkuReview — review completion is refused while anything is open', () => {
  it('409 with the open review issues and extraction conflicts; the refusal is an audit event', async () => {
    const a = await makeUser({ plan: 'pro' });
    const sku = await readySku(a);
    await call(issuesRoute, 'POST', `/api/skus/${sku.id}/review-issues`, {
      cookie: a.cookie,
      params: { id: sku.id },
      body: { message: 'Label photo is blurry' },
    });
    await addSuggestions(await getDb(), {
      workspaceId: a.workspaceId,
      actor: { userId: a.id, apiKeyId: null, label: a.email },
      skuId: sku.id,
      suggestions: [{ field_key: 'model_number', value: 'CB-999', source: 'document_extraction', provenance: {} }],
    });
    const err = expectEnvelope(await complete(a, sku.id), 409, 'REVIEW_INCOMPLETE');
    expect(err.details.open_review_issues.map((i: { message: string }) => i.message)).toContain(
      'Label photo is blurry',
    );
    expect(err.details.open_conflicts).toHaveLength(1);
    expect(err.details.open_conflicts[0].required_fields).toEqual(['model_number']);
    // The SKU page reads these details with the same schema.
    expect(ReviewIncompleteDetails.safeParse(err.details).success).toBe(true);
    const [row] = await (await getDb()).select().from(skus).where(eq(skus.id, sku.id));
    expect(row.reviewState).toBe('open');
    expect((await actions(a.workspaceId, sku.id)).some((e) => e.action === 'sku.review_refused')).toBe(true);
  });
});
