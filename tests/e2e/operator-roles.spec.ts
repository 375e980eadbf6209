/**
 * Economic-operator roles (issue 35): a distributor workspace approves a branded lamp. The workspace's
 * role is set in the settings; on the SKU page the manufacturer's documents (risk analysis, declaration,
 * test reports) are "held by <the linked manufacturer>, available on request", confirmed one by one, while
 * the distributor's own verifications (CE marking seen, cited to LVD Art. 9(2)) stay blockers until met.
 */
import { expect, test } from '@playwright/test';
import { screenshot, signUp, uniqueEmail } from './helpers';

test('a distributor approves a branded lamp with "held by the manufacturer" and its own verifications', async ({
  page,
  baseURL,
}) => {
  // A long journey (settings, entities, four confirmations, approval): 49 s on a quiet build, over 60 s at load 10.
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('roles'));
  const headers = { origin: baseURL! };

  await test.step('set the workspace role to distributor in the settings', async () => {
    await page.goto('/settings');
    const card = page.getByTestId('operator-role-settings');
    await expect(card.getByTestId('operator-role-manufacturer')).toBeChecked();
    await card.getByTestId('operator-role-distributor').check();
    await card.getByTestId('operator-role-save').click();
    await expect(page.getByText(/Role saved: \d+ SKUs re-evaluated/)).toBeVisible();
    await screenshot(page, 'roles-01-settings');
  });

  const skuCode = `LAMP-${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post('/api/skus', {
    data: { sku_code: skuCode, product_name: 'Holzwerk table lamp', category_code: 'electrical' },
    headers: { ...headers, 'Idempotency-Key': `e2e-${skuCode}` },
  });
  expect(created.status()).toBe(201);
  const skuId = ((await created.json()).sku as { id: string }).id;
  const fields: Record<string, string> = {
    model_number: 'TL-1',
    product_image_url: 'https://images.example/tl-1.jpg',
    product_description: 'Table lamp, 230 V, E27 socket, wooden base.',
    target_markets: 'DE',
    safety_warnings_de: 'Vor dem Lampenwechsel Netzstecker ziehen.',
    instructions_de: 'Leuchtmittel max. 40 W, E27.',
    rated_voltage: '230 V~ 50 Hz',
    radio_equipment: 'no',
    other_marks: 'crossed-out wheeled bin',
    ce_marking: 'no',
    // A luminaire sold without its bulb is not itself a light source (the light-sources pack asks).
    is_light_source: 'no',
  };
  for (const [key, value] of Object.entries(fields)) {
    const r = await page.request.put(`/api/skus/${skuId}/dossier/${key}`, { data: { value }, headers });
    expect(r.status(), await r.text()).toBe(200);
  }
  const entity = await page.request.post('/api/entities', {
    data: {
      name: 'Holzwerk Leuchten GmbH',
      street: 'Werkstraße 5',
      postal_code: '80331',
      city: 'München',
      country: 'DE',
      email: 'safety@holzwerk.example',
    },
    headers,
  });
  expect(entity.status(), await entity.text()).toBe(201);
  const manufacturerId = ((await entity.json()).entity as { id: string }).id;
  const linked = await page.request.put(`/api/skus/${skuId}/entities/manufacturer`, {
    data: { entity_id: manufacturerId },
    headers,
  });
  expect(linked.status(), await linked.text()).toBe(200);

  await test.step('the SKU shows its role, the held-by duties and the distributor’s own CE check', async () => {
    await page.goto(`/skus/${skuId}?tab=blockers`);
    const panel = page.getByTestId('operator-role-panel');
    await expect(panel).toHaveAttribute('data-operator-role', 'distributor');
    await expect(panel.getByTestId('sku-operator-role')).toHaveValue('');
    const ce = page.locator('[data-testid="blocker"][data-code="ELECTRICAL_CE_MARKING_MISSING"]');
    await expect(ce).toBeVisible();
    await expect(ce.getByTestId('blocker-legal-basis')).toContainText('Directive 2014/35/EU (LVD) Art. 9(2)');
    for (const rule of ['core.risk_assessment', 'electrical.doc', 'electrical.test_report'])
      await expect(panel.locator(`[data-testid="held-by-state"][data-rule-id="${rule}"]`)).toHaveAttribute(
        'data-status',
        'open',
      );
    await screenshot(page, 'roles-02-sku-open');
  });

  await test.step('confirm each document is held by the manufacturer, available on request', async () => {
    const panel = page.getByTestId('operator-role-panel');
    for (const rule of ['core.risk_assessment', 'electrical.doc', 'electrical.test_report']) {
      const row = panel.locator(`[data-testid="held-by-state"][data-rule-id="${rule}"]`);
      await expect(row.getByTestId('held-by-entity')).toHaveValue(manufacturerId);
      await row.getByTestId('held-by-confirm').click();
      await expect(row).toHaveAttribute('data-status', 'confirmed');
      await expect(row.getByTestId('held-by-confirmed')).toContainText(
        'Held by Holzwerk Leuchten GmbH, available on request. Confirmed by',
      );
    }
    await screenshot(page, 'roles-03-sku-held-by');
  });

  await test.step('the CE marking seen clears the last blocker; review and approve', async () => {
    const r = await page.request.put(`/api/skus/${skuId}/dossier/ce_marking`, { data: { value: 'yes' }, headers });
    expect(r.status(), await r.text()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('operator-role-panel')).toBeVisible();
    await expect(page.getByTestId('sku-status')).not.toHaveAttribute('data-status', 'blocked');
    await expect(page.locator('[data-testid="blocker"]')).toHaveCount(0);
    await page.getByTestId('action-review').click();
    await page.getByTestId('confirm-review').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'ready_for_approval');
    await page.getByTestId('action-approve').click();
    await page.getByTestId('approve-dialog').getByTestId('confirm-approve').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'approved');
    await screenshot(page, 'roles-04-approved');
  });
});
