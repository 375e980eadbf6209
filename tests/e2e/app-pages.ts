import { expect, type Page } from '@playwright/test';

/** One of every kind of record, and the app pages that show them, for the checks that walk every page. */
export interface Seeded {
  skuId: string;
  skuCode: string;
  entityId: string;
  documentId: string;
  batchId: string;
}

export async function seedAppPages(page: Page, baseURL: string): Promise<Seeded> {
  const headers = { origin: baseURL };
  const skuCode = `A11Y-${Date.now().toString(36).toUpperCase()}`;
  const sku = await (
    await page.request.post('/api/skus', {
      headers,
      data: { sku_code: skuCode, product_name: 'Wooden stacking tower', category_code: 'toys' },
    })
  ).json();
  const entity = await (
    await page.request.post('/api/entities', {
      headers,
      data: { name: 'Holzwerk Müller GmbH', street: 'Werkstraße 5', city: 'München', country: 'DE' },
    })
  ).json();
  await page.request.put(`/api/skus/${sku.sku.id}/entities/manufacturer`, {
    headers,
    data: { entity_id: entity.entity.id },
  });
  const up = await page.request.post('/api/documents/bulk', {
    headers,
    multipart: {
      files: {
        name: 'DoC-tower.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('EU Declaration of Conformity\nProduct: Wooden stacking tower\nDirective 2009/48/EC'),
      },
      sku_id: sku.sku.id,
      document_type: 'declaration_of_conformity',
    },
  });
  expect(up.status()).toBe(200);
  const docs = await (await page.request.get('/api/documents')).json();
  const csv = 'sku_code;product_name;gtin\nIMP-1;Holzauto;4006381333931\nIMP-2;Kreisel;123\n';
  const imp = await page.request.post('/api/import', {
    headers,
    multipart: { file: { name: 'artikel.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imp.status(), await imp.text()).toBeLessThan(300);
  const impBody = await imp.json();
  const batchId = (impBody.batch_id ?? impBody.batch?.id ?? impBody.id) as string;
  return {
    skuId: sku.sku.id,
    skuCode,
    entityId: entity.entity.id,
    documentId: (docs.data ?? docs.documents)[0].id,
    batchId,
  };
}

export function appPages(s: Seeded): string[] {
  return [
    '/dashboard',
    '/skus',
    ...['dossier', 'blockers', 'entities', 'documents', 'publication', 'activity'].map(
      (t) => `/skus/${s.skuId}?tab=${t}`,
    ),
    '/documents',
    `/documents/${s.documentId}`,
    '/imports',
    '/imports/new',
    `/imports/${s.batchId}`,
    '/entities',
    `/entities/${s.entityId}`,
    '/settings',
    '/settings/members',
    '/settings/api-keys',
    '/settings/audit',
    '/settings/webhooks',
    '/inbox',
    '/outreach',
    '/exports',
  ];
}

/** The page has rendered its data: the h1 is there and no skeleton is left. */
export async function settle(page: Page) {
  // 30 s: the SKU page renders client-side after its queries, which took over 10 s on a loaded machine.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
}
