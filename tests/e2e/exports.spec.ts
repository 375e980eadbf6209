/**
 * The export journey in a browser: select SKUs in the table → Export selected → the run goes from
 * pending to completed on the Exports page → download → open the file (CSV read back). Then a run with
 * warnings, whose warnings lead to the field to fix on the SKU page; a saved view from the SKU table;
 * and "Export for…" on the SKU page.
 */
import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import { screenshot, signUp, uniqueEmail } from './helpers';

// The journey runs four exports through the job queue; under CI's load it came close to the default 60 s.
test.describe.configure({ timeout: 120_000 });

const CATALOGUE_CSV = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02';
/** Kaufland's current template (2026.12, issue 40); the 2024.12 one (…0d01) stays, marked deprecated. */
const KAUFLAND_CURRENT = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0d02';

async function api(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(url, { method, data, headers: { origin } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

async function sku(page: Page, code: string, name: string, fields: Record<string, string>) {
  const { sku: s } = await api(page, 'POST', '/api/skus', { sku_code: code, product_name: name });
  for (const [k, v] of Object.entries(fields)) await api(page, 'PUT', `/api/skus/${s.id}/dossier/${k}`, { value: v });
  return s as { id: string };
}

async function pickOption(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('select SKUs, export them, watch the run complete, download and open the file; warnings lead to the field', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('exports'));
  const a = await sku(page, 'EX-A', 'Oak spoon', {
    brand: 'Holz',
    target_markets: 'DE',
    safety_warnings_de: 'Nicht für Kinder.',
  });
  await sku(page, 'EX-B', 'Beech bowl', { brand: '=1+1' });
  await sku(page, 'EX-C', 'Not selected', {});

  // 1. Select two rows in the SKU table and export them.
  await page.goto('/skus');
  await expect(page.getByTestId('sku-row')).toHaveCount(3);
  for (const code of ['EX-A', 'EX-B'])
    await page.locator(`[data-testid="sku-row"][data-sku-code="${code}"]`).getByTestId('select-row').click();
  await expect(page.getByTestId('export-selected')).toContainText('(2)');
  await screenshot(page, 'exports-sku-selection');
  await page.getByTestId('export-selected').click();
  await expect(page).toHaveURL(/\/exports\?new=1&skus=/);

  const dialog = page.getByTestId('new-export-dialog');
  await expect(dialog).toBeVisible();
  await pickOption(page, 'Template', /GPSR catalogue \(CSV\)/);
  await expect(page.getByLabel('Scope', { exact: true })).toContainText('The 2 selected SKUs');
  // Approved products only is the default: neither draft SKU would go out, and the check says why.
  await expect(page.getByTestId('export-approved-only')).toBeChecked();
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('export-check')).toContainText('0 SKUs would be exported');
  await expect(page.getByTestId('export-left-out')).toContainText('2 SKUs left out as not approved');
  await page.getByTestId('export-approved-only').uncheck();
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('export-check')).toContainText('2 SKUs would be exported');
  await screenshot(page, 'exports-new-dialog');
  await page.getByTestId('start-export').click();

  // 2. Live status until the job is done, then download and open the file.
  const row = page.getByTestId('run-row').first();
  await expect(row).toHaveAttribute('data-status', /completed/, { timeout: 30_000 });
  await screenshot(page, 'exports-page');
  const downloadPromise = page.waitForEvent('download');
  await row.getByTestId('run-download').click();
  const download = await downloadPromise;
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain('EX-A');
  expect(text).toContain('EX-B');
  expect(text).not.toContain('EX-C');
  expect(text).toContain(`'=1+1`);

  // 3. A Kaufland run for the same two SKUs has warnings, grouped by SKU, each linking to its field.
  await page.getByTestId('new-export').click();
  // The 2024.12 version: the 2026.12 one leaves SKUs of unmapped categories out (tested in the API suite).
  await pickOption(page, 'Template', /Kaufland products.*v2024\.12/);
  await page.getByTestId('export-approved-only').uncheck();
  await page.getByTestId('start-export').click();
  // The new run on top (the first run may itself have ended with warnings).
  await expect(page.getByTestId('run-row')).toHaveCount(2);
  const kaufland = page.getByTestId('run-row').first();
  await expect(kaufland).toContainText('All SKUs');
  await expect(kaufland).toHaveAttribute('data-status', 'completed_with_warnings', { timeout: 30_000 });
  await kaufland.getByTestId('run-warnings-toggle').click();
  const panel = page.getByTestId('run-warnings');
  await expect(panel.getByTestId('run-warning-sku')).toHaveCount(3); // all SKUs: the dialog opened without a selection
  await screenshot(page, 'exports-warnings');
  const link = panel
    .getByTestId('warning-field-link')
    .filter({ hasText: /^gtin$/ })
    .first();
  await link.click();
  await expect(page).toHaveURL(/\/skus\/[0-9a-f-]{36}#field-gtin$/);
  await expect(page.locator('#field-gtin')).toBeVisible();

  // 4. "Export for…" on the SKU page opens the dialog for that SKU and template.
  await page.goto(`/skus/${a.id}`);
  await page.getByTestId('export-for').click();
  await page.getByRole('menuitem', { name: /Kaufland products/ }).click();
  await expect(page).toHaveURL(new RegExp(`/exports\\?new=1&sku=${a.id}&template=${KAUFLAND_CURRENT}`));
  await expect(page.getByLabel('Scope', { exact: true })).toContainText('This SKU');

  // 5. Save the SKU table's filters as a view; the dialog offers it as a scope.
  await page.goto('/skus?q=EX-A');
  await expect(page.getByTestId('sku-row')).toHaveCount(1);
  await page.getByTestId('save-view').click();
  await page.getByLabel('Name', { exact: true }).fill('Only EX-A');
  await page.getByRole('button', { name: 'Save view' }).last().click();
  await expect(page.getByText('View "Only EX-A" saved')).toBeVisible();
  // The dialog opens once the templates are loaded; the views may come later (this was the flaky
  // step: the view stayed unset when they did). Hold them until the dialog is open, so that order is
  // tested every time.
  let releaseViews!: () => void;
  const viewsHeld = new Promise<void>((resolve) => (releaseViews = resolve));
  await page.route('**/api/views', async (route) => {
    await viewsHeld;
    await route.continue();
  });
  await page.goto(`/exports?new=1&template=${CATALOGUE_CSV}`);
  await expect(page.getByTestId('new-export-dialog')).toBeVisible();
  releaseViews();
  await pickOption(page, 'Scope', 'A saved view');
  await expect(page.getByLabel('Saved view', { exact: true })).toContainText('Only EX-A');
  await page.getByTestId('export-approved-only').uncheck();
  await page.getByTestId('start-export').click();
  const viewRun = page.getByTestId('run-row').first();
  await expect(viewRun).toHaveAttribute('data-status', /completed/, { timeout: 30_000 });
  await expect(viewRun).toContainText('Saved view');
  await expect(viewRun.locator('td').nth(2)).toHaveText('1');
});
