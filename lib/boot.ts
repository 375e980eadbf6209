import { getEnv } from '@/lib/config/env';
import { getJwtSecret } from '@/lib/auth/jwt-secret';
import { getDbHandle } from '@/lib/db/client';
import { guardListeningServers } from '@/lib/http/server-guard';
import { boundHeapGrowth } from '@/lib/runtime/heap-growth';
import { sweepDeadRunFolders } from '@/lib/storage/temp';

/**
 * Startup: a wrong setting or a locked embedded database stops the app here with a message naming
 * it, instead of failing on the first request.
 */
export async function bootApp() {
  const started = Date.now();
  try {
    const env = getEnv();
    getJwtSecret();
    // Before anything slow: framework-level failures (TRACE, bad path bytes, malformed framing) get the
    // envelope. After the settings, which it reads: a bad one must stop the app here, not inside Next.
    guardListeningServers();
    boundHeapGrowth(env.HEAP_GROWING_PERCENT);
    const handle = await getDbHandle();
    // Temporary files of a process that died mid-run (a killed upload, an export cut short).
    const swept = await sweepDeadRunFolders().catch((e: Error) => {
      console.warn(`[boot] could not sweep ${env.DATA_DIR}/tmp: ${e.message}`);
      return [];
    });
    if (swept.length) console.log(`[boot] removed the temporary files of ${swept.length} process(es) that died`);
    console.log(
      `[boot] ready in ${Date.now() - started} ms (database: ${handle.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}/pglite` : 'Postgres'}, jobs: ${env.JOBS_IN_PROCESS === 'true' ? 'in-process worker' : 'external worker'})`,
    );
    // The worker starts while the app already answers: loading and starting it took 0.5-0.9 s of a 2-3 s
    // cold start (bench/server-memory.ts). A job sent meanwhile is not lost: sending starts the same
    // pg-boss (getBoss) and its queue, and the worker takes it once up. A worker that cannot start still
    // stops the app.
    if (env.JOBS_IN_PROCESS === 'true') void startInProcessWorker(started);
  } catch (e) {
    cannotStart(e);
  }
}

async function startInProcessWorker(started: number) {
  try {
    const { startWorkers } = await import('@/lib/workers');
    await startWorkers();
    console.log(`[boot] job worker started in ${Date.now() - started} ms`);
  } catch (e) {
    cannotStart(e);
  }
}

function cannotStart(e: unknown): never {
  console.error(`\n[boot] cannot start: ${(e as Error).message}\n`);
  process.exit(1);
}
