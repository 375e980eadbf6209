/**
 * Market watch feeds and matching, through the route handlers on a real database: the Safety Gate
 * weekly XML and the RappelConso export (CSV and JSON) become alerts kept per feed and week; reading the
 * same file again changes nothing; hostile XML (XXE, billion laughs, deep nesting, oversize, not XML) is
 * refused with 422/413 and nothing stored; alerts match the catalogue by GTIN (any GTIN form) and by
 * brand + model, near misses stay out of the strong group; decisions carry a reason, are audited, are
 * taken once and survive a re-import; a new SKU is matched against the last year of alerts by the job;
 * a configured URL is read through the safe fetch; another workspace sees none of it (404).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as alertsRoute from '@/app/api/recalls/alerts/route';
import * as matchRoute from '@/app/api/recalls/matches/[id]/route';
import * as sourcesRoute from '@/app/api/recalls/feeds/sources/route';
import * as fetchRoute from '@/app/api/recalls/feeds/sources/[id]/fetch/route';
import * as sourceRoute from '@/app/api/recalls/feeds/sources/[id]/route';
import * as rematchRoute from '@/app/api/recalls/rematch/route';
import * as alertRoute from '@/app/api/recalls/alerts/[id]/route';
import * as importsRoute from '@/app/api/recalls/feeds/imports/route';
import * as casesRoute from '@/app/api/recalls/cases/route';
import { resetEnvCache } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { auditEvents, recallAlerts, webhookEndpoints, webhookEvents } from '@/lib/db/schema';
import { queueNewSkuMatching } from '@/lib/recalls/jobs';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createKey, settleJobs } from '../documents/helpers';
import { withTempBlobStore } from '../skus/fixtures';
import { catalogueSku, decide, fixture, importFeed, listMatches, WEEKLY } from './helpers';

useTestDatabase();
withTempBlobStore();

let a: TestUser;
let b: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  a = await makeUser({ plan: 'pro' });
  b = await makeUser({ plan: 'pro' });
  const db = await getDb();
  // A receiver that listens to recall.match: the event is written to the outbox with the match.
  await db.insert(webhookEndpoints).values({
    workspaceId: a.workspaceId,
    url: 'https://hooks.example/recalls',
    events: ['recall.match'],
    secret: 'whsec_test',
    secretPrefix: 'whsec_test',
  });
  for (const s of [
    { sku_code: 'T-BEAR', product_name: 'Teddy bear soft 30cm', gtin: '4006381333931' },
    { sku_code: 'T-CHARGER', product_name: '65W USB-C wall charger', brand: 'Voltix GmbH', model: 'VX65W-EU' },
    { sku_code: 'T-BATHSEAT', product_name: 'Bath seat for babies', gtin: '00012345678905', brand: 'BabyNest' },
    { sku_code: 'N-BEAR2', product_name: 'Plush bear', gtin: '4006381333948', brand: 'Kiddo', model: 'KB-2042' },
    { sku_code: 'N-BEARGTIN', product_name: 'Plush rabbit', gtin: '4006381333932' },
    { sku_code: 'D-KETTLE', product_name: 'Electric kettle', brand: 'Heatwell', model: 'HK-2000' },
  ])
    ids[s.sku_code] = (await catalogueSku(a, s)).id;
});

describe('importRecallFeed, listRecallAlerts, listRecallMatches, decideRecallMatch — Safety Gate weekly report', () => {
  it('reads the alerts with their week and evidence; strong matches by GTIN (any form) and brand + model', async () => {
    const res = await importFeed(a, 'safety_gate', WEEKLY, fixture(WEEKLY));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      alert_count: 8,
      created_count: 8,
      unchanged_count: 0,
      periods: ['2026-W47'],
    });
    const alerts = await call(alertsRoute, 'GET', '/api/recalls/alerts', {
      cookie: a.cookie,
      query: { period: '2026-W47' },
    });
    expect(alerts.body.data).toHaveLength(8);
    const bear = alerts.body.data.find((x: any) => x.reference === 'A12/00101/26');
    expect(bear).toMatchObject({ brand: 'Kiddo', model: 'KB-2041', risk_type: 'Choking', published_on: '2026-11-20' });
    expect(bear.pictures).toHaveLength(2);
    expect(bear.danger).toContain('eyes of the bear');
    const seat = alerts.body.data.find((x: any) => x.reference === 'A12/00104/26');
    expect(seat.gtins).toEqual(['00012345678905']); // "0 12345 67890 5" read as one GTIN

    const { data, counts } = await listMatches(a, { status: 'open' });
    const strong = data.filter((m) => m.strength === 'strong').map((m) => `${m.alert.reference} ${m.sku.sku_code}`);
    expect(strong.sort()).toEqual(['A12/00101/26 T-BEAR', 'A12/00102/26 T-CHARGER', 'A12/00104/26 T-BATHSEAT']);
    // Near misses and decoys are never strong.
    for (const code of ['N-BEAR2', 'N-BEARGTIN', 'D-KETTLE'])
      expect(data.filter((m) => m.sku.sku_code === code && m.strength === 'strong')).toEqual([]);
    expect(counts.open_strong).toBe(3);
    // Strong first; reasons side by side.
    expect(data[0].strength).toBe('strong');
    const byGtin = data.find((m) => m.sku.sku_code === 'T-BEAR');
    expect(byGtin.reasons[0]).toMatchObject({
      signal: 'gtin',
      alert_field: 'barcode',
      alert_value: '4006381333931',
      sku_field: 'gtin',
    });
    const byModel = data.find((m) => m.sku.sku_code === 'T-CHARGER');
    expect(byModel.reasons[0]).toMatchObject({ signal: 'brand_model', sku_value: 'Voltix GmbH · VX65W-EU' });
    expect(byModel.alert.measures).toContain('Ban on the marketing');

    const db = await getDb();
    const events = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.workspaceId, a.workspaceId), eq(webhookEvents.type, 'recall.match')));
    expect(events.length).toBe(data.length);
    expect(events.map((e) => e.data.sku_code)).toContain('T-BEAR');
  });

  it('reading the same report again changes nothing: every alert unchanged, no new match, no new event', async () => {
    const before = await listMatches(a);
    const res = await importFeed(a, 'safety_gate', 'again.xml', fixture(WEEKLY));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      alert_count: 8,
      created_count: 0,
      updated_count: 0,
      unchanged_count: 8,
      match_count: 0,
    });
    const after = await listMatches(a);
    expect(after.data.map((m) => m.id).sort()).toEqual(before.data.map((m) => m.id).sort());
    const db = await getDb();
    expect(await db.select().from(recallAlerts).where(eq(recallAlerts.workspaceId, a.workspaceId))).toHaveLength(8);
  });

  it('a decision needs a reason, is audited, is taken once and survives a changed alert re-read', async () => {
    const { data } = await listMatches(a, { status: 'open' });
    const weak = data.find((m) => m.strength === 'weak') ?? data.find((m) => m.sku.sku_code === 'T-BATHSEAT');
    expect((await decide(a, weak.id, 'dismiss', '')).status).toBe(400);
    const res = await decide(a, weak.id, 'dismiss', 'Another maker; our product has no such part.');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'dismissed',
      decision_reason: 'Another maker; our product has no such part.',
    });
    expectEnvelope(await decide(a, weak.id, 'confirm', 'Changed my mind'), 409, 'INVALID_STATE');
    const db = await getDb();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, a.workspaceId), eq(auditEvents.action, 'recall.match_dismissed')));
    expect(audit).toHaveLength(1);
    expect(audit[0].data).toMatchObject({ match_id: weak.id, reason: 'Another maker; our product has no such part.' });

    // The Commission updates the alert: it is re-read and matched again, the dismissal stands.
    const changed = Buffer.from(fixture(WEEKLY)).toString('utf8').replace('Serious risk', 'High risk');
    const res2 = await importFeed(a, 'safety_gate', 'corrected.xml', changed);
    expect(res2.body.data).toMatchObject({ updated_count: 1, unchanged_count: 7 });
    expect(
      (await call(matchRoute, 'GET', `/api/recalls/matches/${weak.id}`, { cookie: a.cookie, params: { id: weak.id } }))
        .body.data.status,
    ).toBe('dismissed');

    const bear = data.find((m) => m.sku.sku_code === 'T-BEAR');
    const ok = await decide(a, bear.id, 'confirm', 'Same GTIN on our label; batch L2407 was sold.');
    expect(ok.body.data.status).toBe('confirmed');
  });

  it('a SKU created after the alert is matched by the hourly job against the last year of alerts', async () => {
    const sku = await catalogueSku(a, {
      sku_code: 'LATE-GRINDER',
      product_name: 'Angle grinder',
      gtin: '5901234123457',
    });
    const db = await getDb();
    await queueNewSkuMatching(db, { now: new Date() });
    await settleJobs(a.workspaceId);
    const { data } = await listMatches(a, { sku_id: sku.id });
    expect(data.map((m) => [m.alert.reference, m.strength])).toEqual([['A12/00108/26', 'strong']]);
  });
});

describe('hostile feed files are refused, bounded, and store nothing', () => {
  const refused = async (name: string, body: Uint8Array | string, status: number, reason?: string) => {
    const u = await makeUser();
    const t0 = Date.now();
    const res = await importFeed(u, 'safety_gate', name, body);
    const ms = Date.now() - t0;
    if (reason)
      expect(
        expectEnvelope(res, status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNREADABLE_FILE').details?.reason,
      ).toBe(reason);
    else expect(res.status, res.text).toBe(status);
    const db = await getDb();
    expect(await db.select().from(recallAlerts).where(eq(recallAlerts.workspaceId, u.workspaceId))).toHaveLength(0);
    return { res, ms };
  };

  it('XXE: an external entity naming a local file is refused before parsing; the file never appears', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><weeklyReport><notifications><caseNumber>1</caseNumber><reference>R1</reference><product>&x;</product></notifications></weeklyReport>`;
    const { res } = await refused('xxe.xml', xxe, 422, 'doctype_refused');
    expect(res.text).not.toContain('root:');
  });

  it('billion laughs: refused at once, no expansion', async () => {
    const lol = ['<?xml version="1.0"?>', '<!DOCTYPE lolz [', '<!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i++) lol.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
    lol.push(
      ']><weeklyReport><notifications><reference>R</reference><product>&lol9;</product></notifications></weeklyReport>',
    );
    const { ms } = await refused('lol.xml', lol.join('\n'), 422, 'doctype_refused');
    expect(ms).toBeLessThan(10_000);
  });

  it('deep nesting (100,000 levels) is refused by the parser limit, without a stack overflow', async () => {
    const deep = `<a>`.repeat(100_000) + `</a>`.repeat(100_000);
    await refused('deep.xml', deep, 422, 'too_deep');
  });

  it('a file over the limit is refused while it arrives (413); not XML and no alerts are 422', async () => {
    const huge = new Uint8Array(26 * 1024 * 1024).fill(0x20);
    await refused('huge.xml', huge, 413);
    await refused('notes.xml', 'hello, this is not a report', 422, 'not_a_feed');
    await refused(
      'empty.xml',
      '<?xml version="1.0"?><weeklyReport><report_week>47</report_week></weeklyReport>',
      422,
      'not_a_feed',
    );
    await refused(
      'broken.xml',
      '<weeklyReport><notifications><reference>R</reference><product>x</notifications>',
      422,
      'not_well_formed',
    );
  });
});

describe('RappelConso export', () => {
  it('CSV: rows of one fiche are one alert with all its GTINs; a SKU with either GTIN matches; JSON of the same fiche updates it', async () => {
    const u = await makeUser();
    const sku = await catalogueSku(u, {
      sku_code: 'NIGHTLIGHT',
      product_name: 'Veilleuse lune',
      gtin: '4260000000028',
    });
    const res = await importFeed(u, 'rappelconso', 'rappelconso.csv', fixture('rappelconso-v2-2026-11.csv'));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ alert_count: 2, created_count: 2, periods: ['2026-W47'] });
    const alerts = await call(alertsRoute, 'GET', '/api/recalls/alerts', {
      cookie: u.cookie,
      query: { feed: 'rappelconso' },
    });
    const fiche = alerts.body.data.find((x: any) => x.reference === '2026-11-0101');
    expect(fiche.gtins.sort()).toEqual(['04260000000011', '04260000000028']);
    expect(fiche).toMatchObject({ brand: 'Dodo&Co', notifying_country: 'FR', published_on: '2026-11-18' });
    expect(fiche.measures).toBe('Ne plus utiliser le produit; Rapporter le produit au point de vente');
    const { data } = await listMatches(u);
    expect(data.map((m) => [m.sku.id, m.strength])).toEqual([[sku.id, 'strong']]);
    const again = await importFeed(u, 'rappelconso', 'rappelconso.json', fixture('rappelconso-v2-2026-11.json'));
    expect(again.body.data).toMatchObject({ alert_count: 1, created_count: 0, updated_count: 1 });
  });
});

describe('addRecallFeedSource, listRecallFeedSources, fetchRecallFeedSource — configured feed URL', () => {
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(fixture(WEEKLY)),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/weekly.xml`;
  });
  afterAll(async () => {
    process.env.ALLOW_LOOPBACK_FETCH = 'false';
    resetEnvCache();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('is read through the safe fetch: a private address is refused, an allowed one imported', async () => {
    const u = await makeUser();
    const add = await call(sourcesRoute, 'POST', '/api/recalls/feeds/sources', {
      cookie: u.cookie,
      body: { feed: 'safety_gate', url },
    });
    expect(add.status, add.text).toBe(201);
    const id = add.body.data.id;
    process.env.ALLOW_LOOPBACK_FETCH = 'false';
    resetEnvCache();
    expectEnvelope(
      await call(fetchRoute, 'POST', `/api/recalls/feeds/sources/${id}/fetch`, { cookie: u.cookie, params: { id } }),
      400,
      'URL_NOT_ALLOWED',
    );
    process.env.ALLOW_LOOPBACK_FETCH = 'true';
    resetEnvCache();
    const res = await call(fetchRoute, 'POST', `/api/recalls/feeds/sources/${id}/fetch`, {
      cookie: u.cookie,
      params: { id },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ source: 'url', alert_count: 8 });
    const list = await call(sourcesRoute, 'GET', '/api/recalls/feeds/sources', { cookie: u.cookie });
    expect(list.body.data[0]).toMatchObject({ last_status: 'ok', last_error: null });
  });
});

describe('getRecallMatch — tenant isolation and keys', () => {
  it("another workspace sees none of A's alerts or matches (404), a key needs recalls:read", async () => {
    const { data } = await listMatches(a);
    const id = data[0].id;
    expectEnvelope(
      await call(matchRoute, 'GET', `/api/recalls/matches/${id}`, { cookie: b.cookie, params: { id } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(await decide(b, id, 'dismiss', 'not mine'), 404, 'NOT_FOUND');
    expect((await listMatches(b)).data).toEqual([]);
    const noScope = await createKey(a, ['skus:read']);
    expectEnvelope(
      await call(matchRoute, 'GET', `/api/recalls/matches/${id}`, { bearer: noScope, params: { id } }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    const key = await createKey(a, ['recalls:read']);
    expect((await call(matchRoute, 'GET', `/api/recalls/matches/${id}`, { bearer: key, params: { id } })).status).toBe(
      200,
    );
  });
});

describe('deleteRecallFeedSource, rematchRecallAlerts; getRecallAlert, listRecallFeedImports, listRecallCases — feed URLs are removed; the catalogue is re-matched on demand', () => {
  it('DELETE removes a feed URL (404 for another workspace); rematch finds nothing new twice', async () => {
    const add = await call(sourcesRoute, 'POST', '/api/recalls/feeds/sources', {
      cookie: a.cookie,
      body: { feed: 'rappelconso', url: 'https://data.example/rappelconso.json' },
    });
    expect(add.status, add.text).toBe(201);
    const id = add.body.data.id;
    expectEnvelope(
      await call(sourceRoute, 'DELETE', `/api/recalls/feeds/sources/${id}`, { cookie: b.cookie, params: { id } }),
      404,
      'NOT_FOUND',
    );
    const del = await call(sourceRoute, 'DELETE', `/api/recalls/feeds/sources/${id}`, {
      cookie: a.cookie,
      params: { id },
    });
    expect(del.body.data).toEqual({ id, deleted: true });
    const first = await call(rematchRoute, 'POST', '/api/recalls/rematch', { cookie: a.cookie });
    expect(first.status, first.text).toBe(200);
    const again = await call(rematchRoute, 'POST', '/api/recalls/rematch', { cookie: a.cookie });
    expect(again.body.data).toEqual({ new_matches: 0 });
    const readings = await call(importsRoute, 'GET', '/api/recalls/feeds/imports', { cookie: a.cookie });
    expect(readings.body.data.map((r: any) => r.created_count)).toContain(8);
    expect((await call(casesRoute, 'GET', '/api/recalls/cases', { cookie: b.cookie })).body.data).toEqual([]);
    const alertId = (await listMatches(a)).data[0].alert.id;
    const alert = await call(alertRoute, 'GET', `/api/recalls/alerts/${alertId}`, {
      cookie: a.cookie,
      params: { id: alertId },
    });
    expect(alert.body.data.id).toBe(alertId);
    expectEnvelope(
      await call(alertRoute, 'GET', `/api/recalls/alerts/${alertId}`, { cookie: b.cookie, params: { id: alertId } }),
      404,
      'NOT_FOUND',
    );
  });
});
