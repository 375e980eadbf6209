/**
 * Issue 35 on the SKU page: a mug sold in Germany, France, Italy and Switzerland shows plainly what this
 * workspace does not check (food contact materials; Swiss law), and its missing safety warnings are one
 * blocker naming each language with only the markets that need it, not one blocker per language.
 */
import { expect, test } from '@playwright/test';
import { screenshot, signUp, uniqueEmail } from './helpers';

test('SKU page: "not checked by this workspace" notices and one grouped language blocker', async ({
  page,
  baseURL,
}) => {
  await signUp(page, uniqueEmail('regimes'));
  const code = `MUG-${Date.now().toString(36).toUpperCase()}`;
  const headers = { origin: baseURL!, 'Idempotency-Key': `e2e-${code}` };
  const created = await page.request.post('/api/skus', {
    headers,
    data: { sku_code: code, product_name: 'Kaffeebecher Steingut 300 ml' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const skuId = (await created.json()).sku.id as string;
  for (const [key, value] of [
    ['target_markets', 'DE,FR,IT,CH'],
    ['safety_warnings_de', 'Nicht für die Mikrowelle.'],
  ]) {
    const put = await page.request.put(`/api/skus/${skuId}/dossier/${key}`, {
      headers: { origin: baseURL! },
      data: { value },
    });
    expect(put.status(), await put.text()).toBe(200);
  }

  await page.goto(`/skus/${skuId}`);
  await page.getByTestId('tab-blockers').click();
  const food = page.locator('[data-testid="blocker"][data-code="REGIME_NOT_CHECKED"]');
  await expect(food).toBeVisible();
  await expect(food).toContainText('Not checked by this workspace: materials and articles in contact with food');
  const swiss = page.locator('[data-testid="blocker"][data-code="MARKETS_NOT_CHECKED"]');
  await expect(swiss).toContainText('Not checked by this workspace: the law of Switzerland');
  const warnings = page.locator('[data-testid="blocker"][data-code="WARNINGS_MISSING_FOR_LANGUAGE"]');
  await expect(warnings).toHaveCount(1);
  await expect(warnings).toContainText('Safety warnings in French and Italian are missing');
  await expect(warnings).toContainText('French: FR; Italian: IT');
  await screenshot(page, 'regimes-01-sku-notices');
});
