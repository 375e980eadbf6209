/**
 * Crash test: a worker process importing a large catalogue is killed with SIGKILL mid-import; a new
 * process on the same database (file-backed PGlite, or the Postgres test database) recovers the run
 * through lib/jobs (stale heartbeat -> re-queued) and resumes. The batch must end completed with every
 * row exactly once (never "completed" with rows missing, never a row applied twice).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { childDatabase, killWhen, resultOf, spawnScript } from '../../helpers/child';

// Postgres imports faster: more rows so the kill still lands mid-import.
const ROWS = inject('testDatabaseUrl') ? 12000 : 8000;
const KILL_AFTER = 1000; // processed rows seen before the kill
const FIELDS_PER_ROW = 4; // brand, manufacturer_name, country_of_origin, safety_warnings_de

const SCRIPT = 'scripts/import-crash-child.ts';

describe('import crash and resume', () => {
  it(
    'SIGKILL mid-import, then a new worker resumes: completed, every row exactly once',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-crash-'));
      // On Postgres a database of its own: the child's worker must not fetch another test file's queued jobs.
      const childDb = await childDatabase(dataDir);
      const env = childDb.env;
      // 1. The first worker: commit and import until some chunks are in, then SIGKILL.
      const first = spawnScript(SCRIPT, ['start', String(ROWS)], env);
      const killedAt = await killWhen(
        first,
        (line) => line.startsWith('PROGRESS ') && Number(line.split(' ')[1]) >= KILL_AFTER,
        (line) => line.startsWith('DONE'), // raise ROWS
      );
      const ready = first.seen.find((e) => e.line.startsWith('READY '));
      expect(ready).toBeDefined();
      const ids = ready!.line.split(' ').slice(1, 3) as [string, string];
      const seen = Number(killedAt.line.split(' ')[1]);
      expect(seen).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(seen).toBeLessThan(ROWS);

      // The dead worker's heartbeat must look stale to the new one.
      await new Promise((r) => setTimeout(r, 1500));

      // 2. A new worker process on the same data resumes the run.
      const result = await resultOf(spawnScript(SCRIPT, ['resume', ids[0], ids[1]], env));

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
