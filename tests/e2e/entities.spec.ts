/**
 * Entities in the browser: merging duplicates moves their SKUs and can be undone; the role-aware picker keeps a
 * non-EU manufacturer from becoming the EU responsible person.
 */
import { test, expect, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './helpers';

/**
 * Entities in the browser: two duplicates of one manufacturer are created in the Entities page, each
 * linked to a SKU; the detail page lists its SKUs with their roles; merging moves the duplicate's SKU
 * to the survivor, and undo brings the duplicate and its link back. The picker refuses a Chinese
 * company as EU responsible person, with the reason on screen.
 */

async function createEntityInUi(page: Page, name: string, country: string) {
  await page.getByTestId('new-entity').click();
  const dialog = page.getByTestId('entity-dialog');
  const form = dialog.getByTestId('entity-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Street and number').fill('Werkstraße 5');
  await form.getByLabel('Postal code').fill('80331');
  await form.getByLabel('City').fill('München');
  await form.getByLabel('Country', { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${country} \\(`) }).click();
  await form.getByLabel(/^Email/).fill('safety@holzwerk.example');
  await dialog.getByRole('button', { name: 'Create entity' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Entities: detail, merge of duplicates and undo, role-aware picker', () => {
  test('merge two duplicates, see the linked SKU move, undo it', async ({ page, baseURL }) => {
    await signUp(page, uniqueEmail('entities'));
    const headers = { origin: baseURL! };
    const sku = async (code: string) =>
      (
        await (
          await page.request.post('/api/skus', { headers, data: { sku_code: code, product_name: 'Board' } })
        ).json()
      ).sku.id as string;
    const a = await sku(`ENT-A-${Date.now().toString(36)}`);
    const b = await sku(`ENT-B-${Date.now().toString(36)}`);

    await page.goto('/entities');
    await createEntityInUi(page, 'Holzwerk Müller GmbH', 'Germany');
    await createEntityInUi(page, 'Holzwerk Mueller GmbH', 'Germany');
    const list = (await (await page.request.get('/api/entities')).json()).data as { id: string; name: string }[];
    const survivor = list.find((e) => e.name === 'Holzwerk Müller GmbH')!;
    const dup = list.find((e) => e.name === 'Holzwerk Mueller GmbH')!;
    for (const [skuId, entityId, role] of [
      [a, survivor.id, 'manufacturer'],
      [b, dup.id, 'manufacturer'],
      [b, dup.id, 'importer'],
    ]) {
      const r = await page.request.put(`/api/skus/${skuId}/entities/${role}`, {
        headers,
        data: { entity_id: entityId },
      });
      expect(r.status()).toBe(200);
    }

    // The list shows each entity's roles; the name opens its page.
    await page.reload();
    const dupRow = page.getByTestId('entity-row').filter({ hasText: 'Holzwerk Mueller GmbH' });
    await expect(dupRow.getByTestId('entity-roles-cell')).toHaveText('Importer, Manufacturer');
    await page.getByTestId('entity-row').filter({ hasText: 'Holzwerk Müller GmbH' }).getByTestId('entity-link').click();
    await expect(page).toHaveURL(new RegExp(`/entities/${survivor.id}$`));
    await expect(page).toHaveTitle(/^Holzwerk Müller GmbH · Entity · /);
    await expect(page.getByRole('heading', { level: 1, name: 'Holzwerk Müller GmbH' })).toBeVisible();
    await expect(page.getByTestId('entity-linked-sku')).toHaveCount(1);

    // Merge the duplicate into this one.
    await page.getByTestId('merge-entity').click();
    const dialog = page.getByTestId('merge-dialog');
    await dialog.getByRole('radio', { name: /Holzwerk Mueller GmbH/ }).check();
    await dialog.getByTestId('confirm-merge').click();
    await expect(page.getByTestId('merge-done')).toContainText(
      'Holzwerk Mueller GmbH merged into Holzwerk Müller GmbH',
    );
    const rows = page.getByTestId('entity-linked-sku');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Importer' })).toHaveCount(1);
    await expect(page.getByTestId('entity-roles')).toContainText('Importer');
    expect((await page.request.get(`/api/entities/${dup.id}`)).status()).toBe(404);

    // Undo: the duplicate and its two links come back.
    await page.getByTestId('undo-merge').click();
    await expect(page.getByTestId('merge-done')).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('entity-merge-row')).toContainText('Undone');
    const back = await (await page.request.get(`/api/entities/${dup.id}`)).json();
    expect(back.linked_skus.map((l: { role: string }) => l.role).sort()).toEqual(['importer', 'manufacturer']);
  });

  test('the picker keeps a Chinese manufacturer from becoming the EU responsible person', async ({ page, baseURL }) => {
    await signUp(page, uniqueEmail('entities-rp'));
    const headers = { origin: baseURL! };
    const id = (
      await (
        await page.request.post('/api/skus', {
          headers,
          data: { sku_code: `RP-${Date.now().toString(36)}`, product_name: 'Lamp' },
        })
      ).json()
    ).sku.id as string;
    await page.request.post('/api/entities', {
      headers,
      data: {
        name: 'Shenzhen Bright Co',
        street: '88 Keji Road',
        city: 'Shenzhen',
        country: 'CN',
        email: 'a@b.example',
      },
    });
    await page.goto(`/skus/${id}?tab=entities`);
    await page.getByTestId('link-responsible_person').click();
    const picker = page.getByTestId('entity-picker');
    const option = picker.getByTestId('entity-option').filter({ hasText: 'Shenzhen Bright Co' });
    await expect(option.getByTestId('role-fit-warning')).toContainText('must be established in the EU/EEA');
    await expect(option.getByRole('button', { name: 'Link Shenzhen Bright Co' })).toBeDisabled();
  });
});
