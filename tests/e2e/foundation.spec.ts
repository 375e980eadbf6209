/**
 * Accounts, workspace shell and API keys in the browser: sign up, create a key shown once, use, rotate and revoke
 * it, sign out and in.
 */
import { test, expect } from '@playwright/test';
import {
  PASSWORD,
  bearerGet,
  currentSession,
  expectEnvelope,
  keyAction,
  screenshot,
  signIn,
  signUp,
  uniqueEmail,
  userMenu,
} from './helpers';

test.describe('foundation: accounts, workspace shell and API keys', () => {
  test('sign up, create an API key, see it once, copy it, use it, revoke it, sign out and back in', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const email = uniqueEmail('journey');
    const api = await playwright.request.newContext({ baseURL }); // no cookies: an outside system

    // Sign up and land in the new workspace.
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await screenshot(page, '01-sign-up');
    await signUp(page, email);
    const session = await currentSession(page);
    expect(session.user.email).toBe(email);
    expect(session.workspace.plan).toBe('trial');
    await expect(page.getByTestId('dashboard-workspace-name')).toHaveText(session.workspace.name);
    await expect(page.getByTestId('workspace-name').filter({ visible: true })).toHaveText(session.workspace.name);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await screenshot(page, '02-dashboard');

    // Every section of the navigation answers with its page.
    for (const [label, heading] of [
      ['SKUs', 'SKUs'],
      ['Documents', 'Documents'],
      ['Imports', 'Imports'],
      ['Exports', 'Exports'],
      ['Outreach', 'Outreach'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: label }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await screenshot(page, '03-outreach-empty');

    // API keys: empty at first.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();
    await screenshot(page, '04-api-keys-empty');

    // Create: validation first, then a read key (write scopes are locked on the trial plan).
    await page.getByTestId('create-api-key').click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Give the key a name so you can recognise it later.')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /^export(?!s)/ })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: /^skus:read/ })).toBeChecked();
    await dialog.getByLabel('Name').fill('PIM sync');
    await screenshot(page, '05-create-key-dialog');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    // The plaintext, once.
    const reveal = page.getByTestId('reveal-key-dialog');
    await expect(reveal).toBeVisible();
    await expect(reveal.getByText('you will not see it again')).toBeVisible();
    const key = await reveal.getByTestId('new-api-key').inputValue();
    expect(key.length).toBeGreaterThan(20);
    await reveal.getByTestId('copy-api-key').click();
    await expect(reveal.getByTestId('copy-api-key')).toHaveText(/Copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshot(page, '06-key-revealed');
    await reveal.getByRole('button', { name: 'I have saved the key' }).click();
    await expect(reveal).toBeHidden();

    // Listed with its prefix and scope; the secret is gone from the page, also after a reload.
    const row = page.getByTestId('api-key-row').filter({ hasText: 'PIM sync' });
    await expect(row).toBeVisible();
    const prefix = (await row.getByTestId('api-key-prefix').textContent())!.replace('…', '');
    expect(key.startsWith(prefix)).toBe(true);
    await expect(row.getByText('skus:read')).toBeVisible();
    await expect(row.getByText('Never used')).toBeVisible();
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);
    expect(await page.content()).not.toContain(key);
    // A trial workspace holds one key: creating another is not offered.
    await expect(page.getByTestId('create-api-key')).toBeDisabled();
    await expect(page.getByTestId('api-key-limit')).toContainText('1 of 1 key used on the Trial plan');

    // The key authenticates Bearer requests to its workspace.
    const who = await bearerGet(api, '/api/auth/whoami', key);
    expect(who.status()).toBe(200);
    expect(await who.json()).toMatchObject({
      workspace_id: session.workspace.id,
      auth: 'bearer',
      scopes: ['skus:read'],
    });
    // The versioned Bearer API accepts it too (scope skus:read).
    expect((await bearerGet(api, '/api/v1/skus?limit=1', key)).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('api-key-row').filter({ hasText: 'PIM sync' }).getByText('just now')).toBeVisible();
    await screenshot(page, '07-api-keys-list');

    // Revoke behind a confirmation; afterwards the key is refused with 401.
    await keyAction(page, 'PIM sync', 'Revoke…');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Revoke “PIM sync”?');
    await screenshot(page, '08-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();
    await expect(page.getByText('Key “PIM sync” revoked')).toBeVisible();
    await expectEnvelope(await bearerGet(api, '/api/auth/whoami', key), 401);
    await expectEnvelope(await bearerGet(api, '/api/v1/skus?limit=1', key), 401);

    // Sign out from the user menu; the workspace is closed to the signed-out browser.
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in$/);

    // And back in.
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-workspace-name')).toHaveText(session.workspace.name);
    await api.dispose();
  });

  test('rotating a key revokes the old secret and shows the new one once', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await signUp(page, uniqueEmail('rotate'));
    await page.goto('/settings/api-keys');
    await page.getByTestId('create-api-key').click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('Shop reader');
    await dialog.getByRole('checkbox', { name: /^documents:read/ }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const reveal = page.getByTestId('reveal-key-dialog');
    const oldKey = await reveal.getByTestId('new-api-key').inputValue();
    await reveal.getByRole('button', { name: 'I have saved the key' }).click();

    await keyAction(page, 'Shop reader', 'Rotate…');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('The current secret stops working immediately');
    await confirm.getByRole('button', { name: 'Rotate key' }).click();
    await expect(reveal).toBeVisible();
    await expect(reveal.getByRole('heading', { name: 'Your rotated API key' })).toBeVisible();
    const newKey = await reveal.getByTestId('new-api-key').inputValue();
    expect(newKey).not.toBe(oldKey);
    await reveal.getByRole('button', { name: 'I have saved the key' }).click();

    const row = page.getByTestId('api-key-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByText('documents:read')).toBeVisible();
    expect(newKey.startsWith((await row.getByTestId('api-key-prefix').textContent())!.replace('…', ''))).toBe(true);

    await expectEnvelope(await bearerGet(api, '/api/auth/whoami', oldKey), 401);
    const ok = await bearerGet(api, '/api/auth/whoami', newKey);
    expect(ok.status()).toBe(200);
    expect((await ok.json()).scopes.sort()).toEqual(['documents:read', 'skus:read']);
    await api.dispose();
  });

  test('a key with an expiry date shows it in the list', async ({ page }) => {
    await signUp(page, uniqueEmail('expiry'));
    await page.goto('/settings/api-keys');
    await page.getByTestId('create-api-key').click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('Short-lived');
    await dialog.getByRole('combobox', { name: 'Expiry' }).click();
    await page.getByRole('option', { name: 'Choose a date…' }).click();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Pick the date the key stops working.')).toBeVisible();
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    const iso = `${inTenDays.getFullYear()}-${String(inTenDays.getMonth() + 1).padStart(2, '0')}-${String(inTenDays.getDate()).padStart(2, '0')}`;
    await dialog.getByLabel('Expiry date').fill(iso);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const reveal = page.getByTestId('reveal-key-dialog');
    await expect(reveal).toBeVisible();
    await reveal.getByRole('button', { name: 'I have saved the key' }).click();
    const expected = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(
      inTenDays,
    );
    await expect(page.getByTestId('api-key-row').getByText(expected)).toBeVisible();
    const keys = await (await page.request.get('/api/workspace/api-keys')).json();
    expect(keys.data[0].expires_at).toBeTruthy();
  });

  test('sign-up and sign-in show validation and API errors inline', async ({ page }) => {
    const email = uniqueEmail('errors');

    // Client-side validation, without a round trip.
    await page.goto('/sign-up');
    await page.getByLabel('Work email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter a valid email address, like name@company.com.')).toBeVisible();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await expect(page.getByLabel('Work email')).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, '10-sign-up-validation');

    // 409 EMAIL_TAKEN from the API, next to the email field, with a way to sign in instead.
    await signUp(page, email);
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('#email-error')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to that account instead' })).toBeVisible();

    // 401 INVALID_CREDENTIALS, shown as an alert above the form.
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn(page, email, 'wrong password!');
    await expect(page.getByTestId('auth-error')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
    await screenshot(page, '11-sign-in-error');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Signed in, the auth pages send you back to the workspace.
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the workspace refreshes the session token before it expires', async ({ page }) => {
    await page.clock.install();
    await signUp(page, uniqueEmail('refresh'));
    const { expires_at } = await currentSession(page);
    const untilExpiry = Date.parse(expires_at) - Date.now();
    expect(untilExpiry).toBeGreaterThan(5 * 60_000);
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh') && r.request().method() === 'POST',
    );
    // Jump to two minutes before expiry: the keeper must have refreshed by then.
    await page.clock.runFor(untilExpiry - 2 * 60_000);
    const res = await refreshed;
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { expires_at: string };
    expect(Date.parse(body.expires_at)).toBeGreaterThanOrEqual(Date.parse(expires_at));
    // Still signed in and usable.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'SKUs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'SKUs' })).toBeVisible();
  });

  test('sign-in returns to the page asked for, and only to this site', async ({ page }) => {
    const email = uniqueEmail('next');
    await signUp(page, email);
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.goto('/sign-in?next=%2Fsettings%2Fapi-keys');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);

    // Off the app first: the open page would notice the lost session and go to sign-in itself, racing the goto.
    const origin = new URL(page.url()).origin;
    await page.goto('about:blank');
    await page.request.post('/api/auth/sign-out', { headers: { origin } });
    await page.goto('/sign-in?next=%2F%2Fevil.example%2Fphish');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('signed-out visitors are sent to sign in', async ({ page }) => {
    for (const path of ['/', '/dashboard', '/skus', '/settings', '/settings/api-keys']) {
      await page.goto(path);
      // The page asked for comes back after sign-in (?next=), never another one.
      const next = encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect(page).toHaveURL(new RegExp(`/sign-in(\\?next=${next})?$`));
    }
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await screenshot(page, '00-sign-in');
  });

  test('settings: rename the workspace and read the plan limits', async ({ page }) => {
    await signUp(page, uniqueEmail('settings'));
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: /^Plan/ })).toContainText('Trial');
    await expect(page.getByRole('meter', { name: 'SKUs' })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'API keys' })).toBeVisible();
    await screenshot(page, '12-settings');

    const name = page.getByLabel('Workspace name');
    await name.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter a name for the workspace.')).toBeVisible();
    await name.fill('Nordlicht Toys GmbH');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Workspace renamed')).toBeVisible();
    await expect(page.getByTestId('workspace-name').filter({ visible: true })).toHaveText('Nordlicht Toys GmbH');
    expect((await currentSession(page)).workspace.name).toBe('Nordlicht Toys GmbH');
  });

  test('the error catalogue links every code, and the API reference renders the OpenAPI document locally', async ({
    page,
  }) => {
    const codes = await page.request.get('/docs/errors');
    expect(codes.status()).toBe(200);

    await page.goto('/docs/errors#not_found');
    const entry = page.locator('#not_found');
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('NOT_FOUND');
    await expect(entry).toContainText('404');
    await expect(page.locator('#insufficient_scope')).toContainText('403');
    expect(await page.getByTestId('error-entry').count()).toBeGreaterThan(20);
    await screenshot(page, '13-docs-errors');

    // Nothing may be fetched from outside the app (no CDN, no web fonts, no telemetry).
    const outside: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (
        !['127.0.0.1', 'localhost'].includes(u.hostname) &&
        !u.protocol.startsWith('data') &&
        !u.protocol.startsWith('blob')
      )
        outside.push(r.url());
    });
    const doc = (await (await page.request.get('/api/openapi.json')).json()) as { info: { title: string } };
    const spec = page.waitForResponse((r) => r.url().endsWith('/api/openapi.json') && r.status() === 200);
    await page.goto('/docs/api');
    await spec;
    await expect(page.getByRole('heading', { name: doc.info.title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('API keys').first()).toBeVisible();
    await expect(page.getByText('Ask AI')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, '14-docs-api', { fullPage: false });
    expect(outside).toEqual([]);
  });

  test('on a phone the navigation is a drawer', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signUp(page, uniqueEmail('mobile'));
    await screenshot(page, '15-mobile-dashboard');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await screenshot(page, '16-mobile-nav');
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();
    await screenshot(page, '17-mobile-api-keys');
    await context.close();
  });
});
