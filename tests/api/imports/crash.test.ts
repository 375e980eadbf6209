/**
 * Crash test: a worker process importing a large catalogue is killed with SIGKILL mid-import; a new
 * process on the same database (file-backed PGlite, or the Postgres test database) recovers the run
 * through lib/jobs (stale heartbeat -> re-queued) and resumes. The batch must end completed with every
 * row exactly once (never "completed" with rows missing, never a row applied twice).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { childDatabase } from '../../helpers/child';

// Postgres imports faster: more rows so the kill still lands mid-import.
const ROWS = inject('testDatabaseUrl') ? 12000 : 8000;
const KILL_AFTER = 1000; // processed rows seen before the kill
const FIELDS_PER_ROW = 4; // brand, manufacturer_name, country_of_origin, safety_warnings_de

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // node itself with the tsx loader (no wrapper process): the SIGKILL hits the worker.
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/import-crash-child.ts', ...args], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function lines(child: ChildProcess, onLine: (line: string) => void) {
  let buf = '';
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      onLine(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );

describe('import crash and resume', () => {
  it(
    'SIGKILL mid-import, then a new worker resumes: completed, every row exactly once',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-crash-'));
      // On Postgres a database of its own: the child's worker must not fetch another test file's queued jobs.
      const childDb = await childDatabase(dataDir);
      const env = childDb.env;
      let stderr = '';

      // 1. The first worker: commit and import until some chunks are in, then SIGKILL.
      const first = run(['start', String(ROWS)], env);
      first.stderr!.on('data', (d) => (stderr += d.toString()));
      let ids: [string, string] | null = null;
      let seen = 0;
      let done = false;
      const killed = new Promise<void>((resolve, reject) => {
        lines(first, (line) => {
          const [tag, a, b] = line.split(' ');
          if (tag === 'READY') ids = [a, b];
          if (tag === 'PROGRESS') {
            seen = Number(a);
            if (seen >= KILL_AFTER && first.exitCode === null && !first.killed) {
              first.kill('SIGKILL');
              resolve();
            }
          }
          if (tag === 'DONE') {
            done = true;
            reject(new Error('the import finished before it could be killed; raise ROWS'));
          }
        });
        first.once('exit', (code, signal) => {
          if (signal !== 'SIGKILL')
            reject(new Error(`first worker exited (${code}, ${signal}) before the kill:\n${stderr.slice(-3000)}`));
        });
      });
      await killed;
      const exit1 = await exited(first).catch(() => ({ code: null, signal: 'SIGKILL' as const }));
      expect(exit1.signal ?? 'SIGKILL').toBe('SIGKILL');
      expect(done).toBe(false);
      expect(ids).not.toBeNull();
      expect(seen).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(seen).toBeLessThan(ROWS);

      // The dead worker's heartbeat must look stale to the new one.
      await new Promise((r) => setTimeout(r, 1500));

      // 2. A new worker process on the same data resumes the run.
      const second = run(['resume', ids![0], ids![1]], env);
      let stderr2 = '';
      second.stderr!.on('data', (d) => (stderr2 += d.toString()));
      let resultLine = '';
      lines(second, (line) => {
        if (line.startsWith('RESULT ')) resultLine = line.slice(7);
      });
      const exit2 = await exited(second);
      expect(exit2.code, stderr2.slice(-3000)).toBe(0);
      const result = JSON.parse(resultLine);

      // Killed while processing, part of the rows recorded.
      expect(result.before.status).toBe('processing');
      expect(result.before.processed_rows).toBeGreaterThan(0);
      expect(result.before.processed_rows).toBeLessThan(ROWS);
      expect(result.recovered).toBeGreaterThanOrEqual(1); // ours (a shared test database may hold others)
      expect(result.run).toMatchObject({ status: 'completed' });
      // Completed, and only because every row has exactly one outcome.
      expect(result.batch).toMatchObject({
        status: 'completed',
        total_rows: ROWS,
        processed_rows: ROWS,
        created_rows: ROWS,
        updated_rows: 0,
        skipped_rows: 0,
        failed_rows: 0,
        error_rows: 0,
        error_message: null,
      });
      expect(result.import_rows).toBe(ROWS);
      expect(result.distinct_rows).toBe(ROWS);
      expect(result.skus).toBe(ROWS);
      expect(result.skus_of_batch).toBe(ROWS);
      expect(result.values).toBe(ROWS * FIELDS_PER_ROW);
      expect(result.superseded_values).toBe(0);
      expect(result.completion_events).toBe(1);
      expect(result.sku_events).toBe(0);
      expect(result.skus_without_blockers_computed).toBe(0);
      await childDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    5 * 60_000,
  );
});
