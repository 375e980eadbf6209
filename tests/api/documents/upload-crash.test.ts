/**
 * A bulk upload killed mid-request (issue 18, item 5): a child process POSTs a ZIP of many PDFs to the
 * real bulk route handler and is killed with SIGKILL once the first documents are committed, before
 * their extraction is queued. A worker started right after (on the same database and blob folder) must
 * find those documents through its recovery and extract each exactly once; none stays "processing".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childDatabase, spawnScript } from '../../helpers/child';

const PARTS = 300; // stored 100 per transaction: the kill lands after the first hundred
const SCRIPT = 'scripts/upload-crash-child.ts';

describe('bulk upload killed mid-request', () => {
  it(
    'documents committed before the kill are queued by the recovery and extracted once each',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-upload-crash-'));
      const db = await childDatabase(dataDir, {
        JOB_STALE_AFTER_SECONDS: '1',
        PUBLIC_APP_URL: 'http://127.0.0.1:3100',
      });
      try {
        const uploader = spawnScript(SCRIPT, ['upload', String(PARTS)], db.env);
        const ready = await uploader.waitFor((l) => l.startsWith('READY '));
        const workspaceId = ready.line.split(' ')[1];
        const committed = await uploader.waitFor((l) => l.startsWith('DOCS ') && Number(l.slice(5)) > 0);
        uploader.proc.kill('SIGKILL');
        expect((await uploader.exited).signal).toBe('SIGKILL');
        expect(uploader.seen.some((e) => e.line.startsWith('DONE'))).toBe(false); // killed mid-request
        const stored = Math.max(
          ...uploader.seen.filter((e) => e.line.startsWith('DOCS ')).map((e) => Number(e.line.slice(5))),
        );
        expect(stored).toBeGreaterThanOrEqual(Number(committed.line.slice(5)));
        expect(stored).toBeLessThan(PARTS);

        const worker = spawnScript(SCRIPT, ['recover', workspaceId], db.env);
        const stuck = await worker.waitFor((l) => l.startsWith('STUCK '));
        // The crash window: stored, never queued.
        expect(Number(stuck.line.slice(6))).toBe(stored);
        const exit = await worker.exited;
        expect(exit.code, worker.stderr().slice(-3000)).toBe(0);
        const result = JSON.parse(worker.seen.find((e) => e.line.startsWith('RESULT '))!.line.slice(7));
        expect(result.documents).toBe(stored);
        expect(result.distinct_hashes).toBe(stored);
        expect(result.statuses).toEqual({ ready: stored });
        // Every document: one run, completed, one extraction.
        expect(result.runs).toEqual(['1/1/1']);
      } finally {
        await db.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    6 * 60_000,
  );
});
