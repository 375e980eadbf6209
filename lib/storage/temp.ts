import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getEnv } from '@/lib/config/env';

/**
 * Temporary files (an upload being parsed, a spooled request body, an export file being written,
 * inbound e-mail attachments) live under DATA_DIR/tmp, never in the system's temp folder, where a
 * crash left them for good: one folder per process, `<host>-<pid>-<random>`, and inside it one folder
 * per run, which the run removes on success and on failure. A process killed mid-run (SIGKILL, out of
 * memory) cannot remove anything, so every process, on its first temporary file and at boot, removes
 * the folders of the processes on this host that are no longer alive. Folders of live processes (a
 * worker beside the app, another test file) are left alone, and so are other hosts' when DATA_DIR is
 * shared.
 */

const HOST = os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
const PROCESS_DIR = /^(.+)-(\d+)-[0-9a-f]+$/;

let processDir: { dataDir: string; dir: Promise<string> } | null = null;

/** DATA_DIR/tmp, absolute. */
export function tempRoot(): string {
  return path.resolve(getEnv().DATA_DIR, 'tmp');
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists and belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders that processes on this host left under DATA_DIR/tmp when they died; returns the
 * names removed. Called at boot, and by each process before its first temporary file.
 */
export async function sweepDeadRunFolders(root = tempRoot()): Promise<string[]> {
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const m = PROCESS_DIR.exec(name);
    if (!m || m[1] !== HOST || isAlive(Number(m[2]))) continue;
    await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** This process's folder under DATA_DIR/tmp (created, after a sweep, on first use). */
async function processTempDir(): Promise<string> {
  const dataDir = getEnv().DATA_DIR;
  // A test that points DATA_DIR elsewhere gets a folder there.
  if (processDir?.dataDir !== dataDir) {
    const root = tempRoot();
    const dir = (async () => {
      await fs.promises.mkdir(root, { recursive: true });
      await sweepDeadRunFolders(root);
      const d = path.join(root, `${HOST}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
      await fs.promises.mkdir(d, { recursive: true });
      return d;
    })();
    processDir = { dataDir, dir };
    dir.catch(() => {
      if (processDir?.dir === dir) processDir = null;
    });
  }
  return processDir.dir;
}

/** A new, empty folder for one run's temporary files; the caller removes it (removeRunTempDir). */
export async function makeRunTempDir(prefix: string): Promise<string> {
  const parent = await processTempDir();
  // The process folder may have been removed meanwhile (a test clearing DATA_DIR): make it again.
  await fs.promises.mkdir(parent, { recursive: true });
  return fs.promises.mkdtemp(path.join(parent, `${prefix}-`));
}

export function removeRunTempDir(dir: string): Promise<void> {
  return fs.promises.rm(dir, { recursive: true, force: true });
}

/** Runs fn with a run folder that is removed afterwards, whether fn succeeds or throws. */
export async function withRunTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await makeRunTempDir(prefix);
  try {
    return await fn(dir);
  } finally {
    await removeRunTempDir(dir);
  }
}
