/**
 * Missing DoC to supplier request, upload through the mailed link, acceptance: the blocker goes and the request is
 * done.
 */
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { screenshot, signUp, uniqueEmail, useLoopbackSmtp } from './helpers';

/**
 * The whole supplier loop in a browser: a toy SKU without its declaration of conformity → draft →
 * send (to the loopback SMTP server below, which the app is configured to use) → the supplier opens
 * the mailed link signed out and uploads a DoC → the request is to_review with the document and its
 * suggestions on the SKU → accept → the blocker is gone and the request is done.
 */

const mails = useLoopbackSmtp();

async function declarationPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  [
    'EU Declaration of Conformity',
    'Manufacturer: Spielwaren Fabrik GmbH, Hafenstrasse 9, 20457 Hamburg, Germany',
    'Product: Wooden train, Model: WT-100',
    'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
    'The object of the declaration is in conformity with Directive 2009/48/EC.',
    'Harmonised standards applied: EN 71-1:2014+A1:2018, EN 71-3:2019+A1:2021',
    'Place and date of issue: Hamburg, 02.11.2025',
  ].forEach((l, i) => page.drawText(l, { x: 40, y: 780 - i * 20, size: 10, font }));
  return Buffer.from(await pdf.save());
}

test('missing DoC → request → supplier uploads through the mailed link → accept → blocker gone, request done', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail('outreach'));
  const headers = { origin: baseURL! };
  const sku = await (
    await page.request.post('/api/skus', {
      headers,
      data: { sku_code: `TRAIN-${Date.now().toString(36)}`, product_name: 'Wooden train', category_code: 'toys' },
    })
  ).json();
  const skuId = sku.sku.id as string;
  const entity = await (
    await page.request.post('/api/entities', {
      headers,
      data: {
        name: 'Spielwaren Fabrik GmbH',
        street: 'Hafenstraße 9',
        postal_code: '20457',
        city: 'Hamburg',
        country: 'DE',
        email: 'compliance@spielwaren.example',
      },
    })
  ).json();
  expect(
    (
      await page.request.put(`/api/skus/${skuId}/entities/manufacturer`, {
        headers,
        data: { entity_id: entity.entity.id },
      })
    ).status(),
  ).toBe(200);

  // Before any request the manufacturer has no history, and says so in a sentence.
  await page.goto(`/skus/${skuId}?tab=entities`);
  await expect(page.getByTestId('role-manufacturer').getByTestId('responsiveness-empty')).toHaveText(
    'No supplier requests have been sent to Spielwaren Fabrik GmbH yet, so there is no history of how it answers.',
  );
  await screenshot(page, 'outreach-entity-no-history', { fullPage: false });

  await page.goto(`/skus/${skuId}?tab=blockers`);
  await expect(page.locator('[data-testid="blocker"][data-code="TOY_DOC_MISSING"]')).toBeVisible();
  await page.getByTestId('request-from-supplier').click();
  const dialog = page.getByTestId('request-dialog');
  await expect(dialog.getByTestId('request-item').first()).toBeVisible();
  // Ask for the declaration only: untick every other item (each change re-drafts the text).
  const docLabel = 'EU-Konformitätserklärung mit Verweis auf 2009/48/EC';
  for (;;) {
    const labels = await dialog
      .getByRole('checkbox', { checked: true })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const next = labels.find((l) => l !== docLabel);
    if (!next) break;
    await dialog.getByRole('checkbox', { name: next }).click();
    await expect(dialog.getByRole('checkbox', { name: next })).not.toBeChecked();
    await expect(dialog.getByLabel(/^Message/)).not.toHaveValue(
      new RegExp(`- ${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  }
  await expect(dialog.getByLabel('To')).toHaveValue('compliance@spielwaren.example');
  await expect(dialog.getByLabel(/^Message/)).toHaveValue(new RegExp(`- ${docLabel}`));
  await screenshot(page, 'outreach-draft');
  await dialog.getByTestId('request-send').click();
  await expect(page.getByTestId('supplier-request-status').first()).toHaveText('sent');

  await expect.poll(() => mails.length).toBe(1);
  expect(mails[0].to).toEqual(['compliance@spielwaren.example']);
  const link = /http:\/\/127\.0\.0\.1:\d+\/r\/[A-Za-z0-9_-]{43}/.exec(mails[0].text)?.[0];
  expect(link).toBeTruthy();

  // The supplier, signed out, on a phone.
  const supplier = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  const phone = await supplier.newPage();
  await phone.goto(link!);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Angeforderte Unterlagen');
  await expect(phone.getByTestId('asked-items')).toContainText(docLabel);
  await phone
    .getByTestId('supplier-files')
    .setInputFiles({ name: 'DoC WT-100.pdf', mimeType: 'application/pdf', buffer: await declarationPdf() });
  await phone.getByRole('button', { name: 'Hochladen' }).click();
  await expect(phone.getByRole('status')).toContainText('Vielen Dank: 1 Datei(en) erhalten.');
  await screenshot(phone, 'outreach-supplier-upload');
  await supplier.close();

  // Back at the SKU: to_review, the document with its extracted suggestions.
  await expect
    .poll(
      async () => {
        const d = await (await page.request.get(`/api/skus/${skuId}/dossier`)).json();
        return (d.fields as any[]).find((f) => f.field_key === 'harmonised_standards')?.suggestions?.length ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  await page.reload();
  const request = page.getByTestId('supplier-request').first();
  await expect(request).toHaveAttribute('data-status', 'to_review');
  await expect(request.getByTestId('supplier-document')).toContainText('DoC WT-100.pdf');
  await request.getByTestId('supplier-document-accept').click();
  await expect(page.getByTestId('supplier-request').first()).toHaveAttribute('data-status', 'done');
  await expect(page.locator('[data-testid="blocker"][data-code="TOY_DOC_MISSING"]')).toHaveCount(0);
  await screenshot(page, 'outreach-done');

  // The manufacturer now shows how it answered: one request, answered, none open.
  await page.goto(`/skus/${skuId}?tab=entities`);
  const responsiveness = page.getByTestId('role-manufacturer').getByTestId('supplier-responsiveness');
  await expect(responsiveness.getByTestId('responsiveness-answered')).toHaveText('1 of 1');
  await expect(responsiveness.getByTestId('responsiveness-open')).toHaveText('0');
  await expect(responsiveness.getByTestId('responsiveness-median')).toHaveText('under a day');
  await expect(page.getByTestId('role-importer').getByTestId('supplier-responsiveness')).toHaveCount(0);
  await screenshot(page, 'outreach-entity-responsiveness');
  // The same figures where the entity itself is edited.
  await page.goto('/entities');
  await page
    .getByTestId('entity-row')
    .filter({ hasText: 'Spielwaren Fabrik GmbH' })
    .getByRole('button', { name: 'Actions for Spielwaren Fabrik GmbH' })
    .click();
  await page.getByRole('menuitem', { name: 'Edit…' }).click();
  await expect(page.getByTestId('entity-dialog').getByTestId('responsiveness-answered')).toHaveText('1 of 1');
  await screenshot(page, 'outreach-entity-dialog-responsiveness', { fullPage: false });

  // The closed link is a 410 page now.
  const closed = await page.request.get(link!);
  expect(closed.status()).toBe(410);
});
