/**
 * Crash recovery while running (issue 18, item 4): a real worker process (lib/jobs startWorkers) is
 * killed with SIGKILL in the middle of an import. On Postgres a second worker process is already running
 * beside it and must take the run over by itself (no restart: its recovery loop sees the heartbeat stop);
 * on the embedded database, where one process owns the data, a new worker process starts at once. Either
 * way the import must make progress again within a minute and end completed with every row exactly once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { childDatabase, spawnScript } from '../../helpers/child';

const onPostgres = Boolean(inject('testDatabaseUrl'));
const ROWS = onPostgres ? 20000 : 8000;
const KILL_AFTER = 1000;
const FIELDS_PER_ROW = 4;
const STALE_AFTER_SECONDS = 4; // the bound (production: 40); heartbeats and recovery every second
const SCRIPT = 'scripts/import-crash-child.ts';

interface State {
  status: string;
  attempts: number;
  processed: number;
  batch: string;
}
const stateOf = (line: string): State | null =>
  line.startsWith('STATE ') ? (JSON.parse(line.slice(6)) as State) : null;
const progressOf = (line: string): number => (line.startsWith('PROGRESS ') ? Number(line.slice(9)) : 0);

describe('import crash with a live worker', () => {
  it(
    'SIGKILL of the worker mid-import: another worker resumes within a minute, every row exactly once',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-crash-live-'));
      const db = await childDatabase(dataDir, { JOB_STALE_AFTER_SECONDS: String(STALE_AFTER_SECONDS) });
      try {
        // The first worker holds at KILL_AFTER rows (heartbeat still beating): on a fast machine the whole
        // import used to finish before the second worker was up, and the kill found nothing to interrupt.
        const first = spawnScript(SCRIPT, ['start-live', String(ROWS), String(KILL_AFTER)], db.env);
        const ready = await first.waitFor((l) => l.startsWith('READY '));
        const [, batchId, workspaceId] = ready.line.split(' ');
        // Its own handler reports progress: this worker holds the run.
        await first.waitFor((l) => l.startsWith('PROGRESS '));

        // Postgres: the second worker is up before the kill, and stays up.
        let second = onPostgres ? spawnScript(SCRIPT, ['serve', batchId, workspaceId], db.env) : null;
        if (second) await second.waitFor((l) => l === 'SERVING');

        await first.waitFor((l) => progressOf(l) >= KILL_AFTER);
        const killedAt = Date.now();
        first.proc.kill('SIGKILL');
        expect((await first.exited).signal).toBe('SIGKILL');
        const seenBeforeKill = Math.max(...first.seen.map((e) => progressOf(e.line)));
        expect(seenBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER);
        expect(seenBeforeKill).toBeLessThan(ROWS);
        expect(first.seen.some((e) => stateOf(e.line)?.batch === 'completed')).toBe(false);
        if (second) expect(second.seen.some((e) => e.line.startsWith('PROGRESS '))).toBe(false); // it had not run the import

        // Embedded: the restart, at once.
        second ??= spawnScript(SCRIPT, ['serve', batchId, workspaceId], db.env);
        // Progress again, from the other worker's handler: rows beyond those done at the kill.
        const resumed = await second.waitFor((l) => progressOf(l) > seenBeforeKill, 90_000);
        const resumedAfterMs = resumed.at - killedAt;
        console.log(
          `[crash-live] ${onPostgres ? 'live worker beside' : 'restart'}: progress resumed ${resumedAfterMs} ms after the kill (bound ${STALE_AFTER_SECONDS} s; killed at >= ${seenBeforeKill} of ${ROWS} rows)`,
        );
        expect(resumedAfterMs).toBeLessThan(60_000);

        const exit = await second.exited;
        expect(exit.code, second.stderr().slice(-3000)).toBe(0);
        const resultLine = second.seen.find((e) => e.line.startsWith('RESULT '));
        expect(resultLine, second.stderr().slice(-3000)).toBeDefined();
        const result = JSON.parse(resultLine!.line.slice(7));
        // One takeover: the run was claimed twice in all, and completed by the second worker.
        expect(result.run).toEqual({ status: 'completed', attempts: 2 });
        // The queue agrees: the dead worker's job was cancelled by the recovery, not left "active".
        expect(result.boss_jobs).toEqual({ cancelled: 1, completed: 1 });
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
      } finally {
        await db.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    6 * 60_000,
  );
});
