import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** One of every kind of record, and the app pages that show them, for the checks that walk every page. */
export interface Seeded {
  skuId: string;
  skuCode: string;
  entityId: string;
  documentId: string;
  batchId: string;
  /** A recall case on a second SKU (the first keeps its ordinary market status). */
  caseId: string;
  /** The supplier's page of a request sent for the SKU (/r/{token}), signed out ('' without `signedOut`). */
  uploadUrl: string;
  /** An invitation's link (/invite/{token}), signed out ('' without `signedOut`). */
  inviteUrl: string;
}

/**
 * With `signedOut`, also an invitation and a supplier request (its mail goes to the spec's loopback SMTP
 * server: call useLoopbackSmtp() in that spec), whose links are the signed-out pages.
 */
export async function seedAppPages(
  page: Page,
  baseURL: string,
  { signedOut = false }: { signedOut?: boolean } = {},
): Promise<Seeded> {
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
      data: {
        name: 'Holzwerk Müller GmbH',
        street: 'Werkstraße 5',
        city: 'München',
        country: 'DE',
        email: 'compliance@holzwerk.example',
      },
    })
  ).json();
  await page.request.put(`/api/skus/${sku.sku.id}/entities/manufacturer`, {
    headers,
    data: { entity_id: entity.entity.id },
  });
  // The declaration cites editions the bundled Official Journal snapshot (lib/currency/data) lists as past their
  // date of cessation, so the document's currency card shows findings, their legal basis and two end dates.
  const declaration = [
    'EU Declaration of Conformity',
    'Product: Wooden stacking tower',
    'Directive 2009/48/EC',
    'Harmonised standards applied: EN 71-1:2014+A1:2018, EN 71-2:2011+A1:2014, EN 71-3:2013+A3:2018',
  ].join('\n');
  const up = await page.request.post('/api/documents/bulk', {
    headers,
    multipart: {
      files: { name: 'DoC-tower.txt', mimeType: 'text/plain', buffer: Buffer.from(declaration) },
      sku_id: sku.sku.id,
      document_type: 'declaration_of_conformity',
    },
  });
  expect(up.status()).toBe(200);
  const docs = await (await page.request.get('/api/documents')).json();
  const documentId = (docs.data ?? docs.documents)[0].id as string;
  // The facts are read in the background; the card speaks of the standards once they are.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/documents/${documentId}/currency`)).json()).ends?.length as number,
      { timeout: 90_000 },
    )
    .toBeGreaterThanOrEqual(2);
  // The daily check's record of them, for /watch/currency.
  const recheck = await page.request.post('/api/currency/reevaluate', {
    headers: { ...headers, 'idempotency-key': `seed-${skuCode}` },
  });
  expect(recheck.status(), await recheck.text()).toBe(202);
  await expect
    .poll(async () => ((await (await page.request.get('/api/currency/findings')).json()).data ?? []).length, {
      timeout: 90_000,
    })
    .toBeGreaterThan(0);
  const csv = 'sku_code;product_name;gtin\nIMP-1;Holzauto;4006381333931\nIMP-2;Kreisel;123\n';
  const imp = await page.request.post('/api/import', {
    headers,
    multipart: { file: { name: 'artikel.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imp.status(), await imp.text()).toBeLessThan(300);
  const impBody = await imp.json();
  const batchId = (impBody.batch_id ?? impBody.batch?.id ?? impBody.id) as string;
  const recalled = await (
    await page.request.post('/api/skus', {
      headers,
      data: { sku_code: `${skuCode}-R`, product_name: 'Wooden pull-along duck', category_code: 'toys' },
    })
  ).json();
  const opened = await page.request.post('/api/recalls/cases', {
    headers,
    data: {
      action: 'withdrawal',
      reason: 'Kleinteile lösen sich von den Rädern',
      skus: [{ sku_id: recalled.sku.id, batches: ['L-2026-07'] }],
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  let uploadUrl = '';
  let inviteUrl = '';
  if (signedOut) {
    // A supplier request to the manufacturer (in Germany: German) asking for every open item.
    const drafted = await page.request.post('/api/supplier-email/draft', { headers, data: { sku_id: sku.sku.id } });
    expect(drafted.status(), await drafted.text()).toBe(200);
    const { draft } = await drafted.json();
    const sent = await page.request.post('/api/supplier-email/send', {
      headers,
      data: { sku_id: sku.sku.id, to: draft.to, subject: draft.subject, body: draft.body },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const invited = await page.request.post('/api/invitations', {
      headers,
      data: { email: `invitee-${Date.now().toString(36)}@example.com`, role: 'reviewer' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    uploadUrl = (await sent.json()).request.upload_url;
    inviteUrl = (await invited.json()).invite_url;
  }
  return {
    skuId: sku.sku.id,
    skuCode,
    entityId: entity.entity.id,
    documentId,
    batchId,
    caseId: (await opened.json()).data.id,
    uploadUrl,
    inviteUrl,
  };
}

/** The SKU page's tabs (components/skus/sku-context.ts SKU_TABS). */
const SKU_TABS = ['dossier', 'blockers', 'entities', 'documents', 'publication', 'passports', 'activity'];

export function appPages(s: Seeded): string[] {
  return [
    '/dashboard',
    '/skus',
    ...SKU_TABS.map((t) => `/skus/${s.skuId}?tab=${t}`),
    '/documents',
    `/documents/${s.documentId}`,
    '/imports',
    '/imports/new',
    `/imports/${s.batchId}`,
    `/imports/${s.batchId}/entities`,
    '/entities',
    `/entities/${s.entityId}`,
    '/settings',
    '/settings/members',
    '/settings/api-keys',
    '/settings/audit',
    '/settings/webhooks',
    '/settings/gtin-claims',
    '/inbox',
    '/outreach',
    '/exports',
    '/watch',
    '/watch/cases',
    `/watch/cases/${s.caseId}`,
    '/watch/currency',
  ];
}

/** Pages a person sees signed out: sign-in, sign-up, an invitation, the supplier's request page. */
export function signedOutPages(s: Seeded): string[] {
  return ['/sign-in', '/sign-up', new URL(s.inviteUrl).pathname, new URL(s.uploadUrl).pathname];
}

/** The developer documentation (English by design, not part of the UI languages). */
export function docsPages(): string[] {
  return pageRoutes('app/docs').map((r) => `/docs${r}`);
}

/**
 * Every page route under a folder of app/, as a pattern ('/skus/[id]'), route groups left out: the walks
 * check each is visited, so a new page cannot be missed.
 */
export function pageRoutes(dir = 'app'): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.resolve(dir, rel), { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== 'api') walk(path.join(rel, e.name));
      } else if (e.name === 'page.tsx') {
        out.push(
          '/' +
            rel
              .split(path.sep)
              .filter((seg) => seg && !/^\(.*\)$/.test(seg))
              .join('/'),
        );
      }
    }
  };
  walk('');
  return out.sort();
}

/** The routes among `routes` that none of `visited` (paths with query) matches. */
export function unvisited(routes: string[], visited: string[]): string[] {
  const re = (r: string) => new RegExp(`^${r.replace(/\[[^\]]+\]/g, '[^/]+')}$`);
  return routes.filter((r) => !visited.some((v) => re(r).test(v.split('?')[0])));
}

/** The page has rendered its data: the h1 is there and no skeleton is left. */
export async function settle(page: Page) {
  // 30 s: the SKU page renders client-side after its queries, which took over 10 s on a loaded machine.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
}
