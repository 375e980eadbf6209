/**
 * Export runs over HTTP: the three contract operations plus run detail, download and saved views,
 * through the real route handlers, the real job (lib/jobs + pg-boss) and a real blob folder.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import * as exportsRoute from '@/app/api/exports/route';
import * as templatesRoute from '@/app/api/exports/templates/route';
import * as runRoute from '@/app/api/exports/[id]/route';
import * as downloadRoute from '@/app/api/exports/[id]/download/route';
import * as viewsRoute from '@/app/api/views/route';
import * as viewRoute from '@/app/api/views/[id]/route';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import { getDb } from '@/lib/db/client';
import fs from 'node:fs';
import path from 'node:path';
import * as dossierZipRoute from '@/app/api/skus/[id]/dossier.zip/route';
import * as mappingsRoute from '@/app/api/exports/channel-mappings/route';
import { getEnv } from '@/lib/config/env';
import { auditEvents, dossierPdfs, exportRuns, jobRuns, skus } from '@/lib/db/schema';
import { drainJobs } from '@/lib/workers';
import { getBlobStore } from '@/lib/storage';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createSku, readySku, setField, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

const CSV = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f02'; // GPSR catalogue CSV
const XLSX_T = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0f01';
const AMAZON_V1 = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a01';
const KAUFLAND = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0d01';
const TECHNICAL_FILE = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1001';

type Who = TestUser | { bearer: string };
const auth = (u: Who) => ('cookie' in u ? { cookie: u.cookie } : { bearer: u.bearer });
const post = (u: Who, body: unknown, opts: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  call(exportsRoute, 'POST', '/api/exports', { ...auth(u), body, ...opts });
const list = (u: Who, query: Record<string, string> = {}) =>
  call(exportsRoute, 'GET', '/api/exports', { ...auth(u), query });
const detail = (u: Who, id: string) => call(runRoute, 'GET', `/api/exports/${id}`, { ...auth(u), params: { id } });
const download = (u: Who, id: string) =>
  call(downloadRoute, 'GET', `/api/exports/${id}/download`, { ...auth(u), params: { id } });

async function rawDownload(u: TestUser, id: string) {
  const res = await downloadRoute.GET(
    new Request(`http://127.0.0.1:3100/api/exports/${id}/download`, { headers: { cookie: u.cookie } }),
    { params: Promise.resolve({ id }) },
  );
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

async function key(u: TestUser, scopes: string[]) {
  const res = await call(keysRoute, 'POST', '/api/workspace/api-keys', {
    cookie: u.cookie,
    body: { name: scopes.join(' '), scopes },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.key as string;
}

async function runToEnd(u: Who, body: unknown) {
  const res = await post(u, body);
  expect(res.status, res.text).toBe(202);
  expect(res.body.run.status).toBe('pending');
  await drainJobs(60_000);
  const d = await detail(u, res.body.run.id);
  expect(d.status, d.text).toBe(200);
  return d.body as { run: any; warnings_by_sku: any[] };
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('listExportTemplates — GET /api/exports/templates', () => {
  it('lists every format of the enum with versions and computed status (older channel version deprecated)', async () => {
    const u = await makeUser();
    const res = await call(templatesRoute, 'GET', '/api/exports/templates', { cookie: u.cookie });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as any[];
    expect(new Set(data.map((t) => t.format))).toEqual(new Set(['XML', 'XLSX', 'CSV', 'PDF', 'ZIP', 'JSON']));
    for (const t of data) {
      expect(t.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof t.version).toBe('string');
      expect(['valid', 'schema_drift', 'deprecated']).toContain(t.status);
    }
    const amazon = data.filter((t) => t.channel === 'amazon_eu');
    // Each older version names the newest of its channel as what replaces it.
    expect(amazon.find((t) => t.id === AMAZON_V1)).toMatchObject({
      status: 'deprecated',
      status_reason: expect.stringContaining('2026.11'),
      status_reason_code: 'replaced_by_version',
      status_reason_params: { version: '2026.11' },
    });
    expect(amazon.filter((t) => t.status === 'valid').map((t) => t.version)).toEqual(['2026.11']);
  });
});

describe('createExportRun, deleteSavedView — POST /api/exports', () => {
  it('selected SKUs: pending at once, the job completes it, the download is the file; same data gives the same hash', async () => {
    const u = await makeUser();
    const a = await readySku(u, { sku_code: 'EXP-A' });
    const b = await readySku(u, { sku_code: 'EXP-B' });
    // A formula-looking value must come out inert.
    await setField(u, a.id, 'brand', '=HYPERLINK("http://evil.example")');
    const { run } = await runToEnd(u, { template_id: CSV, scope_type: 'selected_skus', scope_value: [b.id, a.id] });
    expect(run).toMatchObject({
      status: 'completed',
      sku_count: 2,
      template_version: '1.0',
      template_format: 'CSV',
      scope_type: 'selected_skus',
      scope_value: `${b.id},${a.id}`,
      warning_count: 0,
      error_message: null,
    });
    expect(run.output_url).toBe(`/api/exports/${run.id}/download`);
    expect(run.dossier_snapshot_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(run.started_at).toBeTruthy();
    expect(run.completed_at).toBeTruthy();

    const file = await download(u, run.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(Number(file.headers.get('content-length'))).toBe(run.output_size_bytes);
    // Response.text() drops a BOM while decoding: check the bytes.
    const bytes = await rawDownload(u, run.id);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(file.text);
    const header = rows[0];
    expect(rows.slice(1).map((r) => r[header.indexOf('sku_code')])).toEqual(['EXP-B', 'EXP-A']);
    const brandA = rows[2][header.indexOf('brand')];
    expect(brandA).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(rows[1][header.indexOf('manufacturer_name')]).toBe('Holzwerk Müller GmbH');
    expect(rows[1][header.indexOf('safety_warnings_de')]).toContain('Spülmaschine');

    const again = await runToEnd(u, { template_id: XLSX_T, scope_type: 'selected_skus', scope_value: [b.id, a.id] });
    expect(again.run.dossier_snapshot_hash).toBe(run.dossier_snapshot_hash);
    await setField(u, a.id, 'brand', 'Holzwerk');
    const changed = await runToEnd(u, { template_id: CSV, scope_type: 'selected_skus', scope_value: [b.id, a.id] });
    expect(changed.run.dossier_snapshot_hash).not.toBe(run.dossier_snapshot_hash);

    // XLSX read back with SheetJS.
    const x = await download(u, again.run.id);
    expect(x.status).toBe(200);
    const wb = XLSX.read(await rawDownload(u, again.run.id), { type: 'array' });
    const sheet = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets.catalogue);
    expect(sheet.map((r) => r.sku_code)).toEqual(['EXP-B', 'EXP-A']);
    expect(sheet[1].brand).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('only confirmed values leave the workspace: a suggestion is not exported', async () => {
    const u = await makeUser();
    const s = await readySku(u);
    const db = await getDb();
    const { dossierValues } = await import('@/lib/db/schema');
    await db.insert(dossierValues).values({
      workspaceId: u.workspaceId,
      skuId: s.id,
      fieldKey: 'hs_code',
      value: '99999999',
      status: 'suggested',
      source: 'ai_suggestion',
    });
    const { run } = await runToEnd(u, { template_id: CSV, scope_type: 'single_sku', scope_value: s.id });
    const file = await download(u, run.id);
    expect(file.text).not.toContain('99999999');
  });

  it('warnings per SKU and field: the run ends completed_with_warnings and the file still has the SKU', async () => {
    const u = await makeUser();
    const bare = await createSku(u, { sku_code: 'BARE-1', product_name: 'Bare product' });
    await setField(u, bare.id, 'target_markets', 'DE,FR');
    const { run, warnings_by_sku } = await runToEnd(u, {
      template_id: KAUFLAND,
      scope_type: 'single_sku',
      scope_value: bare.id,
    });
    expect(run.status).toBe('completed_with_warnings');
    expect(run.sku_count).toBe(1);
    expect(warnings_by_sku).toHaveLength(1);
    expect(warnings_by_sku[0].sku_code).toBe('BARE-1');
    const fields = warnings_by_sku[0].warnings.map((w: any) => w.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'manufacturer_name',
        'gtin',
        'safety_warnings_de',
        'safety_warnings_fr',
        'product_image_url',
      ]),
    );
    expect(run.warning_count).toBe(warnings_by_sku[0].warnings.length);
    for (const w of warnings_by_sku[0].warnings) expect(w.fix.length).toBeGreaterThan(5);
    const file = await download(u, run.id);
    expect(file.text).toContain('Bare product');
  });

  it('dry run: SKU count and per-SKU warnings, writes nothing (no run, no job, no audit)', async () => {
    const u = await makeUser();
    const a = await readySku(u);
    const bare = await createSku(u, { sku_code: 'DRY-2', product_name: 'No data' });
    const db = await getDb();
    const before = await db.select().from(jobRuns).where(eq(jobRuns.workspaceId, u.workspaceId));
    const res = await post(
      u,
      { template_id: KAUFLAND, scope_type: 'selected_skus', scope_value: [a.id, bare.id] },
      { query: { dry_run: 'true' } },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ dry_run: true, sku_count: 2, scope_type: 'selected_skus', skus_with_warnings: 1 });
    expect(res.body.warnings_by_sku[0].sku_code).toBe('DRY-2');
    expect(await db.select().from(exportRuns).where(eq(exportRuns.workspaceId, u.workspaceId))).toHaveLength(0);
    expect(await db.select().from(jobRuns).where(eq(jobRuns.workspaceId, u.workspaceId))).toHaveLength(before.length);
    expect(
      await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'export.requested'))),
    ).toHaveLength(0);
  });

  it('Idempotency-Key replays the same run; the same key with another body is 409', async () => {
    const u = await makeUser();
    const a = await readySku(u);
    const body = { template_id: CSV, scope_type: 'single_sku', scope_value: a.id };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(u, body, { headers: { 'idempotency-key': 'exp-1' } })),
    );
    const ok = results.filter((r) => r.status === 202);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of results) if (r.status !== 202) expectEnvelope(r, 409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS');
    expect(new Set(ok.map((r) => r.body.run.id)).size).toBe(1);
    const db = await getDb();
    expect(await db.select().from(exportRuns).where(eq(exportRuns.workspaceId, u.workspaceId))).toHaveLength(1);
    const other = await post(u, { ...body, template_id: XLSX_T }, { headers: { 'idempotency-key': 'exp-1' } });
    expectEnvelope(other, 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('scope validation: unknown and foreign ids are 404 envelopes, malformed bodies 400, never an empty export', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const mine = await readySku(u);
    const theirs = await readySku(other);
    const e1 = expectEnvelope(
      await post(u, { template_id: CSV, scope_type: 'selected_skus', scope_value: [mine.id, theirs.id] }),
      404,
      'NOT_FOUND',
    );
    expect(e1.details.missing_ids).toEqual([theirs.id]);
    expectEnvelope(
      await post(u, { template_id: CSV, scope_type: 'single_sku', scope_value: theirs.id }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await post(u, { template_id: CSV, scope_type: 'view', scope_value: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await post(u, { template_id: '00000000-0000-4000-8000-000000000001', scope_type: 'all' }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await post(u, { template_id: CSV, scope_type: 'selected_skus', scope_value: [] }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await post(u, { template_id: CSV, scope_type: 'selected_skus', scope_value: mine.id }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(await post(u, { template_id: CSV, scope_type: 'everything' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await post(u, { template_id: CSV, scope_type: 'single_sku', scope_value: 'not\u0000a-uuid' }),
      400,
      'VALIDATION_FAILED',
    );
    const db = await getDb();
    expect(await db.select().from(exportRuns).where(eq(exportRuns.workspaceId, u.workspaceId))).toHaveLength(0);
  });

  it('scope=view exports exactly what the view lists at run time; scope=all every SKU', async () => {
    const u = await makeUser();
    const a = await readySku(u, { sku_code: 'VIEW-ON-1' });
    await readySku(u, { sku_code: 'VIEW-OFF-1' });
    const v = await call(viewsRoute, 'POST', '/api/views', {
      cookie: u.cookie,
      body: { name: 'On', filters: { q: 'VIEW-ON' } },
    });
    expect(v.status, v.text).toBe(201);
    expectEnvelope(
      await call(viewsRoute, 'POST', '/api/views', { cookie: u.cookie, body: { name: 'on', filters: {} } }),
      409,
      'CONFLICT',
    );
    const res = await post(u, { template_id: CSV, scope_type: 'view', scope_value: v.body.view.id });
    expect(res.status, res.text).toBe(202);
    // Added after the request, before the job runs: the view lists it at run time.
    await readySku(u, { sku_code: 'VIEW-ON-2' });
    await drainJobs(60_000);
    const d = await detail(u, res.body.run.id);
    expect(d.body.run).toMatchObject({
      status: 'completed',
      sku_count: 2,
      scope_type: 'view',
      scope_value: v.body.view.id,
    });
    const text = (await download(u, res.body.run.id)).text;
    expect(text).toContain('VIEW-ON-1');
    expect(text).toContain('VIEW-ON-2');
    expect(text).not.toContain('VIEW-OFF-1');
    expect(a.id).toBeTruthy();

    const all = await runToEnd(u, { template_id: CSV, scope_type: 'all' });
    expect(all.run.sku_count).toBe(3);

    // A view deleted before its run starts: the run fails with the reason, never "completed" empty.
    const v2 = await call(viewsRoute, 'POST', '/api/views', { cookie: u.cookie, body: { name: 'Gone', filters: {} } });
    const r2 = await post(u, { template_id: CSV, scope_type: 'view', scope_value: v2.body.view.id });
    const del = await call(viewRoute, 'DELETE', `/api/views/${v2.body.view.id}`, {
      cookie: u.cookie,
      params: { id: v2.body.view.id },
    });
    expect(del.status).toBe(200);
    await drainJobs(60_000);
    const d2 = await detail(u, r2.body.run.id);
    expect(d2.body.run).toMatchObject({
      status: 'failed',
      output_url: null,
      error_message: expect.stringContaining('view'),
    });
    expectEnvelope(await download(u, r2.body.run.id), 409, 'INVALID_STATE');
  });
});

describe('file-bundle templates through the real job', () => {
  it('technical files: a dossier.zip per SKU inside the archive; the PDF summary is a real PDF', async () => {
    const u = await makeUser();
    const a = await readySku(u, { sku_code: 'TF-A' });
    const b = await readySku(u, { sku_code: 'TF-B' });
    const { run } = await runToEnd(u, {
      template_id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1001',
      scope_type: 'selected_skus',
      scope_value: [a.id, b.id],
    });
    expect(run).toMatchObject({ status: 'completed', template_format: 'ZIP', sku_count: 2 });
    const zip = await JSZip.loadAsync(await rawDownload(u, run.id));
    expect(Object.keys(zip.files).sort()).toEqual(['TF-A/dossier.zip', 'TF-B/dossier.zip']);
    const inner = await JSZip.loadAsync(await zip.file('TF-A/dossier.zip')!.async('uint8array'));
    expect(Object.keys(inner.files)).toContain('dossier.pdf');
    expect(Object.keys(inner.files).some((n) => n.startsWith('documents/'))).toBe(true);

    const pdfRun = await runToEnd(u, { template_id: '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b1101', scope_type: 'all' });
    expect(pdfRun.run).toMatchObject({ status: 'completed', template_format: 'PDF', sku_count: 2 });
    const pdf = await PDFDocument.load(await rawDownload(u, pdfRun.run.id));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
  });
});

describe('getExportChannelMappings, setExportChannelMappings — channel mappings: Amazon product type per category, editable per workspace', () => {
  const AMAZON_2026 = '5b0c6e2a-0d5e-4f0e-9c1a-2f7a3e1b0a03';
  const mappings = (u: TestUser, method: 'GET' | 'PUT', body?: unknown) =>
    call(mappingsRoute, method, '/api/exports/channel-mappings', { cookie: u.cookie, body });

  it('an unmapped category is a warning naming SKU, field and fix, and the SKU stays out; mapped, it is in with its product type', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const s = await readySku(u, { sku_code: 'AMZ-1' }); // category general: no default product type
    const table = await mappings(u, 'GET');
    expect(table.status, table.text).toBe(200);
    const general = table.body.amazon_product_type.entries.find((e: any) => e.category_code === 'general');
    expect(general).toMatchObject({ product_type: null, origin: 'default' });
    expect(table.body.amazon_product_type.source).toMatch(/^https:\/\/developer-docs\.amazon\.com\//);

    const before = await runToEnd(u, { template_id: AMAZON_2026, scope_type: 'single_sku', scope_value: s.id });
    expect(before.run.status).toBe('completed_with_warnings');
    const w = before.warnings_by_sku.flatMap((g: any) => g.warnings.map((x: any) => ({ ...x, sku: g.sku_code })));
    expect(w).toContainEqual(
      expect.objectContaining({ sku: 'AMZ-1', field: 'category_code', code: 'CHANNEL_UNMAPPED' }),
    );
    const empty = JSON.parse(Buffer.from(await rawDownload(u, before.run.id)).toString('utf8'));
    expect(empty.messages).toEqual([]);

    // Bad input is the contract's envelope; a good one is stored for this workspace only.
    expectEnvelope(
      await mappings(u, 'PUT', { amazon_product_type: [{ category_code: 'general', product_type: 'toy figure' }] }),
      400,
      'VALIDATION_FAILED',
    );
    const put = await mappings(u, 'PUT', {
      amazon_product_type: [{ category_code: 'general', product_type: 'PRODUCT' }],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.amazon_product_type.entries.find((e: any) => e.category_code === 'general')).toMatchObject({
      product_type: 'PRODUCT',
      origin: 'workspace',
    });
    const theirs = await mappings(other, 'GET');
    expect(theirs.body.amazon_product_type.entries.find((e: any) => e.category_code === 'general').product_type).toBe(
      null,
    );

    const after = await runToEnd(u, { template_id: AMAZON_2026, scope_type: 'single_sku', scope_value: s.id });
    const feed = JSON.parse(Buffer.from(await rawDownload(u, after.run.id)).toString('utf8'));
    expect(feed.messages.map((m: any) => [m.sku, m.productType])).toEqual([['AMZ-1', 'PRODUCT']]);
    // Reset: back to the shipped default.
    const reset = await mappings(u, 'PUT', {
      amazon_product_type: [{ category_code: 'general', product_type: null, reset: true }],
    });
    expect(reset.body.amazon_product_type.entries.find((e: any) => e.category_code === 'general').origin).toBe(
      'default',
    );
  }, 300_000);
});

describe('technical file: dossier PDFs rendered once per approved revision and kept', () => {
  async function innerPdf(zipBytes: Uint8Array, entry: string) {
    const outer = await JSZip.loadAsync(zipBytes);
    const inner = await JSZip.loadAsync(await outer.file(entry)!.async('uint8array'));
    return { pdf: await inner.file('dossier.pdf')!.async('uint8array'), names: Object.keys(inner.files).sort() };
  }
  const approve = async (id: string) =>
    (await getDb()).update(skus).set({ approvalState: 'approved', approvedAt: new Date() }).where(eq(skus.id, id));

  it('the export and dossier.zip reuse the kept PDF of an approved SKU; a new revision gets a new one; a draft is not kept', async () => {
    const { dir } = withTempBlobStore();
    const u = await makeUser();
    const a = await readySku(u, { sku_code: 'KP-A' });
    const b = await readySku(u, { sku_code: 'KP-B' });
    await approve(a.id);
    const body = { template_id: TECHNICAL_FILE, scope_type: 'selected_skus', scope_value: [a.id, b.id] };
    const first = await runToEnd(u, body);
    expect(first.run.status).toMatch(/^completed/);
    const second = await runToEnd(u, body);
    const a1 = await innerPdf(await rawDownload(u, first.run.id), 'KP-A/dossier.zip');
    const a2 = await innerPdf(await rawDownload(u, second.run.id), 'KP-A/dossier.zip');
    // The same bytes: rendered once (a new rendering carries a new creation date).
    expect(Buffer.from(a2.pdf).equals(Buffer.from(a1.pdf))).toBe(true);
    expect(a1.names).toContain('dossier.pdf');
    expect(a1.names.some((n) => n.startsWith('documents/'))).toBe(true);
    const db = await getDb();
    const kept = await db.select().from(dossierPdfs).where(eq(dossierPdfs.skuId, a.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ locale: 'en', sizeBytes: a1.pdf.byteLength });
    // Content-addressed: the stored bytes are the PDF's, under its SHA-256.
    expect(kept[0].storageKey).toBe(`${u.workspaceId}/dossier-pdf/${kept[0].sha256}.pdf`);
    expect(Buffer.from(fs.readFileSync(path.join(dir, kept[0].storageKey))).equals(Buffer.from(a1.pdf))).toBe(true);
    // The draft SKU is rendered for each file and never kept.
    expect(await db.select().from(dossierPdfs).where(eq(dossierPdfs.skuId, b.id))).toHaveLength(0);

    // dossier.zip of the approved SKU serves the same kept PDF.
    const res = await dossierZipRoute.GET(
      new Request(`http://127.0.0.1:3100/api/skus/${a.id}/dossier.zip`, { headers: { cookie: u.cookie } }),
      { params: Promise.resolve({ id: a.id }) },
    );
    expect(res.status).toBe(200);
    const route = await JSZip.loadAsync(new Uint8Array(await res.arrayBuffer()));
    const routePdf = await route.file('dossier.pdf')!.async('uint8array');
    expect(Buffer.from(routePdf).equals(Buffer.from(a1.pdf))).toBe(true);

    // A change and a new approval: a new revision, rendered again and kept beside the old one.
    await setField(u, a.id, 'brand', 'Holzwerk Neu');
    await approve(a.id);
    const third = await runToEnd(u, body);
    const a3 = await innerPdf(await rawDownload(u, third.run.id), 'KP-A/dossier.zip');
    expect(Buffer.from(a3.pdf).equals(Buffer.from(a1.pdf))).toBe(false);
    expect(await db.select().from(dossierPdfs).where(eq(dossierPdfs.skuId, a.id))).toHaveLength(2);
    // Temporary files: every run folder is gone after success.
    const tmp = path.join(getEnv().DATA_DIR, 'tmp');
    const leftovers = fs.existsSync(tmp)
      ? fs.readdirSync(tmp, { recursive: true }).filter((n) => String(n).includes('export-'))
      : [];
    expect(leftovers).toEqual([]);
  }, 300_000);
});

describe('listExportRuns, getExportRun, downloadExportRun — GET /api/exports and downloads: isolation, paging, plans and scopes', () => {
  it('newest first, cursor-paged, and another workspace sees none of it (list, detail, download: 404)', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const s = await readySku(u);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await post(u, { template_id: CSV, scope_type: 'single_sku', scope_value: s.id })).body.run.id);
    await drainJobs(60_000);
    const p1 = await list(u, { limit: '2' });
    expect(p1.status, p1.text).toBe(200);
    expect(p1.body.data.map((r: any) => r.id)).toEqual([ids[2], ids[1]]);
    expect(p1.body.has_more).toBe(true);
    const p2 = await list(u, { limit: '2', cursor: p1.body.next_cursor });
    expect(p2.body.data.map((r: any) => r.id)).toEqual([ids[0]]);
    expect(p2.body.has_more).toBe(false);
    for (const k of [
      'id',
      'template_id',
      'template_name',
      'template_version',
      'template_format',
      'scope_type',
      'scope_value',
      'sku_count',
      'dossier_snapshot_hash',
      'status',
      'output_url',
      'output_size_bytes',
      'warning_count',
      'error_message',
      'started_at',
      'completed_at',
      'created_at',
    ]) {
      expect(p1.body.data[0]).toHaveProperty(k);
    }
    expectEnvelope(await list(u, { cursor: 'garbage' }), 400, 'VALIDATION_FAILED');

    // Runs written in the same instant (one statement, one now()) page without gaps or repeats.
    const db = await getDb();
    const { exportRuns: runsTable } = await import('@/lib/db/schema');
    await db.insert(runsTable).values(
      Array.from({ length: 7 }, () => ({
        workspaceId: u.workspaceId,
        templateName: 'same instant',
        templateFormat: 'CSV',
        scopeType: 'all' as const,
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(u, { limit: '3', ...(cursor ? { cursor } : {}) });
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.data.map((r: any) => r.id));
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);

    expect((await list(other)).body.data).toHaveLength(0);
    expectEnvelope(await detail(other, ids[0]), 404, 'NOT_FOUND');
    expectEnvelope(await download(other, ids[0]), 404, 'NOT_FOUND');
    expectEnvelope(await download(u, 'not-a-uuid'), 404, 'NOT_FOUND');
  });

  it('Bearer: POST needs export on a paid plan; GET runs takes export or exports:read; trial keys are refused', async () => {
    const pro = await makeUser({ plan: 'pro' });
    const s = await readySku(pro);
    const exportKey = await key(pro, ['export']);
    const readKey = await key(pro, ['exports:read']);
    const skusKey = await key(pro, ['skus:read']);
    const created = await post(
      { bearer: exportKey },
      { template_id: CSV, scope_type: 'single_sku', scope_value: s.id },
    );
    expect(created.status, created.text).toBe(202);
    await drainJobs(60_000);
    expect((await list({ bearer: exportKey })).status).toBe(200);
    expect((await list({ bearer: readKey })).body.data).toHaveLength(1);
    const e = expectEnvelope(await list({ bearer: skusKey }), 403, 'INSUFFICIENT_SCOPE');
    expect(e.details.required_scope).toBe('export');
    expect(e.details.accepted_scopes).toEqual(['export', 'exports:read']);
    expect(
      expectEnvelope(
        await post({ bearer: readKey }, { template_id: CSV, scope_type: 'all' }),
        403,
        'INSUFFICIENT_SCOPE',
      ).details.required_scope,
    ).toBe('export');
    expectEnvelope(await download({ bearer: readKey }, created.body.run.id), 403, 'INSUFFICIENT_SCOPE');
    const dl = await download({ bearer: exportKey }, created.body.run.id);
    expect(dl.status).toBe(200);
    expect((await call(templatesRoute, 'GET', '/api/exports/templates', { bearer: readKey })).status).toBe(200);

    // A pro workspace downgraded to trial keeps its key, but Bearer export stops.
    const { setWorkspacePlan } = await import('@/lib/workspace/settings');
    await setWorkspacePlan(await getDb(), { workspaceId: pro.workspaceId, plan: 'trial' });
    expectEnvelope(
      await post({ bearer: exportKey }, { template_id: CSV, scope_type: 'all' }),
      403,
      'PLAN_LIMIT_REACHED',
    );
    expectEnvelope(await download({ bearer: exportKey }, created.body.run.id), 403, 'PLAN_LIMIT_REACHED');
    // The session is not plan-limited.
    expect((await post(pro, { template_id: CSV, scope_type: 'all' })).status).toBe(202);
    expectEnvelope(await call(exportsRoute, 'GET', '/api/exports', {}), 401, 'UNAUTHORIZED');
  });

  it('a run completed whose file vanished from storage answers 410, not a broken download', async () => {
    const u = await makeUser();
    const s = await readySku(u);
    const { run } = await runToEnd(u, { template_id: CSV, scope_type: 'single_sku', scope_value: s.id });
    await getBlobStore().delete(`${u.workspaceId}/exports/${run.id}`);
    expectEnvelope(await download(u, run.id), 410, 'GONE');
  });
});
