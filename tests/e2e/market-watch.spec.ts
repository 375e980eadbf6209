/**
 * Issue 38 (market watch) in the browser, from an alert to a published recall notice and a delisting
 * file: a published SKU; a Safety Gate weekly report naming its GTIN is uploaded in the inbox; the match
 * shows its reasons; it is confirmed with a reason and a recall case opened from it; the German notice is
 * edited and published, and the public recall status (the target of the resolver's gs1:recallStatus) and
 * the public page show the edited text; the Amazon delisting file downloaded from the case page deletes
 * the SKU by its GTIN; the SKU page carries the recall banner that leads back to the case.
 */
import fs from 'node:fs';
import { test, expect, type APIRequestContext } from '@playwright/test';
import { screenshot, signUp, uniqueEmail } from './helpers';

/** A GTIN of this run: a GTIN resolves to one workspace, so every run and spec publishes its own. */
const GTIN = (() => {
  const body = `58${String(Date.now()).slice(-10)}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
})();
const SKU_CODE = `MW-${Date.now()}`;

const weekly = (gtin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<weeklyReport><report_date>20/11/2026</report_date><report_year>2026</report_year><report_week>47</report_week>
<notifications><caseNumber>2001</caseNumber><reference>A12/09777/26</reference><category>Kitchen equipment</category>
<product>Cutting board</product><brand>Holzwerk</brand><name>Bamboo cutting board</name><type_numberOfModel>CB-200</type_numberOfModel>
<batchNumber>B-11</batchNumber><barcode>${gtin}</barcode><riskType>Chemical</riskType>
<danger>The board releases formaldehyde into food.</danger><measures>Recall of the product from end users</measures>
<notifyingCountry>Germany</notifyingCountry><countryOfOrigin>China</countryOfOrigin><type>Consumer</type><level>Serious risk</level>
</notifications></weeklyReport>`;

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

test('an alert becomes a published recall notice and a delisting file', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail('watch'));
  const api = page.request;
  const headers = { origin: baseURL! };

  const { skuId, publicId } = await test.step('a published SKU (dossier through the API)', async () => {
    const { sku } = await ok(
      await api.post('/api/skus', {
        headers,
        data: { sku_code: SKU_CODE, product_name: 'Bamboo cutting board', gtin: GTIN },
      }),
    );
    const fields: Record<string, string> = {
      model_number: 'CB-200',
      brand: 'Holzwerk',
      product_description: 'Cutting board made of bamboo, 30 x 20 cm.',
      target_markets: 'DE',
      safety_warnings_de: 'Nicht in der Spülmaschine reinigen. Von Hitzequellen fernhalten.',
      safety_warnings_en: 'Do not put in the dishwasher. Keep away from heat sources.',
      instructions_de: 'Vor dem ersten Gebrauch mit Öl einreiben.',
      instructions_en: 'Rub with oil before first use.',
    };
    for (const [key, value] of Object.entries(fields))
      await ok(await api.put(`/api/skus/${sku.id}/dossier/${key}`, { headers, data: { value } }));
    const { entity } = await ok(
      await api.post('/api/entities', {
        headers,
        data: {
          name: 'Holzwerk Müller GmbH',
          street: 'Werkstraße 5',
          postal_code: '80331',
          city: 'München',
          country: 'DE',
          email: 'safety@holzwerk.example',
        },
      }),
    );
    await ok(await api.put(`/api/skus/${sku.id}/entities/manufacturer`, { headers, data: { entity_id: entity.id } }));
    const detail = await ok(await api.get(`/api/skus/${sku.id}`));
    for (const b of detail.blockers.filter((x: { severity: string; waived?: boolean }) => x.severity === 'blocker'))
      await ok(
        await api.post(`/api/skus/${sku.id}/waivers`, {
          headers,
          data: { code: b.code, reason: 'Not applicable to this product (test).' },
        }),
      );
    await ok(await api.post(`/api/skus/${sku.id}/review/complete`, { headers, data: {} }));
    await ok(await api.post(`/api/skus/${sku.id}/approve`, { headers, data: {} }));
    const pub = await ok(await api.post(`/api/skus/${sku.id}/publish`, { headers, data: {} }));
    return {
      skuId: sku.id as string,
      publicId: String(pub.public_url).split('/p/')[1].split(/[?#/]/)[0],
    };
  });

  await test.step('import the weekly report in the inbox; the match shows its reasons', async () => {
    await page.goto('/watch');
    await page.locator('#feed-kind').selectOption('safety_gate');
    await page
      .locator('#feed-file')
      .setInputFiles({ name: 'weekly-2026-w47.xml', mimeType: 'application/xml', buffer: Buffer.from(weekly(GTIN)) });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('1 alerts read: 1 new')).toBeVisible({ timeout: 30_000 });
    const card = page.getByTestId('recall-match').filter({ hasText: SKU_CODE });
    await expect(card).toBeVisible();
    await expect(card).toContainText('A12/09777/26');
    await expect(card).toContainText(GTIN);
    await expect(card).toContainText('formaldehyde');
    await screenshot(page, 'watch-01-inbox');
  });

  const caseUrl = await test.step('confirm with a reason and open the recall case', async () => {
    const card = page.getByTestId('recall-match').filter({ hasText: SKU_CODE });
    await card.getByRole('button', { name: 'Confirm: it is our product' }).click();
    await expect(card.getByText('Give a reason (at least 3 characters).')).toBeVisible();
    await card.getByLabel('Reason for your decision').fill('Our board: same GTIN and model, batch B-11 was sold.');
    await card.getByRole('button', { name: 'Confirm: it is our product' }).click();
    await card.getByLabel('Recall or withdrawal').selectOption('recall');
    await card.getByRole('button', { name: 'Open recall case' }).click();
    await page.waitForURL(/\/watch\/cases\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(page.getByText(SKU_CODE).first()).toBeVisible();
    return page.url();
  });

  const title = `Rückruf: Bambus-Schneidebrett Holzwerk CB-200 (${SKU_CODE})`;
  await test.step('edit the German notice and publish it', async () => {
    const de = page.getByTestId('notice-de');
    await expect(de.getByLabel('Text')).toHaveValue(/CB-200/);
    await de.getByLabel('Title').fill(title);
    await de.getByRole('button', { name: 'Save de' }).click();
    await expect(page.getByText('Notice saved')).toBeVisible();
    await page.getByRole('button', { name: 'Publish notice' }).click();
    await expect(page.getByText(/^Published /)).toBeVisible({ timeout: 15_000 });
    await screenshot(page, 'watch-02-case-published');
  });

  await test.step('the public recall status and the public page show the notice', async () => {
    const resolved = await api.get(`/01/${GTIN}?linkType=gs1:recallStatus`, { maxRedirects: 0 });
    expect(resolved.status()).toBe(307);
    const target = resolved.headers()['location'];
    expect(target).toContain(`/p/${publicId}/recall`);
    const status = await ok(
      await api.get(new URL(target, baseURL).pathname, { headers: { accept: 'application/json' } }),
    );
    expect(status).toMatchObject({ recall_status: 'recalled', action: 'recall' });
    expect(status.notice.de.title).toBe(title);
    await page.goto(`/p/${publicId}?lang=de`);
    await expect(page.getByText(title)).toBeVisible();
  });

  await test.step('download the Amazon delisting file from the case page', async () => {
    await page.goto(caseUrl);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Delisting file: Amazon EU' }).click(),
    ]);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r\n/);
    expect(lines[0]).toBe('sku,product-id,product-id-type,update_delete');
    expect(lines.slice(1)).toEqual([`${SKU_CODE},${GTIN},EAN,Delete`]);
  });

  await test.step('the SKU page carries the recall banner, which leads to the case', async () => {
    await page.goto(`/skus/${skuId}`);
    const banner = page.getByTestId('sku-market-banner');
    await expect(banner).toContainText('This product is recalled.');
    await screenshot(page, 'watch-03-sku-banner');
    await banner.getByRole('link', { name: 'Open the recall case' }).click();
    await page.waitForURL(caseUrl);
  });
});
