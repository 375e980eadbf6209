/**
 * The document vault in the browser: a mixed batch with a ZIP uploads with progress, a type is corrected, a
 * document linked to a SKU, the audit log shows it.
 */
import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { screenshot, signUp, uniqueEmail } from './helpers';

/**
 * The document vault in the browser: a mixed batch (Word, HTML, a scan-like PNG, a supplier ZIP bundle,
 * a product CSV and a generated EU Declaration of Conformity) is dropped in, each file shows progress
 * and its outcome, the bundle lists its parts, the product list is offered to the import wizard, one
 * type is corrected, a document is linked to a SKU (which the SKU's document listing then returns),
 * its facts are re-extracted, and the upload decisions appear in the audit log.
 */

const corpus = (p: string) => path.resolve(process.cwd(), 'tests/fixtures/corpus', p);

/** A corpus file as an upload payload (setInputFiles takes paths or buffers, not both at once). */
function corpusFile(p: string, mimeType: string) {
  return { name: path.basename(p), mimeType, buffer: fs.readFileSync(corpus(p)) };
}

/** A one-page PDF with a text layer that reads like a real EU Declaration of Conformity. */
async function declarationPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('EU Declaration of Conformity KT-2000');
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const lines: [string, boolean][] = [
    ['EU Declaration of Conformity', true],
    ['No. DoC-KT-2000-01', false],
    ['', false],
    ['1. Product model / product: Cordless kettle, Model KT-2000, type KT2000-EU', false],
    ['2. Name and address of the manufacturer:', false],
    ['   Brightwater Appliances GmbH, Industriestrasse 12, 70565 Stuttgart, Germany', false],
    ['   E-mail: compliance@brightwater-appliances.example', false],
    ['3. This declaration of conformity is issued under the sole responsibility of the manufacturer.', false],
    ['4. Object of the declaration: Cordless kettle KT-2000, GTIN 4006381333931', false],
    ['5. The object of the declaration described above is in conformity with the relevant', false],
    ['   Union harmonisation legislation:', false],
    ['   Directive 2014/35/EU (Low Voltage Directive)', false],
    ['   Directive 2014/30/EU (Electromagnetic Compatibility)', false],
    ['   Directive 2011/65/EU (RoHS)', false],
    ['6. References to the relevant harmonised standards used:', false],
    ['   EN 60335-1:2012+A11:2014, EN 60335-2-15:2016, EN 55014-1:2017, EN IEC 61000-3-2:2019', false],
    ['', false],
    ['Signed for and on behalf of: Brightwater Appliances GmbH', false],
    ['Place and date of issue: Stuttgart, 15.03.2024', false],
    ['Name, function: Dr. Anna Weber, Head of Product Compliance', false],
  ];
  let y = 790;
  for (const [text, isTitle] of lines) {
    page.drawText(text, {
      x: 50,
      y,
      size: isTitle ? 18 : 10.5,
      font: isTitle ? bold : font,
      color: rgb(0.1, 0.1, 0.1),
    });
    y -= isTitle ? 30 : 17;
  }
  return Buffer.from(await pdf.save());
}

const PRODUCT_CSV = [
  'sku,product_name,gtin,brand,manufacturer,country_of_origin',
  'KT-2000,Cordless kettle 1.7 l,4006381333931,Brightwater,Brightwater Appliances GmbH,CN',
  'KT-2100,Cordless kettle 1.2 l,4006381333948,Brightwater,Brightwater Appliances GmbH,CN',
  'TS-300,Two-slice toaster,4006381333955,Brightwater,Brightwater Appliances GmbH,CN',
].join('\n');

function item(page: Page, filename: string) {
  return page.locator(`[data-testid="upload-item"][data-filename="${filename}"]`);
}

function row(page: Page, filename: string) {
  return page.locator(`[data-testid="document-row"][data-filename="${filename}"]`);
}

test.describe('documents: the vault', () => {
  test('upload a mixed batch with a ZIP, see progress and results, correct a type, link to a SKU, audit log', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('vault');
    await signUp(page, email);

    await page.goto('/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(page.getByTestId('documents-empty')).toBeVisible();
    await screenshot(page, 'documents-01-empty');

    // Upload slowly enough to watch the progress bars (Chromium's network throttling).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 24 * 1024,
    });

    const pdf = await declarationPdf();
    await page
      .getByTestId('file-input')
      .setInputFiles([
        corpusFile('containers/zip-mixed-office-pdf-html-rtf-xml-bundle.zip', 'application/zip'),
        corpusFile(
          'documents/docx-simple-table.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ),
        corpusFile('documents/html-simple-ascii.html', 'text/html'),
        corpusFile('documents/image-png-rgba-screenshot-with-text.png', 'image/png'),
        { name: 'EU-Declaration-of-Conformity-KT-2000.pdf', mimeType: 'application/pdf', buffer: pdf },
        { name: 'product-catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(PRODUCT_CSV, 'utf8') },
      ]);
    await expect(page.getByTestId('upload-item')).toHaveCount(6);

    // Progress: a bar that has moved but not finished, while the throttled upload runs.
    const moving = page.locator(
      '[data-testid="upload-progress"][aria-valuenow]:not([aria-valuenow="0"]):not([aria-valuenow="100"])',
    );
    await expect(moving.first()).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'documents-02-uploading', { fullPage: false });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Every file reaches its outcome (the CSV stops at the import-wizard offer).
    const settled = page.locator(
      '[data-testid="upload-item"][data-phase="done"], [data-testid="upload-item"][data-phase="offer_import"]',
    );
    await expect(settled).toHaveCount(6, { timeout: 150_000 });
    await expect(page.locator('[data-testid="upload-item"][data-phase="failed"]')).toHaveCount(0);

    // The generated declaration is stored and recognised as one.
    const doc = item(page, 'EU-Declaration-of-Conformity-KT-2000.pdf');
    await expect(doc.getByTestId('upload-result')).toHaveAttribute('data-status', 'uploaded');
    await expect(doc).toContainText('Declaration of conformity');

    // The bundle lists its nine files: stored ones with their type, others with the reason they were not.
    const bundle = item(page, 'zip-mixed-office-pdf-html-rtf-xml-bundle.zip');
    const parts = bundle.locator('[data-testid="bundle-part"], [data-testid="bundle-skipped"]');
    await expect(parts).toHaveCount(9);
    await expect(bundle.locator('[data-testid="upload-result"][data-status="uploaded"]').first()).toBeVisible();

    // The product list is offered to the import wizard instead of the vault.
    const csv = item(page, 'product-catalogue.csv');
    await expect(csv.getByTestId('offer-import')).toBeVisible();
    await expect(csv.getByRole('button', { name: 'Open in import wizard' })).toBeVisible();
    await screenshot(page, 'documents-03-results');
    await csv.scrollIntoViewIfNeeded();
    await screenshot(page, 'documents-03b-product-list', { fullPage: false });

    // ...or kept in the vault after all, marked as product data.
    await csv.getByRole('button', { name: 'Keep in the vault' }).click();
    await expect(csv.getByTestId('upload-result')).toHaveAttribute('data-status', 'uploaded', { timeout: 30_000 });
    await expect(row(page, 'product-catalogue.csv')).toContainText('product data');

    // A duplicate: the same declaration again answers with a link to the stored one.
    await page
      .getByTestId('file-input')
      .setInputFiles([{ name: 'DoC-copy.pdf', mimeType: 'application/pdf', buffer: pdf }]);
    const copy = item(page, 'DoC-copy.pdf');
    await expect(copy.getByTestId('upload-result')).toHaveAttribute('data-status', 'duplicate', { timeout: 30_000 });
    await expect(copy.getByTestId('duplicate-link')).toHaveAttribute('href', /\/documents\/[0-9a-f-]{36}$/);

    // The list shows the stored documents with type, confidence and diagnostics.
    const list = page.getByTestId('document-list');
    await expect(row(page, 'EU-Declaration-of-Conformity-KT-2000.pdf')).toBeVisible();
    await expect(row(page, 'docx-simple-table.docx')).toBeVisible();
    await expect(list.getByTestId('document-row').first()).toBeVisible();
    await screenshot(page, 'documents-04-list');

    // One-click correction of a type, right in the row: it is saved and marked manual.
    const docxRow = row(page, 'docx-simple-table.docx');
    await docxRow.getByTestId('type-select').click();
    await page.getByRole('option', { name: 'Test report' }).click();
    await expect(docxRow.getByTestId('manual-badge')).toBeVisible();
    await expect(docxRow.getByTestId('type-select')).toContainText('Test report');
    await docxRow.scrollIntoViewIfNeeded();
    await screenshot(page, 'documents-04b-corrected', { fullPage: false });
    const docxId = await docxRow.getAttribute('data-document-id');
    const corrected = await page.request.get(`/api/documents/${docxId}`);
    expect(corrected.status()).toBe(200);
    const correctedDoc = (await corrected.json()).document as {
      document_type: string;
      classification_source: string;
      classification_confidence: number;
    };
    expect(correctedDoc).toMatchObject({
      document_type: 'test_report',
      classification_source: 'manual',
      classification_confidence: 1,
    });

    // Filters: by type (server-side), and back.
    await page.getByRole('combobox', { name: 'Document type', exact: true }).click();
    await page.getByRole('option', { name: 'Test report' }).click();
    await expect(page).toHaveURL(/type=test_report/);
    await expect(row(page, 'docx-simple-table.docx')).toBeVisible();
    await expect(row(page, 'EU-Declaration-of-Conformity-KT-2000.pdf')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(row(page, 'EU-Declaration-of-Conformity-KT-2000.pdf')).toBeVisible();

    // A SKU, created through the API with the session cookie.
    const skuCode = `KT-${Date.now().toString(36).toUpperCase()}`;
    const created = await page.request.post('/api/skus', {
      data: { sku_code: skuCode, product_name: 'Cordless kettle 1.7 l' },
      headers: { origin: baseURL!, 'Idempotency-Key': `e2e-${skuCode}` },
    });
    expect(created.status()).toBe(201);
    const sku = (await created.json()).sku as { id: string; sku_code: string };

    // The declaration's page: PDF preview, classification with reasoning, then link it to the SKU.
    await row(page, 'EU-Declaration-of-Conformity-KT-2000.pdf')
      .getByRole('link', { name: 'EU-Declaration-of-Conformity-KT-2000.pdf' })
      .click();
    await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
    const docId = page.url().split('/').pop()!;
    await expect(page.getByTestId('pdf-preview')).toHaveAttribute(
      'src',
      new RegExp(`^/api/documents/${docId}/file(#|$)`),
    );
    await expect(page.getByTestId('reasoning')).not.toBeEmpty();
    await page.getByTestId('link-sku').click();
    await page.getByRole('combobox', { name: 'Search SKUs' }).fill(skuCode);
    await page.getByTestId('sku-option').filter({ hasText: skuCode }).click();
    await expect(page.getByTestId('linked-sku').filter({ hasText: skuCode })).toBeVisible();

    // The SKU's document listing (the SKU page's documents tab reads it) now holds the declaration.
    const skuDocs = await page.request.get(`/api/skus/${sku.id}/documents`);
    expect(skuDocs.status()).toBe(200);
    const skuDocIds = ((await skuDocs.json()).documents as { id: string }[]).map((d) => d.id);
    expect(skuDocIds).toContain(docId);

    // Re-extract: the job's progress, then the facts with page and quote.
    await page.getByTestId('re-extract').click();
    await expect(page.getByTestId('fact-row').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('facts-card')).toContainText('p. 1');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(1500); // the PDF viewer draws the page
    await screenshot(page, 'documents-05-detail', { fullPage: false });
    await page.getByTestId('facts-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'documents-06-facts', { fullPage: false });

    // The list now shows the SKU on the declaration's row; the SKU filter finds it.
    await page.goto(`/documents?sku=${sku.id}`);
    await expect(row(page, 'EU-Declaration-of-Conformity-KT-2000.pdf')).toBeVisible();
    await expect(row(page, 'EU-Declaration-of-Conformity-KT-2000.pdf')).toContainText(skuCode);
    await expect(page.getByTestId('document-row')).toHaveCount(1);

    // The audit log: upload decisions with who, what, where and why.
    await page.goto('/settings/audit');
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-testid="audit-event"][data-action="upload.routed"]')).toHaveCount(1);
    const decisions = page.locator('[data-testid="audit-event"][data-action^="upload."]');
    expect(await decisions.count()).toBeGreaterThanOrEqual(6);
    await expect(
      page
        .locator('[data-testid="audit-event"][data-action="upload.classified"]')
        .filter({ hasText: 'product-catalogue.csv' }),
    ).toHaveCount(1);
    await expect(page.getByTestId('audit-log')).toContainText(email);
    await expect(page.getByTestId('audit-log')).toContainText('EU-Declaration-of-Conformity-KT-2000.pdf');
    await page.getByRole('button', { name: 'Routed', exact: true }).click();
    await expect(page).toHaveURL(/action_prefix=upload\.routed/);
    await expect(page.getByTestId('audit-event')).toHaveCount(1);
    await expect(page.getByTestId('audit-event')).toContainText('Import wizard');
    await page.getByRole('button', { name: 'Upload decisions' }).click();
    await screenshot(page, 'documents-07-audit');
  });
});
