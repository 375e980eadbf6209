/**
 * Commit semantics of POST /api/import and the batch routes: re-runs create nothing twice, the plan's
 * SKU limit, the review payload, errors.csv, row listing, approval reset, blockers, tenant isolation,
 * idempotency and request errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import * as importRoute from '@/app/api/import/route';
import * as listRoute from '@/app/api/imports/route';
import * as batchRoute from '@/app/api/imports/[batchId]/route';
import * as reviewRoute from '@/app/api/imports/[batchId]/review/route';
import * as errorsRoute from '@/app/api/imports/[batchId]/errors.csv/route';
import * as rowsRoute from '@/app/api/imports/[batchId]/rows/route';
import * as resolutionRoute from '@/app/api/imports/[batchId]/entity-resolution/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, dossierValues, entities, skuEntities, skus } from '@/lib/db/schema';
import { drainJobs } from '@/lib/workers';
import { recomputeSku } from '@/lib/skus/evaluate';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { counts, fixture, form, importAndRun, postImport, skuWithValues } from './helpers';

useTestDatabase();

const KATALOG = () => fixture('katalog-de-windows1252.csv');
const get = (mod: any, u: TestUser, batchId: string, suffix = '', query?: Record<string, string>) =>
  call(mod, 'GET', `/api/imports/${batchId}${suffix}`, { cookie: u.cookie, params: { batchId }, query });

function catalogue(n: number, from = 0, extra: (i: number) => string = () => '') {
  const lines = ['sku_code;product_name;gtin;brand'];
  for (let i = from; i < from + n; i++)
    lines.push(`P-${String(i).padStart(4, '0')};Produkt ${i};;Marke ${i % 3}${extra(i)}`);
  return lines.join('\n') + '\n';
}

describe('value provenance', () => {
  it('names the batch, the row and the column exactly, whatever characters the header has', async () => {
    // The provenance is written as JSON text by the database (lib/imports/repo-write.ts): a header with
    // quotes, a backslash and non-ASCII letters must come back as it was.
    const header = 'Marke "Haus" \\ C:\\ü – ✓';
    const text = `sku_code;product_name;"${header.replace(/"/g, '""')}"\nQ-1;Produkt;Holzwerk\n`;
    const u = await makeUser();
    const run = await importAndRun(u, text, 'quotes.csv', {
      mapping: JSON.stringify({ sku_code: 'sku_code', product_name: 'product_name', [header]: 'brand' }),
    });
    expect(run.batch).toMatchObject({ created_rows: 1, failed_rows: 0 });
    const sku = (await skuWithValues(u.workspaceId, 'Q-1'))!;
    expect(sku.values.brand).toEqual({
      value: 'Holzwerk',
      source: 'import',
      provenance: { batch_id: run.batch.id, row: 2, column: header },
    });
  });
});

describe('re-running a file', () => {
  it('creates nothing twice: unchanged rows are skipped, changed ones updated with history kept', async () => {
    const u = await makeUser();
    const first = await importAndRun(u, KATALOG(), 'katalog.csv');
    // Row 4's wrong GTIN check digit is a flag, not a failure: three SKUs.
    expect(first.batch).toMatchObject({ created_rows: 3, skipped_rows: 1, failed_rows: 0 });
    const after1 = await counts(u.workspaceId);

    const dry = await postImport(u, KATALOG(), 'katalog.csv', { dryRun: true });
    expect(dry.body.counts).toEqual({ total_rows: 4, would_create: 0, would_update: 0, would_skip: 4, would_fail: 0 });
    const second = await importAndRun(u, KATALOG(), 'katalog.csv');
    expect(second.batch).toMatchObject({
      status: 'completed',
      created_rows: 0,
      updated_rows: 0,
      skipped_rows: 4,
      failed_rows: 0,
      processed_rows: 4,
    });
    const after2 = await counts(u.workspaceId);
    expect(after2.skus).toBe(after1.skus);
    expect(after2.values).toBe(after1.values);

    // One value changed in the file: one row updated, the old value kept as history.
    const text = iconv
      .decode(KATALOG(), 'win1252')
      .replace('Achtung: Nur unter Aufsicht Erwachsener verwenden.', 'Achtung: Nur unter Aufsicht verwenden.');
    const third = await importAndRun(u, text, 'katalog-utf8.csv');
    expect(third.batch).toMatchObject({ created_rows: 0, updated_rows: 1, skipped_rows: 3, failed_rows: 0 });
    const a101 = (await skuWithValues(u.workspaceId, 'A-101'))!;
    expect(a101.values.safety_warnings_de).toMatchObject({
      value: 'Achtung: Nur unter Aufsicht verwenden.',
      provenance: { batch_id: third.batch.id, row: 3, column: 'Warnhinweise' },
    });
    const db = await getDb();
    const history = await db
      .select()
      .from(dossierValues)
      .where(and(eq(dossierValues.skuId, a101.sku.id), eq(dossierValues.fieldKey, 'safety_warnings_de')));
    expect(history).toHaveLength(2);
    expect(history.filter((h) => h.supersededAt === null)).toHaveLength(1);
    expect((await counts(u.workspaceId)).skus).toBe(after1.skus);

    const rows = await get(rowsRoute, u, third.batch.id, '/rows', { outcome: 'updated' });
    expect(rows.body.data).toEqual([
      {
        row_number: 3,
        sku_id: a101.sku.id,
        sku_code: 'A-101',
        outcome: 'updated',
        errors: expect.any(Array),
        changes: [
          {
            field_key: 'safety_warnings_de',
            from: 'Achtung: Nur unter Aufsicht Erwachsener verwenden.',
            to: 'Achtung: Nur unter Aufsicht verwenden.',
            provenance: { source: 'import', batch_id: third.batch.id, row: 3, column: 'Warnhinweise' },
          },
        ],
      },
    ]);
  });

  it('an update of an approved SKU resets its approval (audited); an unchanged re-run does not', async () => {
    const u = await makeUser();
    await importAndRun(u, catalogue(3), 'c.csv');
    const db = await getDb();
    await db
      .update(skus)
      .set({ approvalState: 'approved', reviewState: 'complete' })
      .where(eq(skus.workspaceId, u.workspaceId));
    await importAndRun(u, catalogue(3), 'c.csv');
    expect(
      (await db.select().from(skus).where(eq(skus.workspaceId, u.workspaceId))).every(
        (s) => s.approvalState === 'approved',
      ),
    ).toBe(true);
    const changed = catalogue(3).replace('Produkt 1;', 'Produkt eins;');
    const r = await importAndRun(u, changed, 'c.csv');
    expect(r.batch).toMatchObject({ updated_rows: 1, skipped_rows: 2 });
    const p1 = (await skuWithValues(u.workspaceId, 'P-0001'))!.sku;
    expect(p1).toMatchObject({ productName: 'Produkt eins', approvalState: 'pending', reviewState: 'open' });
    // The importer changed confirmed data: four-eyes approval excludes them for this SKU only.
    expect(p1.dataChangedBy).toBe(u.id);
    expect((await skuWithValues(u.workspaceId, 'P-0002'))!.sku.approvalState).toBe('approved');
    expect((await skuWithValues(u.workspaceId, 'P-0002'))!.sku.dataChangedBy).toBeNull();
    const resets = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.action, 'sku.approval_reset')));
    expect(resets.map((a) => a.targetId)).toEqual([p1.id]);
  });
});

describe('plan SKU limit', () => {
  it('rows beyond the limit fail with a clear reason; the dry run counts them as failing', async () => {
    const u = await makeUser(); // trial: 100 SKUs
    const db = await getDb();
    await db.insert(skus).values(
      Array.from({ length: 95 }, (_, i) => ({
        workspaceId: u.workspaceId,
        skuCode: `OLD-${i}`,
        productName: `Old ${i}`,
      })),
    );
    const file = catalogue(8);
    const dry = await postImport(u, file, 'c.csv', { dryRun: true });
    expect(dry.body.plan_limit).toEqual({ plan: 'trial', limit: 100, current_count: 95 });
    expect(dry.body.counts).toEqual({ total_rows: 8, would_create: 5, would_update: 0, would_skip: 0, would_fail: 3 });
    const { batch } = await importAndRun(u, file, 'c.csv');
    expect(batch).toMatchObject({
      status: 'completed_with_errors',
      created_rows: 5,
      failed_rows: 3,
      processed_rows: 8,
    });
    expect((await counts(u.workspaceId)).skus).toBe(100);
    const failed = await get(rowsRoute, u, batch.id, '/rows', { outcome: 'failed' });
    expect(failed.body.data.map((r: any) => r.row_number)).toEqual([7, 8, 9]);
    expect(failed.body.data[0].errors[0]).toMatchObject({
      severity: 'error',
      code: 'plan_limit_reached',
      message: expect.stringContaining('Trial plan allows 100 SKUs'),
    });
    // Updates of existing SKUs are not limited.
    const again = await importAndRun(u, catalogue(5).replace(/Marke/g, 'Brand'), 'c.csv');
    expect(again.batch).toMatchObject({ updated_rows: 5, failed_rows: 0 });
  });
});

describe('getImport, listImportRows, getImportErrorsCsv — review, rows and errors.csv', () => {
  it('review payload: imported SKUs with changes and provenance, row errors, candidates, summary', async () => {
    const u = await makeUser();
    const { batch } = await importAndRun(u, KATALOG(), 'katalog.csv');
    const res = await get(reviewRoute, u, batch.id, '/review');
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.batch).toMatchObject({ id: batch.id, status: 'completed' });
    // Row 4's wrong GTIN check digit is a flag on the row: the SKU is created with the GTIN as written.
    expect(r.skus.map((s: any) => [s.sku_code, s.outcome, s.row_number])).toEqual([
      ['A-101', 'created', 3],
      ['A-102', 'created', 4],
      ['A-100', 'created', 5],
    ]);
    const a102 = r.skus[1];
    expect(a102.warnings).toContainEqual({
      column: 'EAN',
      code: 'gtin_invalid_check_digit',
      message: expect.stringContaining('check digit'),
    });
    const a101 = r.skus[0];
    expect(a101).toMatchObject({
      sku_id: expect.any(String),
      product_name: 'Bälle-Set ‰ Qualität',
      blockers_count: expect.any(Number),
      suggestions: [],
    });
    expect(a101.changes).toContainEqual({
      field_key: 'gtin',
      from: null,
      to: '042272005581',
      provenance: { source: 'import', batch_id: batch.id, row: 3, column: 'EAN' },
    });
    expect(a101.changes).toContainEqual({
      field_key: 'manufacturer_name',
      from: null,
      to: 'Müller Spielwaren G.m.b.H.',
      provenance: { source: 'import', batch_id: batch.id, row: 3, column: 'Hersteller' },
    });
    expect(a101.warnings.map((w: any) => w.code)).toContain('gtin_leading_zeros_restored');
    expect(r.row_errors).toEqual([]);
    const keys = r.entity_candidates.map((c: any) => `${c.role}:${c.candidate_key}`);
    expect(keys).toContain('manufacturer:mueller spielwaren gmbh|hauptstrasse 5 10115 berlin|info@mueller-spiel.de');
    for (const c of r.entity_candidates)
      expect(c).toMatchObject({
        decision: null,
        proposed_values: { name: expect.any(String) },
        source_rows: expect.any(Array),
        has_conflicts: expect.any(Boolean),
        conflicts: expect.any(Array),
      });
    expect(r.summary).toMatchObject({
      total_rows: 4,
      processed_rows: 4,
      created: 3,
      updated: 0,
      skipped: 1,
      failed: 0,
      error: 0,
      skus_truncated: false,
      errors_url: `/api/imports/${batch.id}/errors.csv`,
    });
  });

  it('errors.csv lists every row error, spreadsheet-safe', async () => {
    const u = await makeUser();
    const file = [
      '=HYPERLINK("http://evil");Name;EAN',
      'ok-1;Fine;',
      'bad code;Broken;',
      'ok-2;;',
      'ok-3;Bad EAN;4006381X33932',
      'ok-4;Check digit;4006381333932',
    ].join('\n');
    const { batch } = await importAndRun(u, file, 'evil.csv', {
      mapping: JSON.stringify({ '=HYPERLINK("http://evil")': 'sku_code', Name: 'product_name', EAN: 'gtin' }),
    });
    expect(batch).toMatchObject({ created_rows: 2, failed_rows: 3 }); // a wrong check digit alone does not fail
    const res = await get(errorsRoute, u, batch.id, '/errors.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="evil-errors.csv"');
    const raw = new Uint8Array(
      await (
        await errorsRoute.GET(
          new Request(`http://127.0.0.1:3100/api/imports/${batch.id}/errors.csv`, { headers: { cookie: u.cookie } }),
          { params: Promise.resolve({ batchId: batch.id }) },
        )
      ).arrayBuffer(),
    );
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM, so Excel reads the umlauts right
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('row,column,code,message');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['3', '4', '5']);
    expect(lines[1]).toMatch(/^3,"'=HYPERLINK\(""http:\/\/evil""\)",sku_code_invalid,/);
    expect(lines[2]).toMatch(/^4,Name,product_name_required,/);
    expect(lines[3]).toMatch(/^5,EAN,gtin_not_numeric,/);
  });

  it('rows pages by row number with a cursor and filters by outcome', async () => {
    const u = await makeUser();
    const { batch } = await importAndRun(u, catalogue(5), 'c.csv');
    const p1 = await get(rowsRoute, u, batch.id, '/rows', { limit: '2' });
    expect(p1.body).toMatchObject({ has_more: true, next_cursor: '3' });
    expect(p1.body.data.map((r: any) => r.row_number)).toEqual([2, 3]);
    const p2 = await get(rowsRoute, u, batch.id, '/rows', { limit: '2', cursor: p1.body.next_cursor });
    expect(p2.body.data.map((r: any) => r.row_number)).toEqual([4, 5]);
    const p3 = await get(rowsRoute, u, batch.id, '/rows', { limit: '2', cursor: p2.body.next_cursor });
    expect(p3.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(p3.body.data.map((r: any) => [r.row_number, r.outcome])).toEqual([[6, 'created']]);
    expect((await get(rowsRoute, u, batch.id, '/rows', { outcome: 'failed' })).body.data).toEqual([]);
    expectEnvelope(await get(rowsRoute, u, batch.id, '/rows', { cursor: 'abc' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await get(rowsRoute, u, batch.id, '/rows', { outcome: 'nope' }), 400, 'VALIDATION_FAILED');
  });

  it('GET /api/imports lists the workspace batches newest first with the contract fields', async () => {
    const u = await makeUser();
    const a = await importAndRun(u, catalogue(1), 'a.csv');
    const b = await importAndRun(u, catalogue(1, 10), 'b.csv');
    const res = await call(listRoute, 'GET', '/api/imports', { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.body.batches.map((x: any) => x.id)).toEqual([b.batch.id, a.batch.id]);
    for (const x of res.body.batches) {
      expect(Object.keys(x).sort()).toEqual(
        [
          'completed_at',
          'created_at',
          'created_rows',
          'error_message',
          'error_rows',
          'errors_url',
          'failed_rows',
          'file_format',
          'filename',
          'id',
          'job_id',
          'processed_rows',
          'skipped_rows',
          'started_at',
          'status',
          'total_rows',
          'updated_rows',
        ].sort(),
      );
    }
  });
});

describe('blockers', () => {
  it('the set-based recompute gives exactly what recomputeSku gives (plain and linked SKUs)', async () => {
    const u = await makeUser();
    await importAndRun(u, KATALOG(), 'katalog.csv');
    const db = await getDb();
    const [ent] = await db
      .insert(entities)
      .values({
        workspaceId: u.workspaceId,
        name: 'Müller Spielwaren GmbH',
        street: 'Hauptstraße 5',
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
        email: 'info@mueller-spiel.de',
        identityKey: 'x',
      })
      .returning();
    const a101 = (await skuWithValues(u.workspaceId, 'A-101'))!.sku;
    await db
      .insert(skuEntities)
      .values({ workspaceId: u.workspaceId, skuId: a101.id, role: 'manufacturer', entityId: ent.id });
    // A re-import with changes recomputes A-101 (linked: full path) and A-100 (plain: set-based path).
    const text = iconv
      .decode(KATALOG(), 'win1252')
      .replace(/Deutschland|;DE;/g, (m) => (m === ';DE;' ? ';AT;' : 'Österreich'));
    await importAndRun(u, text, 'k.csv');
    for (const code of ['A-100', 'A-101']) {
      const before = (await skuWithValues(u.workspaceId, code))!.sku;
      expect(before.blockers.length, code).toBeGreaterThan(0);
      await recomputeSku(db, { workspaceId: u.workspaceId, skuId: before.id });
      const after = (await skuWithValues(u.workspaceId, code))!.sku;
      expect(after.blockers, code).toEqual(before.blockers);
      expect(after.blockerCount).toBe(before.blockerCount);
      expect(after.warningCount).toBe(before.warningCount);
    }
  });
});

describe('blockers of created SKUs', () => {
  it('a SKU an import creates is inserted with the blockers recomputeSku gives it', async () => {
    const u = await makeUser();
    await importAndRun(u, KATALOG(), 'katalog.csv');
    const db = await getDb();
    const created = await db.select().from(skus).where(eq(skus.workspaceId, u.workspaceId));
    expect(created.length).toBeGreaterThan(1);
    for (const before of created) {
      expect(before.blockers.length, before.skuCode).toBeGreaterThan(0);
      await recomputeSku(db, { workspaceId: u.workspaceId, skuId: before.id });
      const [after] = await db.select().from(skus).where(eq(skus.id, before.id));
      expect(after.blockers, before.skuCode).toEqual(before.blockers);
      expect(after.blockerCount).toBe(before.blockerCount);
      expect(after.warningCount).toBe(before.warningCount);
      expect(after.requirementProfileId).toBe(before.requirementProfileId);
    }
  });
});

describe('importSkus, listImports — tenant isolation and request errors', () => {
  it("another workspace's batch is 404 on every route and absent from its list", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const { batch } = await importAndRun(a, KATALOG(), 'katalog.csv');
    expectEnvelope(await get(batchRoute, b, batch.id), 404, 'NOT_FOUND');
    expectEnvelope(await get(reviewRoute, b, batch.id, '/review'), 404, 'NOT_FOUND');
    expectEnvelope(await get(errorsRoute, b, batch.id, '/errors.csv'), 404, 'NOT_FOUND');
    expectEnvelope(await get(rowsRoute, b, batch.id, '/rows'), 404, 'NOT_FOUND');
    const res = await call(resolutionRoute, 'POST', `/api/imports/${batch.id}/entity-resolution`, {
      cookie: b.cookie,
      params: { batchId: batch.id },
      body: { decisions: [] },
    });
    expectEnvelope(res, 404, 'NOT_FOUND');
    expect((await call(listRoute, 'GET', '/api/imports', { cookie: b.cookie })).body.batches).toEqual([]);
    expectEnvelope(await get(batchRoute, a, 'not-a-uuid'), 404, 'NOT_FOUND');
    expectEnvelope(await get(batchRoute, a, '6f1c2a9e-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectEnvelope(await call(listRoute, 'GET', '/api/imports', {}), 401, 'UNAUTHORIZED');
  });

  it('Idempotency-Key: the same upload replays the 202 (one batch); another file with the key is 409', async () => {
    const u = await makeUser();
    // The same bytes (a client retry re-sends the same body, boundary included).
    const body = (file: string) =>
      `--B0UNDARY\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n--B0UNDARY--\r\n`;
    const send = (file: string) =>
      call(importRoute, 'POST', '/api/import', {
        cookie: u.cookie,
        rawBody: body(file),
        headers: { 'Idempotency-Key': 'import-once', 'content-type': 'multipart/form-data; boundary=B0UNDARY' },
      });
    const first = await send(catalogue(2));
    const replay = await send(catalogue(2));
    expect(first.status).toBe(202);
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expectEnvelope(await send(catalogue(3)), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect((await counts(u.workspaceId)).batches).toBe(1);
    await drainJobs();
  });

  it('400/413/415/422 with the envelope for bad uploads and options', async () => {
    const u = await makeUser();
    const fd = new FormData();
    fd.set('sheet', 'x');
    expectEnvelope(
      await call(importRoute, 'POST', '/api/import', { cookie: u.cookie, rawBody: fd }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(importRoute, 'POST', '/api/import', { cookie: u.cookie, body: { file: 'x' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    let err = expectEnvelope(
      await postImport(u, catalogue(1), 'c.csv', { fields: { mapping: '{not json' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].path).toBe('mapping');
    err = expectEnvelope(
      await postImport(u, catalogue(1), 'c.csv', {
        fields: { mapping: JSON.stringify({ sku_code: 'no_such_field' }) },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].path).toBe('mapping.sku_code');
    err = expectEnvelope(
      await postImport(u, catalogue(1), 'c.csv', {
        dryRun: true,
        fields: { mapping: JSON.stringify({ 'No such column': 'brand' }) },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.message).toMatch(/No column "No such column"/);
    expectEnvelope(
      await postImport(u, catalogue(1), 'c.csv', { fields: { header_row: '0' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(await postImport(u, catalogue(1), 'c.csv', { fields: { colour: 'red' } }), 400, 'VALIDATION_FAILED');
    // A repeated single field is refused, never silently read as its first value (it used to be).
    const twice = form(catalogue(1), 'c.csv', { header_row: '1' });
    twice.append('header_row', '2');
    err = expectEnvelope(
      await call(importRoute, 'POST', '/api/import', { cookie: u.cookie, rawBody: twice, query: { dry_run: 'true' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0]).toMatchObject({ path: 'header_row', code: 'repeated_field' });
    expectEnvelope(
      await postImport(u, catalogue(1), 'c.csv', { dryRun: true, fields: { header_row: '50' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(await postImport(u, '', 'empty.csv'), 422, 'UNREADABLE_FILE');
    const pdf = fs.readFileSync(
      path.resolve(process.cwd(), 'tests/fixtures/corpus/documents/pdf-text-layer-firefox-quartz.pdf'),
    );
    err = expectEnvelope(await postImport(u, pdf, 'not-a-catalogue.csv', { dryRun: true }), 422, 'UNREADABLE_FILE');
    expect(err.details.reason).toBe('unsupported_format');
    const twoFiles = form(catalogue(1), 'a.csv');
    twoFiles.append('file', new Blob(['x']), 'b.csv');
    expectEnvelope(
      await call(importRoute, 'POST', '/api/import', { cookie: u.cookie, rawBody: twoFiles }),
      400,
      'VALIDATION_FAILED',
    );
    const big = await call(importRoute, 'POST', '/api/import', {
      cookie: u.cookie,
      rawBody: form('x', 'a.csv'),
      headers: { 'content-length': String(60 * 1024 * 1024) },
    });
    expectEnvelope(big, 413, 'PAYLOAD_TOO_LARGE');
    expectEnvelope(
      await call(importRoute, 'POST', '/api/import', { rawBody: form('x', 'a.csv') }),
      401,
      'UNAUTHORIZED',
    );
    expect((await counts(u.workspaceId)).batches).toBe(0);

    // A mapping naming a column the file lacks is only known once the file is read: the batch fails with the reason.
    const c = await postImport(u, catalogue(1), 'c.csv', {
      fields: { mapping: JSON.stringify({ 'No such column': 'brand' }) },
    });
    expect(c.status).toBe(202);
    await drainJobs();
    const b = await get(batchRoute, u, c.body.batch.id);
    expect(b.body.batch).toMatchObject({
      status: 'failed',
      error_message: expect.stringContaining('No column "No such column"'),
    });
  });

  it('a batch whose stored file vanished fails with the reason instead of hanging', async () => {
    const u = await makeUser();
    const c = await postImport(u, catalogue(2), 'c.csv');
    const { getBlobStore, importBlobKey } = await import('@/lib/storage');
    await getBlobStore().delete(importBlobKey(u.workspaceId, c.body.batch.id));
    await drainJobs();
    const b = await get(batchRoute, u, c.body.batch.id);
    expect(b.body.batch).toMatchObject({ status: 'failed', error_message: expect.stringMatching(/missing/) });
    const db = await getDb();
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(skus)
      .where(eq(skus.workspaceId, u.workspaceId));
    expect(Number(n.n)).toBe(0);
  });
});
