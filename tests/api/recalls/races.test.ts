/**
 * Concurrent requests on one match or one SKU leave one consistent outcome: 24 confirm/dismiss decisions
 * at once on the same match give one 200 and 23 409 INVALID_STATE, the stored status is the winner's, and
 * one decision is audited; 20 case openings at once on one SKU (from its confirmed match and by a
 * manager naming the SKU) open one case: one 201, the rest 409 naming that case, one case in the
 * database, one market status pointing at it, one recall.case_opened and one sku.recalled (audit and
 * webhook event); the match is carried out by that case only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as casesRoute from '@/app/api/recalls/cases/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, recallCaseSkus, recallMatches, skuMarketStates, webhookEvents } from '@/lib/db/schema';
import { webhookEndpoints } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { readySku, uniqueGtin, withTempBlobStore } from '../skus/fixtures';
import { weeklyNaming } from '../mcp/recall-seed';
import { decide, importFeed, listMatches } from './helpers';

useTestDatabase();
withTempBlobStore();

let owner: TestUser;

beforeAll(async () => {
  owner = await makeUser({ plan: 'pro' });
  const db = await getDb();
  await db.insert(webhookEndpoints).values({
    workspaceId: owner.workspaceId,
    url: 'https://hooks.example/races',
    events: ['sku.recalled'],
    secret: 'whsec_test',
    secretPrefix: 'whsec_test',
  });
});

async function skuWithMatch(code: string, reference: string) {
  const gtin = uniqueGtin();
  const sku = await readySku(owner, { sku_code: code, gtin });
  const res = await importFeed(owner, 'safety_gate', `${code}.xml`, weeklyNaming(gtin, reference));
  expect(res.status, res.text).toBe(201);
  const m = (await listMatches(owner, { sku_id: sku.id, strength: 'strong' })).data[0];
  expect(m).toBeTruthy();
  return { sku, match: m };
}

describe('races on the alerts inbox and the recall case', () => {
  it('24 concurrent confirm/dismiss on one match: one 200, 23 409, the winner stored, one audit event', async () => {
    const { match } = await skuWithMatch('RACE-DECIDE', 'A12/09900/26');
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        decide(owner, match.id, i % 2 ? 'dismiss' : 'confirm', `Decision number ${i} of the race.`),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won, results.map((r) => r.status).join(',')).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectEnvelope(r, 409, 'INVALID_STATE');
    const db = await getDb();
    const [stored] = await db.select().from(recallMatches).where(eq(recallMatches.id, match.id));
    expect(stored.status).toBe(won[0].body.data.status);
    expect(stored.decisionReason).toBe(won[0].body.data.decision_reason);
    const audits = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.workspaceId, owner.workspaceId),
          inArray(auditEvents.action, ['recall.match_confirmed', 'recall.match_dismissed']),
          sql`${auditEvents.data}->>'match_id' = ${match.id}`,
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0].action).toBe(stored.status === 'confirmed' ? 'recall.match_confirmed' : 'recall.match_dismissed');
    expect((audits[0].data as { reason: string }).reason).toBe(stored.decisionReason);
  });

  it('20 concurrent case openings on one SKU (by match and by SKU): one case, the rest 409 naming it', async () => {
    const { sku, match } = await skuWithMatch('RACE-OPEN', 'A12/09901/26');
    expect((await decide(owner, match.id, 'confirm', 'Our board, same GTIN.')).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(casesRoute, 'POST', '/api/recalls/cases', {
          cookie: owner.cookie,
          body:
            i % 2
              ? { action: 'recall', reason: `Opening ${i} from the match.`, match_ids: [match.id] }
              : { action: 'withdrawal', reason: `Opening ${i} by the manager.`, skus: [{ sku_id: sku.id }] },
        }),
      ),
    );
    const opened = results.filter((r) => r.status === 201);
    expect(opened, results.map((r) => `${r.status} ${r.body?.error?.code ?? ''}`).join(',')).toHaveLength(1);
    const caseId = opened[0].body.data.id;
    for (const r of results.filter((x) => x.status !== 201)) {
      const err = expectEnvelope(r, 409, 'INVALID_STATE');
      expect(err.details.case_id).toBe(caseId);
    }
    const db = await getDb();
    const members = await db.select().from(recallCaseSkus).where(eq(recallCaseSkus.skuId, sku.id));
    expect(members.map((m) => m.caseId)).toEqual([caseId]);
    const [state] = await db.select().from(skuMarketStates).where(eq(skuMarketStates.skuId, sku.id));
    const action = opened[0].body.data.action;
    expect(state).toMatchObject({ caseId, status: action === 'recall' ? 'recalled' : 'withdrawn' });
    const [m] = await db.select().from(recallMatches).where(eq(recallMatches.id, match.id));
    // A case opened by SKU leaves the match to be carried out; one opened from it names it.
    expect(m.caseId).toBe(opened[0].body.data.origin === 'match' ? caseId : null);
    const opens = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'recall.case_opened')));
    expect(opens.filter((e) => (e.data as { sku_ids: string[] }).sku_ids.includes(sku.id))).toHaveLength(1);
    const statusAudits = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.targetId, sku.id), inArray(auditEvents.action, ['sku.recalled', 'sku.market_withdrawn'])),
      );
    expect(statusAudits).toHaveLength(1);
    const events = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.workspaceId, owner.workspaceId), eq(webhookEvents.type, 'sku.recalled')));
    expect(events.filter((e) => (e.data as { sku_id: string }).sku_id === sku.id)).toHaveLength(
      action === 'recall' ? 1 : 0,
    );
  });
});
