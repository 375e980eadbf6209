/**
 * The embedded database lock (a second process is refused while the owner lives, a stale lock is taken
 * over) and the admin CLI (create a user, set the plan by owner e-mail, list workspaces).
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDirLock, DatabaseLockedError } from '@/lib/db/lock';
import { onPostgres } from '../../helpers/db';
import { inject } from 'vitest';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function admin(args: string[], env: Record<string, string>) {
  return run(tsx, ['scripts/admin.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'development', ...env },
    timeout: 90_000,
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e) => ({ code: e.code as number, out: `${e.stdout}${e.stderr}` }),
  );
}

describe('embedded database lock', () => {
  it('a second process is refused while the owner lives; a stale lock is taken over', async () => {
    const dir = path.join(tmp, 'lockdir');
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'owner.lock'), String(holder.pid));
    try {
      expect(() => acquireDirLock(dir)).toThrow(DatabaseLockedError);
      expect(() => acquireDirLock(dir)).toThrow(/in use by another process \(pid \d+\)/);
    } finally {
      holder.kill();
      await new Promise((r) => holder.once('exit', r));
    }
    const release = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'owner.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'owner.lock'))).toBe(false);
  });
});

describe('admin CLI', () => {
  it('creates a user, sets the plan by owner email, lists workspaces', async () => {
    const env: Record<string, string> = onPostgres()
      ? { DATABASE_URL: inject('testDatabaseUrl') }
      : { DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: '' };
    const email = `admin-${Date.now()}@example.test`;
    const created = await admin(['create-user', email, '--password', 'longpassword', '--staff'], env);
    expect(created.out).toMatch(/Created staff user/);
    expect(created.code).toBe(0);
    const set = await admin(['set-plan', email, 'pro'], env);
    expect(set.out).toMatch(/now on plan pro/);
    const list = await admin(['list-workspaces'], env);
    expect(list.out).toContain(email);
    expect(list.out).toMatch(/pro/);
    const bad = await admin(['set-plan', email, 'gold'], env);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/Unknown plan "gold"/);
  }, 180_000);

  it.runIf(!onPostgres())(
    'refuses clearly while another process holds the embedded database',
    async () => {
      const dataDir = path.join(tmp, 'held');
      fs.mkdirSync(dataDir, { recursive: true });
      const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      fs.writeFileSync(path.join(dataDir, 'owner.lock'), String(holder.pid));
      try {
        const res = await admin(['list-workspaces'], { DATA_DIR: dataDir, DATABASE_URL: '' });
        expect(res.code).not.toBe(0);
        expect(res.out).toMatch(/in use by another process/);
      } finally {
        holder.kill();
      }
    },
    60_000,
  );
});
