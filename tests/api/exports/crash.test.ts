/**
 * Crash test: the worker rendering an export run is killed with SIGKILL mid-run; a new worker process on
 * the same database and blob folder recovers the run through lib/jobs (stale heartbeat -> re-queued).
 * The run must end completed with its whole file stored, never "completed" with a missing or partial file.
 * The technical-file ZIP also: the retry's progress starts again at zero, and the dead worker's
 * per-run temporary folder (with its partial ZIP) is removed when the next process starts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childDatabase, killWhen, resultOf, spawnScript, type Child } from '../../helpers/child';

const SKUS = 1500; // two batches of EXPORT_CHUNK (1000); the child pauses after each, so the kill lands after the first

const TF_SKUS = 40; // the technical file reports progress every 25 SKUs: the kill lands after 25

const SCRIPT = 'scripts/export-crash-child.ts';

/**
 * Starts a run in a child and SIGKILLs it at its first real progress (the first report is the zero a run
 * writes when it starts); the run's and workspace's ids and the progress seen.
 */
async function startAndKill(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: Child; ids: [string, string]; seen: number }> {
  const child = spawnScript(SCRIPT, args, env);
  const killedAt = await killWhen(
    child,
    (line) => line.startsWith('PROGRESS ') && Number(line.split(' ')[1]) > 0,
    (line) => line.startsWith('DONE'),
  );
  const ready = child.seen.find((e) => e.line.startsWith('READY '));
  expect(ready).toBeDefined();
  return {
    child,
    ids: ready!.line.split(' ').slice(1, 3) as [string, string],
    seen: Number(killedAt.line.split(' ')[1]),
  };
}

describe('export run crash and recovery', () => {
  it(
    'SIGKILL mid-render, then a new worker: the run completes with the whole file stored',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-xcrash-'));
      // On Postgres a database of its own: the child's worker must not fetch another test file's queued jobs.
      const childDb = await childDatabase(dataDir);
      const env = childDb.env;
      const { ids, seen } = await startAndKill(['start', String(SKUS)], env);
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(SKUS);
      // Nothing stored yet: the file is put only after rendering ends.
      expect(fs.existsSync(path.join(dataDir, 'blobs', ids[1], 'exports', ids[0]))).toBe(false);
      await new Promise((r) => setTimeout(r, 1500));

      const result = await resultOf(spawnScript(SCRIPT, ['resume', ids[0], ids[1]], env));
      expect(result.before.status).toBe('processing');
      expect(result.recovered).toBeGreaterThanOrEqual(1);
      expect(result.job.status).toBe('completed');
      expect(result.job.attempts).toBeGreaterThanOrEqual(2);
      // The seeded SKUs have no manufacturer: every one carries channel warnings, and is still in the file.
      expect(result.run).toMatchObject({ status: 'completed_with_warnings', sku_count: SKUS, error_message: null });
      expect(result.run.hash).toMatch(/^sha256:/);
      expect(result.file.exists).toBe(true);
      expect(result.file.size).toBe(result.run.output_size_bytes);
      expect(result.file.lines).toBe(SKUS + 1);
      expect(result.file.distinct_codes).toBe(SKUS);
      await childDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    5 * 60_000,
  );

  it(
    'technical-file ZIP: SIGKILL mid-run leaves a partial file in its run folder; the next worker removes it, restarts progress at zero and completes',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-xcrash-tf-'));
      const childDb = await childDatabase(dataDir, { CRASH_TEMPLATE: 'technical_file' });
      const env = childDb.env;
      const { child: first, ids, seen } = await startAndKill(['start', String(TF_SKUS)], env);
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(TF_SKUS);
      // The dead worker's run folder holds its partial ZIP.
      const tmpRoot = path.join(dataDir, 'tmp');
      const deadFolder = fs.readdirSync(tmpRoot).find((n) => n.includes(`-${first.proc.pid}-`));
      expect(deadFolder).toBeDefined();
      const partial = fs
        .readdirSync(path.join(tmpRoot, deadFolder!), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.zip'));
      expect(partial.length).toBe(1);
      expect(fs.statSync(path.join(partial[0].parentPath, partial[0].name)).size).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1500));

      const result = await resultOf(spawnScript(SCRIPT, ['resume', ids[0], ids[1]], env));
      expect(result.before.status).toBe('processing');
      expect(result.job.status).toBe('completed');
      expect(result.run).toMatchObject({ status: 'completed', sku_count: TF_SKUS, error_message: null });
      expect(result.file.exists).toBe(true);
      expect(result.zip_entries).toBe(TF_SKUS);
      expect(result.zip_distinct_codes).toBe(TF_SKUS);
      // Progress of the retry: from zero up, never the dead attempt's figure first.
      expect(result.progress_seen[0]).toBe(0);
      expect(result.progress_seen.at(-1)).toBe(TF_SKUS);
      expect([...result.progress_seen].sort((a: number, b: number) => a - b)).toEqual(result.progress_seen);
      // The dead folder was there before the resuming process started, and is gone after; the
      // resuming process's own folder holds no run folder once the run succeeded.
      expect(result.tmp_before).toContain(deadFolder);
      expect(result.tmp_after.some((n: string) => n.startsWith(deadFolder!))).toBe(false);
      expect(result.tmp_after.filter((n: string) => n.includes('/'))).toEqual([]);
      await childDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    10 * 60_000,
  );
});
