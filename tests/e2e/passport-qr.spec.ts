/**
 * A battery SKU from the label to its passport: published in the browser, its printed QR code (the PNG the app
 * serves for print) is decoded (sharp to pixels, jsQR) to the safety page; signed out, the page's GS1 Digital Link leads through
 * the resolver (gs1:sustainabilityInfo, and the linkset) to the public passport, whose battery passport holds the
 * dossier's values. The SKU page's Passports tab shows the version, hash, formats, the battery passport's missing
 * fields with their Annex XIII point, and an access grant created there opens the legitimate-interest tier until
 * it is revoked there. /docs/passports is linked from the docs navigation.
 */
import jsQR from 'jsqr';
import sharp from 'sharp';
import { test, expect, type APIRequestContext } from '@playwright/test';
import { screenshot, signUp, uniqueEmail } from './helpers';

/** A GTIN of this run: a GTIN resolves to one workspace, so every run publishes its own. */
const GTIN = (() => {
  const body = `58${String(Date.now()).slice(-10)}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
})();

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

test('publish a battery SKU, scan its printed QR, follow the Digital Link to the public passport', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('passport'));
  const api = page.request;
  const headers = { origin: baseURL! };

  const skuId = await test.step('a battery SKU with its dossier filled through the API', async () => {
    const { sku } = await ok(
      await api.post('/api/skus', {
        headers,
        data: {
          sku_code: `BAT-${Date.now()}`,
          product_name: 'E-bike battery 48 V',
          gtin: GTIN,
          category_code: 'batteries',
        },
      }),
    );
    const fields: Record<string, string> = {
      model_number: 'EB-48V-14',
      brand: 'Voltwerk',
      product_description: '48 V lithium-ion battery pack for e-bikes.',
      target_markets: 'DE',
      safety_warnings_de: 'Nicht kurzschließen. Von Feuer fernhalten.',
      safety_warnings_en: 'Do not short-circuit. Keep away from fire.',
      instructions_de: 'Nur mit dem mitgelieferten Ladegerät laden.',
      instructions_en: 'Charge only with the supplied charger.',
      battery_type: 'Li-ion 48 V 14 Ah',
      battery_category: 'lmt',
      battery_chemistry: 'NMC',
      battery_rated_capacity_ah: '14 Ah',
      battery_nominal_voltage_v: '48 V',
      battery_weight_kg: '3.2',
    };
    for (const [key, value] of Object.entries(fields))
      await ok(await api.put(`/api/skus/${sku.id}/dossier/${key}`, { headers, data: { value } }));
    const { entity } = await ok(
      await api.post('/api/entities', {
        headers,
        data: {
          name: 'Voltwerk GmbH',
          street: 'Akkuweg 3',
          postal_code: '70173',
          city: 'Stuttgart',
          country: 'DE',
          email: 'safety@voltwerk.example',
        },
      }),
    );
    await ok(await api.put(`/api/skus/${sku.id}/entities/manufacturer`, { headers, data: { entity_id: entity.id } }));
    return sku.id as string;
  });

  let publicUrl = '';
  await test.step('waive what does not apply, review, approve and publish in the browser', async () => {
    const detail = await ok(await api.get(`/api/skus/${skuId}`));
    for (const b of detail.blockers.filter((x: { severity: string; waived?: boolean }) => x.severity === 'blocker'))
      await ok(
        await api.post(`/api/skus/${skuId}/waivers`, {
          headers,
          data: { code: b.code, reason: 'Not applicable to this product (test).' },
        }),
      );
    await page.goto(`/skus/${skuId}`);
    await page.getByTestId('action-review').click();
    await page.getByTestId('confirm-review').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'ready_for_approval');
    await page.getByTestId('action-approve').click();
    await page.getByTestId('approve-dialog').getByTestId('confirm-approve').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'approved');
    await page.getByTestId('action-publish').click();
    await page.getByTestId('confirm-publish').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'published');
    await page.getByTestId('tab-publication').click();
    publicUrl = await page.getByTestId('public-url').inputValue();
    expect(publicUrl.startsWith(baseURL!)).toBe(true);
  });

  await test.step('the Passports tab: version, hash, formats, the battery passport’s missing fields', async () => {
    await page.getByTestId('tab-passports').click();
    const latest = page.getByTestId('passport-latest');
    await expect(latest).toContainText('Version 1');
    await expect(latest).toContainText('From published revision 1');
    await expect(page.getByTestId('passport-hash')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('passport-format-untp_dpp')).toBeVisible();
    await expect(page.getByTestId('passport-format-battery_pass')).toBeVisible();
    // No carbon footprint in the dossier: named with its point of Annex XIII, and it did not block publishing.
    const blockers = page.getByTestId('passport-blockers');
    await expect(blockers).toContainText('Annex XIII 1(c)');
    await expect(blockers).toContainText('CarbonFootprintForBatteries.batteryCarbonFootprint');
    await expect(page.getByTestId('passport-version-row')).toHaveCount(1);
    await screenshot(page, 'passport-01-tab');
  });

  let pngUrl = '';
  const scanned = await test.step('the printed QR code decodes to the safety page', async () => {
    const publicId = new URL(publicUrl).pathname.split('/')[2];
    pngUrl = `/p/${publicId}/qr.png?size=512`;
    const res = await api.get(pngUrl);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    const { data, info } = await sharp(await res.body())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(code, 'the QR code must be readable').not.toBeNull();
    expect(code!.data).toBe(publicUrl);
    return code!.data;
  });

  const visitor = await browser.newContext({ baseURL, locale: 'en-GB' });
  const pub = await visitor.newPage();
  let digitalLink = '';
  await test.step('signed out, the scanned page names its GS1 Digital Link and its passport', async () => {
    const res = await pub.goto(scanned);
    expect(res?.status()).toBe(200);
    await expect(pub.locator('h1')).toContainText('E-bike battery 48 V');
    const alternate = await pub
      .locator('head link[rel="alternate"][type="application/ld+json"]')
      .first()
      .getAttribute('href');
    expect(alternate).toMatch(/\/passport$/);
    const jsonLd = (await pub.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
    const m = /"hasGS1DigitalLink"\s*:\s*"([^"]+)"/.exec(jsonLd);
    expect(m, 'the page’s JSON-LD carries the GS1 Digital Link').not.toBeNull();
    digitalLink = m![1];
    expect(digitalLink).toBe(`${new URL(publicUrl).origin}/01/0${GTIN}`);
  });

  await test.step('the Digital Link resolves gs1:sustainabilityInfo to the public passport', async () => {
    const linkset = await visitor.request.get(digitalLink, { headers: { accept: 'application/linkset+json' } });
    expect(linkset.status()).toBe(200);
    const set = await linkset.json();
    const sustainability = set.linkset[0]['https://gs1.org/voc/sustainabilityInfo'];
    expect(sustainability?.[0]?.href).toMatch(/\/passport$/);

    const res = await pub.goto(`${digitalLink}?linkType=gs1:sustainabilityInfo`);
    expect(res?.status()).toBe(200);
    expect(new URL(pub.url()).pathname).toBe(`${new URL(publicUrl).pathname}/passport`);
    await expect(pub.locator('body')).toContainText('E-bike battery 48 V');
    await screenshot(pub, 'passport-02-public-passport');

    const battery = await ok(
      await visitor.request.get(`${new URL(pub.url()).pathname}?format=battery_pass`, {
        headers: { accept: 'application/json' },
      }),
    );
    expect(battery.modules.GeneralProductInformation.batteryCategory).toBe('lmt');
    expect(battery.modules.PerformanceAndDurability.batteryTechicalProperties).toMatchObject({
      ratedCapacity: 14,
      nominalVoltage: 48,
    });
    // The public tier is open; the next one is not.
    const refused = await visitor.request.get(`${new URL(pub.url()).pathname}?tier=legitimate_interest`, {
      headers: { accept: 'application/json' },
    });
    expect(refused.status()).toBe(401);
  });

  await test.step('an access grant created on the Passports tab opens the next tier until it is revoked', async () => {
    await page.getByTestId('grant-recipient').fill('Recycling Süd GmbH');
    await page.getByTestId('grant-tier').selectOption('legitimate_interest');
    await page.getByTestId('grant-create').click();
    const link = await page.getByTestId('grant-link').inputValue();
    expect(link).toContain('access_token=pgr_');
    expect(link).toContain('tier=legitimate_interest');
    await page.getByTestId('grant-reveal').getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('grant-row')).toHaveCount(1);
    await expect(page.getByTestId('grant-state')).toHaveText('Active');

    const opened = await visitor.request.get(link, { headers: { accept: 'application/json' } });
    expect(opened.status(), await opened.text()).toBe(200);

    await page.getByTestId('grant-revoke').click();
    await expect(page.getByTestId('grant-state')).toHaveText('Revoked');
    const afterRevoke = await visitor.request.get(link, { headers: { accept: 'application/json' } });
    expect(afterRevoke.status()).toBe(401);
    await screenshot(page, 'passport-03-grants');
  });

  await test.step('/docs/passports is in the docs navigation', async () => {
    await pub.goto('/docs/gs1-resolver');
    await pub.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Passports' }).click();
    await expect(pub).toHaveURL(/\/docs\/passports$/);
    await expect(pub.locator('h1')).toHaveText('Digital product passports');
    await expect(pub.locator('main')).toContainText('gs1:sustainabilityInfo');
  });
  expect(pngUrl).not.toBe('');
  await visitor.close();
});
