// npm run test:pg – the same Vitest suite against a real Postgres server (DATABASE_URL, default the
// local server at 127.0.0.1:5432). Each run creates and drops its own database.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(r.status ?? 1);
