// npm run worker – a job worker process beside stateless app servers (requires DATABASE_URL; the
// embedded database can only be used by the app process itself).
import '@/lib/polyfills';
import { getEnv } from '@/lib/config/env';
import { getDbHandle } from '@/lib/db/client';
import { startWorkers, stopWorkers } from '@/lib/workers';
import { boundHeapGrowth } from '@/lib/runtime/heap-growth';
import { sweepDeadRunFolders } from '@/lib/storage/temp';

async function main() {
  if (!getEnv().DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL: with the embedded database the app runs its worker in-process.');
    process.exit(1);
  }
  boundHeapGrowth();
  await getDbHandle();
  // Temporary files of a process that died mid-run (an export cut short by a kill).
  await sweepDeadRunFolders().catch(() => []);
  await startWorkers();
  console.log('Worker started; waiting for jobs.');
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, async () => {
      await stopWorkers();
      process.exit(0);
    });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
