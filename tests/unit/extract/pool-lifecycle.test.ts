/**
 * Extraction runs in child processes that exit when idle, hold none of the server, and do not outlive a server
 * killed with SIGKILL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pngOfText } from '../documents/fixtures';

// The pool reads its limits when it loads: short idle retirement and a small resident budget for these cases.
process.env.EXTRACT_WORKER_IDLE_MS = '1500';
process.env.EXTRACT_WORKER_RSS_BUDGET_MB = '150';
const { extractPoolStats, extractText, POOL_LIMITS, shutdownExtractWorkers } = await import('@/lib/extract');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const text = (s: string) => extractText({ bytes: new TextEncoder().encode(s), filename: 'a.txt' });

let scan: Buffer;
beforeAll(async () => {
  scan = await pngOfText(['Declaration of Conformity', 'Manufacturer: Example GmbH']);
});
afterAll(() => shutdownExtractWorkers());

/**
 * Parsers run in child processes: what a parse leaves behind (OCR models, native buffers) goes back to the
 * system when the process ends, so idle, grown and over-budget workers must really end.
 */
describe('extraction pool: worker processes and their lifecycle', () => {
  it('parses in a child process, which exits once it has been idle for idleMs', async () => {
    expect(POOL_LIMITS.idleMs).toBe(1500);
    expect((await text('Plain text of a label.\n')).status).toBe('ok');
    const [pid] = extractPoolStats().pids;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(alive(pid)).toBe(true);
    await sleep(POOL_LIMITS.idleMs + 1000);
    expect(extractPoolStats().workers).toBe(0);
    expect(alive(pid)).toBe(false);
  }, 60_000);

  it("a parser process holds none of the server's configuration (database URL, secrets)", async () => {
    process.env.DATABASE_URL ??= 'postgres://user:secret@127.0.0.1:5432/x';
    process.env.SUPABASE_JWT_SECRET ??= 'a-secret-that-must-stay-in-the-server-0123456789';
    await shutdownExtractWorkers();
    expect((await text('Plain text of a label.\n')).status).toBe('ok');
    const [pid] = extractPoolStats().pids;
    const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const names = env.map((e) => e.split('=')[0]);
    expect(names).toContain('PATH');
    expect(names).not.toContain('DATABASE_URL');
    expect(names).not.toContain('SUPABASE_JWT_SECRET');
    expect(env.join('\n')).not.toContain(process.env.SUPABASE_JWT_SECRET);
  }, 60_000);

  it('a server killed with SIGKILL in the middle of a parse leaves no parser process behind', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pool-kill-')), 'scan.png');
    fs.writeFileSync(file, scan);
    const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/extract-crash-child.ts', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const parserPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /busy (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      server.on('exit', (code) => reject(new Error(`the stand-in server exited (${code}) before parsing`)));
    });
    expect(alive(parserPid)).toBe(true);
    server.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (alive(parserPid) && Date.now() < deadline) await sleep(100);
    expect(alive(parserPid)).toBe(false);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }, 120_000);

  it('a worker past its resident budget is killed: the request answers parse_failed with the reason, the next one is read', async () => {
    expect((await text('warm')).status).toBe('ok');
    const [pid] = extractPoolStats().pids;
    // The budget is above a fresh worker and below one holding the OCR models.
    expect(rssMb(pid)).toBeLessThan(POOL_LIMITS.rssBudgetMb);
    const t = performance.now();
    const r = await extractText({ bytes: scan, filename: 'scan.png' });
    expect(performance.now() - t).toBeLessThan(60_000);
    expect(r).toMatchObject({
      status: 'failed',
      issue: { code: 'parse_failed', message: expect.stringMatching(/memory grow past its budget of 150 MB/) },
    });
    await sleep(200);
    expect(alive(pid)).toBe(false);
    expect(await text('read after the kill')).toMatchObject({ status: 'ok', text: 'read after the kill' });
    expect(extractPoolStats()).toMatchObject({ busy: 0, queued: 0 });
  }, 120_000);
});
