/**
 * The supplier loop in German: a file and an answer through the link, the file rejected with a reason, the
 * reminder asks only for what is still missing.
 */
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { screenshot, signUp, uniqueEmail, useLoopbackSmtp } from './helpers';

/**
 * The supplier loop in German, end to end (issue 39): a German manager asks a German manufacturer for
 * a toy's declaration of conformity and the CE marking; the supplier, on the link page in German,
 * uploads a file and answers yes; the manager rejects the file with a reason; the supplier sees the
 * reason on the page; the reminder asks for that one item only, with the reason, and not for the
 * answered question (it waits for review).
 */

const mails = useLoopbackSmtp();

async function unsignedDeclaration(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  [
    'EU Declaration of Conformity',
    'Manufacturer: Spielwaren Fabrik GmbH, Hafenstrasse 9, 20457 Hamburg, Germany',
    'Product: Wooden train, Model: WT-200',
    'The object of the declaration is in conformity with Directive 2009/48/EC.',
    'Harmonised standards applied: EN 71-1:2014+A1:2018',
  ].forEach((l, i) => page.drawText(l, { x: 40, y: 780 - i * 20, size: 10, font }));
  return Buffer.from(await pdf.save());
}

test('German loop: a file and a yes sent through the link, the file rejected with a reason, the reminder asks only for it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Signed up in English (the shared helper reads the English form), then the manager works in German.
  await signUp(page, uniqueEmail('outreach-loop'));
  await page.context().addCookies([{ name: 'ui_lang', value: 'de', url: baseURL! }]);
  const headers = { origin: baseURL! };
  const sku = await (
    await page.request.post('/api/skus', {
      headers,
      data: { sku_code: `LOOP-${Date.now().toString(36)}`, product_name: 'Holzeisenbahn', category_code: 'toys' },
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
  const items = ['TOY_DOC_MISSING', 'TOY_CE_MARKING_MISSING'];
  const draft = (
    await (await page.request.post('/api/supplier-email/draft', { headers, data: { sku_id: skuId, items } })).json()
  ).draft;
  const sent = await page.request.post('/api/supplier-email/send', {
    headers,
    data: { sku_id: skuId, to: draft.to, subject: draft.subject, body: draft.body, items },
  });
  expect(sent.status()).toBe(201);
  const request = (await sent.json()).request;
  const docLabel = request.items.find((i: { key: string }) => i.key === 'TOY_DOC_MISSING').label as string;
  const ceLabel = request.items.find((i: { key: string }) => i.key === 'TOY_CE_MARKING_MISSING').label as string;

  // The supplier, signed out, German browser.
  const supplier = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  const phone = await supplier.newPage();
  const cspErrors: string[] = [];
  phone.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await phone.goto(request.upload_url);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'de');
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Angeforderte Unterlagen');
  await phone
    .getByTestId('supplier-files')
    .setInputFiles({ name: 'Konformitaet.pdf', mimeType: 'application/pdf', buffer: await unsignedDeclaration() });
  await phone.getByRole('button', { name: 'Hochladen' }).click();
  await expect(phone.getByRole('status')).toContainText('Vielen Dank: 1 Datei(en) erhalten.');
  await phone.locator('[data-testid="answer-field"][data-field="ce_marking"] select').selectOption('yes');
  await phone.getByTestId('answer-send').click();
  // The answer waits for review; the file too, once it is classified as the asked declaration.
  await expect(
    phone.locator('[data-testid="asked-item"][data-state="answered"]').filter({ hasText: ceLabel }),
  ).toHaveCount(1);
  await screenshot(phone, 'outreach-loop-supplier-answered');

  // The file is classified as the asked declaration (extraction runs in the background).
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/supplier-email/requests/${request.id}`)).json()).request.documents[0]
          ?.document_type,
      { timeout: 60_000 },
    )
    .toBe('declaration_of_conformity');

  // The manager (German UI) rejects the file with a reason.
  await page.goto(`/skus/${skuId}?tab=blockers`);
  const card = page.getByTestId('supplier-request').first();
  await expect(card).toHaveAttribute('data-status', 'to_review');
  await card.getByTestId('supplier-document-reject').click();
  await card.getByTestId('supplier-document-reject-reason').fill('Nicht unterschrieben, bitte Seite 2 unterschreiben.');
  await card.getByTestId('supplier-document-reject-confirm').click();
  await expect(page.getByTestId('supplier-request').first()).toHaveAttribute('data-status', 'in_progress');
  await expect(page.getByTestId('supplier-request').first().getByTestId('supplier-document')).toHaveAttribute(
    'data-status',
    'rejected',
  );
  await screenshot(page, 'outreach-loop-rejected');

  // The supplier sees why, on the page.
  await phone.reload();
  await expect(phone.locator('[data-testid="asked-item"][data-state="rejected"]')).toContainText(docLabel);
  await expect(phone.getByTestId('asked-item-reason')).toHaveText(
    'Nicht unterschrieben, bitte Seite 2 unterschreiben.',
  );
  await expect(phone.getByTestId('file-counts')).toHaveText(
    'Ihre Dateien: 0 angenommen, 0 in Prüfung, 1 nicht angenommen.',
  );
  expect(cspErrors).toEqual([]);
  await supplier.close();

  // Remind now: the reminder asks for the rejected declaration only, with the reason.
  const before = mails.length;
  const remind = await page.request.post('/api/supplier-email/requests/bulk', {
    headers,
    data: { action: 'remind', ids: [request.id] },
  });
  expect((await remind.json()).results[0]).toMatchObject({ ok: true });
  await expect.poll(() => mails.length).toBe(before + 1);
  const reminder = mails[mails.length - 1];
  expect(reminder.subject).toMatch(/^Erinnerung:/);
  expect(reminder.text).toContain(docLabel);
  expect(reminder.text).toContain('nicht angenommen: Nicht unterschrieben, bitte Seite 2 unterschreiben.');
  expect(reminder.text).not.toContain(ceLabel);
  expect(reminder.text).toContain(request.upload_url);
});
