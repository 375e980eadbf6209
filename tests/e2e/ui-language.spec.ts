/**
 * The UI language: chosen in the account menu and kept, taken from a German browser, and no app page in German
 * shows an English dictionary text.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';
import { appPages, seedAppPages, settle } from './app-pages';

/**
 * The app UI in German: chosen in the account menu (kept for the browser, through sign-out), or from the
 * browser's Accept-Language when nothing was chosen. Every app page then shows none of the dictionaries'
 * English texts and still fits a phone (German words are longer).
 */

const UI_DIR = path.resolve('lib/i18n/ui');

/** English fragments of the dictionaries that the German texts do not contain. */
async function englishOnlyTexts(): Promise<string[]> {
  const out = new Set<string>();
  for (const file of readdirSync(UI_DIR).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(path.join(UI_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (!value || typeof value !== 'object' || !('en' in value) || !('de' in value)) continue;
      const { en, de } = value as { en: Record<string, unknown>; de: Record<string, unknown> };
      const german = JSON.stringify(de);
      for (const message of Object.values(en))
        for (const form of typeof message === 'string' ? [message] : Object.values(message as object))
          for (const fragment of String(form).split(/\{\w+\}/))
            if (fragment.trim().length >= 14 && !german.includes(fragment.trim())) out.add(fragment.trim());
    }
  }
  return [...out];
}

async function chooseLanguage(page: Page, name: 'Deutsch' | 'English') {
  await page.getByTestId('user-menu-trigger').first().click();
  await page.getByRole('menuitemradio', { name }).click();
}

test.describe('UI language', () => {
  test.describe.configure({ timeout: 240_000 });

  test('chosen in the account menu, kept across pages, reloads and sign-out', async ({ page }) => {
    await signUp(page, uniqueEmail('lang'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await chooseLanguage(page, 'Deutsch');
    const nav = page.getByRole('navigation', { name: 'Arbeitsbereich' });
    await expect(nav.getByRole('link', { name: 'Übersicht' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await nav.getByRole('link', { name: 'Einstellungen' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Arbeitsbereich' }).getByRole('link', { name: 'Wirtschaftsakteure' }),
    ).toBeVisible();
    await page.getByTestId('user-menu-trigger').first().click();
    await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // Back to English on the sign-in page.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a German browser gets German without choosing', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    await context.close();
  });

  test('in German no app page shows a dictionary text in English, and none scrolls sideways on a phone', async ({
    page,
    baseURL,
  }) => {
    const english = await englishOnlyTexts();
    expect(english.length).toBeGreaterThan(100);
    await signUp(page, uniqueEmail('de-pages'));
    const s = await seedAppPages(page, baseURL!);
    await page.context().addCookies([{ name: 'ui_lang', value: 'de', url: baseURL! }]);
    const leaks: string[] = [];
    const overflow: string[] = [];
    for (const p of appPages(s)) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(p);
      await settle(page);
      const text = await page.evaluate(() => document.body.innerText);
      for (const e of english) if (text.includes(e)) leaks.push(`${p}: "${e}"`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(100);
      const { scroll, inner } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      if (scroll > inner) overflow.push(`${p}: ${scroll} > ${inner}`);
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
    expect(overflow, overflow.join('\n')).toEqual([]);
  });
});
