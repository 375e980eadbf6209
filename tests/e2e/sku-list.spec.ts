/**
 * The SKU list for daily use in a browser: the first page comes with the server's HTML (for the URL's
 * filters); search by the manufacturer's name and by brand; select two rows by their named checkboxes,
 * assign a category in bulk and see the list show it (selection cleared, result announced), with axe finding nothing serious in the selection bar and the dialogs;
 * add a row to a new view and find the view holding it; a SKU created through the dialog opens, and
 * appears in the list.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { screenshot, signUp, uniqueEmail } from './helpers';

async function api(page: Page, method: 'POST' | 'PUT' | 'GET', url: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(url, { method, data, headers: { origin } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** axe on what is on screen now: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const row = (page: Page, code: string) => page.locator(`[data-testid="sku-row"][data-sku-code="${code}"]`);

test('search by manufacturer and brand, bulk category, add to a view, a new SKU opens and appears', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('sku-list'));
  const ids: Record<string, string> = {};
  for (const [code, name] of [
    ['SL-A', 'Wooden train'],
    ['SL-B', 'Desk lamp'],
    ['SL-C', 'Enamel mug'],
  ]) {
    const { sku } = await api(page, 'POST', '/api/skus', { sku_code: code, product_name: name });
    ids[code] = sku.id;
  }
  const { entity } = await api(page, 'POST', '/api/entities', {
    name: 'Bright Quokka Manufacturing Ltd',
    street: '88 Keji Road',
    postal_code: '518057',
    city: 'Shenzhen',
    country: 'CN',
    email: 'export@quokka.example',
  });
  await api(page, 'PUT', `/api/skus/${ids['SL-A']}/entities/manufacturer`, { entity_id: entity.id });
  await api(page, 'PUT', `/api/skus/${ids['SL-B']}/dossier/brand`, { value: 'Lumenpalme' });

  await test.step("the first page of the URL's filters comes with the HTML, before any script runs", async () => {
    const html = async (url: string) => (await page.request.get(url)).text();
    const all = await html('/skus');
    for (const code of ['SL-A', 'SL-B', 'SL-C']) expect(all).toContain(`data-sku-code="${code}"`);
    const searched = await html('/skus?q=lumenpalme');
    expect(searched).toContain('data-sku-code="SL-B"');
    expect(searched).not.toContain('data-sku-code="SL-A"');
  });

  await page.goto('/skus');
  await expect(page.getByTestId('sku-row')).toHaveCount(3);
  const search = page.getByLabel('Search SKUs');

  await test.step("search by the manufacturer's name, then by brand", async () => {
    await search.fill('bright quokka');
    await expect(page).toHaveURL(/q=bright/);
    await expect(page.getByTestId('sku-row')).toHaveCount(1);
    await expect(row(page, 'SL-A')).toBeVisible();
    await search.fill('lumenpalme');
    await expect(page.getByTestId('sku-row')).toHaveCount(1);
    await expect(row(page, 'SL-B')).toBeVisible();
    await search.fill('');
    await expect(page.getByTestId('sku-row')).toHaveCount(3);
  });

  await test.step('select two rows, assign a category: the list shows it, the selection clears', async () => {
    await page.getByRole('checkbox', { name: 'Select SL-A' }).click();
    await page.getByRole('checkbox', { name: 'Select SL-B' }).click();
    await expect(page.getByTestId('selection-count')).toHaveText('2 SKUs selected');
    await expect(page.getByTestId('selection-status')).toHaveText('2 SKUs selected.');
    await screenshot(page, 'sku-list-selection');
    await expectAccessible(page);
    await page.getByTestId('bulk-category').click();
    const dialog = page.getByTestId('bulk-category-dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Category', { exact: true }).click();
    await page.getByRole('option', { name: 'Toys', exact: true }).click();
    await dialog.getByTestId('bulk-category-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('selection-status')).toContainText('Category assigned: 2 SKUs changed');
    await expect(page.getByTestId('selection-bar')).toHaveCount(0);
    await expect(row(page, 'SL-A')).toContainText('Toys');
    await expect(row(page, 'SL-B')).toContainText('Toys');
    await expect(row(page, 'SL-C')).not.toContainText('Toys');
  });

  await test.step('add one row to a new view: the view holds it', async () => {
    await page.getByRole('checkbox', { name: 'Select SL-C' }).click();
    await page.getByTestId('bulk-view').click();
    const dialog = page.getByTestId('bulk-view-dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Name of the new view').fill('Hand picked mugs');
    await dialog.getByTestId('bulk-view-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('selection-status')).toContainText('Added to the view "Hand picked mugs"');
    const views = await api(page, 'GET', '/api/views');
    const view = views.data.find((v: { name: string }) => v.name === 'Hand picked mugs');
    expect(view.kind).toBe('selection');
    const dry = await api(page, 'POST', '/api/exports?dry_run=true', {
      template_id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02',
      scope_type: 'view',
      scope_value: view.id,
    });
    expect(dry.sku_count).toBe(1);
  });

  await test.step('a SKU created in the dialog opens, and appears in the list', async () => {
    await page.getByTestId('new-sku').click();
    const dialog = page.getByTestId('new-sku-dialog');
    await dialog.getByLabel('SKU code').fill('SL-NEW');
    await dialog.getByLabel('Product name').fill('Brand new kettle');
    await expect(dialog.getByTestId('preview-ok')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create SKU' }).click();
    await expect(page).toHaveURL(/\/skus\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('sku-code')).toHaveText('SL-NEW');
    await page.goBack();
    await expect(page).toHaveURL(/\/skus$/);
    await expect(row(page, 'SL-NEW')).toBeVisible();
    await row(page, 'SL-NEW').getByTestId('sku-row-link').click();
    await expect(page.getByTestId('sku-title')).toHaveText('Brand new kettle');
  });
});
