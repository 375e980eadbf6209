/**
 * Bulk actions of the SKU list in a browser: select three toy SKUs (two from one
 * supplier, one from another), request the missing documents from their suppliers in one action and
 * see two mails arrive on the loopback SMTP server (the one supplier's listing both its products); select
 * the 50 loaded rows of a search matching 55, then all 55 matching, and assign a category to all of them.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail, useLoopbackSmtp } from './helpers';

const mails = useLoopbackSmtp();

async function api(page: Page, method: 'POST' | 'PUT' | 'GET', url: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(url, { method, data, headers: { origin } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

const SUPPLIER = { street: 'Hafenstraße 9', postal_code: '20457', city: 'Hamburg', country: 'DE' };

test('request from suppliers for three selected SKUs: one mail per supplier', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('sku-bulk-request'));
  const { entity: one } = await api(page, 'POST', '/api/entities', {
    ...SUPPLIER,
    name: 'Spielwaren Fabrik GmbH',
    email: 'compliance@spielwaren.example',
  });
  const { entity: two } = await api(page, 'POST', '/api/entities', {
    ...SUPPLIER,
    name: 'Holzwerk KG',
    email: 'qs@holzwerk.example',
  });
  for (const [code, entity] of [
    ['BR-A', one],
    ['BR-B', one],
    ['BR-C', two],
  ] as const) {
    const { sku } = await api(page, 'POST', '/api/skus', {
      sku_code: code,
      product_name: `Wooden train ${code}`,
      category_code: 'toys',
    });
    await api(page, 'PUT', `/api/skus/${sku.id}/entities/manufacturer`, { entity_id: entity.id });
  }

  await page.goto('/skus');
  await expect(page.getByTestId('sku-row')).toHaveCount(3);
  for (const code of ['BR-A', 'BR-B', 'BR-C']) await page.getByRole('checkbox', { name: `Select ${code}` }).click();
  await page.getByTestId('bulk-request').click();
  const dialog = page.getByTestId('bulk-request-dialog');
  await expect(dialog).toBeVisible();
  const preview = dialog.getByTestId('bulk-request-preview');
  await expect(preview).toContainText('2 mails will be sent');
  // Listed by SKU code.
  await expect(preview).toContainText('compliance@spielwaren.example: BR-A, BR-B');
  // Ask only for the declaration of conformity.
  const items = dialog.getByTestId('bulk-request-item');
  const count = await items.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    const label = (await items.nth(i).getAttribute('aria-label')) ?? '';
    if (!label.startsWith('EU-Konformitätserklärung')) await items.nth(i).click();
  }
  await expect(dialog.getByTestId('bulk-request-submit')).toHaveText('Send 2 mails');
  await dialog.getByTestId('bulk-request-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('selection-status')).toContainText('Requests sent for 3 SKUs in 2 mails');
  await expect.poll(() => mails.length).toBe(2);
  const grouped = mails.find((m) => m.to.includes('compliance@spielwaren.example'))!;
  expect(grouped.subject).toBe('Benötigte Konformitätsunterlagen für 2 Produkte');
  expect(grouped.text).toContain('BR-A');
  expect(grouped.text).toContain('BR-B');
  expect(grouped.text).toContain('EU-Konformitätserklärung');
  expect(grouped.text).not.toContain('Altersangabe');
});

test('select all matching beyond the loaded page, then assign a category to all of them', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail('sku-select-all'));
  for (let i = 0; i < 55; i++)
    await api(page, 'POST', '/api/skus', { sku_code: `MANY-${String(i).padStart(2, '0')}`, product_name: `Mug ${i}` });
  await api(page, 'POST', '/api/skus', { sku_code: 'OTHER-1', product_name: 'Kettle' });

  await page.goto('/skus?q=many-');
  await expect(page.getByTestId('sku-row')).toHaveCount(50);
  await page.getByTestId('select-all').click();
  await expect(page.getByTestId('selection-count')).toHaveText('50 SKUs selected');
  const banner = page.getByTestId('select-all-matching-banner');
  await expect(banner).toContainText('All 50 SKUs shown are selected.');
  await banner.getByTestId('select-all-matching').click();
  await expect(page.getByTestId('selection-count')).toHaveText('All 55 matching SKUs selected');
  await page.getByTestId('bulk-category').click();
  const dialog = page.getByTestId('bulk-category-dialog');
  await expect(dialog).toContainText("All 55 SKUs matching the list's search and filters");
  await dialog.getByLabel('Category', { exact: true }).click();
  await page.getByRole('option', { name: 'Toys', exact: true }).click();
  await expect(dialog.getByTestId('bulk-category-submit')).toHaveText('Assign to 55 SKUs');
  await dialog.getByTestId('bulk-category-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('selection-status')).toContainText('Category assigned: 55 SKUs changed');
  expect((await api(page, 'GET', '/api/skus/count?category_code=toys')).count).toBe(55);
  expect((await api(page, 'GET', '/api/skus/count?q=other-&category_code=toys')).count).toBe(0);
});
