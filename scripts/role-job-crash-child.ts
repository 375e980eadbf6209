/**
 * The process the role-change crash test kills (tests/api/skus/operator-role-crash.test.ts). Two modes:
 *
 *   start  <skus>   create a workspace with <skus> general products (blockers computed as a manufacturer's),
 *                   change its role to distributor (over OPERATOR_ROLE_SYNC_LIMIT: a job) and run the job
 *                   through lib/jobs; prints "READY <runId> <workspaceId>", then "PROGRESS <done>" at each
 *                   progress report (waiting a little after each, so the kill lands mid-run).
 *   resume <runId> <workspaceId>
 *                   a new worker on the same database: recovers runs whose worker died, runs the queued
 *                   role job to its end, then prints one "RESULT <json>" line.
 *
 * Database: DATABASE_URL, or a file-backed PGlite in $DATA_DIR/pglite seeded from CRASH_PGLITE_SNAPSHOT.
 */
import '@/lib/polyfills';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  crashChildWorkspace,
  openCrashChildDatabase,
  runCrashChild,
  runFirstJob,
  tellingProgress,
  tellParent,
} from './crash-child';

type Envelope = { jobRunId: string; workspaceId: string; payload: unknown };

async function start(count: number) {
  await openCrashChildDatabase();
  const { skus } = await import('@/lib/db/schema');
  const { recomputeSkusBulk } = await import('@/lib/skus/recompute-bulk');
  const { setWorkspaceOperatorRole } = await import('@/lib/skus/operator-role');
  const { db, user, workspace } = await crashChildWorkspace({
    email: `rcrash-${crypto.randomUUID().slice(0, 8)}@example.test`,
    plan: 'pro',
  });
  for (let i = 0; i < count; i += 200) {
    const rows = await db
      .insert(skus)
      .values(
        Array.from({ length: Math.min(200, count - i) }, (_, j) => ({
          workspaceId: workspace.id,
          skuCode: `RC-${String(i + j).padStart(6, '0')}`,
          productName: 'Bamboo cutting board',
        })),
      )
      .returning({ id: skus.id });
    await recomputeSkusBulk(db, { workspaceId: workspace.id, skuIds: rows.map((r) => r.id) });
  }
  const change = await setWorkspaceOperatorRole(db, {
    workspaceId: workspace.id,
    actor: { userId: user.id, apiKeyId: null, label: user.email },
    role: 'distributor',
  });
  if (change.mode !== 'queued') throw new Error('the role change was not queued: raise the SKU count');
  tellParent(`READY ${change.job.id} ${workspace.id}`);
  const { roleRecomputeJob } = await import('@/lib/skus/operator-role-jobs');
  await runFirstJob(
    tellingProgress(roleRecomputeJob, (x) => `PROGRESS ${x.done}`, 300),
    { what: 'the role job' },
  );
  tellParent('DONE');
}

async function resume(runId: string, workspaceId: string) {
  await openCrashChildDatabase();
  const { getDb } = await import('@/lib/db/client');
  const { recoverRuns, runJob } = await import('@/lib/workers');
  const { getBoss } = await import('@/lib/jobs/boss');
  const { jobRuns, skus } = await import('@/lib/db/schema');
  const { roleRecomputeJob } = await import('@/lib/skus/operator-role-jobs');
  const { evaluateRequirements } = await import('@/lib/requirements');
  const { loadRequirementInput } = await import('@/lib/skus/requirement-input');
  const db = await getDb();
  const [before] = await db.select().from(jobRuns).where(eq(jobRuns.id, runId));
  const boss = await getBoss();
  const progressSeen: number[] = [];
  const def = {
    ...roleRecomputeJob,
    handler: (p: Parameters<typeof roleRecomputeJob.handler>[0], ctx: Parameters<typeof roleRecomputeJob.handler>[1]) =>
      roleRecomputeJob.handler(p, {
        ...ctx,
        progress: async (x) => {
          progressSeen.push(Number((x as { done?: number }).done));
          await ctx.progress(x);
        },
      }),
  };
  const recovered = await recoverRuns({ staleAfterMs: 1000 });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const [job] = await boss.fetch<Envelope>(roleRecomputeJob.name, { batchSize: 1 });
    if (job)
      await runJob(def, job).then(
        () => boss.complete(roleRecomputeJob.name, job.id),
        (e) => boss.fail(roleRecomputeJob.name, job.id, { message: String(e) }),
      );
    const [r] = await db.select({ status: jobRuns.status }).from(jobRuns).where(eq(jobRuns.id, runId));
    if (['completed', 'failed', 'cancelled'].includes(r.status) || Date.now() > deadline) break;
    if (!job) await new Promise((res) => setTimeout(res, 100));
  }
  const [after] = await db.select().from(jobRuns).where(eq(jobRuns.id, runId));
  const rows = await db
    .select({ id: skus.id, blockers: skus.blockers })
    .from(skus)
    .where(eq(skus.workspaceId, workspaceId));
  const conclusion = (bs: readonly { code: string; severity: string; waived?: unknown; key?: string }[]) =>
    bs
      .filter((b) => !b.waived)
      .map((b) => `${b.key ?? b.code}:${b.severity}`)
      .sort()
      .join('|');
  let stale = 0;
  const risk: Record<string, number> = {};
  for (const r of rows) {
    const fresh = evaluateRequirements(await loadRequirementInput(db, { workspaceId, skuId: r.id }));
    if (conclusion(r.blockers as never) !== conclusion(fresh.blockers as never)) stale++;
    const s = r.blockers.find((b) => b.code === 'RISK_ASSESSMENT_MISSING')?.severity ?? 'none';
    risk[s] = (risk[s] ?? 0) + 1;
  }
  const result = {
    before: { status: before.status, progress: before.progress },
    recovered,
    run: { status: after.status, attempts: after.attempts, result: after.result, error: after.error },
    progress_seen: progressSeen,
    skus: rows.length,
    stale,
    risk,
  };
  tellParent(`RESULT ${JSON.stringify(result)}`);
}

runCrashChild('role-job-crash-child.ts', {
  start: { usage: '<skus>', run: (skus) => start(Number(skus)) },
  resume: { usage: '<runId> <workspaceId>', run: (runId, workspaceId) => resume(runId, workspaceId) },
});
