/**
 * Changing the workspace's economic-operator role in a workspace with many SKUs (issue 35): the PUT sets
 * the role and answers 202 with a job that re-evaluates the SKUs following the workspace in chunks
 * (progress on the run, GET /api/jobs/{id} and GET /api/workspace/operator-role show it), resets an
 * approval only where the conclusion changed, leaves a SKU with its own role alone; a run whose worker
 * died mid-way is re-queued by recovery and goes on after its last chunk; 22 concurrent changes end with
 * the last committed role and every SKU's stored conclusion equal to a fresh evaluation under it.
 * Small limits (sync 5, chunk 7) make 30 SKUs several chunks. Runs on PGlite and Postgres.
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as workspaceRoleRoute from '@/app/api/workspace/operator-role/route';
import * as jobRoute from '@/app/api/jobs/[id]/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { auditEvents, jobRuns, skus } from '@/lib/db/schema';
import { claimRun, RunLease } from '@/lib/jobs/lease';
import { evaluateRequirements } from '@/lib/requirements';
import { recomputeRoleChunk } from '@/lib/skus/operator-role';
import { recomputeSkusBulk } from '@/lib/skus/recompute-bulk';
import { loadRequirementInput } from '@/lib/skus/requirement-input';
import { drainJobs, recoverRuns } from '@/lib/workers';
import type { Db } from '@/lib/db/client';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

const FOLLOWING = 30;
const CHUNK = 7;
const saved = { sync: process.env.OPERATOR_ROLE_SYNC_LIMIT, chunk: process.env.OPERATOR_ROLE_CHUNK };
beforeAll(() => {
  process.env.OPERATOR_ROLE_SYNC_LIMIT = '5';
  process.env.OPERATOR_ROLE_CHUNK = String(CHUNK);
  resetEnvCache();
});
afterAll(() => {
  for (const [k, v] of [
    ['OPERATOR_ROLE_SYNC_LIMIT', saved.sync],
    ['OPERATOR_ROLE_CHUNK', saved.chunk],
  ] as const)
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetEnvCache();
});

const conclusion = (blockers: readonly { code: string; severity: string; waived?: unknown; key?: string }[]) =>
  blockers
    .filter((b) => !b.waived)
    .map((b) => `${b.key ?? b.code}:${b.severity}`)
    .sort()
    .join('|');

/** A workspace with FOLLOWING general products (no risk analysis) following it and one with its own role. */
async function workspaceWithSkus() {
  const u = await makeUser({ plan: 'pro' });
  const db = await getDb();
  const rows = await db
    .insert(skus)
    .values(
      Array.from({ length: FOLLOWING + 1 }, (_, i) => ({
        workspaceId: u.workspaceId,
        skuCode: `RJ-${String(i).padStart(3, '0')}-${crypto.randomUUID().slice(0, 4)}`,
        productName: 'Bamboo cutting board',
        operatorRole: i === FOLLOWING ? ('manufacturer' as const) : null,
      })),
    )
    .returning({ id: skus.id, operatorRole: skus.operatorRole });
  await recomputeSkusBulk(db, { workspaceId: u.workspaceId, skuIds: rows.map((r) => r.id) });
  const own = rows.find((r) => r.operatorRole)!.id;
  const following = rows.filter((r) => !r.operatorRole).map((r) => r.id);
  // Approved: four following SKUs and the one with its own role.
  const approved = [...following.slice(0, 4), own];
  await db.update(skus).set({ approvalState: 'approved' }).where(inArray(skus.id, approved));
  return { u, own, following, approved };
}

async function put(u: TestUser, role: string) {
  return call(workspaceRoleRoute, 'PUT', '/api/workspace/operator-role', {
    cookie: u.cookie,
    body: { operator_role: role },
  });
}

async function riskSeverity(ids: string[]) {
  const db = await getDb();
  const rows = await db.select({ id: skus.id, blockers: skus.blockers }).from(skus).where(inArray(skus.id, ids));
  return new Set(rows.map((r) => r.blockers.find((b) => b.code === 'RISK_ASSESSMENT_MISSING' && !b.waived)?.severity));
}

/** Every SKU's stored conclusion equals a fresh evaluation of it now (under the workspace's current role). */
async function expectAllCurrent(workspaceId: string) {
  const db = await getDb();
  const rows = await db
    .select({ id: skus.id, blockers: skus.blockers })
    .from(skus)
    .where(eq(skus.workspaceId, workspaceId));
  for (const r of rows) {
    const fresh = evaluateRequirements(await loadRequirementInput(db, { workspaceId, skuId: r.id }));
    expect(conclusion(r.blockers as never), r.id).toBe(conclusion(fresh.blockers as never));
  }
}

describe('PUT /api/workspace/operator-role on a large workspace', () => {
  it('answers 202 with a job that re-evaluates in chunks, shows progress and resets approvals only where the conclusion changed', async () => {
    const { u, own, following, approved } = await workspaceWithSkus();
    expect(await riskSeverity(following)).toEqual(new Set(['blocker']));

    const res = await put(u, 'distributor');
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({
      operator_role: 'distributor',
      following: FOLLOWING,
      job: { type: 'workspace.operator_role_recompute', status: 'queued', poll_url: `/api/jobs/${res.body.job.id}` },
    });
    // The role is set at once; the run is visible with the role.
    const during = await call(workspaceRoleRoute, 'GET', '/api/workspace/operator-role', { cookie: u.cookie });
    expect(during.body).toMatchObject({ operator_role: 'distributor', job: { id: res.body.job.id } });

    await drainJobs(120_000);
    const job = await call(jobRoute, 'GET', `/api/jobs/${res.body.job.id}`, {
      cookie: u.cookie,
      params: { id: res.body.job.id },
    });
    expect(job.body.job).toMatchObject({
      status: 'completed',
      result: {
        operator_role: 'distributor',
        total: FOLLOWING,
        done: FOLLOWING,
        changed: FOLLOWING,
        approval_reset: 4,
        chunks: Math.ceil(FOLLOWING / CHUNK),
      },
    });
    expect(job.body.job.progress).toMatchObject({ done: FOLLOWING });
    // A distributor does not hold the manufacturer's risk analysis: a warning now (GPSR Art. 12).
    expect(await riskSeverity(following)).toEqual(new Set(['warning']));
    expect(await riskSeverity([own])).toEqual(new Set(['blocker']));
    const db = await getDb();
    const states = new Map(
      (await db.select({ id: skus.id, state: skus.approvalState }).from(skus).where(inArray(skus.id, approved))).map(
        (r) => [r.id, r.state],
      ),
    );
    expect(approved.filter((id) => states.get(id) === 'approved')).toEqual([own]);
    await expectAllCurrent(u.workspaceId);

    // Setting the same role again changes nothing, and no job is queued.
    const again = await put(u, 'distributor');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ recomputed: 0, approval_reset_ids: [], job: null });
  }, 240_000);

  it('a run whose worker died after two chunks is re-queued and resumes after its last chunk', async () => {
    const { u, following } = await workspaceWithSkus();
    const res = await put(u, 'distributor');
    expect(res.status, res.text).toBe(202);
    const db = await getDb();
    const runId = res.body.job.id as string;
    // A worker claims the run and commits two chunks with their progress, then dies (no settle, no heartbeat).
    const [run] = await db.select().from(jobRuns).where(eq(jobRuns.id, runId));
    const token = await claimRun(db, { runId, bossJobId: run.bossJobId! });
    expect(token).toBeTruthy();
    const lease = new RunLease(db, runId, token!, 3_600_000);
    let after: string | null = null;
    for (let i = 0; i < 2; i++) {
      const step = await db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        await lease.fence(tx);
        return recomputeRoleChunk(tx, {
          workspaceId: u.workspaceId,
          actor: { userId: u.id, apiKeyId: null, label: u.email },
          role: 'distributor',
          after,
          limit: CHUNK,
        });
      });
      if (step.state !== 'chunk') throw new Error(`unexpected ${step.state}`);
      after = step.ids[step.ids.length - 1];
      await lease.progress({
        operator_role: 'distributor',
        total: FOLLOWING,
        done: CHUNK * (i + 1),
        changed: CHUNK * (i + 1),
        approval_reset: 0,
        chunks: i + 1,
        after,
      });
    }
    lease.stop();
    await db.execute(sql`UPDATE job_runs SET heartbeat_at = now() - interval '1 hour' WHERE id = ${runId}`);
    // Recovery (every worker runs it) re-queues the run; a new delivery finishes it.
    expect(await recoverRuns({ staleAfterMs: 1000 })).toBeGreaterThanOrEqual(1);
    await drainJobs(120_000);
    const [done] = await db.select().from(jobRuns).where(eq(jobRuns.id, runId));
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
    // Resumed after the second chunk: every SKU counted once. A restart from zero would find the first two
    // chunks' SKUs already evaluated as a distributor's and count only the other 16 as changed.
    expect(done.result).toMatchObject({
      done: FOLLOWING,
      changed: FOLLOWING,
      chunks: Math.ceil(FOLLOWING / CHUNK),
      total: FOLLOWING,
    });
    expect(await riskSeverity(following)).toEqual(new Set(['warning']));
    await expectAllCurrent(u.workspaceId);
  }, 240_000);

  it('22 concurrent changes end with the last committed role and every SKU evaluated under it', async () => {
    const { u, following } = await workspaceWithSkus();
    // As importer the risk analysis stays a blocker (the importer verifies it, GPSR Art. 11); as distributor a warning.
    const roles = ['distributor', 'manufacturer', 'importer'];
    // Workers drain while the changes come in, so runs are cut off mid-way by later changes.
    const draining = drainJobs(120_000);
    const answers = await Promise.all(Array.from({ length: 22 }, (_, i) => put(u, roles[i % roles.length])));
    for (const a of answers) expect([200, 202], a.text).toContain(a.status);
    await draining;
    await drainJobs(120_000);

    const db = await getDb();
    const changes = await db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'workspace.operator_role_changed')))
      .orderBy(asc(auditEvents.id));
    expect(changes.length).toBeGreaterThan(1);
    const last = (changes[changes.length - 1].data as { to: string; job_id: string }).to;
    const final = await call(workspaceRoleRoute, 'GET', '/api/workspace/operator-role', { cookie: u.cookie });
    expect(final.body.operator_role).toBe(last);
    // The last change's run completed; no run is left queued or running.
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.subjectId, u.workspaceId));
    expect(runs.filter((r) => r.status === 'queued' || r.status === 'running')).toEqual([]);
    // Earlier changes' runs were cut off by later ones.
    expect(runs.filter((r) => r.status === 'cancelled').length).toBeGreaterThan(0);
    const lastRun = runs.find((r) => r.id === (changes[changes.length - 1].data as { job_id: string }).job_id)!;
    expect(lastRun.status).toBe('completed');
    expect(lastRun.result).toMatchObject({ operator_role: last, done: FOLLOWING });
    expect(final.body.job).toMatchObject({ id: lastRun.id, status: 'completed' });
    expect(await riskSeverity(following)).toEqual(new Set([last === 'distributor' ? 'warning' : 'blocker']));
    await expectAllCurrent(u.workspaceId);
  }, 300_000);
});
