/**
 * Keyboard, screen reader and phone: axe finds no serious or critical violation on any app page, no page scrolls
 * sideways, deep links survive sign-in.
 */
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PASSWORD, signIn, signUp, uniqueEmail, useLoopbackSmtp } from './helpers';
import { appPages, docsPages, pageRoutes, seedAppPages as seed, settle, signedOutPages, unvisited } from './app-pages';

/**
 * Keyboard, screen reader and phone across the app: axe finds no serious or critical violation on any
 * page; at 390×844 no main page scrolls sideways and the SKU list keeps Status and Blockers on screen;
 * a deep link opened while signed out comes back after sign-in (and `next` cannot leave the site);
 * page titles name the thing; saving a dossier field with Enter leaves focus on that field.
 */

// The supplier request of the axe walk sends its mail here.
useLoopbackSmtp();

test.describe('Keyboard, screen reader and phone', () => {
  test.describe.configure({ timeout: 240_000 });

  test('axe finds no serious or critical violation on any page', async ({ page, browser, baseURL }) => {
    test.setTimeout(600_000);
    await signUp(page, uniqueEmail('axe'));
    const s = await seed(page, baseURL!, { signedOut: true });
    const signedIn = [...appPages(s), ...docsPages()];
    const signedOut = signedOutPages(s);
    // Every page route is checked; the public page /p/{id} has its own axe checks in all its languages
    // (public-page.spec.ts, public-page-languages.spec.ts); '/' only redirects.
    const routes = pageRoutes().filter((r) => r !== '/' && !r.startsWith('/p/'));
    expect(unvisited(routes, [...signedIn, ...signedOut]), 'pages axe does not visit').toEqual([]);
    const found: string[] = [];
    const check = async (pg: typeof page, path: string) => {
      await pg.goto(path);
      await settle(pg);
      const result = await new AxeBuilder({ page: pg })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
        found.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    };
    for (const path of signedIn) await check(page, path);
    const outside = await browser.newContext({ baseURL });
    const other = await outside.newPage();
    for (const path of signedOut) await check(other, path);
    await outside.close();
    expect(found, found.join('\n')).toEqual([]);
  });

  test('on a phone no main page scrolls sideways; the SKU list shows Status and Blockers', async ({
    page,
    baseURL,
  }) => {
    await signUp(page, uniqueEmail('phone'));
    const s = await seed(page, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow: string[] = [];
    for (const path of [
      '/dashboard',
      '/skus',
      `/skus/${s.skuId}`,
      `/skus/${s.skuId}?tab=blockers`,
      '/documents',
      `/documents/${s.documentId}`,
      '/imports',
      '/entities',
      `/entities/${s.entityId}`,
      '/settings',
      '/settings/api-keys',
      '/settings/members',
      '/inbox',
      '/exports',
    ]) {
      await page.goto(path);
      await settle(page);
      const { scroll, inner } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      if (scroll > inner) overflow.push(`${path}: ${scroll} > ${inner}`);
    }
    expect(overflow, overflow.join('\n')).toEqual([]);

    await page.goto('/skus');
    await settle(page);
    for (const name of ['Status', 'Blockers']) {
      const head = page.getByRole('columnheader', { name });
      await expect(head).toBeVisible();
      const box = (await head.boundingBox())!;
      expect(box.x + box.width, `${name} column within the screen`).toBeLessThanOrEqual(390);
    }
  });

  test('a deep link survives sign-in; next cannot leave the site; titles name the thing', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('deeplink');
    await signUp(page, email);
    const s = await seed(page, baseURL!);
    await page.goto(`/skus/${s.skuId}`);
    await expect(page).toHaveTitle(new RegExp(`^${s.skuCode} · SKU · `));
    await page.goto(`/documents/${s.documentId}`);
    await expect(page).toHaveTitle(/^DoC-tower\.txt · Document · /);

    const ctx = await browser.newContext({ baseURL });
    const out = await ctx.newPage();
    const target = `/skus/${s.skuId}?tab=blockers`;
    await out.goto(target);
    await expect(out).toHaveURL(/\/sign-in\?next=/);
    expect(new URL(out.url()).searchParams.get('next')).toBe(target);
    await out.getByLabel('Work email').fill(email);
    await out.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await out.getByRole('button', { name: 'Sign in' }).click();
    await expect(out).toHaveURL(new RegExp(`/skus/${s.skuId}\\?tab=blockers$`));
    await expect(out.getByRole('tab', { name: /Blockers/ })).toHaveAttribute('aria-selected', 'true');
    await ctx.close();

    // An open redirect attempt lands on the dashboard.
    const ctx2 = await browser.newContext({ baseURL });
    const evil = await ctx2.newPage();
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await evil.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await signIn(evil, email);
      await expect(evil).toHaveURL(/\/dashboard$/);
      expect(new URL(evil.url()).host).toBe(new URL(baseURL!).host);
      await ctx2.clearCookies();
    }
    await ctx2.close();
  });

  test('Enter saves a dossier field and focus stays on it; the public-page checkbox has a name', async ({
    page,
    baseURL,
  }) => {
    await signUp(page, uniqueEmail('focus'));
    const s = await seed(page, baseURL!);
    // The Blockers tab badge counts open blockers only, not warnings.
    const detail = await (await page.request.get(`/api/skus/${s.skuId}`)).json();
    const open = (detail.blockers as { severity: string; waived?: unknown }[]).filter((b) => !b.waived);
    const blockers = open.filter((b) => b.severity === 'blocker').length;
    await page.goto(`/skus/${s.skuId}?tab=dossier`);
    await expect(page.getByTestId('blocker-count')).toHaveText(
      `${blockers} open ${blockers === 1 ? 'blocker' : 'blockers'}`,
    );
    const row = page.locator('[data-testid="dossier-field"][data-field="hs_code"]');
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: /^(Add|Edit) / }).click();
    await row.locator('#input-hs_code').fill('950300');
    await row.locator('#input-hs_code').press('Enter');
    await expect(row).toHaveAttribute('data-filled', 'true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field')))
      .toBe('hs_code');
    await expect(row.getByRole('button', { name: /^Edit / })).toBeFocused();

    await page.goto(`/documents/${s.documentId}`);
    await expect(page.getByRole('checkbox', { name: 'Show on the public safety page' })).toBeVisible();

    // A cell's problem is printed under its value, readable without hovering the mark.
    await page.goto('/imports/new');
    await expect(page.getByTestId('import-file-input')).toBeEnabled();
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('sku_code;product_name;gtin\nB-1;Holzauto;123\n'),
    });
    const problem = page.getByTestId('cell-error-text').first();
    await expect(problem).toBeVisible({ timeout: 30_000 });
    await expect(problem).toContainText(/\S{3,}/);
  });
});
