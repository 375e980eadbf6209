/**
 * A DoC finds its SKU, and its operators become linked entities in two clicks.
 */
import { test, expect } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { EXTRACT_CASES } from '../fixtures/extract';
import { screenshot, signUp, uniqueEmail } from './helpers';

/**
 * Issue 14 in the browser: a DoC for a SKU whose manufacturer is outside the EU is uploaded to the
 * vault without naming the SKU; it finds the SKU by its GTIN and links itself (with Undo); the SKU's
 * Documents tab shows the manufacturer and the EU responsible person as entity candidates with their
 * countries; two clicks create and link them, and the operator blockers clear without any typing.
 */

async function pdfOf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([1000, 842]);
  text.split('\n').forEach((line, i) => page.drawText(line, { x: 30, y: 810 - i * 12, size: 8, font }));
  return Buffer.from(await pdf.save());
}

const OPERATOR_BLOCKERS = [
  'MANUFACTURER_MISSING',
  'MANUFACTURER_ADDRESS_MISSING',
  'MANUFACTURER_COUNTRY_MISSING',
  'MANUFACTURER_ELECTRONIC_ADDRESS_MISSING',
  'EU_RESPONSIBLE_PERSON_MISSING',
  'RESPONSIBLE_PERSON_COUNTRY_MISSING',
  'RESPONSIBLE_PERSON_ADDRESS_MISSING',
  'RESPONSIBLE_PERSON_ELECTRONIC_ADDRESS_MISSING',
];

test('a DoC finds its SKU, and its operators become linked entities in two clicks', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await signUp(page, uniqueEmail('evidence'));
  const code = `LAMP-${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post('/api/skus', {
    data: {
      sku_code: code,
      product_name: 'Rechargeable LED flashlight',
      gtin: '4006381333931',
      category_code: 'general',
    },
    headers: { origin: baseURL!, 'Idempotency-Key': `e2e-${code}` },
  });
  expect(created.status()).toBe(201);
  const sku = (await created.json()).sku as { id: string };
  const blockers = async () =>
    ((await (await page.request.get(`/api/skus/${sku.id}`)).json()).blockers as { code: string }[]).map((b) => b.code);
  expect(await blockers()).toContain('MANUFACTURER_MISSING');

  // Upload in the vault, without choosing a SKU.
  const text = EXTRACT_CASES.find((c) => c.id === 'en-doc-flashlight')!.text;
  await page.goto('/documents');
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'DoC-BL-FL40-USB.pdf', mimeType: 'application/pdf', buffer: await pdfOf(text) }]);
  await expect(page.getByTestId('upload-result').first()).toHaveAttribute('data-status', 'uploaded', {
    timeout: 30_000,
  });

  // Extraction runs in the background and links the document to the SKU whose GTIN it states.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/skus/${sku.id}/documents`)).json()).documents as unknown[]).length,
      { timeout: 60_000 },
    )
    .toBe(1);

  await page.goto(`/skus/${sku.id}?tab=documents`);
  const tab = page.getByTestId('documents-tab');
  await expect(tab.getByTestId('auto-linked')).toContainText('GTIN 4006381333931');
  await expect(tab.getByRole('button', { name: 'Undo' })).toBeVisible();
  const manufacturer = tab.getByTestId('entity-candidate-manufacturer');
  const rp = tab.getByTestId('entity-candidate-responsible_person');
  await expect(manufacturer).toContainText('Brightlux Lighting Co., Ltd.');
  await expect(manufacturer).toContainText('518000 Shenzhen');
  await expect(manufacturer).toContainText('CN');
  await expect(manufacturer.getByTestId('eu-badge')).toHaveAttribute('data-eu', 'false');
  await expect(rp).toContainText('Lumen Europe GmbH');
  await expect(rp.getByTestId('eu-badge')).toHaveAttribute('data-eu', 'true');
  await screenshot(page, 'evidence-01-candidates');

  await manufacturer.getByRole('button', { name: /Create and link/ }).click();
  await expect(manufacturer.getByText('Linked')).toBeVisible();
  await rp.getByRole('button', { name: /Create and link/ }).click();
  await expect(rp.getByText('Linked')).toBeVisible();
  await screenshot(page, 'evidence-02-linked');

  const after = await blockers();
  for (const c of OPERATOR_BLOCKERS) expect(after, c).not.toContain(c);

  // The entities carry the parts of the address and the country, as read from the document.
  const ents = (await (await page.request.get(`/api/skus/${sku.id}/entities`)).json()) as {
    links?: { role: string; entity: { country: string; city: string; postal_code: string } }[];
  };
  const byRole = Object.fromEntries((ents.links ?? []).map((e) => [e.role, e.entity]));
  expect(byRole.manufacturer).toMatchObject({ country: 'CN', city: 'Shenzhen', postal_code: '518000' });
  expect(byRole.responsible_person).toMatchObject({ country: 'DE', city: 'Hamburg', postal_code: '20457' });

  // Suggestions say which document they come from.
  await page.goto(`/skus/${sku.id}?tab=dossier`);
  await expect(page.getByText(/DoC-BL-FL40-USB\.pdf p\.1/).first()).toBeVisible();
  await screenshot(page, 'evidence-03-dossier');

  // Undo the automatic link, then link the same document again from the SKU's Documents tab.
  await page.goto(`/skus/${sku.id}?tab=documents`);
  await page.getByTestId('documents-tab').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('sku-document')).toHaveCount(0);
  await page.getByTestId('link-existing-document').click();
  await page.getByRole('textbox', { name: 'Search documents' }).fill('DoC-BL');
  await page.getByTestId('vault-document-option').filter({ hasText: 'DoC-BL-FL40-USB.pdf' }).click();
  await expect(page.getByTestId('sku-document')).toHaveCount(1);
  await expect(page.getByTestId('auto-linked')).toHaveCount(0);
  await screenshot(page, 'evidence-04-linked-by-hand');
});
