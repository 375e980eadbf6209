/**
 * A recall carried out end to end through the route handlers on a real database: a confirmed match (an
 * unconfirmed one is refused) opens a case on the SKU and its batches; the SKU's market status becomes
 * recalled (its compliance status is unchanged) and exports leave it out by default; the notice is
 * drafted in the languages of the SKU's markets (de, fr; a market without a template gets the English
 * text marked missing and publishing is refused until it is translated), edited, checked for wording
 * GPSR Art. 36(3) forbids, published, shown by the public page's /recall status; the Safety Business
 * Gateway pack holds every section and renders as a PDF; delisting files come per channel; the supplier
 * is asked through outreach; the case is closed with its outcome; every step is in the audit log and
 * sku.recalled is a webhook event. Viewers and editors cannot open a case; another workspace gets 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import * as casesRoute from '@/app/api/recalls/cases/route';
import * as caseRoute from '@/app/api/recalls/cases/[id]/route';
import * as noticeRoute from '@/app/api/recalls/cases/[id]/notice/route';
import * as publishNoticeRoute from '@/app/api/recalls/cases/[id]/notice/publish/route';
import * as closeRoute from '@/app/api/recalls/cases/[id]/close/route';
import * as sbgRoute from '@/app/api/recalls/cases/[id]/sbg/route';
import * as sbgPdfRoute from '@/app/api/recalls/cases/[id]/sbg.pdf/route';
import * as delistRoute from '@/app/api/recalls/cases/[id]/delisting/[channel]/route';
import * as supplierRoute from '@/app/api/recalls/cases/[id]/supplier-request/route';
import * as publicRecallRoute from '@/app/p/[publicId]/recall/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, webhookEndpoints, webhookEvents } from '@/lib/db/schema';
import { splitByApproval } from '@/lib/exports/approved-scope';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { startSmtp } from '../outreach/helpers';
import { addMember } from '../team/helpers';
import { approve, publish, readySku, setFields, uniqueGtin, withTempBlobStore } from '../skus/fixtures';
import { decide, importFeed, listMatches } from './helpers';

useTestDatabase();
withTempBlobStore();

let owner: TestUser;
let sku: { id: string; sku_code: string };
let publicId: string;
let caseId: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const gtin = uniqueGtin();

const weekly = (gtin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<weeklyReport><report_date>20/11/2026</report_date><report_year>2026</report_year><report_week>47</report_week>
<notifications><caseNumber>2001</caseNumber><reference>A12/09001/26</reference><category>Kitchen equipment</category>
<product>Cutting board</product><brand>Holzwerk</brand><name>Bamboo cutting board</name><type_numberOfModel>CB-200</type_numberOfModel>
<batchNumber>B-11</batchNumber><barcode>${gtin}</barcode><riskType>Chemical</riskType>
<danger>The board releases formaldehyde into food (measured: 30 mg/kg).</danger><measures>Recall of the product from end users</measures>
<notifyingCountry>Germany</notifyingCountry><countryOfOrigin>China</countryOfOrigin><type>Consumer</type><level>Serious risk</level>
<pictures><picture>https://ec.europa.eu/safety-gate-alerts/public/api/notification/image/1</picture></pictures></notifications>
</weeklyReport>`;

beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
  owner = await makeUser({ plan: 'pro' });
  sku = await readySku(owner, { sku_code: 'CB-RECALL', product_name: 'Bamboo cutting board', gtin });
  await setFields(owner, sku.id, {
    target_markets: 'DE, FR, PL',
    safety_warnings_fr: 'Ne pas mettre au lave-vaisselle. Tenir éloigné des sources de chaleur.',
    safety_warnings_pl: 'Nie myć w zmywarce. Trzymać z dala od źródeł ciepła.',
    instructions_fr: 'Huiler avant la première utilisation.',
    instructions_pl: 'Przed pierwszym użyciem natrzeć olejem.',
  });
  await approve(owner, sku.id);
  const pub = await publish(owner, sku.id);
  expect(pub.status, pub.text).toBe(200);
  publicId = String(pub.body.public_url).split('/p/')[1].split(/[?#/]/)[0];
  const db = await getDb();
  await db.insert(webhookEndpoints).values({
    workspaceId: owner.workspaceId,
    url: 'https://hooks.example/recalls',
    events: ['sku.recalled', 'recall.match'],
    secret: 'whsec_test',
    secretPrefix: 'whsec_test',
  });
});
afterAll(async () => smtp.close());

describe('editRecallNotice, publishRecallNotice; getRecallSbgPack, getRecallSbgPackPdf; getRecallDelistingFile, askRecallSupplier, closeRecallCase — a recall carried out', () => {
  it('an unconfirmed match opens no case; a confirmed one opens it on the SKU and its batch, market status recalled', async () => {
    const res = await importFeed(owner, 'safety_gate', 'w47.xml', weekly(gtin));
    expect(res.status, res.text).toBe(201);
    const [m] = (await listMatches(owner)).data;
    expect(m).toMatchObject({ strength: 'strong', sku: { id: sku.id } });
    expectEnvelope(
      await call(casesRoute, 'POST', '/api/recalls/cases', {
        cookie: owner.cookie,
        body: { action: 'recall', reason: 'Formaldehyde', match_ids: [m.id] },
      }),
      409,
      'INVALID_STATE',
    );
    expect((await decide(owner, m.id, 'confirm', 'Our board: same GTIN and model, batch B-11 sold.')).status).toBe(200);
    const opened = await call(casesRoute, 'POST', '/api/recalls/cases', {
      cookie: owner.cookie,
      body: {
        action: 'recall',
        reason: 'Safety Gate A12/09001/26 names our board.',
        match_ids: [m.id],
        skus: [{ sku_id: sku.id, batches: ['B-11'] }],
      },
    });
    expect(opened.status, opened.text).toBe(201);
    const c = opened.body.data;
    caseId = c.id;
    expect(c).toMatchObject({
      action: 'recall',
      status: 'open',
      origin: 'match',
      alert: { reference: 'A12/09001/26' },
    });
    expect(c.skus).toEqual([
      expect.objectContaining({ id: sku.id, batches: ['B-11'], market_status: 'recalled', public_id: publicId }),
    ]);
    expect(c.hazard).toContain('formaldehyde');
    // The compliance status is untouched; exports leave the SKU out by default.
    const db = await getDb();
    const split = await splitByApproval(db, { workspaceId: owner.workspaceId, ids: [sku.id] });
    expect(split.kept).toEqual([]);
    expect(split.notApproved).toEqual([{ sku_id: sku.id, sku_code: 'CB-RECALL', reason: 'recalled' }]);
    const events = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.workspaceId, owner.workspaceId), eq(webhookEvents.type, 'sku.recalled')));
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ sku_id: sku.id, case_id: caseId });
  });

  it('the notice is drafted per market language; the missing template is said and blocks publishing until translated', async () => {
    const c = (
      await call(caseRoute, 'GET', `/api/recalls/cases/${caseId}`, { cookie: owner.cookie, params: { id: caseId } })
    ).body.data;
    expect(Object.keys(c.notice.languages).sort()).toEqual(['de', 'fr', 'pl']);
    expect(c.notice.languages.de.title).toContain('Produktsicherheitsrückruf');
    expect(c.notice.languages.de.body).toContain('B-11');
    expect(c.notice.languages.fr.body).toContain('Cessez immédiatement');
    expect(c.notice.languages.pl).toMatchObject({ missing_template: true, generated_from: 'en' });
    expect(c.notice.languages.pl.body).toContain('No template in Polish (pl)');
    const refused = expectEnvelope(
      await call(publishNoticeRoute, 'POST', `/api/recalls/cases/${caseId}/notice/publish`, {
        cookie: owner.cookie,
        params: { id: caseId },
      }),
      409,
      'INVALID_STATE',
    );
    expect(refused.details.missing_languages).toEqual(['pl']);
    // Wording the regulation forbids is flagged on the edited text.
    const edited = await call(noticeRoute, 'PUT', `/api/recalls/cases/${caseId}/notice`, {
      cookie: owner.cookie,
      params: { id: caseId },
      body: {
        language: 'pl',
        title: 'Wycofanie produktu: deska do krojenia',
        body: 'Dobrowolny rappel, precautionary.',
      },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.notice.languages.pl.warnings.join(' ')).toContain('precautionary');
    await call(noticeRoute, 'PUT', `/api/recalls/cases/${caseId}/notice`, {
      cookie: owner.cookie,
      params: { id: caseId },
      body: {
        language: 'pl',
        title: 'Wycofanie produktu: deska do krojenia',
        body: 'Natychmiast przestań używać produktu. Zwrot pieniędzy.',
      },
    });
    // Not public before publishing.
    const before = await call(publicRecallRoute, 'GET', `/p/${publicId}/recall`, { params: { publicId } });
    expect(before.body).toMatchObject({ recall_status: 'recalled', notice: null });
    const pub = await call(publishNoticeRoute, 'POST', `/api/recalls/cases/${caseId}/notice/publish`, {
      cookie: owner.cookie,
      params: { id: caseId },
    });
    expect(pub.status, pub.text).toBe(200);
    const after = await call(publicRecallRoute, 'GET', `/p/${publicId}/recall`, { params: { publicId } });
    expect(after.body.notice.de.title).toContain('Produktsicherheitsrückruf');
    expectEnvelope(
      await call(noticeRoute, 'PUT', `/api/recalls/cases/${caseId}/notice`, {
        cookie: owner.cookie,
        params: { id: caseId },
        body: { language: 'de', title: 'x', body: 'y' },
      }),
      409,
      'INVALID_STATE',
    );
  });

  it('the SBG pack has every section, missing fields marked; it renders as a PDF; delisting files per channel', async () => {
    const pack = (
      await call(sbgRoute, 'GET', `/api/recalls/cases/${caseId}/sbg`, { cookie: owner.cookie, params: { id: caseId } })
    ).body.data;
    expect(pack.sections.map((s: any) => s.key)).toEqual([
      'authorities',
      'notifier',
      'product',
      'hazard',
      'measures',
      'supply_chain',
    ]);
    const all = Object.fromEntries(pack.sections.flatMap((s: any) => s.fields.map((f: any) => [f.key, f])));
    expect(all.member_states.value).toBe('DE, FR, PL');
    expect(all.model.value).toBe('CB-200');
    expect(all.measure.value).toBe('Recall of the product from end users');
    expect(all.quantity).toMatchObject({ missing: true, value: null });
    expect(pack.missing_count).toBeGreaterThan(0);
    const pdf = await call(sbgPdfRoute, 'GET', `/api/recalls/cases/${caseId}/sbg.pdf`, {
      cookie: owner.cookie,
      params: { id: caseId },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    const amazon = await call(delistRoute, 'GET', `/api/recalls/cases/${caseId}/delisting/amazon_eu`, {
      cookie: owner.cookie,
      params: { id: caseId, channel: 'amazon_eu' },
    });
    expect(amazon.status).toBe(200);
    expect(amazon.text).toContain('sku,product-id,product-id-type,update_delete');
    expect(amazon.text).toContain('CB-RECALL');
    expect(amazon.text).toContain('Delete');
    const ebay = await call(delistRoute, 'GET', `/api/recalls/cases/${caseId}/delisting/ebay`, {
      cookie: owner.cookie,
      params: { id: caseId, channel: 'ebay' },
    });
    expect(ebay.text).toContain('End,CB-RECALL,NotAvailable');
    expect(
      (
        await call(delistRoute, 'GET', `/api/recalls/cases/${caseId}/delisting/shopify`, {
          cookie: owner.cookie,
          params: { id: caseId, channel: 'shopify' },
        })
      ).status,
    ).toBe(404);
  });

  it('the supplier is asked through outreach; the case closes with its outcome; every step is audited', async () => {
    const asked = await call(supplierRoute, 'POST', `/api/recalls/cases/${caseId}/supplier-request`, {
      cookie: owner.cookie,
      params: { id: caseId },
      body: {},
    });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.data.supplier_request_id).toBeTruthy();
    const mail = smtp.mails.at(-1)!;
    expect(mail.parsed.subject).toContain('Product recall: Bamboo cutting board');
    expect(mail.parsed.text).toContain('Root cause and corrective action');
    const closed = await call(closeRoute, 'POST', `/api/recalls/cases/${caseId}/close`, {
      cookie: owner.cookie,
      params: { id: caseId },
      body: { outcome: '412 of 500 units returned and refunded; batch B-11 destroyed.' },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      outcome: '412 of 500 units returned and refunded; batch B-11 destroyed.',
    });
    expectEnvelope(
      await call(closeRoute, 'POST', `/api/recalls/cases/${caseId}/close`, {
        cookie: owner.cookie,
        params: { id: caseId },
        body: { outcome: 'again' },
      }),
      409,
      'INVALID_STATE',
    );
    const db = await getDb();
    const actions = (
      await db
        .select({ a: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.workspaceId, owner.workspaceId), like(auditEvents.action, 'recall.%')))
    ).map((r) => r.a);
    for (const a of [
      'recall.feed_imported',
      'recall.match_confirmed',
      'recall.case_opened',
      'recall.notice_edited',
      'recall.notice_published',
      'recall.sbg_pack_downloaded',
      'recall.delisting_file',
      'recall.supplier_asked',
      'recall.case_closed',
    ])
      expect(actions, a).toContain(a);
  });
});

describe('openRecallCase, getRecallCase — who may carry a recall out', () => {
  it('an editor cannot open a case (403 INSUFFICIENT_ROLE); another workspace gets 404 for the case', async () => {
    const editor = await addMember(owner, 'editor');
    expectEnvelope(
      await call(casesRoute, 'POST', '/api/recalls/cases', {
        cookie: editor.cookie,
        body: { action: 'withdrawal', reason: 'test', skus: [{ sku_id: sku.id }] },
      }),
      403,
      'INSUFFICIENT_ROLE',
    );
    const other = await makeUser();
    expectEnvelope(
      await call(caseRoute, 'GET', `/api/recalls/cases/${caseId}`, { cookie: other.cookie, params: { id: caseId } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(casesRoute, 'POST', '/api/recalls/cases', {
        cookie: other.cookie,
        body: { action: 'withdrawal', reason: 'not mine', skus: [{ sku_id: sku.id }] },
      }),
      404,
      'NOT_FOUND',
    );
  });
});
