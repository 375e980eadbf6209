/**
 * The SKU journey in a browser: create a SKU through the dialog (with the dry-run preview), fill and
 * confirm its dossier, link a manufacturer outside the EU and then an EU responsible person, watch
 * the blockers clear, approve, publish, open the public page signed out (in two languages), and
 * download dossier.zip whose PDF must open and carry the product's data.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import JSZip from 'jszip';
import { screenshot, signUp, uniqueEmail } from './helpers';

// pdfjs-dist >= 6.3 calls Promise.withResolvers, which Node 20 lacks (same polyfill as lib/polyfills.ts).
if (typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers !== 'function') {
  (Promise as unknown as { withResolvers: () => unknown }).withResolvers = function withResolvers() {
    let resolve!: (v: unknown) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

const PRODUCT = {
  code: 'KT-1001',
  typedName: '  Wooden   train set,  24 pieces ',
  name: 'Wooden train set, 24 pieces',
  gtin: '4006381333931',
  model: 'KT-1001-A',
  image: 'https://example.com/images/kt-1001.jpg',
  description: 'Beech wood train with 24 pieces, water-based paint, magnetic couplings.',
  warningsDe: 'Achtung! Nicht für Kinder unter 36 Monaten geeignet. Erstickungsgefahr durch verschluckbare Kleinteile.',
  warningsFr: 'Attention ! Ne convient pas aux enfants de moins de 36 mois. Danger d’étouffement : petits éléments.',
  instructionsDe: 'Vor Gebrauch alle Verpackungsteile entfernen. Nur mit einem feuchten Tuch reinigen.',
  instructionsFr: 'Retirer tous les emballages avant utilisation. Nettoyer uniquement avec un chiffon humide.',
};
const MANUFACTURER = {
  name: 'Shenzhen Bright Toys Co., Ltd.',
  street: '88 Keji Road, Nanshan District',
  postal: '518057',
  city: 'Shenzhen',
  country: 'China',
  email: 'compliance@brighttoys.example.cn',
};
const EU_RP = {
  name: 'EU Compliance Partner GmbH',
  street: 'Friedrichstraße 123',
  postal: '10117',
  city: 'Berlin',
  country: 'Germany',
  email: 'gpsr@eu-partner.example.de',
};

/** The row of one dossier field. */
function fieldRow(page: Page, key: string): Locator {
  return page.locator(`[data-testid="dossier-field"][data-field="${key}"]`);
}

/** Adds (or edits) a dossier field inline and waits until the server's value is on screen. */
async function setField(page: Page, key: string, value: string) {
  const row = fieldRow(page, key);
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: /^(Add|Edit) / }).click();
  const input = row.locator(`#input-${key}`);
  await input.fill(value);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row).toHaveAttribute('data-filled', 'true');
  await expect(row.getByTestId('field-value')).toBeVisible();
}

/** Picks an option of a Radix select by its visible name (typeahead would also work). */
async function chooseCountry(scope: Locator, page: Page, label: string, country: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${country} \\(`) }).click();
}

async function createAndLinkEntity(page: Page, role: 'manufacturer' | 'responsible_person', e: typeof MANUFACTURER) {
  await page.getByTestId(`link-${role}`).click();
  const picker = page.getByTestId('entity-picker');
  await expect(picker).toBeVisible();
  await picker.getByTestId('create-entity-inline').click();
  const form = picker.getByTestId('entity-form');
  await form.getByLabel('Name', { exact: true }).fill(e.name);
  await form.getByLabel('Street and number').fill(e.street);
  await form.getByLabel('Postal code').fill(e.postal);
  await form.getByLabel('City').fill(e.city);
  await chooseCountry(form, page, 'Country', e.country);
  await form.getByLabel(/^Email/).fill(e.email);
  return picker;
}

async function blockerCodes(page: Page): Promise<string[]> {
  return page.getByTestId('blocker').evaluateAll((els) => els.map((el) => el.getAttribute('data-code') ?? ''));
}

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes, useSystemFonts: false });
  const doc = await task.promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    text += content.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  const pages = doc.numPages;
  await task.destroy();
  return { pages, text: text.replace(/\s+/g, ' ') };
}

test.describe('SKUs: from creation to a published safety page and a dossier for authorities', () => {
  test('create, fill, clear blockers, approve, publish, public page, dossier.zip', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);

    await test.step('sign up and see the empty SKU list pointing to Imports', async () => {
      await signUp(page, uniqueEmail('skus'));
      await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'SKUs' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'SKUs' })).toBeVisible();
      const empty = page.getByTestId('skus-empty');
      await expect(empty).toBeVisible();
      await expect(empty.getByRole('link', { name: 'Imports' })).toHaveAttribute('href', '/imports');
      await screenshot(page, 'skus-01-empty');
    });

    let skuUrl = '';
    await test.step('create a SKU through the dialog, with the server’s dry-run preview', async () => {
      await page.getByTestId('new-sku').click();
      const dialog = page.getByTestId('new-sku-dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('SKU code').fill('KT 1001');
      await expect(dialog.getByText('Use letters, digits, underscore and hyphen only.')).toBeVisible();
      await dialog.getByLabel('SKU code').fill(PRODUCT.code);
      await dialog.getByLabel('Product name').fill(PRODUCT.typedName);
      await dialog.getByLabel(/^GTIN/).fill(PRODUCT.gtin);
      const preview = dialog.getByTestId('sku-preview');
      // Normalised by the server (whitespace collapsed), the category defaulted, the profile named, the plan limit counted.
      await expect(preview.getByTestId('preview-name')).toHaveText(PRODUCT.name);
      await expect(preview.getByTestId('preview-category')).toContainText('General consumer product');
      await expect(preview.getByTestId('preview-category')).toContainText('defaulted');
      await expect(preview.getByTestId('preview-profile')).toContainText('gpsr-core');
      await expect(preview.getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
      await expect(preview.getByTestId('preview-ok')).toBeVisible();
      await screenshot(page, 'skus-02-new-sku-preview');
      await dialog.getByRole('button', { name: 'Create SKU' }).click();
      await expect(page).toHaveURL(/\/skus\/[0-9a-f-]{36}$/);
      skuUrl = page.url();
      await expect(page.getByTestId('sku-title')).toHaveText(PRODUCT.name);
      await expect(page.getByTestId('sku-code')).toHaveText(PRODUCT.code);
      await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'blocked');
    });

    await test.step('blockers name what is missing; publishing before approval is refused inline', async () => {
      await page.getByTestId('tab-blockers').click();
      await expect
        .poll(() => blockerCodes(page))
        .toEqual(
          expect.arrayContaining([
            'MANUFACTURER_MISSING',
            'PRODUCT_IMAGE_MISSING',
            'TARGET_MARKETS_MISSING',
            'RISK_ASSESSMENT_MISSING',
          ]),
        );
      await screenshot(page, 'skus-03-blockers');

      await page.getByTestId('action-approve').click();
      const approve = page.getByTestId('approve-dialog');
      await expect(approve.getByText(/blockers? still open/)).toBeVisible();
      await expect(approve.getByTestId('confirm-approve')).toBeDisabled();
      await screenshot(page, 'skus-04-approve-refused');
      await approve.getByRole('button', { name: 'Cancel' }).click();

      await page.getByTestId('action-publish').click();
      await page.getByTestId('confirm-publish').click();
      const outcome = page.getByTestId('action-outcome');
      await expect(outcome).toBeVisible();
      await expect(outcome).toHaveAttribute('data-code', /.+/);
      await expect(outcome).toContainText('Not published');
      await screenshot(page, 'skus-05-publish-refused-inline');
      await outcome.getByRole('button', { name: 'Dismiss' }).click();
    });

    await test.step('a fix link jumps to the field; fill and confirm the dossier', async () => {
      await page
        .locator('[data-testid="blocker"][data-code="PRODUCT_IMAGE_MISSING"]')
        .getByTestId('blocker-fix')
        .click();
      await expect(page.getByTestId('dossier-tab')).toBeVisible();
      await expect(fieldRow(page, 'product_image_url')).toBeInViewport();
      await setField(page, 'product_image_url', PRODUCT.image);
      await setField(page, 'model_number', PRODUCT.model);
      await setField(page, 'product_description', PRODUCT.description);
      await setField(page, 'target_markets', 'DE, FR');
      await expect(fieldRow(page, 'target_markets').getByTestId('field-value')).toContainText('DE');
      // The markets decide the languages: German and French groups appear as required.
      await expect(page.locator('[data-testid="language-group"][data-lang="de"]')).toContainText('Required for DE');
      await expect(page.locator('[data-testid="language-group"][data-lang="fr"]')).toContainText('Required for FR');
      await expect(fieldRow(page, 'safety_warnings_de').getByTestId('field-needed')).toHaveText(/Required/);
      await setField(page, 'safety_warnings_de', PRODUCT.warningsDe);
      await setField(page, 'safety_warnings_fr', PRODUCT.warningsFr);
      await setField(page, 'instructions_de', PRODUCT.instructionsDe);
      await setField(page, 'instructions_fr', PRODUCT.instructionsFr);
      await expect(fieldRow(page, 'safety_warnings_de').getByTestId('provenance')).toHaveAttribute(
        'data-source',
        'manual',
      );
      // An edit keeps the previous value as history.
      await setField(page, 'model_number', `${PRODUCT.model}2`);
      await fieldRow(page, 'model_number')
        .getByRole('button', { name: /^History of/ })
        .click();
      await expect(page.getByRole('dialog').getByText(PRODUCT.model, { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await screenshot(page, 'skus-06-dossier-filled');
    });

    await test.step('manufacturer outside the EU, then an EU responsible person', async () => {
      await page.getByTestId('tab-entities').click();
      const picker = await createAndLinkEntity(page, 'manufacturer', MANUFACTURER);
      await expect(picker.getByTestId('eu-badge')).toHaveAttribute('data-eu', 'false');
      await screenshot(page, 'skus-07-create-manufacturer');
      await picker.getByRole('button', { name: 'Create and link' }).click();
      await expect(picker).toBeHidden();
      const mfr = page.getByTestId('role-manufacturer');
      await expect(mfr.getByTestId('linked-entity')).toContainText(MANUFACTURER.name);
      await expect(mfr.getByTestId('eu-badge')).toHaveAttribute('data-eu', 'false');
      await expect(page.getByText('The manufacturer is established outside the EU')).toBeVisible();
      await expect(page.getByTestId('role-responsible_person')).toContainText('Needed');
      await screenshot(page, 'skus-08-manufacturer-outside-eu');

      await page.getByTestId('tab-blockers').click();
      await expect.poll(() => blockerCodes(page)).toContain('EU_RESPONSIBLE_PERSON_MISSING');
      expect(await blockerCodes(page)).not.toContain('MANUFACTURER_MISSING');

      await page.getByTestId('tab-entities').click();
      const rpPicker = await createAndLinkEntity(page, 'responsible_person', EU_RP);
      await expect(rpPicker.getByTestId('eu-badge')).toHaveAttribute('data-eu', 'true');
      await rpPicker.getByRole('button', { name: 'Create and link' }).click();
      await expect(rpPicker).toBeHidden();
      await expect(page.getByTestId('role-responsible_person').getByTestId('eu-badge')).toHaveAttribute(
        'data-eu',
        'true',
      );
      await expect(page.getByText('The manufacturer is established outside the EU')).toBeHidden();
      await screenshot(page, 'skus-09-entities-linked');
    });

    await test.step('the blockers clear; the one that needs a document is waived with a reason', async () => {
      await page.getByTestId('tab-blockers').click();
      await expect(page.locator('[data-testid="blocker"][data-code="RISK_ASSESSMENT_MISSING"]')).toBeVisible();
      await expect.poll(() => blockerCodes(page)).not.toContain('EU_RESPONSIBLE_PERSON_MISSING');
      const remaining = await blockerCodes(page);
      expect(remaining).not.toContain('TARGET_MARKETS_MISSING');
      expect(remaining).not.toContain('WARNINGS_MISSING_FOR_LANGUAGE');
      expect(remaining).toContain('RISK_ASSESSMENT_MISSING');
      await screenshot(page, 'skus-10-blockers-remaining');
      // Waive whatever is still open (the risk assessment is a document this test does not upload),
      // one at a time: each waiver re-evaluates the SKU before the next is chosen.
      const blockers = page.getByTestId('blocker');
      for (let n = await blockers.count(); n > 0; n = await blockers.count()) {
        const item = blockers.first();
        const code = await item.getAttribute('data-code');
        await item.getByTestId('blocker-waive').click();
        const dialog = page.getByTestId('waive-dialog');
        await dialog
          .getByLabel('Why does it not apply?')
          .fill('Held by the manufacturer in China; copy requested and due by the end of the month (e2e).');
        if (code === 'RISK_ASSESSMENT_MISSING') await screenshot(page, 'skus-11-waive-dialog');
        await dialog.getByRole('button', { name: 'Waive' }).click();
        await expect(dialog).toBeHidden();
        await expect(blockers).toHaveCount(n - 1);
      }
      await expect(page.getByTestId('no-blockers')).toBeVisible();
      await expect(page.locator('[data-testid="waived-blocker"][data-code="RISK_ASSESSMENT_MISSING"]')).toContainText(
        'copy requested',
      );
      await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'needs_review');
      await screenshot(page, 'skus-12-blockers-cleared');
    });

    await test.step('document suggestions: a conflict blocks the review inline until a person decides', async () => {
      // What a document extraction would propose (the documents service posts the same way).
      const skuId = skuUrl.split('/').pop()!;
      const res = await page.request.post(`/api/skus/${skuId}/dossier/suggestions`, {
        headers: { origin: baseURL! },
        data: {
          suggestions: [
            {
              field_key: 'model_number',
              value: 'KT-1001-B',
              source: 'document_extraction',
              confidence: 0.82,
              provenance: { document_name: 'DoC KT-1001.pdf', page: 3, quote: 'Model: KT-1001-B, wooden train set' },
            },
            {
              field_key: 'brand',
              value: 'Bright Rails',
              source: 'ai_suggestion',
              confidence: 0.64,
              provenance: { note: 'From the product name and the manufacturer website' },
            },
          ],
        },
      });
      expect(res.status()).toBe(200);
      await page.reload();
      // Completing the review is a confirmed act; the dialog says beforehand what is still open.
      await page.getByTestId('action-review').click();
      const review = page.getByTestId('review-dialog');
      await expect(review.getByText(/items? still open/)).toBeVisible();
      await expect(review.getByTestId('confirm-review')).toBeDisabled();
      await review.getByTestId('show-open-items').click();
      const outcome = page.getByTestId('action-outcome');
      await expect(outcome).toHaveAttribute('data-code', 'REVIEW_INCOMPLETE');
      await expect(outcome).toContainText('Open extraction conflicts');
      await screenshot(page, 'skus-12a-review-refused-inline');
      await outcome.getByRole('button', { name: /Resolve/ }).click();
      const model = fieldRow(page, 'model_number');
      await expect(model).toBeInViewport();
      const conflict = model.getByTestId('suggestion');
      await expect(conflict.getByTestId('conflict-marker')).toBeVisible();
      await expect(conflict.getByTestId('provenance')).toHaveText(/DoC KT-1001\.pdf p\.3/);
      await conflict.getByTestId('provenance').hover();
      await expect(page.getByRole('tooltip')).toContainText('Model: KT-1001-B');
      await screenshot(page, 'skus-12b-conflict');
      await conflict.getByRole('button', { name: 'Reject' }).click();
      await expect(model.getByTestId('suggestion')).toHaveCount(0);
      // The AI suggestion for the brand is confirmed by a person; it keeps its provenance.
      const brand = fieldRow(page, 'brand');
      await brand.getByTestId('suggestion').getByRole('button', { name: 'Confirm' }).click();
      await expect(brand).toHaveAttribute('data-filled', 'true');
      await expect(brand.getByTestId('provenance')).toHaveAttribute('data-source', 'ai_suggestion');
    });

    await test.step('a review issue raised on the Blockers tab is listed until someone resolves it', async () => {
      await page.getByTestId('tab-blockers').click();
      const input = page.getByLabel('New review issue');
      const raise = page.getByRole('button', { name: 'Raise issue' });
      await expect(raise).toBeDisabled();
      await input.fill('  Label photo shows an older address  ');
      await raise.click();
      const issue = page.getByTestId('review-issue');
      await expect(issue).toHaveCount(1);
      // The server's schema trims the message; the form is empty again for the next one.
      await expect(issue.locator('p').first()).toHaveText('Label photo shows an older address');
      await expect(input).toHaveValue('');
      await issue.getByRole('button', { name: 'Resolve' }).click();
      await expect(issue).toHaveCount(0);
    });

    let publicUrl = '';
    await test.step('complete the review, approve (confirmed), publish (confirmed)', async () => {
      await page.getByTestId('action-review').click();
      await expect(page.getByTestId('review-dialog').getByTestId('what-is-signed')).toBeVisible();
      await page.getByTestId('confirm-review').click();
      await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'ready_for_approval');
      await page.getByTestId('action-approve').click();
      const approve = page.getByTestId('approve-dialog');
      await expect(approve.getByText(/requirements? (is|are) waived/)).toBeVisible();
      await expect(approve.getByTestId('confirm-approve')).toBeEnabled();
      await screenshot(page, 'skus-13-approve-confirm');
      await approve.getByTestId('confirm-approve').click();
      await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'approved');

      await page.getByTestId('action-publish').click();
      await expect(page.getByTestId('publish-dialog')).toContainText('Publish revision 1?');
      await page.getByTestId('confirm-publish').click();
      // 30 s: publishing renders the page's revision and its PDF, over 10 s on an overloaded machine.
      await expect(page.getByTestId('sku-status')).toHaveAttribute('data-status', 'published', { timeout: 30_000 });
      await expect(page.getByTestId('publication-tab')).toBeVisible();
      publicUrl = await page.getByTestId('public-url').inputValue();
      expect(publicUrl).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_PORT ?? 3210}/p/[A-Za-z0-9_-]+$`),
      );
      await expect(page.getByTestId('qr-code')).toBeVisible();
      await expect
        .poll(() =>
          page.getByTestId('qr-code').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await page.getByTestId('copy-public-url').click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);
      await screenshot(page, 'skus-14-published');
    });

    await test.step('the public page, signed out, in German and in French', async () => {
      const visitor = await browser.newContext({ baseURL, locale: 'de-DE' });
      const pub = await visitor.newPage();
      const res = await pub.goto(publicUrl);
      expect(res?.status()).toBe(200);
      await expect(pub.getByRole('heading', { level: 1 })).toHaveText(PRODUCT.name);
      await expect(pub.locator('body')).toContainText(MANUFACTURER.name);
      await expect(pub.locator('body')).toContainText(EU_RP.name);
      await expect(pub.locator('body')).toContainText(PRODUCT.warningsDe);
      await screenshot(pub, 'skus-15-public-de');
      await pub.goto(`${publicUrl}?lang=fr`);
      await expect(pub.locator('main')).toHaveAttribute('lang', 'fr');
      await expect(pub.locator('body')).toContainText(PRODUCT.warningsFr);
      await expect(pub.locator('body')).not.toContainText(PRODUCT.warningsDe);
      await screenshot(pub, 'skus-16-public-fr');
      await pub.goto(`${publicUrl}?lang=de`);
      await expect(pub.locator('main')).toHaveAttribute('lang', 'de');
      await expect(pub.locator('body')).toContainText(PRODUCT.warningsDe);
      await visitor.close();
    });

    await test.step('activity and documents tabs', async () => {
      await page.getByTestId('tab-activity').click();
      const events = page.getByTestId('activity-event');
      await expect(events.first()).toHaveAttribute('data-action', 'sku.published');
      for (const action of [
        'sku.created',
        'dossier.value_set',
        'sku.entity_linked',
        'sku.blocker_waived',
        'sku.review_completed',
        'sku.approved',
      ]) {
        await expect(page.locator(`[data-testid="activity-event"][data-action="${action}"]`).first()).toBeVisible();
      }
      await screenshot(page, 'skus-15a-activity');
      await page.getByTestId('tab-documents').click();
      await expect(page.getByTestId('documents-tab')).toBeVisible();
      await screenshot(page, 'skus-15b-documents');
    });

    await test.step('download dossier.zip (German labels); its PDF opens and carries the product', async () => {
      await page.goto(skuUrl);
      // The JSON export carries the confirmed values.
      await page.getByTestId('action-export').click();
      const exporting = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'JSON' }).click();
      const exported = JSON.parse(fs.readFileSync(await (await exporting).path(), 'utf8')) as Record<string, unknown>;
      expect(JSON.stringify(exported)).toContain(PRODUCT.warningsFr);
      expect(JSON.stringify(exported)).toContain(PRODUCT.code);

      await page.getByTestId('action-dossier').click();
      const downloading = page.waitForEvent('download');
      await page.getByTestId('dossier-de').click();
      const download = await downloading;
      const file = await download.path();
      const zip = await JSZip.loadAsync(fs.readFileSync(file));
      const names = Object.keys(zip.files);
      expect(names).toContain('dossier.pdf');
      const pdf = await zip.file('dossier.pdf')!.async('uint8array');
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const { pages, text } = await pdfText(pdf);
      expect(pages).toBeGreaterThan(0);
      for (const needle of [PRODUCT.name, PRODUCT.code, PRODUCT.gtin, MANUFACTURER.name, EU_RP.name, 'Hersteller'])
        expect(text).toContain(needle);
      expect(text).toContain('copy requested');
    });

    await test.step('the list: search, filters, status pills; the dialog refuses a taken code', async () => {
      await page.goto('/skus');
      const row = page.getByTestId('sku-row').filter({ hasText: PRODUCT.code });
      await expect(row).toBeVisible();
      await expect(row.getByTestId('sku-status')).toHaveAttribute('data-status', 'published');
      await page.getByLabel('Search SKUs').fill('train');
      await expect(page).toHaveURL(/q=train/);
      await expect(page.getByTestId('sku-row')).toHaveCount(1);
      await page
        .getByRole('group', { name: 'Filter by status' })
        .getByRole('button', { name: /^Blocked/ })
        .click();
      await expect(page).toHaveURL(/status=blocked/);
      await expect(page.getByText('No SKUs match these filters')).toBeVisible();
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await expect(page.getByTestId('sku-row')).toHaveCount(1);
      await screenshot(page, 'skus-17-list');

      await page.getByTestId('new-sku').click();
      const dialog = page.getByTestId('new-sku-dialog');
      await dialog.getByLabel('SKU code').fill(PRODUCT.code);
      await dialog.getByLabel('Product name').fill('Another train');
      await expect(dialog.getByTestId('preview-blocking')).toContainText('already exists');
      await expect(dialog.getByRole('button', { name: 'Cannot create' })).toBeDisabled();
      await expect(dialog.getByTestId('sku-preview').getByRole('meter')).toHaveAttribute('aria-valuenow', '1');
      await screenshot(page, 'skus-18-code-taken');
      await page.keyboard.press('Escape');
    });

    await test.step('entities: reused records with SKU counts; deleting a linked one is refused with the reason', async () => {
      await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Entities' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Entities' })).toBeVisible();
      const mfr = page.getByTestId('entity-row').filter({ hasText: MANUFACTURER.name });
      await expect(mfr).toContainText('Outside the EU');
      await screenshot(page, 'skus-19a-entities');
      await expect(page.getByTestId('entity-row').filter({ hasText: EU_RP.name })).toContainText('EU-established');
      await page.getByRole('button', { name: `Actions for ${MANUFACTURER.name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete…' }).click();
      const del = page.getByTestId('delete-entity-dialog');
      await del.getByRole('button', { name: 'Delete' }).click();
      await expect(del.getByTestId('delete-entity-error')).toContainText('linked to 1 SKU');
      await expect(del.getByRole('button', { name: 'Delete', exact: true })).toBeHidden();
      await screenshot(page, 'skus-19-entity-in-use');
      await del.getByRole('button', { name: 'Close' }).click();
    });

    await test.step('many SKUs: cursor paging with Load more, blocker badges, sort by blockers', async () => {
      // A catalogue's worth of SKUs through the API (what an import or a PIM would do).
      const categories = ['toys', 'electrical', 'cosmetics', 'general'];
      for (let i = 0; i < 60; i++) {
        const res = await page.request.post('/api/skus', {
          headers: { origin: baseURL!, 'idempotency-key': `bulk-${i}` },
          data: {
            sku_code: `BULK-${String(i).padStart(3, '0')}`,
            product_name: `Catalogue item ${i}`,
            category_code: categories[i % categories.length],
          },
        });
        expect(res.status()).toBe(201);
      }
      await page.goto('/skus');
      await expect(page.getByTestId('sku-row')).toHaveCount(50);
      await page.getByTestId('load-more').click();
      await expect(page.getByTestId('sku-row')).toHaveCount(61);
      await expect(page.getByTestId('load-more')).toBeHidden();
      const codes = await page
        .getByTestId('sku-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-sku-code')));
      expect(new Set(codes).size).toBe(61);
      // The Blockers column sorts most serious first (issue 35: by legal weight, then count).
      await page.getByRole('button', { name: 'Sort by Blockers' }).click();
      await expect(page).toHaveURL(/sort=serious_desc/);
      await expect(page.getByTestId('sku-row').first()).toHaveAttribute('data-sku-code', /^BULK-/);
      await screenshot(page, 'skus-19b-many');
    });

    await test.step('dashboard: readiness at a glance', async () => {
      await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboard' }).click();
      await expect(page.getByTestId('total-skus')).toContainText('61');
      await expect(page.getByTestId('total-published')).toContainText('1');
      await expect(page.getByTestId('total-blocked')).toContainText('60');
      await expect(page.getByTestId('status-legend')).toContainText('Published');
      await expect(page.getByTestId('next-steps')).toContainText('60 SKUs blocked');
      const top = page.getByTestId('top-blockers');
      await expect(top).toContainText('Manufacturer missing');
      await expect(top.locator('li').first()).toContainText('60');
      await screenshot(page, 'skus-20-dashboard');
    });

    await test.step('narrow screens: the SKU page and the list stay usable on a phone', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(skuUrl);
      await expect(page.getByTestId('sku-actions')).toBeVisible();
      await screenshot(page, 'skus-21-phone-sku');
      await page.goto('/skus');
      await expect(page.getByTestId('sku-row').first()).toBeVisible();
      await screenshot(page, 'skus-22-phone-list');
      await page.setViewportSize({ width: 1366, height: 860 });
    });

    await test.step('a document linked after publication: listed with its type; the page says the public revision is now older', async () => {
      const skuId = skuUrl.split('/').pop()!;
      const doc =
        'EU Declaration of Conformity\nProduct: Wooden train set, model KT-1001-A2\nManufacturer: Shenzhen Bright Toys Co., Ltd.\nThe product complies with Regulation (EU) 2023/988.\n';
      const res = await page.request.post('/api/documents/bulk', {
        headers: { origin: baseURL!, 'idempotency-key': `doc-${skuId}` },
        multipart: {
          files: { name: 'DoC-KT-1001.txt', mimeType: 'text/plain', buffer: Buffer.from(doc) },
          sku_id: skuId,
          document_type: 'declaration_of_conformity',
        },
      });
      expect(res.status()).toBe(200);
      await page.goto(`${skuUrl}?tab=documents`);
      const row = page.getByTestId('sku-document');
      await expect(row).toContainText('DoC-KT-1001.txt');
      await expect(row).toContainText('Declaration of conformity');
      await expect(row.getByRole('link', { name: 'DoC-KT-1001.txt' })).toHaveAttribute(
        'href',
        /^\/documents\/[0-9a-f-]{36}$/,
      );
      await screenshot(page, 'skus-23-documents');
      await page.getByTestId('tab-publication').click();
      await expect(page.getByText('The public page shows an older revision')).toBeVisible();
      await expect(page.getByTestId('sku-status')).not.toHaveAttribute('data-status', 'published');
      await screenshot(page, 'skus-24-stale-publication');
    });
  });
});
