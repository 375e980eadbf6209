import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite lets a second process open the same directory and then silently loses one side's writes.
 * So the embedded database is held with a lock file naming the owner's pid; a second opener gets a
 * clear error, and a lock left by a dead process is taken over.
 */
export class DatabaseLockedError extends Error {
  constructor(
    public readonly dir: string,
    public readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        `Stop that process (for example the running "npm run dev"), or set DATABASE_URL to use a Postgres server.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'owner.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (owner === process.pid) return () => {};
      if (Number.isFinite(owner) && isAlive(owner)) throw new DatabaseLockedError(dir, owner);
      fs.rmSync(lockPath, { force: true }); // stale: its owner died without releasing
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
