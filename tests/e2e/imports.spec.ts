/**
 * Imports in the browser: a German catalogue from upload to review and entity resolution, a stale preview while
 * the mapping changes, a UPC workbook keeping leading zeros.
 */
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { screenshot, signUp, uniqueEmail } from './helpers';

/**
 * The import wizard end to end in the browser: upload, the mapping screen with the stored-value preview,
 * the dry run, the commit with live progress, the review workbench and entity resolution; the sheet and
 * mapping pickers on a real corpus workbook; the from-URL dialog; the template download and the
 * before → after of an update shown in the review step before anything is written.
 */

const CORPUS = path.resolve(process.cwd(), 'tests/fixtures/corpus/spreadsheets');

/**
 * A German ERP export as Excel writes "CSV (Trennzeichen-getrennt)": Windows-1252, semicolons, CRLF,
 * commas inside the address cells, an EAN that lost its leading zero (42272005581 is UPC-A
 * 042272005581), German dates, one row whose EAN Excel turned into 4,01235E+12 and an impossible date, and the same
 * manufacturer spelled with another address in the last row.
 */
function germanCatalogue(): Buffer {
  const rows = [
    'Artikelnummer;EAN;Bezeichnung;Hersteller;Herstelleradresse;Hersteller E-Mail;Ursprungsland;Inverkehrbringung;Warnhinweise;Kategorie',
    'HOLZ-001;42272005581;Holzeisenbahn 24-teilig;Spielwaren Müller GmbH;Hauptstraße 5, 96450 Coburg;info@mueller-spielwaren.de;Deutschland;01.03.2024;Achtung! Nicht für Kinder unter 36 Monaten geeignet. Erstickungsgefahr durch verschluckbare Kleinteile.;Spielzeug',
    'HOLZ-002;4006381333931;Stapelturm aus Buche;Spielwaren Müller GmbH;Hauptstraße 5, 96450 Coburg;info@mueller-spielwaren.de;DE;15.03.2024;;Spielzeug',
    'LAMP-010;4012345678901;Nachttischlampe LED;Lumo Lighting S.r.l.;Via Roma 12, 20121 Milano;service@lumo.it;Italien;02.04.2024;;Elektrogeräte',
    'LAMP-011;4,01235E+12;Stehlampe Bogen;Lumo Lighting S.r.l.;Via Roma 12, 20121 Milano;service@lumo.it;IT;31.02.2024;;Elektrogeräte',
    'HOLZ-003;4022111000553;Kaufladen Kasse;Spielwaren Müller G.m.b.H.;Hauptstr. 7, 96450 Coburg;info@mueller-spielwaren.de;DE;2024-05-01;;Spielzeug',
  ];
  return Buffer.from(rows.join('\r\n') + '\r\n', 'latin1');
}

function mappingRow(page: Page, header: string) {
  return page.locator(`[data-testid="mapping-row"][data-column="${header}"]`);
}

function previewCell(page: Page, row: number, target: string) {
  return page.locator(
    `[data-testid="preview-row"][data-row="${row}"] [data-testid="preview-cell"][data-target="${target}"]`,
  );
}

async function pickTarget(page: Page, column: string, option: string) {
  await page.getByRole('combobox', { name: `Field for column ${column}` }).click();
  await page.getByRole('option', { name: option, exact: false }).first().click();
}

test.describe('imports', () => {
  test('German catalogue: upload, mapping preview, dry run, commit with progress, review, entity resolution', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signUp(page, uniqueEmail('imports'));

    await page.goto('/imports');
    await expect(page.getByTestId('imports-empty')).toBeVisible();
    await screenshot(page, 'imports-01-empty');

    await page.getByTestId('new-import').click();
    await expect(page).toHaveURL(/\/imports\/new$/);
    await expect(page.getByTestId('import-dropzone')).toBeVisible();
    await screenshot(page, 'imports-02-upload');

    // (a) Upload: the dry run starts at once.
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'artikel-export.csv', mimeType: 'text/csv', buffer: germanCatalogue() });
    await expect(page.getByTestId('wizard-mapping')).toBeVisible({ timeout: 30_000 });

    // (b) The file shape as read.
    await expect(page.getByTestId('file-delimiter')).toContainText('Semicolon');
    await expect(page.getByTestId('file-header-row')).toContainText('Row 1');
    await expect(page.getByTestId('file-encoding')).not.toHaveText('—');

    // Columns mapped by their German headers.
    await expect(mappingRow(page, 'Artikelnummer')).toHaveAttribute('data-target', 'sku_code');
    await expect(mappingRow(page, 'EAN')).toHaveAttribute('data-target', 'gtin');
    await expect(mappingRow(page, 'Bezeichnung')).toHaveAttribute('data-target', 'product_name');
    await expect(mappingRow(page, 'Hersteller')).toHaveAttribute('data-target', 'manufacturer_name');
    await expect(mappingRow(page, 'Herstelleradresse')).toHaveAttribute('data-target', 'manufacturer_address');

    // The preview shows values as stored: the EAN gets its leading zero back, umlauts survive.
    await expect(previewCell(page, 2, 'gtin').getByTestId('preview-value')).toHaveText('042272005581');
    await expect(previewCell(page, 2, 'gtin').getByTestId('gtin-restored')).toContainText('42272005581');
    await expect(previewCell(page, 2, 'manufacturer_address')).toContainText('Hauptstraße 5, 96450 Coburg');
    await expect(previewCell(page, 2, 'country_of_origin')).toContainText('DE');
    await expect(previewCell(page, 5, 'gtin').getByTestId('cell-error')).toBeVisible();

    // The unmapped date column: map it and the whole file is checked again, dates normalised.
    await expect(mappingRow(page, 'Inverkehrbringung')).toHaveAttribute('data-target', '');
    await expect(page.getByTestId('unmapped-columns')).toContainText('Inverkehrbringung');
    await pickTarget(page, 'Inverkehrbringung', 'Date placed on the market');
    await expect(mappingRow(page, 'Inverkehrbringung')).toHaveAttribute('data-target', 'placed_on_market_date');
    await expect(mappingRow(page, 'Inverkehrbringung').getByTestId('mapping-confidence')).toContainText(
      'Chosen by you',
      { timeout: 20_000 },
    );
    await expect(previewCell(page, 2, 'placed_on_market_date')).toContainText('2024-03-01');
    // 31.02.2024 is no date: the value is dropped with a warning (the row fails for its lost EAN digits anyway).
    await expect(previewCell(page, 5, 'placed_on_market_date').getByTestId('cell-warning')).toBeVisible();
    await expect(page.getByTestId('unmapped-columns')).toHaveCount(0);
    await screenshot(page, 'imports-03-mapping');

    // (c) The dry run: 4 new SKUs, 1 failing row, 3 operators found (one with a conflicting address).
    await page.getByTestId('to-summary').click();
    await expect(page.getByTestId('wizard-summary')).toBeVisible();
    await expect(page.getByTestId('would-create-value')).toHaveText('4');
    await expect(page.getByTestId('would-fail-value')).toHaveText('1');
    await expect(page.getByTestId('row-error').first()).toContainText('scientific notation');
    await expect(page.getByTestId('dry-run-candidate')).toHaveCount(3);
    await expect(page.getByTestId('dry-run-candidates').getByTestId('candidate-conflicts').first()).toBeVisible();
    await screenshot(page, 'imports-04-dry-run');

    // (d) Commit: progress until the batch is done, then (e) the review opens.
    await page.getByTestId('commit-import').click();
    await expect(page.getByTestId('wizard-commit')).toBeVisible();
    await expect(page.getByTestId('batch-progress')).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'imports-04b-commit-progress', { fullPage: false });
    await page.waitForURL(/\/imports\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const batchId = /\/imports\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

    await expect(page.getByTestId('review-created-value')).toHaveText('4', { timeout: 20_000 });
    await expect(page.getByTestId('review-failed-value')).toHaveText('1');
    await expect(page.getByTestId('review-sku')).toHaveCount(4);
    const holz = page.locator('[data-testid="review-sku"][data-sku-code="HOLZ-001"]');
    await expect(holz).toHaveAttribute('data-outcome', 'created');
    await expect(holz.locator('[data-testid="sku-change"][data-field="placed_on_market_date"]')).toContainText(
      '2024-03-01',
    );
    await expect(
      holz.locator('[data-testid="sku-change"][data-field="placed_on_market_date"]').getByTestId('change-provenance'),
    ).toContainText('row 2');
    await screenshot(page, 'imports-05-review');

    // Row errors, downloadable as CSV.
    await page.getByTestId('tab-errors').click();
    await expect(page.getByTestId('row-error').first()).toContainText('scientific notation');
    const href = await page.getByTestId('download-errors').getAttribute('href');
    expect(href).toContain(`/api/imports/${batchId}/errors.csv`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain('gtin_scientific_notation');
    expect(csvText).toMatch(/^5,/m);
    await screenshot(page, 'imports-06-row-errors');

    // Entity resolution: create both manufacturers from their candidates.
    await page.getByTestId('tab-entities').click();
    await expect(page).toHaveURL(new RegExp(`/imports/${batchId}/entities$`));
    const lumo = page.locator('[data-testid="entity-candidate"][aria-label="Manufacturer: Lumo Lighting S.r.l."]');
    const mueller = page.locator('[data-testid="entity-candidate"][aria-label="Manufacturer: Spielwaren Müller GmbH"]');
    const gmbh = page.locator(
      '[data-testid="entity-candidate"][aria-label="Manufacturer: Spielwaren Müller G.m.b.H."]',
    );
    await expect(lumo).toHaveCount(1);
    await expect(mueller.getByTestId('candidate-conflicts')).toBeVisible();
    await lumo.getByText('Create new', { exact: true }).click();
    await mueller.getByText('Create new', { exact: true }).click();
    await expect(page.getByTestId('resolution-apply')).toBeDisabled();
    await page.getByTestId('resolution-preview-button').click();
    await expect(page.getByTestId('planned-create_new')).toContainText('2');
    await screenshot(page, 'imports-07-entities-preview');

    // Meanwhile someone else decides to ignore the Italian manufacturer: applying is refused (409) and
    // the conflict shows on that candidate, which now shows the decision that was saved.
    const lumoKey = (await lumo.getAttribute('data-candidate-key'))!;
    const other = await page.request.post(`/api/imports/${batchId}/entity-resolution`, {
      headers: { origin: baseURL!, 'Idempotency-Key': `e2e-${Date.now()}` },
      data: { decisions: [{ candidate_key: lumoKey, role: 'manufacturer', action: 'ignore' }] },
    });
    expect(other.status()).toBe(200);
    await page.getByTestId('resolution-apply').click();
    await expect(lumo.getByTestId('candidate-conflict-error')).toContainText('Decided meanwhile');
    await expect(lumo.getByTestId('candidate-conflict-error')).toContainText('ignore');
    await expect(lumo.getByTestId('decision-done')).toHaveAttribute('data-action', 'ignore');
    await expect(mueller.getByTestId('decision-done')).toHaveCount(0);
    await screenshot(page, 'imports-07b-entities-conflict');

    // The German manufacturer's choice is still there: preview and apply it alone.
    await page.getByTestId('resolution-preview-button').click();
    await expect(page.getByTestId('planned-create_new')).toContainText('1');
    await page.getByTestId('resolution-apply').click();
    await expect(mueller.getByTestId('decision-done')).toHaveAttribute('data-action', 'create_new', {
      timeout: 20_000,
    });
    await expect(mueller.getByTestId('decision-entity-name')).toContainText('Spielwaren Müller GmbH');

    // The other spelling now matches the entity just created: link it, picked through the search.
    await expect(gmbh).toContainText('Matches an entity you have');
    await expect(gmbh.getByTestId('chosen-entity')).toContainText('Spielwaren Müller GmbH');
    await gmbh.getByRole('button', { name: 'Change' }).click();
    const chooser = page.getByTestId('entity-chooser');
    await chooser.getByLabel('Search entities').fill('Müller');
    await chooser.getByRole('button', { name: 'Choose Spielwaren Müller GmbH' }).click();
    await expect(chooser).toHaveCount(0);
    await page.getByTestId('resolution-preview-button').click();
    await expect(page.getByTestId('planned-link_existing')).toContainText('1');
    await page.getByTestId('resolution-apply').click();
    await expect(gmbh.getByTestId('decision-done')).toHaveAttribute('data-action', 'link_existing', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('review-open-entities-value')).toHaveText('0');
    await screenshot(page, 'imports-08-entities-applied');

    // Both spellings' SKUs are linked to the one new manufacturer entity.
    const review = (await (await page.request.get(`/api/imports/${batchId}/review`)).json()) as {
      skus: { sku_id: string; sku_code: string }[];
    };
    for (const code of ['HOLZ-001', 'HOLZ-003']) {
      const sku = review.skus.find((s) => s.sku_code === code)!;
      const links = (await (await page.request.get(`/api/skus/${sku.sku_id}/entities`)).json()) as {
        links: { role: string; entity: { name: string } }[];
      };
      expect(links.links.find((l) => l.role === 'manufacturer')?.entity.name).toBe('Spielwaren Müller GmbH');
    }

    // The review links to each SKU page.
    await page.getByTestId('tab-skus').click();
    await holz.getByTestId('review-sku-link').click();
    await expect(page).toHaveURL(/\/skus\/[0-9a-f-]{36}/);

    // The batch list shows the import with its counts.
    await page.goto('/imports');
    const row = page.locator(`[data-testid="batch-row"][data-batch-id="${batchId}"]`);
    await expect(row).toHaveAttribute('data-status', /completed/);
    await expect(row.getByTestId('batch-created')).toHaveText('4');
    await screenshot(page, 'imports-09-list');

    // The same file again: nothing new, nothing duplicated.
    await page.getByTestId('new-import').click();
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'artikel-export.csv', mimeType: 'text/csv', buffer: germanCatalogue() });
    await expect(page.getByTestId('wizard-mapping')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('mapping-footer-counts')).toContainText('0 new');
  });

  test('a mapping change: the previous preview stays on screen, marked stale, while the file is checked again and after the check fails; Try again checks it again', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, uniqueEmail('imports-stale'));
    const isDryRun = (url: URL) => url.pathname === '/api/import' && url.searchParams.get('dry_run') === 'true';
    let uploads = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && isDryRun(new URL(r.url()))) uploads++;
    });
    await page.goto('/imports/new');
    await expect(page.getByTestId('import-file-input')).toBeEnabled();
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'artikel-export.csv', mimeType: 'text/csv', buffer: germanCatalogue() });
    await expect(page.getByTestId('wizard-mapping')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('mapping-footer-counts')).toContainText('rows:');
    await expect(page.getByTestId('preview-card')).not.toHaveAttribute('aria-busy');
    expect(uploads).toBe(1);

    // The next check is held, then fails.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(isDryRun, async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'READER_BUSY', message: 'The file reader is busy.' } }),
      });
    });
    await pickTarget(page, 'Inverkehrbringung', 'Date placed on the market');
    await expect.poll(() => uploads).toBe(2);
    // While it runs: the progress shows, the previous preview stays, marked stale, and cannot be imported.
    await expect(page.getByTestId('upload-progress')).toBeVisible();
    await expect(page.getByTestId('preview-card')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('mapping-footer-counts')).toHaveText('Checking…');
    await expect(previewCell(page, 2, 'gtin').getByTestId('preview-value')).toHaveText('042272005581');
    await expect(page.getByTestId('to-summary')).toBeDisabled();

    // After the failure: the reason, and still the previous preview, still stale.
    release();
    await expect(page.getByTestId('dry-run-error')).toContainText('The file reader is busy.');
    await expect(page.getByTestId('upload-progress')).toHaveCount(0);
    await expect(previewCell(page, 2, 'gtin').getByTestId('preview-value')).toHaveText('042272005581');
    await expect(previewCell(page, 2, 'placed_on_market_date')).toHaveCount(0);
    await expect(page.getByTestId('preview-card')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('mapping-footer-counts')).toHaveText('Checking…');
    await expect(page.getByTestId('to-summary')).toBeDisabled();
    await screenshot(page, 'imports-14-check-failed-stale-preview');
    expect(uploads).toBe(2);

    // Try again asks once more, and the answer replaces the previous preview.
    await page.unroute(isDryRun);
    await page.getByTestId('dry-run-error').getByRole('button', { name: 'Try again' }).click();
    await expect(previewCell(page, 2, 'placed_on_market_date')).toContainText('2024-03-01', { timeout: 20_000 });
    await expect(mappingRow(page, 'Inverkehrbringung').getByTestId('mapping-confidence')).toContainText(
      'Chosen by you',
    );
    await expect(page.getByTestId('dry-run-error')).toHaveCount(0);
    await expect(page.getByTestId('preview-card')).not.toHaveAttribute('aria-busy');
    await expect(page.getByTestId('mapping-footer-counts')).toContainText('rows:');
    await expect(page.getByTestId('to-summary')).toBeEnabled();
    expect(uploads).toBe(3);
  });

  test('UPC workbook: the product list on a hidden sheet, UNFI mapped to SKU code, UPC keeps its leading zero', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, uniqueEmail('imports-xls'));
    await page.goto('/imports/new');
    await expect(page.getByTestId('import-file-input')).toBeEnabled();

    // A password-protected workbook is refused with the reason, before anything else.
    await page
      .getByTestId('import-file-input')
      .setInputFiles(path.join(CORPUS, 'xlsx-password-encrypted-cfb-container.xlsx'));
    await expect(page.getByTestId('dry-run-error')).toContainText(/password|encrypt/i, { timeout: 30_000 });

    const file = path.join(CORPUS, 'xls-biff8-upc-stored-as-number-leading-zero-lost-hidden-sheets.xls');
    expect(fs.existsSync(file)).toBe(true);
    await page.getByTestId('import-file-input').setInputFiles(file);
    await expect(page.getByTestId('wizard-mapping')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('file-format')).toContainText('.xls');

    // The visible sheet is an order template; the 175 products are on the hidden "Item Info".
    await page.getByTestId('sheet-select').click();
    await expect(page.getByRole('option', { name: /Item Info/ })).toContainText('hidden');
    await page.getByRole('option', { name: /Item Info/ }).click();
    await expect(mappingRow(page, '12 UPC')).toHaveAttribute('data-target', 'gtin', { timeout: 30_000 });

    // No SKU-code column was recognised: the user maps UNFI.
    await expect(page.getByTestId('missing-required')).toBeVisible();
    await pickTarget(page, 'UNFI', 'SKU code');
    await expect(mappingRow(page, 'UNFI').getByTestId('mapping-confidence')).toContainText('Chosen by you', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('missing-required')).toHaveCount(0);

    // The UPC stored as the number 42272005581 comes back as 042272005581.
    await expect(previewCell(page, 2, 'gtin').getByTestId('preview-value')).toHaveText('042272005581');
    await expect(previewCell(page, 2, 'sku_code').getByTestId('preview-value')).not.toHaveText('');
    await screenshot(page, 'imports-10-xls-hidden-sheet');

    // The trial plan holds 100 SKUs: 163 rows are valid (a wrong check digit only flags its row), so 63 would
    // fail on the limit.
    await page.getByTestId('to-summary').click();
    await expect(page.getByTestId('would-create-value')).toHaveText('100');
    await expect(page.getByTestId('would-fail-value')).toHaveText('63');
    await expect(page.getByTestId('would-fail')).toContainText('63 over the plan limit');
    await expect(page.getByTestId('plan-limit-note')).toBeVisible();
    await screenshot(page, 'imports-11-xls-plan-limit');
  });

  test('template download; an update shows each field before → after in the review step, before anything is written', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signUp(page, uniqueEmail('imports-diff'));
    await page.goto('/imports/new');

    // The German template: its own headers, one example row, UTF-8 with a BOM.
    await expect(page.getByTestId('template-links')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('template-de-csv').click()]);
    expect(download.suggestedFilename()).toBe('import-template-de.csv');
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').replace(/^\ufeff/, '');
    expect(text.split('\r\n')[0]).toMatch(/^Artikelnummer;Produktname;GTIN;Kategorie;/);
    await screenshot(page, 'imports-20-template-links');

    // The template imports as it is: one SKU, every column recognised.
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'vorlage.csv', mimeType: 'text/csv', buffer: bytes });
    await expect(page.getByTestId('wizard-mapping')).toBeVisible({ timeout: 30_000 });
    await expect(mappingRow(page, 'Artikelnummer')).toHaveAttribute('data-target', 'sku_code');
    await expect(mappingRow(page, 'Warnhinweise')).toHaveAttribute('data-target', 'safety_warnings_de');
    await page.getByTestId('to-summary').click();
    await expect(page.getByTestId('would-create-value')).toHaveText('1');
    await expect(page.getByTestId('dry-run-diff')).toHaveCount(0);
    await page.getByTestId('commit-import').click();
    await page.waitForURL(/\/imports\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expect(page.getByTestId('review-created-value')).toHaveText('1', { timeout: 20_000 });

    // The same file with a new name and new warnings: the dry run shows both changes.
    const changed = text
      .replace('Holzeisenbahn', 'Holzeisenbahn Deluxe')
      .replace('Erstickungsgefahr.', 'Erstickungsgefahr! Verpackung aufbewahren.');
    await page.goto('/imports/new');
    await expect(page.getByTestId('import-file-input')).toBeEnabled();
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'vorlage-neu.csv', mimeType: 'text/csv', buffer: Buffer.from(changed, 'utf8') });
    await expect(page.getByTestId('wizard-mapping')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('to-summary').click();
    await expect(page.getByTestId('would-update-value')).toHaveText('1');
    const sku = page.locator('[data-testid="diff-sku"][data-sku-code="TRAIN-01"]');
    const row = (field: string, side: 'from' | 'to') => sku.locator(`tr[data-field="${field}"] [data-side="${side}"]`);
    // Readable as it is, no hover needed.
    await expect(row('product_name', 'from')).toHaveText('Holzeisenbahn');
    await expect(row('product_name', 'to')).toHaveText('Holzeisenbahn Deluxe');
    await expect(row('safety_warnings_de', 'from')).toContainText('Erstickungsgefahr.');
    await expect(row('safety_warnings_de', 'to')).toContainText('Verpackung aufbewahren.');
    await screenshot(page, 'imports-21-dry-run-diff');

    // Keyboard: the SKU's changes collapse and open again from its heading button.
    const toggle = sku.getByRole('button', { name: /TRAIN-01/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sku.getByTestId('diff-table')).toBeHidden();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sku.getByTestId('diff-table')).toBeVisible();

    // Nothing was written by the dry run.
    const list = (await (await page.request.get('/api/skus?q=TRAIN-01')).json()) as {
      data: { sku_code: string; product_name: string }[];
    };
    expect(list.data.map((s) => [s.sku_code, s.product_name])).toEqual([['TRAIN-01', 'Holzeisenbahn']]);
  });

  test('From URL: a private address is refused inline with the reason', async ({ page }) => {
    await signUp(page, uniqueEmail('imports-url'));
    await page.goto('/imports');
    await page.getByTestId('open-from-url').click();
    const dialog = page.getByTestId('from-url-dialog');
    await dialog.getByLabel('Product page URL').fill('http://169.254.169.254/latest/meta-data/');
    await dialog.getByTestId('from-url-read').click();
    await expect(dialog.getByTestId('from-url-error')).toHaveAttribute('data-code', 'URL_NOT_ALLOWED');
    await expect(dialog.getByTestId('from-url-error')).toContainText('link-local');
    await screenshot(page, 'imports-12-from-url-refused', { fullPage: false });
  });

  test('From URL: a product page proposes fields with their source, the SKU is created and opened', async ({
    page,
  }) => {
    // The server may fetch from this machine only with ALLOW_LOOPBACK_FETCH=true (off by default).
    test.skip(
      process.env.ALLOW_LOOPBACK_FETCH !== 'true',
      'set ALLOW_LOOPBACK_FETCH=true to fetch a product page served by the test',
    );
    test.setTimeout(60_000);
    await signUp(page, uniqueEmail('imports-url-ok'));
    await page.goto('/imports');
    await page.getByTestId('open-from-url').click();
    const dialog = page.getByTestId('from-url-dialog');
    const html = `<!doctype html><html><head><title>Wooden train</title>
      <meta property="og:title" content="Wooden train set (OG)"><meta property="og:image" content="https://shop.example/img/train.jpg">
      <script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Wooden train set, 24 pieces',
        sku: 'TRAIN 24/B',
        gtin13: '4006381333931',
        mpn: 'WT-24',
        brand: { '@type': 'Brand', name: 'Holzwerk' },
        manufacturer: { '@type': 'Organization', name: 'Spielwaren Müller GmbH' },
        description: 'Beech wood train with 24 pieces.',
        image: ['https://shop.example/img/train.jpg'],
      })}</script></head><body><h1>Wooden train</h1></body></html>`;
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (server.address() as AddressInfo).port;
      await dialog.getByLabel('Product page URL').fill(`http://127.0.0.1:${port}/products/train`);
      await dialog.getByTestId('from-url-read').click();
      await expect(dialog.locator('[data-testid="from-url-field"][data-field="product_name"]')).toContainText(
        'Wooden train set, 24 pieces',
      );
      await expect(
        dialog.locator('[data-testid="from-url-field"][data-field="product_name"]').getByTestId('from-url-source'),
      ).toHaveText('JSON-LD');
      // "TRAIN 24/B" is no valid code: the server says so and the model number is proposed instead.
      await expect(dialog.getByTestId('from-url-warnings')).toContainText('TRAIN 24/B');
      await expect(dialog.getByLabel('SKU code')).toHaveValue('WT-24');
      await expect(dialog.getByTestId('from-url-ok')).toBeVisible();
      await dialog.getByLabel('SKU code').fill('TRAIN-24');
      await expect(dialog.getByTestId('from-url-ok')).toBeVisible();
      await screenshot(page, 'imports-13-from-url-proposed', { fullPage: false });
      await dialog.getByTestId('from-url-create').click();
      await expect(page).toHaveURL(/\/skus\/[0-9a-f-]{36}/);
      await expect(page.getByText('TRAIN-24').first()).toBeVisible();
      // Brand, manufacturer, model and description wait in the dossier as suggestions, with the page as their source.
      const skuId = /\/skus\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      const dossier = (await (await page.request.get(`/api/skus/${skuId}/dossier`)).json()) as {
        fields: { field_key: string; suggestions: { value: string; provenance: { note?: string } | null }[] }[];
      };
      const brand = dossier.fields.find((f) => f.field_key === 'brand');
      expect(brand?.suggestions[0]?.value).toBe('Holzwerk');
      expect(brand?.suggestions[0]?.provenance?.note).toContain('JSON-LD');
    } finally {
      server.close();
    }
  });
});
