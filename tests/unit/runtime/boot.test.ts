/**
 * bootApp is ready once the database opens, without waiting for the job worker; a worker or database that cannot
 * start stops the app with the reason.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/lib/config/env';

// bootApp's order only: the database and the worker are stood in for, since what is tested is when the
// app counts as started (the first 200 waits for it) and what a failure of each part does.
const worker = vi.hoisted(() => ({ start: vi.fn<() => Promise<void>>() }));
const database = vi.hoisted(() => ({ open: vi.fn<() => Promise<{ kind: string }>>() }));
vi.mock('@/lib/workers', () => ({ startWorkers: worker.start }));
vi.mock('@/lib/db/client', () => ({ getDbHandle: database.open }));
vi.mock('@/lib/http/server-guard', () => ({ guardListeningServers: () => {} }));

const { bootApp } = await import('@/lib/boot');

describe('bootApp', () => {
  let exit: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    process.env.JOBS_IN_PROCESS = 'true';
    resetEnvCache();
    exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    database.open.mockResolvedValue({ kind: 'pglite' });
  });
  afterEach(() => {
    process.env.JOBS_IN_PROCESS = 'false';
    resetEnvCache();
    vi.restoreAllMocks();
    worker.start.mockReset();
    database.open.mockReset();
  });

  it('is ready once the database is open, without waiting for the job worker', async () => {
    let started!: () => void;
    worker.start.mockReturnValue(new Promise<void>((r) => (started = r)));
    // Resolves while the worker's start is still pending (it would hang here if boot waited for it).
    await bootApp();
    await vi.waitFor(() => expect(worker.start).toHaveBeenCalledTimes(1));
    expect(console.log).not.toHaveBeenCalledWith(expect.stringContaining('job worker started'));
    started();
    await vi.waitFor(() => expect(console.log).toHaveBeenCalledWith(expect.stringContaining('job worker started')));
    expect(exit).not.toHaveBeenCalled();
  });

  it('a worker that cannot start stops the app with the reason', async () => {
    worker.start.mockRejectedValue(new Error('pg-boss could not create its schema'));
    await bootApp();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('pg-boss could not create its schema'));
  });

  it('a database that cannot open stops the app before any worker starts', async () => {
    database.open.mockRejectedValue(new Error('the data directory is locked by another process'));
    await bootApp();
    expect(exit).toHaveBeenCalledWith(1);
    expect(worker.start).not.toHaveBeenCalled();
  });

  it('starts no worker in the app when workers run beside it', async () => {
    process.env.JOBS_IN_PROCESS = 'false';
    resetEnvCache();
    await bootApp();
    await new Promise((r) => setTimeout(r, 10));
    expect(worker.start).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
  });
});
