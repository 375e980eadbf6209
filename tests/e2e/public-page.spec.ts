/**
 * The public page as printed on a label: a product picture uploaded in the publication tab, the SKU
 * published, and the page opened signed out in German shows the picture, the German safety texts,
 * <html lang="de">, hreflang alternates, and passes axe without serious or critical violations. The
 * German description is typed and confirmed in the publication tab's per-language texts (Translate with
 * AI is disabled there with its reason: the test server has no AI provider); the English page keeps
 * the English one.
 * The dossier is filled through the API (the dossier journey is skus.spec.ts); what this spec is about
 * happens in the browser.
 */
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { test, expect, type APIRequestContext } from '@playwright/test';
import { screenshot, signUp, uniqueEmail } from './helpers';

/** A GTIN of this run: a GTIN resolves to one workspace, so every run and spec publishes its own (issue 37). */
const GTIN = (() => {
  const body = `59${String(Date.now()).slice(-10)}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
})();

const WARNINGS_DE = 'Achtung! Nicht für Kinder unter 36 Monaten geeignet. Erstickungsgefahr durch Kleinteile.';
const INSTRUCTIONS_DE = 'Vor Gebrauch alle Verpackungsteile entfernen.';
const DESCRIPTION_EN = 'Cutting board made of bamboo, 30 x 20 cm.';
const DESCRIPTION_DE = 'Schneidebrett aus Bambus, 30 x 20 cm.';
const BATCH_DE = 'LOS JJWW auf der Unterseite';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

test('upload a product picture, publish, the German public page shows it with German texts and passes axe', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail('picture'));
  const api = page.request;
  const headers = { origin: baseURL! };

  const skuId = await test.step('a SKU with its dossier filled through the API', async () => {
    const { sku } = await ok(
      await api.post('/api/skus', {
        headers,
        data: { sku_code: `PIC-${Date.now()}`, product_name: 'Bamboo cutting board', gtin: GTIN },
      }),
    );
    const fields: Record<string, string> = {
      model_number: 'CB-200',
      brand: 'Holzwerk',
      product_description: DESCRIPTION_EN,
      batch_or_serial_scheme: 'LOT YYWW on the underside',
      batch_or_serial_scheme_de: BATCH_DE,
      target_markets: 'DE',
      safety_warnings_de: WARNINGS_DE,
      safety_warnings_en: 'Caution! Not suitable for children under 36 months. Small parts.',
      instructions_de: INSTRUCTIONS_DE,
      instructions_en: 'Remove all packaging before use.',
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
    return sku.id as string;
  });

  await test.step('upload the picture in the publication tab', async () => {
    await page.goto(`/skus/${skuId}?tab=publication`);
    const card = page.getByTestId('publication-picture');
    await expect(card).toBeVisible();
    // A landscape camera JPEG lying on its side, with EXIF: stored upright, smaller, without metadata.
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c87828' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'private-owner' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await card.getByTestId('picture-input').setInputFiles({ name: 'board.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(card.getByTestId('picture-done')).toContainText('1067 × 1600');
    await expect
      .poll(() =>
        card.getByTestId('current-picture').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(1067);
    await screenshot(page, 'public-01-picture-uploaded');
  });

  await test.step('confirm the German description in the per-language texts', async () => {
    const card = page.getByTestId('public-texts');
    await expect(card).toBeVisible();
    const translateButton = card.getByRole('button', { name: 'Translate with AI' });
    await expect(translateButton).toBeDisabled();
    await expect(card).toContainText('No AI provider is configured');
    const row = card.getByTestId('text-product_description_de');
    await expect(row).toContainText('Missing');
    await row.getByRole('button', { name: 'Add Product description (German)' }).click();
    await row.getByRole('textbox', { name: 'Product description (German)' }).fill(DESCRIPTION_DE);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('Confirmed');
    await expect(row).toContainText(DESCRIPTION_DE);
    await expect(card.getByTestId('text-batch_or_serial_scheme_de')).toContainText('Confirmed');
    await screenshot(page, 'public-01b-german-texts');
  });

  let publicUrl = '';
  await test.step('waive what does not apply, complete the review, approve and publish', async () => {
    const detail = await ok(await api.get(`/api/skus/${skuId}`));
    for (const b of detail.blockers.filter((x: { severity: string; waived?: boolean }) => x.severity === 'blocker'))
      await ok(
        await api.post(`/api/skus/${skuId}/waivers`, {
          headers,
          data: { code: b.code, reason: 'Not applicable to this product (test).' },
        }),
      );
    await page.reload();
    await page.getByTestId('action-review').click();
    await page.getByTestId('confirm-review').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'ready_for_approval');
    await page.getByTestId('action-approve').click();
    await page.getByTestId('approve-dialog').getByTestId('confirm-approve').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'approved');
    await page.getByTestId('action-publish').click();
    await page.getByTestId('confirm-publish').click();
    await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'published');
    publicUrl = await page.getByTestId('public-url').inputValue();
    // PUBLIC_APP_URL is set for the test server: no warning, and QR, link and GS1 link share its origin.
    await expect(page.getByTestId('public-url-warning')).toHaveCount(0);
    expect(publicUrl.startsWith(baseURL!)).toBe(true);
    await expect(page.getByTestId('gs1-link')).toHaveText(`${new URL(publicUrl).origin}/01/0${GTIN}`);
    await screenshot(page, 'public-02-published');
  });

  await test.step('the public page in German, signed out', async () => {
    const visitor = await browser.newContext({ baseURL, locale: 'de-DE' });
    const pub = await visitor.newPage();
    const res = await pub.goto(publicUrl);
    expect(res?.status()).toBe(200);
    await expect(pub.locator('html')).toHaveAttribute('lang', 'de');
    await expect(pub.locator('body')).toContainText(WARNINGS_DE);
    await expect(pub.locator('body')).toContainText(INSTRUCTIONS_DE);
    await expect(pub.locator('body')).toContainText(DESCRIPTION_DE);
    await expect(pub.locator('body')).toContainText(BATCH_DE);
    await expect(pub.locator('body')).not.toContainText(DESCRIPTION_EN);
    const img = pub.locator('main img[src*="/picture"]');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1067);
    const alternates = await pub
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('hreflang')).sort());
    expect(alternates).toEqual(['de', 'en', 'x-default']);
    await screenshot(pub, 'public-03-german-page');

    const axe = await new AxeBuilder({ page: pub }).analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

    // The English page keeps the English texts, under <html lang="en">.
    await pub.goto(`${publicUrl}?lang=en`);
    await expect(pub.locator('html')).toHaveAttribute('lang', 'en');
    await expect(pub.locator('body')).toContainText(DESCRIPTION_EN);
    await expect(pub.locator('body')).not.toContainText(DESCRIPTION_DE);
    await visitor.close();
  });
});
