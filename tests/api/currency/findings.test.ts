/**
 * Evidence currency through the API and the daily job, on the real database (PGlite, or Postgres with
 * DATABASE_URL), with the fixed snapshots of tests/fixtures/currency: the daily run records each
 * document's findings once (a second run on the same data raises nothing new), a change of the lists
 * raises what changed and resolves what went away, the findings reach the SKU as warnings, every
 * document answers the day it stops proving compliance and why (also as codes and values that say the
 * same sentences, for the UI's language), another workspace's document is a 404,
 * and bad queries are 400s.
 */
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as dataRoute from '@/app/api/currency/data/route';
import * as findingsRoute from '@/app/api/currency/findings/route';
import * as reevaluateRoute from '@/app/api/currency/reevaluate/route';
import * as docCurrencyRoute from '@/app/api/documents/[id]/currency/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import { enqueueDailyCurrency } from '@/lib/skus/currency-jobs';
import { getDb } from '@/lib/db/client';
import { documentExtractions, documents, documentSkus, jobRuns } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createKey, createSku, settleJobs } from '../documents/helpers';
import { endReasonText, findingText, legalBasisText, whyText } from '@/components/currency/currency-texts';
import type { DocumentCurrencyJson } from '@/lib/currency/schemas';
import { translator } from '@/lib/i18n/ui';
import { currencyMessages } from '@/lib/i18n/ui/currency';

useTestDatabase();

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/currency');
const LATER = path.resolve(process.cwd(), 'tests/fixtures/currency-later');
const before = process.env.CURRENCY_DATA_DIR;
beforeAll(() => {
  process.env.CURRENCY_DATA_DIR = FIXTURES;
});
afterAll(() => {
  if (before === undefined) delete process.env.CURRENCY_DATA_DIR;
  else process.env.CURRENCY_DATA_DIR = before;
});

/** A stored document with the facts an extraction gave it, linked to the SKU as accepted evidence. */
async function storedDocument(
  u: TestUser,
  opts: { name: string; facts: Record<string, string>; skuId?: string; type?: string; validUntil?: string },
) {
  const db = await getDb();
  const [d] = await db
    .insert(documents)
    .values({
      workspaceId: u.workspaceId,
      sha256: crypto.randomUUID().replace(/-/g, ''),
      filename: opts.name,
      mimeType: 'application/pdf',
      sizeBytes: 100,
      storageKey: `test/${crypto.randomUUID()}`,
      documentType: (opts.type ?? 'declaration_of_conformity') as 'declaration_of_conformity',
      validUntil: opts.validUntil ?? null,
    })
    .returning({ id: documents.id });
  await db.insert(documentExtractions).values({
    workspaceId: u.workspaceId,
    documentId: d.id,
    facts: Object.entries(opts.facts).map(([field_key, value]) => ({
      field_key,
      value,
      page: 1,
      quote: value,
      confidence: 0.85,
    })),
  });
  if (opts.skuId)
    await db.insert(documentSkus).values({
      workspaceId: u.workspaceId,
      documentId: d.id,
      skuId: opts.skuId,
      linkOrigin: 'person',
      evidenceStatus: 'accepted',
      personDecision: 'accepted',
      personDecisionAt: new Date(),
    });
  return d.id;
}

async function runDaily(...users: TestUser[]) {
  const db = await getDb();
  await enqueueDailyCurrency(db);
  for (const u of users) await settleJobs(u.workspaceId);
  const runs = await db
    .select({ result: jobRuns.result, status: jobRuns.status, createdAt: jobRuns.createdAt })
    .from(jobRuns)
    .where(and(eq(jobRuns.workspaceId, users[0].workspaceId), eq(jobRuns.queue, 'currency.reevaluate')));
  runs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const last = runs[runs.length - 1];
  expect(last.status).toBe('completed');
  return last.result as { raised: number; resolved: number; documents: number; skus_recomputed: number };
}

const findings = async (u: TestUser, query: Record<string, string> = {}) => {
  const res = await call(findingsRoute, 'GET', '/api/currency/findings', { cookie: u.cookie, query });
  expect(res.status).toBe(200);
  return res.body.data as {
    code: string;
    severity: string;
    document_id: string;
    status: string;
    raised_at: string;
    message: string;
  }[];
};

describe('listCurrencyFindings, getCurrencyData, reevaluateCurrency, getDocumentCurrency — evidence currency', () => {
  let a: TestUser;
  let b: TestUser;
  let skuId: string;
  let toyDoc: string;
  let strangerDoc: string;

  beforeAll(async () => {
    a = await makeUser();
    b = await makeUser();
    skuId = (await createSku(a, 'TRAIN-1')).id;
    toyDoc = await storedDocument(a, {
      name: 'train-doc.pdf',
      skuId,
      facts: {
        harmonised_standards: 'EN 71-1:2014+A1:2018; EN 71-3:2013+A3:2018; EN 71-3:2019',
        applicable_legislation: 'Directive 2009/48/EC; Regulation (EU) 2023/988',
        notified_body: 'Fixture Machinery Body GmbH (0123)',
      },
    });
    strangerDoc = await storedDocument(a, {
      name: 'lamp-doc.pdf',
      facts: { applicable_legislation: 'Directive 2014/53/EU', notified_body: 'Nowhere Labs (9999)' },
    });
    await storedDocument(b, { name: 'b-doc.pdf', facts: { notified_body: '9998' } });
  });

  it('the daily run records each finding once; the second run raises nothing new', async () => {
    const first = await runDaily(a, b);
    expect(first).toMatchObject({ documents: 2, raised: 4, resolved: 0 });
    const open = await findings(a);
    expect(open.map((f) => [f.code, f.severity]).sort()).toEqual([
      ['NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT', 'warning'],
      ['NOTIFIED_BODY_UNKNOWN', 'warning'],
      ['STANDARD_PRESUMPTION_CEASED', 'warning'],
      ['STANDARD_PRESUMPTION_ENDS', 'notice'],
    ]);
    const ceased = open.find((f) => f.code === 'STANDARD_PRESUMPTION_CEASED')!;
    expect(ceased.message).toContain('EN 71-3:2019');
    const second = await runDaily(a, b);
    expect(second).toMatchObject({ raised: 0, resolved: 0, skus_recomputed: 0 });
    const again = await findings(a);
    expect(again.map((f) => f.raised_at).sort()).toEqual(open.map((f) => f.raised_at).sort());
    // Workspace B sees only its own.
    const theirs = await findings(b);
    expect(theirs.map((f) => f.code)).toEqual(['NOTIFIED_BODY_UNKNOWN']);
  });

  it("the SKU carries the accepted document's findings as warnings", async () => {
    const res = await call(skuRoute, 'GET', `/api/skus/${skuId}`, { cookie: a.cookie, params: { id: skuId } });
    expect(res.status).toBe(200);
    const blockers = res.body.blockers as { code: string; severity: string; message: string }[];
    const codes = blockers
      .filter((x) => x.code.startsWith('STANDARD_') || x.code.startsWith('NOTIFIED_'))
      .map((x) => [x.code, x.severity]);
    expect(codes.sort()).toEqual([
      ['NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT', 'warning'],
      ['STANDARD_PRESUMPTION_CEASED', 'warning'],
    ]);
  });

  it('a document answers the day it stops proving compliance and why', async () => {
    const res = await call(docCurrencyRoute, 'GET', `/api/documents/${toyDoc}/currency`, {
      cookie: a.cookie,
      params: { id: toyDoc },
    });
    expect(res.status).toBe(200);
    expect(res.body.stops_proving_on).toBe('2020-04-15');
    expect(res.body.summary).toMatch(/^Stopped proving compliance on 2020-04-15: EN 71-3:2013\+A3:2018/);
    expect(res.body.ends.map((e: { date: string }) => e.date)).toEqual(['2020-04-15', '2030-05-15']);
    expect(res.body.last_daily_check_at).not.toBeNull();
    const one = await findings(a, { document_id: strangerDoc });
    expect(one.map((f) => f.code)).toEqual(['NOTIFIED_BODY_UNKNOWN']);
  });

  it('findings, their legal basis and the ends carry codes and values that say the English sentences, stored or live', async () => {
    const live = await call(docCurrencyRoute, 'GET', `/api/documents/${toyDoc}/currency`, {
      cookie: a.cookie,
      params: { id: toyDoc },
    });
    const stored = (await call(findingsRoute, 'GET', '/api/currency/findings', { cookie: a.cookie })).body
      .data as DocumentCurrencyJson['findings'];
    const ceased = stored.find((f) => f.code === 'STANDARD_PRESUMPTION_CEASED')!;
    expect(ceased.params).toEqual({
      standard: 'EN 71-3:2013+A3:2018',
      act: '2009/48/EC',
      cessation_on: '2020-04-15',
      replaced_by: 'EN 71-3:2019',
      without_notified_body: false,
    });
    expect(ceased).toMatchObject({ legal_basis_code: 'act_presumption', legal_basis_params: { act: '2009/48/EC' } });
    const body = live.body as DocumentCurrencyJson;
    expect(body.ends[0].params).toEqual({
      standard: 'EN 71-3:2013+A3:2018',
      act: '2009/48/EC',
      replaced_by: 'EN 71-3:2019',
    });
    const today = new Date().toISOString().slice(0, 10);
    const en = translator(currencyMessages, 'en');
    const iso = (d: string) => d;
    for (const f of [...stored, ...body.findings]) {
      expect(findingText(f, en, iso)).toBe(f.message);
      expect(legalBasisText(f, en)).toBe(f.legal_basis);
    }
    for (const e of body.ends) expect(endReasonText(e, en, iso, today)).toBe(e.reason);
    expect(whyText(body.ends[0], en, iso, today)).toBe(body.summary);
  });

  it('a changed list raises what changed and resolves what went away', async () => {
    process.env.CURRENCY_DATA_DIR = LATER;
    try {
      const r = await runDaily(a, b);
      expect(r).toMatchObject({ raised: 1, resolved: 1 });
      const open = await findings(a);
      expect(open.filter((f) => f.code === 'STANDARD_PRESUMPTION_CEASED')).toHaveLength(2);
      const resolved = await findings(a, { status: 'resolved' });
      expect(resolved.map((f) => f.code)).toEqual(['STANDARD_PRESUMPTION_ENDS']);
      expect((await runDaily(a, b)).raised).toBe(0);
    } finally {
      process.env.CURRENCY_DATA_DIR = FIXTURES;
    }
  });

  it("another workspace's document is a 404; an API key with documents:read reads findings", async () => {
    const res = await call(docCurrencyRoute, 'GET', `/api/documents/${toyDoc}/currency`, {
      cookie: b.cookie,
      params: { id: toyDoc },
    });
    expectEnvelope(res, 404, 'NOT_FOUND');
    const key = await createKey(a, ['documents:read']);
    const viaKey = await call(findingsRoute, 'GET', '/api/currency/findings', {
      bearer: key,
      query: { severity: 'warning' },
    });
    expect(viaKey.status).toBe(200);
    expect(viaKey.body.data.every((f: { severity: string }) => f.severity === 'warning')).toBe(true);
  });

  it('bad queries are 400s, pages follow the cursor', async () => {
    expectEnvelope(
      await call(findingsRoute, 'GET', '/api/currency/findings', { cookie: a.cookie, query: { status: 'bogus' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(findingsRoute, 'GET', '/api/currency/findings', { cookie: a.cookie, query: { cursor: 'xyz' } }),
      400,
      'VALIDATION_FAILED',
    );
    const p1 = await call(findingsRoute, 'GET', '/api/currency/findings', {
      cookie: a.cookie,
      query: { status: 'all', limit: '2' },
    });
    expect(p1.body.has_more).toBe(true);
    const p2 = await call(findingsRoute, 'GET', '/api/currency/findings', {
      cookie: a.cookie,
      query: { status: 'all', limit: '2', cursor: p1.body.next_cursor },
    });
    const ids = [...p1.body.data, ...p2.body.data].map((f: { id: string }) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('re-check now queues one run and reports the data in use', async () => {
    const res = await call(reevaluateRoute, 'POST', '/api/currency/reevaluate', {
      cookie: a.cookie,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status).toBe(202);
    expect(res.body.jobs[0].poll_url).toMatch(/^\/api\/jobs\//);
    await settleJobs(a.workspaceId);
    const info = await call(dataRoute, 'GET', '/api/currency/data', { cookie: a.cookie });
    expect(info.body.standards).toMatchObject({ version: 'fixture-2026-01-01', coverage: 'complete', entries: 5 });
  });
});
