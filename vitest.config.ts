import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * TEST_DATABASE_ONLY=1 leaves out the unit tests that never open a database: on a Postgres server
 * (DATABASE_URL) they would only run again what the PGlite run ran. CI's Postgres run sets it.
 */
const DATABASE_USE = /useTestDatabase|openTestDatabase|getDb|DATABASE_URL|inject\(/;
function databaseFreeUnitTests(): string[] {
  const root = path.join(import.meta.dirname, 'tests/unit');
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => !DATABASE_USE.test(fs.readFileSync(path.join(root, f), 'utf8')))
    .map((f) => `tests/unit/${f.split(path.sep).join('/')}`);
}

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: [
      'tests/e2e/**',
      'node_modules/**',
      ...(process.env.TEST_DATABASE_ONLY === '1' ? databaseFreeUnitTests() : []),
    ],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/each-file.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
