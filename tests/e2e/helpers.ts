import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import path from 'node:path';
import fs from 'node:fs';

export const PASSWORD = 'correct horse battery staple';

/** A fresh address per call, so tests never collide in the shared e2e database. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

const SCREENS = path.resolve('test-results', 'screens');

/** Full-page screenshot into test-results/screens/<name>.png, for looking at the product. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  fs.mkdirSync(SCREENS, { recursive: true });
  // Let fonts, transitions and toasts settle so the picture shows the resting state.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage });
}

export async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/sign-up');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/sign-in');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The session as the API reports it (uses the page's cookies). */
export async function currentSession(page: Page) {
  const res = await page.request.get('/api/auth/session');
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    user: { id: string; email: string };
    workspace: { id: string; name: string; plan: string };
    expires_at: string;
  };
}

/** A Bearer request from a context without cookies, like an outside system. */
export async function bearerGet(api: APIRequestContext, url: string, key: string) {
  return api.get(url, { headers: { authorization: `Bearer ${key}` } });
}

/** The contract's error envelope, checked field by field. */
export async function expectEnvelope(
  res: { status(): number; json(): Promise<unknown> },
  status: number,
  code?: string,
) {
  expect(res.status()).toBe(status);
  const body = (await res.json()) as {
    error: { code: string; message: string; retryable: boolean; doc_url: string; support_reference: string };
    error_code: string;
    code: string;
    correlation_id: string;
  };
  expect(typeof body.error.code).toBe('string');
  if (code) expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(typeof body.error.retryable).toBe('boolean');
  expect(body.error.doc_url).toContain(`/docs/errors#${body.error.code.toLowerCase()}`);
  expect(body.error_code).toBe(body.error.code.toLowerCase());
  expect(body.code).toBe(body.error_code);
  expect(body.correlation_id).toBe(body.error.support_reference);
  return body;
}

/** Opens the actions menu of the API key row named `name` and picks `action`. */
export async function keyAction(page: Page, name: string, action: 'Rotate…' | 'Revoke…') {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The visible account menu trigger (the sidebar one on desktop, the top-bar one on mobile). */
export function userMenu(page: Page) {
  return page.getByTestId('user-menu-trigger').filter({ visible: true });
}

export interface E2eMail {
  to: string[];
  text: string;
  subject: string;
}

/**
 * A real SMTP server on loopback for the spec that calls this (at its top level), on the port the app is
 * configured to send to (playwright.config.ts); returns the list the received mails are pushed to.
 */
export function useLoopbackSmtp(): E2eMail[] {
  const port = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 10000);
  const mails: E2eMail[] = [];
  let smtp: SMTPServer;
  test.beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            text: parsed.text ?? '',
            subject: parsed.subject ?? '',
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return mails;
}
