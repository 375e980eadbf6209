/**
 * GET /api/import/template: each language's template, CSV and XLSX, goes back through POST /api/import
 * with every column mapped and its example row importable; the XLSX reads back with SheetJS; the
 * download is an attachment, needs a session or a key with imports:read, and refuses unknown languages.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import * as templateRoute from '@/app/api/import/template/route';
import { TEMPLATE_COLUMNS, TEMPLATE_LANGUAGES, templateRows, templateTarget } from '@/lib/imports/template';
import { call, expectEnvelope, makeUser, ORIGIN, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { importAndRun, postImport, skuWithValues } from './helpers';

useTestDatabase();

/** The template's bytes (call() reads answers as text, which would mangle a workbook). */
async function download(u: TestUser, lang: string, format: 'csv' | 'xlsx') {
  const checked = await call(templateRoute, 'GET', '/api/import/template', {
    cookie: u.cookie,
    query: { lang, format },
  });
  expect(checked.status).toBe(200);
  const url = new URL('/api/import/template', ORIGIN);
  url.search = new URLSearchParams({ lang, format }).toString();
  const res = await templateRoute.GET!(new Request(url, { headers: { cookie: u.cookie } }), {
    params: Promise.resolve({}),
  });
  return { headers: checked.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('getImportTemplate — GET /api/import/template', () => {
  it.each(TEMPLATE_LANGUAGES)(
    '%s: CSV and XLSX map back with every column, and the example row imports',
    async (lang) => {
      const u = await makeUser();
      for (const format of ['csv', 'xlsx'] as const) {
        const { headers, bytes } = await download(u, lang, format);
        expect(headers.get('content-disposition')).toBe(`attachment; filename="import-template-${lang}.${format}"`);
        expect(headers.get('content-type')).toBe(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
        if (format === 'csv') expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        else {
          const book = XLSX.read(bytes, { type: 'array' });
          const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true });
          expect(rows).toEqual([templateRows(lang).headers, templateRows(lang).example]);
        }

        const dry = await postImport(u, bytes, `template.${format}`, { dryRun: true });
        expect(dry.status).toBe(200);
        expect(dry.body.columns.map((c: { field_key: string | null }) => c.field_key)).toEqual(
          TEMPLATE_COLUMNS.map((c) => templateTarget(c, lang)),
        );
        expect(dry.body.unmapped_columns).toEqual([]);
        expect(dry.body.missing_required).toEqual([]);
        expect(dry.body.row_errors).toEqual([]);
        expect(dry.body.counts).toMatchObject({ total_rows: 1, would_create: 1, would_fail: 0 });
        expect(dry.body.entity_candidates).toHaveLength(2);
      }

      // Committed, the example becomes a SKU with every dossier column stored.
      const { bytes } = await download(u, lang, 'csv');
      const run = await importAndRun(u, bytes, 'template.csv');
      expect(run.batch).toMatchObject({ created_rows: 1, failed_rows: 0 });
      const sku = (await skuWithValues(u.workspaceId, 'TRAIN-01'))!;
      expect(sku.sku.gtin).toBe('4006381333931');
      const dossierKeys = TEMPLATE_COLUMNS.map((c) => templateTarget(c, lang)).filter(
        (k) => !['sku_code', 'product_name', 'gtin', 'category_code'].includes(k),
      );
      for (const k of dossierKeys) expect(sku.values[k], k).toBeDefined();
    },
  );

  it('defaults to English CSV; an unknown language or format is a 400; without a session 401', async () => {
    const u = await makeUser();
    const plain = await call(templateRoute, 'GET', '/api/import/template', { cookie: u.cookie });
    expect(plain.status).toBe(200);
    expect(plain.text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(templateRows('en').headers.join(','));
    expectEnvelope(
      await call(templateRoute, 'GET', '/api/import/template', { cookie: u.cookie, query: { lang: 'nl' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(templateRoute, 'GET', '/api/import/template', { cookie: u.cookie, query: { format: 'ods' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await call(templateRoute, 'GET', '/api/import/template')).status).toBe(401);
  });
});
