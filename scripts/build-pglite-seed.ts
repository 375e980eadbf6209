// `npm run build` (postbuild): writes the migrated embedded database as a dump into .next, so a first
// start on an empty DATA_DIR loads it instead of running PGlite's initdb (see lib/db/seed.ts).
import fs from 'node:fs';
import path from 'node:path';
import '@/lib/polyfills';
import { migratedPgliteDump, seedFile } from '@/lib/db/seed';

const file = seedFile();
if (!file) {
  console.warn('[seed] @electric-sql/pglite not found; no seed written (first starts run initdb)');
} else {
  const started = Date.now();
  const dump = await migratedPgliteDump();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  console.log(`[seed] ${file} (${Math.round(dump.size / 1024)} KiB) in ${Date.now() - started} ms`);
}
