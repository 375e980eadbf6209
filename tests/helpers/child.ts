/**
 * Child processes for crash tests: node itself with the tsx loader (no wrapper process, so a SIGKILL
 * hits the worker), their stdout read line by line, and a database of their own on the test server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { openPostgres } from '@/lib/db/client';
import { runMigrations } from '@/lib/db/migrate';

export interface Child {
  proc: ChildProcess;
  stderr(): string;
  /** Lines seen so far, each with the time it arrived. */
  seen: { at: number; line: string }[];
  /** Resolves with the first line (seen before or after the call) that passes the test. */
  waitFor(test: (line: string) => boolean, timeoutMs?: number): Promise<{ at: number; line: string }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnScript(script: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const seen: { at: number; line: string }[] = [];
  const waiters: { test: (l: string) => boolean; resolve: (v: { at: number; line: string }) => void }[] = [];
  let buf = '';
  proc.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const entry = { at: Date.now(), line: buf.slice(0, i) };
      buf = buf.slice(i + 1);
      seen.push(entry);
      for (const w of [...waiters]) {
        if (w.test(entry.line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(entry);
        }
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    proc.once('exit', (code, signal) => r({ code, signal })),
  );
  return {
    proc,
    seen,
    exited,
    stderr: () => err,
    waitFor(test, timeoutMs = 120_000) {
      const hit = seen.find((e) => test(e.line));
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`no matching line within ${timeoutMs} ms; stderr:\n${err.slice(-3000)}`)),
          timeoutMs,
        );
        waiters.push({ test, resolve: (v) => (clearTimeout(t), resolve(v)) });
        void exited.then(({ code, signal }) => {
          clearTimeout(t);
          reject(new Error(`the child exited (${code}, ${signal}) before the line came; stderr:\n${err.slice(-3000)}`));
        });
      });
    },
  };
}

/**
 * SIGKILLs the child at the first line that passes `at`, and waits for it to die. Fails when the child
 * exits first, or when a `tooLate` line (the work finished) comes before. Resolves with that line.
 */
export async function killWhen(
  child: Child,
  at: (line: string) => boolean,
  tooLate?: (line: string) => boolean,
): Promise<{ at: number; line: string }> {
  const finished = tooLate
    ? child.waitFor(tooLate).then(
        (l) => Promise.reject(new Error(`the work finished before the child could be killed: ${l.line}`)),
        () => new Promise<never>(() => {}), // the child died: the kill's outcome decides
      )
    : new Promise<never>(() => {});
  const hit = await Promise.race([child.waitFor(at), finished]);
  child.proc.kill('SIGKILL');
  const exit = await child.exited;
  if (exit.signal !== 'SIGKILL')
    throw new Error(
      `the child exited (${exit.code}, ${exit.signal}) before the kill; stderr:\n${child.stderr().slice(-3000)}`,
    );
  return hit;
}

/** Waits for the child to end with code 0 and parses its `RESULT <json>` line. */
export async function resultOf<T = any>(child: Child): Promise<T> {
  const exit = await child.exited;
  if (exit.code !== 0)
    throw new Error(`the child exited (${exit.code}, ${exit.signal}); stderr:\n${child.stderr().slice(-3000)}`);
  const line = child.seen.find((e) => e.line.startsWith('RESULT '));
  if (!line) throw new Error(`the child printed no RESULT line; stderr:\n${child.stderr().slice(-3000)}`);
  return JSON.parse(line.line.slice('RESULT '.length)) as T;
}

/**
 * The environment of a child on this run's database kind: on Postgres a fresh database of its own (its
 * workers then see no other test file's jobs), on PGlite a file-backed copy of the migrated snapshot in
 * dataDir. Call drop() at the end.
 */
export async function childDatabase(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, JOBS_IN_PROCESS: 'false', ...extra };
  const server = inject('testDatabaseUrl');
  if (!server) {
    delete env.DATABASE_URL;
    env.CRASH_PGLITE_SNAPSHOT = inject('pgliteSnapshot');
    return { env, drop: async () => {} };
  }
  const name = `cw_child_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await openPostgres(server, 1);
  await admin.sql!.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 1);
  await runMigrations(handle);
  await handle.close();
  env.DATABASE_URL = url.toString();
  return {
    env,
    drop: async () => {
      await admin.sql!.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.close();
    },
  };
}
