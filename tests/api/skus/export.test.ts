/**
 * The per-SKU export (GET /api/skus/{id}/export): the JSON SkuExport shape with confirmed values and
 * provenance, CSV with BOM and formula injection neutralised, dry run and idempotency, plan and scope
 * limits for keys, and the approval and publications in the audit summary.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as exportRoute from '@/app/api/skus/[id]/export/route';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import * as confirmRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/confirm/route';
import * as waiversRoute from '@/app/api/skus/[id]/waivers/route';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import { getDb } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import { csvCell } from '@/lib/text/csv';
import { setWorkspacePlan } from '@/lib/workspace/settings';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { addDocument, approve, createSku, readySku, setField, withTempBlobStore } from './fixtures';

useTestDatabase();
withTempBlobStore();

const get = (
  u: TestUser | { bearer: string },
  id: string,
  query: Record<string, string> = {},
  headers?: Record<string, string>,
) =>
  call(exportRoute, 'GET', `/api/skus/${id}/export`, {
    ...('cookie' in u ? { cookie: u.cookie } : { bearer: u.bearer }),
    params: { id },
    query,
    headers,
  });

async function exportedCount(workspaceId: string) {
  const db = await getDb();
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.action, 'sku.exported')));
  return Number(r.n);
}

/** RFC 4180 reader, enough for the test: quoted cells with "", commas and line breaks. */
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
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

async function key(u: TestUser, scopes: string[]) {
  const res = await call(keysRoute, 'POST', '/api/workspace/api-keys', {
    cookie: u.cookie,
    body: { name: scopes.join(' '), scopes },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.key as string;
}

describe('exportSku — GET /api/skus/{id}/export', () => {
  it('JSON: the SkuExport shape, confirmed values only with provenance, waivers with who/when/why', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const doc = await addDocument(u, { skuIds: [sku.id], type: 'manual', filename: 'Manual.pdf' });
    const sug = await call(suggestionsRoute, 'POST', `/api/skus/${sku.id}/dossier/suggestions`, {
      cookie: u.cookie,
      params: { id: sku.id },
      body: {
        suggestions: [
          { field_key: 'age_grading', value: '3+', source: 'ai_suggestion', confidence: 0.6 },
          {
            field_key: 'country_of_origin',
            value: 'Germany',
            source: 'document_extraction',
            provenance: { document_id: doc.id, page: 2, quote: 'Made in Germany' },
          },
        ],
      },
    });
    expect(sug.status, sug.text).toBe(200);
    const extracted = sug.body.inserted.find((v: any) => v.field_key === 'country_of_origin');
    expect(
      (
        await call(confirmRoute, 'POST', `/api/skus/${sku.id}/dossier/values/${extracted.id}/confirm`, {
          cookie: u.cookie,
          params: { id: sku.id, valueId: extracted.id },
        })
      ).status,
    ).toBe(200);
    await setField(u, sku.id, 'certificate_valid_until', '2099-01-01');
    await setField(u, sku.id, 'target_markets', 'DE,FR');
    const waive = await call(waiversRoute, 'POST', `/api/skus/${sku.id}/waivers`, {
      cookie: u.cookie,
      params: { id: sku.id },
      body: {
        code: 'WARNINGS_MISSING_FOR_LANGUAGE',
        reason: 'Sold in France only via a distributor who labels in French.',
      },
    });
    expect(waive.status, waive.text).toBe(201);

    const res = await get(u, sku.id);
    // A download like the CSV: saved under its name.
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sku-.+-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const e = res.body;
    for (const k of [
      'exported_at',
      'sku',
      'dossier_fields',
      'entities',
      'documents',
      'warnings',
      'issues',
      'audit_summary',
    ])
      expect(e).toHaveProperty(k);
    expect(new Date(e.exported_at).toString()).not.toBe('Invalid Date');
    expect(e.sku).toMatchObject({ id: sku.id, sku_code: sku.sku_code, product_name: 'Bamboo cutting board' });
    expect(e.dossier_fields.every((f: any) => f.status === 'confirmed')).toBe(true);
    const keys = e.dossier_fields.map((f: any) => f.field_key);
    expect(keys).not.toContain('age_grading');
    expect(e.open_suggestion_count).toBe(1);
    const origin = e.dossier_fields.find((f: any) => f.field_key === 'country_of_origin');
    expect(origin).toMatchObject({
      value: 'DE',
      source: 'document_extraction',
      provenance: { document_id: doc.id, page: 2, quote: 'Made in Germany' },
      confirmed_by: u.email,
    });
    expect(e.dossier_fields.find((f: any) => f.field_key === 'model_number')).toMatchObject({
      source: 'manual',
      value: 'CB-200',
    });
    expect(e.entities).toEqual([
      expect.objectContaining({
        role: 'manufacturer',
        name: 'Holzwerk Müller GmbH',
        postal_address: expect.stringContaining('München'),
        eu_established: true,
      }),
    ]);
    expect(e.documents.map((d: any) => d.filename).sort()).toEqual(['Manual.pdf', 'Risk assessment CB-200.pdf']);
    const waived = e.issues.find((i: any) => i.code === 'WARNINGS_MISSING_FOR_LANGUAGE');
    expect(waived).toMatchObject({
      kind: 'blocker',
      status: 'waived',
      waived: { by: u.email, at: expect.any(String), reason: expect.stringContaining('distributor') },
    });
    expect(e.warnings.every((w: any) => w.severity === 'warning')).toBe(true);
    // GPSR Art. 9(7): instructions are required unless the product is safe without them; with French instructions
    // missing and that fact unknown, the export carries the open question (a blocker), not a warning.
    expect(e.issues.find((i: any) => i.code === 'QUESTION_INSTRUCTIONS_NEEDED')).toMatchObject({
      kind: 'blocker',
      status: 'open',
    });
    expect(e.waivers[0]).toMatchObject({ code: 'WARNINGS_MISSING_FOR_LANGUAGE', waived_by: u.email, revoked_at: null });
    expect(e.audit_summary).toMatchObject({
      approval: { state: 'pending' },
      events_by_action: expect.objectContaining({ 'sku.created': 1, 'sku.blocker_waived': 1 }),
    });
    expect(await exportedCount(u.workspaceId)).toBe(1);
  });

  it('CSV: BOM, attachment filename, one row per field plus sections, formula injection neutralised', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'CSV-1', product_name: '=HYPERLINK("http://evil.example","click")' });
    await setField(u, sku.id, 'model_number', '+SUM(A1:A9)');
    await setField(u, sku.id, 'brand', '@cmd|" /C calc"!A0');
    await setField(u, sku.id, 'product_description', '-2+3, with "quotes"\nand a second line');
    const res = await get(u, sku.id, { format: 'csv' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sku-CSV-1-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Response.text() drops a BOM, so read the bytes.
    const raw = await exportRoute.GET(
      new Request(`http://127.0.0.1:3100/api/skus/${sku.id}/export?format=csv`, { headers: { cookie: u.cookie } }),
      { params: Promise.resolve({ id: sku.id }) },
    );
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1)).toMatch(
      /^section,key,label,value,status,source,details,by,at\r\n/,
    );
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['section', 'key', 'label', 'value', 'status', 'source', 'details', 'by', 'at']);
    const value = (section: string, k: string) => rows.find((r) => r[0] === section && r[1] === k)?.[3];
    expect(value('dossier_field', 'model_number')).toBe("'+SUM(A1:A9)");
    expect(value('dossier_field', 'brand')).toBe(`'@cmd|" /C calc"!A0`);
    expect(value('dossier_field', 'product_description')).toBe(`'-2+3, with "quotes"\nand a second line`);
    expect(value('sku', 'product_name')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows.filter((r) => r[0] === 'dossier_field')).toHaveLength(3);
    for (const section of ['sku', 'issue', 'audit'])
      expect(
        rows.some((r) => r[0] === section),
        section,
      ).toBe(true);
    // No cell of the file starts a formula.
    for (const r of rows) for (const c of r) expect(c).not.toMatch(/^[=+\-@\t\r]/);
    expect(csvCell('\tTAB')).toBe("'\tTAB");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-5)).toBe("'-5");
  });

  it('dry_run describes the export and writes nothing; Idempotency-Key replays; bad input is 400/404/401', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const dry = await get(u, sku.id, { dry_run: 'true', format: 'csv' });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dry_run: true,
      format: 'csv',
      filename: expect.stringMatching(/\.csv$/),
      counts: { dossier_fields: 9, entities: 1, documents: 1 },
    });
    expect(await exportedCount(u.workspaceId)).toBe(0);

    const a = await get(u, sku.id, {}, { 'Idempotency-Key': 'exp-1' });
    const b = await get(u, sku.id, {}, { 'Idempotency-Key': 'exp-1' });
    expect(b.headers.get('idempotency-replayed')).toBe('true');
    expect(b.body).toEqual(a.body);
    expect(await exportedCount(u.workspaceId)).toBe(1);
    expectEnvelope(
      await get(u, sku.id, { format: 'csv' }, { 'Idempotency-Key': 'exp-1' }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );

    const bad = expectEnvelope(await get(u, sku.id, { format: 'xml' }), 400, 'VALIDATION_FAILED');
    expect(bad.details.fields[0].path).toBe('format');
    expectEnvelope(await get(u, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectEnvelope(
      await call(exportRoute, 'GET', `/api/skus/${sku.id}/export`, { params: { id: sku.id } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('Bearer: scope export on a paid plan; trial keys get INSUFFICIENT_SCOPE or PLAN_LIMIT_REACHED; sessions are not scope-limited', async () => {
    const pro = await makeUser({ plan: 'pro' });
    const sku = await readySku(pro);
    const exportKey = await key(pro, ['export']);
    const readKey = await key(pro, ['skus:read']);
    const ok = await get({ bearer: exportKey }, sku.id, { format: 'csv' });
    expect(ok.status, ok.text).toBe(200);
    const e1 = expectEnvelope(await get({ bearer: readKey }, sku.id), 403, 'INSUFFICIENT_SCOPE');
    expect(e1.details.required_scope).toBe('export');
    const db = await getDb();
    const [trail] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, pro.workspaceId), eq(auditEvents.action, 'sku.exported')));
    expect(trail.actorLabel).toMatch(/^API key /);

    // A trial workspace can only hold read keys: no export scope.
    const trial = await makeUser();
    const tSku = await readySku(trial);
    const trialKey = await key(trial, ['skus:read']);
    const e2 = expectEnvelope(await get({ bearer: trialKey }, tSku.id), 403, 'INSUFFICIENT_SCOPE');
    expect(e2.details.required_scope).toBe('export');
    expect((await get(trial, tSku.id)).status).toBe(200);

    // A paid workspace's export key stops working when the plan drops to trial.
    await setWorkspacePlan(db, { workspaceId: pro.workspaceId, plan: 'trial' });
    const e3 = expectEnvelope(await get({ bearer: exportKey }, sku.id), 403, 'PLAN_LIMIT_REACHED');
    expect(e3.details).toMatchObject({ limit: 'bearer_export', plan: 'trial' });
    expect((await get(pro, sku.id)).status).toBe(200);
    // Another workspace's SKU is not found, even with a valid key.
    await setWorkspacePlan(db, { workspaceId: pro.workspaceId, plan: 'pro' });
    expectEnvelope(await get({ bearer: exportKey }, tSku.id), 404, 'NOT_FOUND');
  });

  it('an approved and published SKU exports its approval and publications in the audit summary', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    await approve(u, sku.id);
    const { publish } = await import('./fixtures');
    await publish(u, sku.id);
    const res = await get(u, sku.id);
    expect(res.body.sku.status).toBe('published');
    expect(res.body.audit_summary.approval).toMatchObject({ state: 'approved', approved_by: u.email });
    expect(res.body.audit_summary.publications).toEqual([
      expect.objectContaining({ revision: 1, published_by: u.email }),
    ]);
  });
});
