/**
 * The UI language: chosen in the account menu and kept, taken from a German browser, and no app page in German
 * shows an English dictionary text.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { signUp, uniqueEmail, useLoopbackSmtp } from './helpers';
import { appPages, pageRoutes, seedAppPages, settle, signedOutPages, unvisited } from './app-pages';

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

/**
 * English words of explanations and states from outside the dictionaries (rules, server messages, codes:
 * "Requested: Test report citing EN 71", "complete", "The manufacturer's address is missing"). Whole words,
 * case-sensitive for the capitalised ones; none of them is a German word or part of the seeded data.
 */
const ENGLISH_WORDS =
  /\b(?:the|The|and|with|without|missing|Missing|complete|Complete|requested|Requested|pending|Pending|required|Required|should|must|Not set|None|Save|Cancel|Delete|Settings|Search|Loading|is not|has no|does not|replaces|since|until)\b/g;
/** A snake_case code shown as text where words belong: declaration_of_conformity, review_complete, value_set. */
const RAW_CODES = /(?<![\w./#:@-])[a-z]+(?:_[a-z]+){1,4}(?![\w./#:@-])/g;

/**
 * The page's words: its text without identifiers shown as such (SKU codes, field keys, scopes, column names of
 * a channel's template, e-mail addresses: <code>, <kbd>, monospace or translate="no"), which are data.
 */
const wordsOf = (page: Page) =>
  page.evaluate(() => {
    const hidden = [...document.querySelectorAll<HTMLElement>('code, kbd, .font-mono, [translate="no"]')];
    const before = hidden.map((el) => el.style.display);
    for (const el of hidden) el.style.display = 'none';
    const t = document.body.innerText;
    hidden.forEach((el, i) => (el.style.display = before[i]));
    return t;
  });

/** Where the page shows English: dictionary texts, English words and raw codes, each with its context. */
function leaksIn(p: string, text: string, words: string, english: string[]): string[] {
  const out: string[] = [];
  for (const e of english) if (text.includes(e)) out.push(`${p}: "${e}"`);
  for (const m of words.matchAll(ENGLISH_WORDS)) {
    const at = m.index ?? 0;
    out.push(`${p}: word "${m[0]}" in "${words.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ')}"`);
  }
  for (const m of words.matchAll(RAW_CODES)) out.push(`${p}: code "${m[0]}"`);
  return out;
}

async function chooseLanguage(page: Page, name: 'Deutsch' | 'English') {
  await page.getByTestId('user-menu-trigger').first().click();
  await page.getByRole('menuitemradio', { name }).click();
}

// The supplier request of the walk sends its mail here.
useLoopbackSmtp();

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

  test('in German no page shows English (dictionary texts, English words, raw codes), and none scrolls sideways on a phone', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(480_000);
    const english = await englishOnlyTexts();
    expect(english.length).toBeGreaterThan(100);
    await signUp(page, uniqueEmail('de-pages'));
    await page.context().addCookies([{ name: 'ui_lang', value: 'de', url: baseURL! }]);
    const s = await seedAppPages(page, baseURL!, { signedOut: true });
    const signedIn = appPages(s);
    const signedOut = signedOutPages(s);
    // Every page of the app is walked: the workspace's and the signed-out ones. Left out: '/' (a redirect),
    // /p/{id} (the public page, in 26 languages: public-page-languages.spec.ts) and /docs (developer
    // documentation, English by design).
    const routes = pageRoutes().filter((r) => r !== '/' && !r.startsWith('/docs') && !r.startsWith('/p/'));
    expect(unvisited(routes, [...signedIn, ...signedOut]), 'app pages the walk does not visit').toEqual([]);

    const leaks: string[] = [];
    const overflow: string[] = [];
    const walk = async (pg: Page, p: string) => {
      await pg.setViewportSize({ width: 1280, height: 900 });
      await pg.goto(p);
      await settle(pg);
      await expect(pg.locator('html'), p).toHaveAttribute('lang', 'de');
      // The seeded declaration cites ceased editions: its currency card shows findings and end dates.
      if (p === `/documents/${s.documentId}`) {
        await expect(pg.getByTestId('currency-finding').first(), p).toBeVisible();
        await expect(pg.getByTestId('currency-other-ends'), p).toBeVisible();
      }
      const text = await pg.evaluate(() => document.body.innerText);
      leaks.push(...leaksIn(p, text, await wordsOf(pg), english));
      await pg.setViewportSize({ width: 390, height: 844 });
      await pg.waitForTimeout(100);
      const { scroll, inner } = await pg.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      if (scroll > inner) overflow.push(`${p}: ${scroll} > ${inner}`);
    };
    for (const p of signedIn) await walk(page, p);
    // Signed out, from a German browser (the supplier's request is in its mail's language, German here).
    const outside = await browser.newContext({ baseURL, locale: 'de-DE' });
    const other = await outside.newPage();
    for (const p of signedOut) await walk(other, p);
    await outside.close();
    expect.soft(leaks, leaks.join('\n')).toEqual([]);
    expect(overflow, overflow.join('\n')).toEqual([]);
  });
});
