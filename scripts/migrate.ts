// npm run db:migrate – applies supabase/migrations to DATABASE_URL, or to the embedded database when
// no app holds it.
import '@/lib/polyfills';
import { closeDb, getDbHandle } from '@/lib/db/client';
import { listMigrations, runMigrations } from '@/lib/db/migrate';

async function main() {
  const handle = await getDbHandle(); // opening applies pending migrations
  const applied = await runMigrations(handle);
  console.log(
    `Migrations up to date (${listMigrations().length} files${applied.length ? `, applied now: ${applied.join(', ')}` : ''}) on ${handle.kind}.`,
  );
  await closeDb();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
