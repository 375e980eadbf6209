/**
 * Evidence about this very product: another product's DoC from the supplier stays a blocker; the right one,
 * accepted, clears it.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { screenshot, signUp, uniqueEmail, useLoopbackSmtp } from './helpers';

/**
 * A document counts only when it is about the product (issue 33): a supplier uploads another product's
 * declaration through the request link; the DoC blocker stays; the manager sees the document is about
 * another product, with the document's identity beside the SKU's; the supplier sends the right one, the
 * manager accepts it in the Documents tab and rejects the wrong one; the blockers clear.
 */

useLoopbackSmtp();

async function declaration(maker: string, model: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  [
    'EU Declaration of Conformity',
    `Manufacturer: ${maker}`,
    'Product: Wooden train',
    `Model: ${model}`,
    'GTIN: 4006381333931',
    'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
    'The object of the declaration is in conformity with Directive 2009/48/EC.',
    'Harmonised standards applied: EN 71-1:2014+A1:2018, EN 71-3:2019+A1:2021',
    'Place and date of issue: Hamburg, 02.11.2025',
  ].forEach((l, i) => page.drawText(l, { x: 40, y: 780 - i * 20, size: 10, font }));
  return Buffer.from(await pdf.save());
}

async function statusOf(page: Page, skuId: string, filename: string): Promise<string | null> {
  const docs = (await (await page.request.get(`/api/skus/${skuId}/documents`)).json()).documents as any[];
  const doc = docs.find((d) => d.filename === filename);
  return doc?.skus.find((s: any) => s.id === skuId)?.evidence_status ?? null;
}

test('another product’s DoC from the supplier stays a blocker; the right one, accepted, clears it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('evidence-status'));
  const headers = { origin: baseURL! };
  const sku = await (
    await page.request.post('/api/skus', {
      headers,
      data: {
        sku_code: `TRAIN-${Date.now().toString(36)}`,
        product_name: 'Wooden train',
        category_code: 'toys',
        gtin: '4006381333931',
      },
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
  await page.request.put(`/api/skus/${skuId}/entities/manufacturer`, {
    headers,
    data: { entity_id: entity.entity.id },
  });
  const items = ['TOY_DOC_MISSING'];
  const draft = (
    await (await page.request.post('/api/supplier-email/draft', { headers, data: { sku_id: skuId, items } })).json()
  ).draft;
  const sent = await page.request.post('/api/supplier-email/send', {
    headers,
    data: { sku_id: skuId, to: draft.to, subject: draft.subject, body: draft.body, items },
  });
  expect(sent.status()).toBe(201);
  const request = (await sent.json()).request;

  // The supplier uploads a declaration by another maker for another model.
  const supplier = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await supplier.newPage();
  await phone.goto(request.upload_url);
  await phone.getByTestId('supplier-files').setInputFiles({
    name: 'DoC PAN-C.pdf',
    mimeType: 'application/pdf',
    buffer: await declaration('Shenzhen Panda Toys Co., Ltd., 88 Keji Road, 518000 Shenzhen, China', 'PAN-C v2'),
  });
  await phone.getByRole('button', { name: /Upload|Hochladen/ }).click();
  await expect(phone.getByRole('status')).toBeVisible();
  await expect.poll(() => statusOf(page, skuId, 'DoC PAN-C.pdf'), { timeout: 60_000 }).toBe('about_another_product');

  // The blocker stays, and the document has its own blocker.
  await page.goto(`/skus/${skuId}?tab=blockers`);
  await expect(page.locator('[data-testid="blocker"][data-code="TOY_DOC_MISSING"]')).toBeVisible();
  await expect(page.locator('[data-testid="blocker"][data-code="DOCUMENT_ABOUT_ANOTHER_PRODUCT"]')).toBeVisible();

  // The Documents tab: about another product, both identities side by side.
  await page.goto(`/skus/${skuId}?tab=documents`);
  const wrong = page.locator('[data-testid="link-evidence"][data-status="about_another_product"]');
  await expect(wrong).toBeVisible();
  await expect(wrong.getByTestId('document-identity')).toContainText('Shenzhen Panda Toys');
  await expect(wrong.getByTestId('sku-identity')).toContainText('Spielwaren Fabrik GmbH');
  await expect(wrong.getByTestId('sku-identity')).toContainText('4006381333931');
  await screenshot(page, 'evidence-about-another-product');
  // Accepting it needs a reason: without one the page says so and nothing changes.
  await wrong.getByTestId('evidence-accept').click();
  await expect(wrong.getByRole('alert')).toBeVisible();

  // The supplier sends the right declaration.
  await phone.reload();
  await phone.getByTestId('supplier-files').setInputFiles({
    name: 'DoC WT-100.pdf',
    mimeType: 'application/pdf',
    buffer: await declaration('Spielwaren Fabrik GmbH, Hafenstrasse 9, 20457 Hamburg, Germany', 'WT-100'),
  });
  await phone.getByRole('button', { name: /Upload|Hochladen/ }).click();
  await supplier.close();
  // It names the SKU's GTIN and maker, and still waits for a person (a supplier's file).
  await expect.poll(() => statusOf(page, skuId, 'DoC WT-100.pdf'), { timeout: 60_000 }).toBe('proposed');

  await page.reload();
  const right = page.locator('[data-testid="link-evidence"][data-status="proposed"]');
  await expect(right).toBeVisible();
  await right.getByTestId('evidence-accept').click();
  await expect(page.locator('[data-testid="link-evidence"][data-status="accepted"]')).toBeVisible();
  // The wrong one is rejected: its blocker goes too.
  await page
    .locator('[data-testid="link-evidence"][data-status="about_another_product"]')
    .getByTestId('evidence-reject')
    .click();
  await expect(page.locator('[data-testid="link-evidence"][data-status="rejected"]')).toBeVisible();

  await page.goto(`/skus/${skuId}?tab=blockers`);
  await expect(page.locator('[data-testid="blocker"][data-code="TOY_DOC_MISSING"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="blocker"][data-code="DOCUMENT_ABOUT_ANOTHER_PRODUCT"]')).toHaveCount(0);
  await screenshot(page, 'evidence-accepted');
});
