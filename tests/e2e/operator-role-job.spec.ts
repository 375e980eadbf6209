/**
 * A role change in a workspace over the request limit (issue 35): the browser server runs with
 * OPERATOR_ROLE_SYNC_LIMIT=3 and OPERATOR_ROLE_CHUNK=2 (playwright.config.ts), so six SKUs make the
 * change a job. The settings card says the SKUs are re-evaluated in the background, shows the run, and
 * ends with its completion (SKUs re-evaluated, approvals reset), which a reload still shows.
 */
import { expect, test } from '@playwright/test';
import { screenshot, signUp, uniqueEmail } from './helpers';

test('changing the role of a workspace with many SKUs shows the re-evaluation run to its end', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('role-job'));
  const headers = { origin: baseURL! };
  for (let i = 0; i < 6; i++) {
    const code = `RJ-${Date.now().toString(36).toUpperCase()}-${i}`;
    const r = await page.request.post('/api/skus', {
      data: { sku_code: code, product_name: `Bamboo cutting board ${i}` },
      headers: { ...headers, 'Idempotency-Key': `e2e-${code}` },
    });
    expect(r.status(), await r.text()).toBe(201);
  }

  await page.goto('/settings');
  const card = page.getByTestId('operator-role-settings');
  await expect(card.getByTestId('operator-role-manufacturer')).toBeChecked();
  await card.getByTestId('operator-role-distributor').check();
  await card.getByTestId('operator-role-save').click();
  await expect(page.getByText('Role saved. 6 SKUs are being re-evaluated in the background.')).toBeVisible();
  const status = card.getByTestId('operator-role-job');
  await expect(status).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(status).toHaveText('Last role change (Distributor): 6 SKUs re-evaluated, 0 approvals reset.');
  await screenshot(page, 'roles-job-settings');

  await page.reload();
  await expect(card.getByTestId('operator-role-distributor')).toBeChecked();
  await expect(card.getByTestId('operator-role-job')).toHaveText(/6 SKUs re-evaluated/);
});
