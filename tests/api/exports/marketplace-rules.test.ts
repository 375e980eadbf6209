/**
 * Kaufland and Otto 2026.12 through the API: the category tables (GET/PUT /api/exports/channel-mappings)
 * start empty (a channel's category is never guessed), a SKU of an unmapped category is a warning naming
 * the SKU, the field and the fix, stays out of the file and the run ends completed_with_warnings (also
 * grouped by fix in the dry run); once the workspace maps the category, the file carries the channel's
 * category and not the internal code. Another workspace's tables are untouched; bad values are a 400.
 */
import { describe, expect, it } from 'vitest';
import * as exportsRoute from '@/app/api/exports/route';
import * as runRoute from '@/app/api/exports/[id]/route';
import * as downloadRoute from '@/app/api/exports/[id]/download/route';
import * as mappingsRoute from '@/app/api/exports/channel-mappings/route';
import * as auditRoute from '@/app/api/audit-events/route';
import { drainJobs } from '@/lib/workers';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { readySku } from '../skus/fixtures';

useTestDatabase();

const KAUFLAND_2026 = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0d02';
const OTTO_2026 = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0c02';

const mappings = (u: TestUser, method: 'GET' | 'PUT', body?: unknown) =>
  call(mappingsRoute, method, '/api/exports/channel-mappings', { cookie: u.cookie, body });

async function runToEnd(u: TestUser, body: Record<string, unknown>) {
  const res = await call(exportsRoute, 'POST', '/api/exports', { cookie: u.cookie, body });
  expect(res.status, res.text).toBe(202);
  await drainJobs(60_000);
  const d = await call(runRoute, 'GET', `/api/exports/${res.body.run.id}`, {
    cookie: u.cookie,
    params: { id: res.body.run.id },
  });
  expect(d.status, d.text).toBe(200);
  const file = await downloadRoute.GET(
    new Request(`http://127.0.0.1:3100/api/exports/${res.body.run.id}/download`, { headers: { cookie: u.cookie } }),
    { params: Promise.resolve({ id: res.body.run.id }) },
  );
  expect(file.status).toBe(200);
  const text = Buffer.from(await file.arrayBuffer())
    .toString('utf8')
    .replace(/^\ufeff/, '');
  const warnings = d.body.warnings_by_sku.flatMap((g: any) => g.warnings.map((x: any) => ({ ...x, sku: g.sku_code })));
  return { run: d.body.run, warnings, rows: text.trim().split('\r\n') };
}

describe('Kaufland and Otto 2026.12: category tables, unmapped SKUs left out with a warning', () => {
  it("Kaufland: unmapped is a warning and out of the file; mapped, the row carries Kaufland's category", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const s = await readySku(u, { sku_code: 'KFL-1' }); // category general

    const table = await mappings(u, 'GET');
    expect(table.status, table.text).toBe(200);
    for (const kind of ['kaufland_category', 'otto_category']) {
      expect(table.body[kind].source).toMatch(/^https:\/\//);
      expect(table.body[kind].read_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const e of table.body[kind].entries) expect(e).toMatchObject({ value: null, origin: 'default' });
    }

    const body = { template_id: KAUFLAND_2026, scope_type: 'single_sku', scope_value: s.id, approved_only: false };
    const dry = await call(exportsRoute, 'POST', '/api/exports', {
      cookie: u.cookie,
      body,
      query: { dry_run: 'true' },
    });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.warnings_by_fix).toContainEqual(
      expect.objectContaining({ field: 'category_code', code: 'CHANNEL_UNMAPPED', sku_count: 1 }),
    );

    const before = await runToEnd(u, body);
    expect(before.run.status).toBe('completed_with_warnings');
    expect(before.warnings).toContainEqual(
      expect.objectContaining({
        sku: 'KFL-1',
        field: 'category_code',
        code: 'CHANNEL_UNMAPPED',
        fix: expect.stringContaining('Kaufland category for "general"'),
      }),
    );
    expect(before.rows).toHaveLength(1); // the header only

    expectEnvelope(
      await mappings(u, 'PUT', { kaufland_category: [{ category_code: 'general', value: 'Küche\nBretter' }] }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(await mappings(u, 'PUT', {}), 400, 'VALIDATION_FAILED');
    const put = await mappings(u, 'PUT', {
      kaufland_category: [{ category_code: 'general', value: 'Schneidebretter' }],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.kaufland_category.entries.find((e: any) => e.category_code === 'general')).toMatchObject({
      value: 'Schneidebretter',
      origin: 'workspace',
    });
    // Only Kaufland's table and only this workspace.
    expect(put.body.otto_category.entries.find((e: any) => e.category_code === 'general').value).toBe(null);
    const theirs = await mappings(other, 'GET');
    expect(theirs.body.kaufland_category.entries.find((e: any) => e.category_code === 'general').value).toBe(null);

    const after = await runToEnd(u, body);
    expect(after.warnings.filter((w: any) => w.code === 'CHANNEL_UNMAPPED')).toEqual([]);
    expect(after.rows).toHaveLength(2);
    // The description holds a quoted comma: the category is found by its neighbours (picture, mpn).
    expect(after.rows[0]).toContain(',picture,category,mpn,');
    expect(after.rows[1]).toContain(',https://images.example/cb-200.jpg,Schneidebretter,CB-200,');
    expect(after.rows[1]).toMatch(/^\d{13},KFL-1,/);
    expect(after.rows[1]).not.toContain(',general,');

    const reset = await mappings(u, 'PUT', {
      kaufland_category: [{ category_code: 'general', value: null, reset: true }],
    });
    expect(reset.body.kaufland_category.entries.find((e: any) => e.category_code === 'general')).toMatchObject({
      value: null,
      origin: 'default',
    });
    // Each change is in the audit log with the value before and after; a reset of nothing writes nothing.
    await mappings(u, 'PUT', { kaufland_category: [{ category_code: 'general', value: null, reset: true }] });
    const log = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: u.cookie,
      query: { action: 'export.channel_mapping_set' },
    });
    expect(log.status, log.text).toBe(200);
    expect(log.body.events.map((e: any) => e.data).reverse()).toEqual([
      {
        kind: 'kaufland_category',
        category_code: 'general',
        old_value: null,
        new_value: 'Schneidebretter',
        reset: false,
      },
      {
        kind: 'kaufland_category',
        category_code: 'general',
        old_value: 'Schneidebretter',
        new_value: null,
        reset: true,
      },
    ]);
    const theirLog = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: other.cookie,
      query: { action: 'export.channel_mapping_set' },
    });
    expect(theirLog.body.events).toEqual([]);
  }, 300_000);

  it('Otto: the mapped category and German safety information in the row; unmapped SKUs of another category stay out', async () => {
    const u = await makeUser();
    const s = await readySku(u, { sku_code: 'OTTO-1' });
    const put = await mappings(u, 'PUT', {
      otto_category: [{ category_code: 'general', value: 'Schneidebrett' }],
      amazon_product_type: [{ category_code: 'general', product_type: 'PRODUCT' }],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.amazon_product_type.entries.find((e: any) => e.category_code === 'general').product_type).toBe(
      'PRODUCT',
    );
    const r = await runToEnd(u, { template_id: OTTO_2026, scope_type: 'single_sku', scope_value: s.id });
    const header = r.rows[0].split(';');
    const row = r.rows[1].split(';');
    expect(row[header.indexOf('category')]).toBe('Schneidebrett');
    expect(row[header.indexOf('productReference')]).toBe('CB-200');
    expect(row[header.indexOf('safetyInformation')]).toContain('Nicht in der Spülmaschine');
    expect(r.warnings.filter((w: any) => w.code === 'CHANNEL_UNMAPPED')).toEqual([]);
  }, 300_000);
});
