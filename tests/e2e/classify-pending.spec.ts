/**
 * A scanned document shows as pending while OCR reads it, then its type appears without a reload.
 */
import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, signUp, uniqueEmail } from './helpers';

/**
 * Issue 13 in the browser: a scan uploaded to the vault shows its type as pending while OCR reads it in
 * the background, and the list and the detail page update by themselves when the type is set.
 */

const scan = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: fs.readFileSync(path.resolve(process.cwd(), 'tests/fixtures/classify/scans/zh-test-report-scan.png')),
});

test('a scan is pending while OCR reads it, then shows its type without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail('ocr-pending'));
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();

  await page.getByTestId('file-input').setInputFiles([scan('IMG_2207.png')]);
  const item = page.locator('[data-testid="upload-item"][data-filename="IMG_2207.png"]');
  await expect(item.getByTestId('upload-result')).toHaveAttribute('data-status', 'uploaded', { timeout: 60_000 });

  const row = page.locator('[data-testid="document-row"][data-filename="IMG_2207.png"]');
  await expect(row).toBeVisible({ timeout: 30_000 });
  // Right after the upload the background OCR is usually still reading: pending, not "Other 0 %".
  const pendingSeen = await row
    .getByTestId('type-pending')
    .isVisible()
    .catch(() => false);
  if (pendingSeen) await screenshot(page, 'classify-01-pending');
  // Then the list updates on its own (no reload): the type is the one OCR found.
  await expect(row.getByTestId('type-pending')).toHaveCount(0, { timeout: 120_000 });
  await expect(row).toContainText('Test report');
  await screenshot(page, 'classify-02-typed');

  // The detail page of a second scan shows the pending card, then the type.
  await page
    .getByTestId('file-input')
    .setInputFiles([{ ...scan('IMG_2208.png'), buffer: Buffer.concat([scan('x').buffer, Buffer.from([0])]) }]);
  const second = page.locator('[data-testid="upload-item"][data-filename="IMG_2208.png"]');
  await expect(second.getByTestId('upload-result')).toHaveAttribute('data-status', 'uploaded', { timeout: 60_000 });
  await second.getByRole('link', { name: 'Open' }).click();
  const card = page.getByTestId('classification-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('type-pending')).toHaveCount(0, { timeout: 120_000 });
  await expect(card).toContainText('Test report');
});
