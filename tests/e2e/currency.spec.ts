/**
 * Issue 38 (evidence currency) in the browser, against the committed Official Journal snapshot: a
 * toy declaration citing EN 71-3:2013+A3:2018 is uploaded; once its facts are read, its page says the
 * day it stopped proving compliance (the edition's date of cessation, 2020-04-15) and why, naming the
 * replacement EN 71-3:2019; the watch page's re-check records the finding.
 */
import { test, expect } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { screenshot, signUp, uniqueEmail } from './helpers';

async function pdfOf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 16, size: 10, font }));
  return Buffer.from(await pdf.save());
}

test('a declaration citing a withdrawn edition shows when it stopped proving compliance, and why', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, uniqueEmail('currency'));
  const bytes = await pdfOf([
    'EU Declaration of Conformity',
    'Manufacturer: Holzbahn Spielwaren GmbH, Werkstraße 4, 96450 Coburg, Germany',
    'Product: Wooden train set, Model: WT-7',
    'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
    'The object of the declaration is in conformity with Directive 2009/48/EC.',
    'Harmonised standards applied: EN 71-1:2014+A1:2018, EN 71-3:2013+A3:2018',
    'Place and date of issue: Coburg, 02.11.2019',
  ]);
  await page.goto('/documents');
  await page
    .getByTestId('file-input')
    .setInputFiles([{ name: 'DoC-WT-7.pdf', mimeType: 'application/pdf', buffer: bytes }]);
  await expect(page.getByTestId('upload-result').first()).toHaveAttribute('data-status', 'uploaded', {
    timeout: 30_000,
  });
  // The extraction runs in the background: wait until the document's facts are read.
  let id = '';
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/documents?q=DoC-WT-7')).json()).data as { id: string }[];
        if (!list?.length) return null;
        id = list[0].id;
        return (await (await page.request.get(`/api/documents/${id}/currency`)).json()).stops_proving_on;
      },
      { timeout: 60_000 },
    )
    .toBe('2020-04-15');

  await page.goto(`/documents/${id}`);
  const card = page.getByTestId('currency-card');
  await expect(card.getByTestId('currency-stops-on')).toContainText('Stopped proving compliance on');
  await expect(card.getByTestId('currency-why')).toContainText('15 Apr 2020');
  await expect(card.getByTestId('currency-why')).toContainText('EN 71-3:2013+A3:2018');
  await expect(card.getByTestId('currency-why')).toContainText('EN 71-3:2019 replaces it');
  await expect(card).toContainText('Directive 2009/48/EC Art. 19');
  await screenshot(page, 'currency-01-document');
  // In German: the same findings, end and legal basis in German words (they were the server's English).
  await page.context().addCookies([{ name: 'ui_lang', value: 'de', url: page.url() }]);
  await page.reload();
  await expect(card.getByTestId('currency-why')).toContainText(
    'EN 71-3:2013+A3:2018 begründet seit dem 15. Apr. 2020 keine Konformitätsvermutung gemäß Richtlinie 2009/48/EG',
  );
  await expect(card.getByTestId('currency-finding').first()).toContainText('an ihre Stelle tritt EN 71-3:2019');
  await expect(card).toContainText('Richtlinie 2009/48/EG Art. 19 Abs. 2 und 3');
  await expect(card).not.toContainText('presumption of conformity');
  await page.context().addCookies([{ name: 'ui_lang', value: 'en', url: page.url() }]);

  await page.goto('/watch/currency');
  await page.getByRole('button', { name: 'Re-check now' }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/currency/findings?document_id=${id}`)).json()).data as unknown[]).length,
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  await page.reload();
  const findings = page.getByTestId('currency-findings');
  await expect(findings.getByRole('link', { name: 'DoC-WT-7.pdf' }).first()).toBeVisible();
  await expect(findings).toContainText('has not given presumption of conformity');
  await screenshot(page, 'currency-02-watch');
});
