import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests run against the production build (`npm run build` first) served by `next start` on
 * 127.0.0.1:3210, with a fresh embedded database in .data-e2e (deleted before each run). Chromium is
 * Debian's (`apt-get install -y chromium`); Playwright's own browser downloads are never used.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
/** The outreach test's SMTP server; derived from the app's port so parallel runs do not collide. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 10000);
/**
 * The AI-fill browser test's OpenAI-compatible server on loopback (tests/e2e/ai-fill.spec.ts starts it).
 * Only when E2E_AI_STUB_PORT is set: the other specs run without an AI provider, as they expect.
 */
const AI_STUB_PORT = process.env.E2E_AI_STUB_PORT;

/**
 * Specs that start the loopback SMTP server (useLoopbackSmtp) listen on the one port the app sends to, so
 * they run one at a time (project 'mail', one worker); the others run beside them (project 'app').
 */
const E2E_DIR = path.join(import.meta.dirname, 'tests', 'e2e');
const MAIL_SPECS = fs
  .readdirSync(E2E_DIR)
  .filter((f) => f.endsWith('.spec.ts') && /useLoopbackSmtp\(\)/.test(fs.readFileSync(path.join(E2E_DIR, f), 'utf8')))
  .map((f) => new RegExp(`/${f.replace(/\./g, '\\.')}$`));
/**
 * Worker processes (E2E_WORKERS, 1 by default): each drives its own Chromium against the one server and
 * database; every spec signs up its own workspace with a unique address (helpers.ts), so specs do not
 * share data. A spec's own tests always run in order, in one worker.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  projects: [
    { name: 'mail', testMatch: MAIL_SPECS, workers: 1 },
    { name: 'app', testIgnore: MAIL_SPECS },
  ],
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1366, height: 860 },
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    permissions: ['clipboard-read', 'clipboard-write'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && npx next start -H 127.0.0.1 -p ${PORT}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      DATA_DIR,
      PUBLIC_APP_URL: BASE_URL,
      // Production mode refuses to start without a signing secret; this one exists only for the tests.
      SUPABASE_JWT_SECRET: 'e2e-only-secret-not-for-production-0123456789abcdef',
      // The browser tests sign up and sign in many times from one IP.
      RATE_LIMIT_IP: '100000',
      RATE_LIMIT_PARSE: '100000',
      RATE_LIMIT_DEFAULT: '100000',
      // A role change over three SKUs is a job, two SKUs a chunk (tests/e2e/operator-role-job.spec.ts).
      OPERATOR_ROLE_SYNC_LIMIT: '3',
      OPERATOR_ROLE_CHUNK: '2',
      // Supplier outreach mails go to the loopback SMTP server tests/e2e/outreach.spec.ts starts.
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(E2E_SMTP_PORT),
      SMTP_FROM: 'Compliance Desk <outreach@compliance.example>',
      ...(AI_STUB_PORT
        ? {
            OPENAI_API_KEY: 'sk-e2e-loopback',
            OPENAI_BASE_URL: `http://127.0.0.1:${AI_STUB_PORT}/v1`,
            AI_MODEL: 'stub-model',
            AI_TIMEOUT_MS: '20000',
          }
        : {}),
    },
  },
});
