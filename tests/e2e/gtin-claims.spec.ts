/**
 * Settings → GTIN ownership in the browser: a workspace admin claims a GS1 company prefix (an invalid
 * one is refused with the server's reason), a staff user (a token with app_metadata.staff, as Supabase
 * Auth issues it) sees the claim among all workspaces' claims and verifies it, and the owner then sees
 * it verified.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { currentSession, screenshot, signUp, uniqueEmail } from './helpers';

const SECRET = 'e2e-only-secret-not-for-production-0123456789abcdef';

async function staffToken(baseURL: string, user: { id: string; email: string }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: user.email, role: 'authenticated', app_metadata: { provider: 'email', staff: true } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuer(`${baseURL}/auth/v1`)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(SECRET));
}

test('claim a prefix, staff verify it, the owner sees it verified', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const prefix = `5${crypto.randomInt(100000, 999999)}`;
  await signUp(page, uniqueEmail('gtin-owner'));

  await test.step('an invalid prefix is refused with the reason; a valid one is filed, pending', async () => {
    await page.goto('/settings/gtin-claims');
    await expect(page.getByRole('heading', { name: 'GTIN ownership' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'GTIN ownership' })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Digits').fill('2012345');
    await page.getByTestId('create-gtin-claim').click();
    await expect(page.getByText(/restricted-circulation/)).toBeVisible();
    await page.getByLabel('Digits').fill(prefix);
    await page.getByLabel('Evidence for staff (optional)').fill('GS1 licence 4711');
    await page.getByTestId('create-gtin-claim').click();
    const row = page.getByTestId('gtin-claim').filter({ hasText: prefix });
    await expect(row).toContainText('Awaiting verification');
    await expect(row).toContainText('Company prefix');
    await screenshot(page, 'gtin-claims-01-filed');
  });

  await test.step('staff see it among every workspace’s claims and verify it', async () => {
    const staffContext = await browser.newContext({ baseURL });
    const staffPage = await staffContext.newPage();
    await signUp(staffPage, uniqueEmail('gtin-staff'));
    const me = await currentSession(staffPage);
    await staffContext.addCookies([
      { name: 'sb-access-token', value: await staffToken(baseURL!, me.user), url: baseURL!, httpOnly: true },
    ]);
    await staffPage.goto('/settings/gtin-claims');
    const staff = staffPage.getByTestId('gtin-claims-staff');
    await expect(staff).toBeVisible();
    const row = staff.getByTestId('gtin-claim-staff-row').filter({ hasText: prefix });
    await expect(row).toContainText('GS1 licence 4711');
    await row.getByRole('textbox').fill('Licence checked in GEPIR');
    await screenshot(staffPage, 'gtin-claims-02-staff');
    await row.getByTestId('verify-gtin-claim').click();
    await expect(staffPage.getByText('Decision saved')).toBeVisible();
    await staffContext.close();
  });

  await test.step('the owner sees the claim verified with the note', async () => {
    // Not staff: no review card.
    await page.reload();
    await expect(page.getByTestId('gtin-claims-staff')).toHaveCount(0);
    const row = page.getByTestId('gtin-claim').filter({ hasText: prefix });
    await expect(row).toContainText('Verified');
    await expect(row).toContainText('Licence checked in GEPIR');
    await screenshot(page, 'gtin-claims-03-verified');
  });
});
