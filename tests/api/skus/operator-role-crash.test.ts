/**
 * Crash test of the role-change job (issue 35): a worker process re-evaluating a workspace after its role
 * changed is killed with SIGKILL mid-run; a new process on the same database (file-backed PGlite, or a
 * Postgres database of its own) recovers the run through lib/jobs (stale heartbeat -> re-queued) and goes
 * on after the last chunk the dead worker committed. The run must end completed, every SKU counted once
 * (a restart from zero would count the first chunks as unchanged) and every SKU's stored conclusion equal
 * to a fresh evaluation as a distributor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childDatabase, spawnScript } from '../../helpers/child';

const SKUS = 240;
const CHUNK = 20;

describe('role change job: crash and resume', () => {
  it(
    'SIGKILL mid-run, then a new worker resumes after its last chunk: completed, every SKU once and current',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-rcrash-'));
      const childDb = await childDatabase(dataDir, {
        OPERATOR_ROLE_SYNC_LIMIT: '10',
        OPERATOR_ROLE_CHUNK: String(CHUNK),
        JOB_STALE_AFTER_SECONDS: '1',
      });
      const first = spawnScript('scripts/role-job-crash-child.ts', ['start', String(SKUS)], childDb.env);
      const ready = await first.waitFor((l) => l.startsWith('READY '), 240_000);
      const [, runId, workspaceId] = ready.line.split(' ');
      // Kill once three chunks are in.
      const progress = await first.waitFor((l) => l.startsWith('PROGRESS ') && Number(l.split(' ')[1]) >= 3 * CHUNK);
      first.proc.kill('SIGKILL');
      const exit1 = await first.exited;
      expect(exit1.signal).toBe('SIGKILL');
      expect(first.seen.some((e) => e.line === 'DONE')).toBe(false);
      const doneAtKill = Number(progress.line.split(' ')[1]);

      // The dead worker's heartbeat must look stale to the new one.
      await new Promise((r) => setTimeout(r, 1500));
      const second = spawnScript('scripts/role-job-crash-child.ts', ['resume', runId, workspaceId], childDb.env);
      const line = await second.waitFor((l) => l.startsWith('RESULT '), 240_000);
      const exit2 = await second.exited;
      expect(exit2.code, second.stderr().slice(-3000)).toBe(0);
      const result = JSON.parse(line.line.slice(7));

      expect(result.before.status).toBe('running');
      expect(result.before.progress.done).toBeGreaterThanOrEqual(doneAtKill);
      expect(result.before.progress.done).toBeLessThan(SKUS);
      expect(result.recovered).toBeGreaterThanOrEqual(1);
      expect(result.run.status, JSON.stringify(result.run)).toBe('completed');
      expect(result.run.attempts).toBe(2);
      // Resumed, not restarted: the progress goes on from where it was, every SKU counted once, and all of
      // them changed (a restart would find the first chunks already a distributor's and count them unchanged).
      expect(result.progress_seen[0]).toBe(result.before.progress.done);
      expect(result.run.result).toMatchObject({
        operator_role: 'distributor',
        total: SKUS,
        done: SKUS,
        changed: SKUS,
        chunks: SKUS / CHUNK,
      });
      expect(result.skus).toBe(SKUS);
      expect(result.stale).toBe(0);
      expect(result.risk).toEqual({ warning: SKUS });
      await childDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    8 * 60_000,
  );
});
