/**
 * The SKU's effective economic-operator role (issue 35) is visible wherever the SKU is read: GET /api/skus
 * and /api/skus/{id} (operator_role: its own, else the workspace's; operator_role_override: its own or
 * null), the MCP SKU tools (list_skus, get_sku, with the role in their text), the SKU export (JSON and
 * CSV) and the GPSR catalogue export (an operator_role column, and a registration-number column per EPR
 * register and country). A change of the workspace role shows at once on the SKUs that follow it, never
 * on one with its own role. Runs on PGlite and Postgres.
 */
import { describe, expect, it } from 'vitest';
import * as workspaceRoleRoute from '@/app/api/workspace/operator-role/route';
import * as skuRoleRoute from '@/app/api/skus/[id]/operator-role/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as skuExportRoute from '@/app/api/skus/[id]/export/route';
import * as exportsRoute from '@/app/api/exports/route';
import * as exportRunRoute from '@/app/api/exports/[id]/route';
import * as downloadRoute from '@/app/api/exports/[id]/download/route';
import { getDb } from '@/lib/db/client';
import { getSkuTool, listSkusTool } from '@/lib/mcp/tools/skus';
import { drainJobs } from '@/lib/workers';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createSku, setFields, skusRoute, uniqueGtin, withTempBlobStore } from './fixtures';

useTestDatabase();
withTempBlobStore();

const CATALOGUE_CSV = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02';

async function setWorkspaceRole(u: TestUser, role: string) {
  const res = await call(workspaceRoleRoute, 'PUT', '/api/workspace/operator-role', {
    cookie: u.cookie,
    body: { operator_role: role },
  });
  expect(res.status, res.text).toBeLessThan(300);
  await drainJobs(120_000);
}

const listed = async (u: TestUser) =>
  (await call(skusRoute, 'GET', '/api/skus', { cookie: u.cookie })).body.data as {
    id: string;
    operator_role: string;
    operator_role_override: string | null;
  }[];

const detail = async (u: TestUser, id: string) =>
  (await call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, params: { id } })).body.sku;

describe('the effective operator role on the SKU', () => {
  it('GET /api/skus and /api/skus/{id}, MCP list_skus/get_sku and the exports carry it, following the workspace unless the SKU has its own', async () => {
    const u = await makeUser();
    const follows = await createSku(u, { sku_code: 'ROLE-F', product_name: 'LED desk lamp', gtin: uniqueGtin() });
    const own = await createSku(u, { sku_code: 'ROLE-O', product_name: 'Desk lamp own brand', gtin: uniqueGtin() });
    await setFields(u, follows.id, {
      target_markets: 'DE,FR',
      weee_registration_numbers: 'DE: WEEE-Reg.-Nr. DE 12345678',
    });
    // A new SKU of a manufacturer workspace is the manufacturer's.
    expect(await detail(u, follows.id)).toMatchObject({ operator_role: 'manufacturer', operator_role_override: null });

    const r = await call(skuRoleRoute, 'PUT', `/api/skus/${own.id}/operator-role`, {
      cookie: u.cookie,
      params: { id: own.id },
      body: { operator_role: 'importer' },
    });
    expect(r.status, r.text).toBe(200);
    await setWorkspaceRole(u, 'distributor');

    const rows = await listed(u);
    expect(rows.find((s) => s.id === follows.id)).toMatchObject({
      operator_role: 'distributor',
      operator_role_override: null,
    });
    expect(rows.find((s) => s.id === own.id)).toMatchObject({
      operator_role: 'importer',
      operator_role_override: 'importer',
    });
    expect(await detail(u, own.id)).toMatchObject({ operator_role: 'importer', operator_role_override: 'importer' });

    // MCP: the structured answer and the text an agent reads.
    const db = await getDb();
    const ctx = { db, workspaceId: u.workspaceId } as Parameters<typeof getSkuTool.run>[0];
    const page = await listSkusTool.run(ctx, { limit: 10 } as Parameters<typeof listSkusTool.run>[1]);
    expect(page.items.find((s) => s.id === follows.id)).toMatchObject({
      operator_role: 'distributor',
      operator_role_source: 'workspace',
    });
    expect(listSkusTool.text(page)).toContain('as importer');
    const one = await getSkuTool.run(ctx, { sku_id: own.id });
    expect(one.sku).toMatchObject({ operator_role: 'importer', operator_role_source: 'sku' });
    expect(getSkuTool.text(one)).toMatch(/Seller's role: importer \(this SKU’s own\)/);

    // The SKU export, JSON and CSV.
    const json = await call(skuExportRoute, 'GET', `/api/skus/${follows.id}/export`, {
      cookie: u.cookie,
      params: { id: follows.id },
    });
    expect(json.body.sku).toMatchObject({ operator_role: 'distributor', operator_role_override: null });
    const csv = await call(skuExportRoute, 'GET', `/api/skus/${own.id}/export`, {
      cookie: u.cookie,
      params: { id: own.id },
      query: { format: 'csv' },
    });
    expect(csv.text).toMatch(/sku,operator_role,,importer/);

    // The GPSR catalogue: the role column, and the EPR numbers per register and target-market country.
    const run = await call(exportsRoute, 'POST', '/api/exports', {
      cookie: u.cookie,
      body: { template_id: CATALOGUE_CSV, scope_type: 'selected_skus', scope_value: [follows.id, own.id] },
    });
    expect(run.status, run.text).toBe(202);
    await drainJobs(120_000);
    const done = await call(exportRunRoute, 'GET', `/api/exports/${run.body.run.id}`, {
      cookie: u.cookie,
      params: { id: run.body.run.id },
    });
    expect(done.body.run.status).toMatch(/^completed/);
    const res = await downloadRoute.GET(
      new Request(`http://127.0.0.1:3100/api/exports/${run.body.run.id}/download`, {
        headers: { cookie: u.cookie, 'x-forwarded-for': '10.35.1.1' },
      }),
      { params: Promise.resolve({ id: run.body.run.id }) },
    );
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0].split(',');
    // Cells of one line (quoted cells may hold commas: "DE,FR").
    const cells = (l: string) => [...l.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, ''));
    const cell = (code: string, col: string) => cells(lines.find((l) => l.includes(`,${code},`))!)[header.indexOf(col)];
    expect(header).toEqual(
      expect.arrayContaining([
        'operator_role',
        'epr_weee_registration_DE',
        'epr_weee_registration_FR',
        'epr_packaging_registration_DE',
      ]),
    );
    expect(cell('ROLE-F', 'operator_role')).toBe('distributor');
    expect(cell('ROLE-O', 'operator_role')).toBe('importer');
    expect(cell('ROLE-F', 'epr_weee_registration_DE')).toBe('WEEE-Reg.-Nr. DE 12345678');
    expect(cell('ROLE-F', 'epr_weee_registration_FR')).toBe('');
  });
});
