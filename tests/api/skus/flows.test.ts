/**
 * Requirement flows end to end: a toy blocked until a valid EN 71 report is linked, a non-EU manufacturer
 * needing an EU responsible person, the deletion cascade (page 410, audit kept), and create → fill → link
 * → approve → publish → edit resetting approval while the page keeps its revision.
 */
import { describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as approveRoute from '@/app/api/skus/[id]/approve/route';
import * as exportRoute from '@/app/api/skus/[id]/export/route';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import * as waiversRoute from '@/app/api/skus/[id]/waivers/route';
import * as issuesRoute from '@/app/api/skus/[id]/review-issues/route';
import * as qrSvgRoute from '@/app/p/[publicId]/qr.svg/route';
import { getDb } from '@/lib/db/client';
import {
  auditEvents,
  blockerWaivers,
  documents,
  documentSkus,
  dossierValues,
  entities,
  jobRuns,
  publicPages,
  reviewIssues,
  skuEntities,
  skuRevisions,
  skus,
} from '@/lib/db/schema';
import { publicPageProxy } from '@/lib/publish/public-page-csp';
import { ApprovalBlockedDetails } from '@/lib/skus/schemas';
import { call, expectEnvelope, makeUser, ORIGIN, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import {
  addDocument,
  approve,
  CN_MANUFACTURER,
  createEntity,
  createSku,
  EU_MANUFACTURER,
  EU_RESPONSIBLE_PERSON,
  link,
  publish,
  readySku,
  setField,
  setFields,
  uniqueGtin,
  withTempBlobStore,
} from './fixtures';
import { renderPublicPage } from '../publish/page-harness';

vi.mock('next/headers', async () => {
  const { requestState } = await import('../publish/page-harness-state');
  return { headers: async () => requestState.headers };
});
vi.mock('next/server', () => ({ connection: async () => {} }));

useTestDatabase();
withTempBlobStore();

const detail = async (u: TestUser, id: string) =>
  (await call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, params: { id } })).body;
const openBlockers = (d: any) =>
  d.blockers.filter((b: any) => b.severity === 'blocker' && !b.waived).map((b: any) => b.code);

describe('requirement flows', () => {
  it('a toy without an EN 71 report is blocked; the data and a valid linked report clear it; an expired one counts as missing', async () => {
    const u = await makeUser();
    const toy = await createSku(u, {
      sku_code: 'TOY-71',
      product_name: 'Wooden stacking tower',
      gtin: uniqueGtin(),
      category_code: 'Spielzeug',
    });
    expect(toy.category_code).toBe('toys');
    const start = await detail(u, toy.id);
    expect(openBlockers(start)).toEqual(
      expect.arrayContaining([
        'TOY_EN71_REPORT_MISSING',
        'TOY_DOC_MISSING',
        'TOY_AGE_GRADING_MISSING',
        'TOY_CE_MARKING_MISSING',
        'MANUFACTURER_MISSING',
      ]),
    );

    await setFields(u, toy.id, {
      model_number: 'ST-5',
      product_image_url: 'https://images.example/st-5.jpg',
      product_description: 'Stacking tower of five beech rings.',
      target_markets: 'DE,AT',
      safety_warnings_de:
        'Achtung! Für Kinder unter 36 Monaten nicht geeignet. Erstickungsgefahr wegen verschluckbarer Kleinteile.',
      instructions_de: 'Mit einem feuchten Tuch reinigen.',
      age_grading: '3+',
      ce_marking: 'yes',
      // A wooden toy: not electric, so the EMC/RoHS/WEEE rules for electric toys do not apply (2012/19/EU Art. 14(4)).
      electrically_powered: 'no',
    });
    await link(u, toy.id, 'manufacturer', (await createEntity(u, EU_MANUFACTURER)).id);
    await addDocument(u, { skuIds: [toy.id], type: 'risk_assessment', filename: 'Risk assessment ST-5.pdf' });
    await addDocument(u, {
      skuIds: [toy.id],
      type: 'declaration_of_conformity',
      filename: 'DoC ST-5.pdf',
      references: ['Directive 2009/48/EC'],
    });
    expect(openBlockers(await detail(u, toy.id))).toEqual(['TOY_EN71_REPORT_MISSING']);
    const refused = expectEnvelope(
      await call(approveRoute, 'POST', `/api/skus/${toy.id}/approve`, { cookie: u.cookie, params: { id: toy.id } }),
      409,
      'APPROVAL_BLOCKED',
    );
    expect(refused.details.blockers.map((b: any) => b.code)).toEqual(['TOY_EN71_REPORT_MISSING']);
    // The SKU page reads the refusal's blockers with the same schema.
    expect(ApprovalBlockedDetails.safeParse(refused.details).success).toBe(true);

    // An expired EN 71 report counts as missing; a test report for another standard does not count.
    const expired = await addDocument(u, {
      skuIds: [toy.id],
      type: 'test_report',
      filename: 'EN 71 report 2019.pdf',
      references: ['EN 71-1:2014', 'EN 71-3:2019'],
      validUntil: '2022-12-31',
    });
    const withExpired = await detail(u, toy.id);
    expect(openBlockers(withExpired).sort()).toEqual(['DOCUMENT_EXPIRED', 'TOY_EN71_REPORT_MISSING']);
    expect(withExpired.blockers.find((b: any) => b.code === 'TOY_EN71_REPORT_MISSING').message).toContain('EN 71');
    await addDocument(u, {
      skuIds: [toy.id],
      type: 'test_report',
      filename: 'EMC report.pdf',
      references: ['EN IEC 62115:2020'],
    });
    expect(openBlockers(await detail(u, toy.id))).toContain('TOY_EN71_REPORT_MISSING');

    await addDocument(u, {
      skuIds: [toy.id],
      type: 'test_report',
      filename: 'EN 71 report 2025.pdf',
      references: ['EN 71-1:2014+A1:2018', 'EN 71-3:2019+A1:2021'],
      validUntil: '2099-12-31',
    });
    const cleared = await detail(u, toy.id);
    expect(openBlockers(cleared)).toEqual([]);
    // The old report is now only a warning: a current one is linked.
    expect(cleared.blockers.find((b: any) => b.code === 'DOCUMENT_EXPIRED')).toMatchObject({
      severity: 'warning',
      details: { document_id: expired.id },
    });
    const approved = await approve(u, toy.id);
    expect(approved.sku).toMatchObject({ approval_state: 'approved', approved_by: u.email });
  });

  it('a non-EU manufacturer needs an EU responsible person, shown on the published page', async () => {
    const u = await makeUser();
    // A product under the GPSR alone (a lamp would be electrical equipment, with the LVD/EMC/RoHS rules).
    const sku = await createSku(u, { sku_code: 'CN-1', product_name: 'Bamboo desk organiser', gtin: uniqueGtin() });
    await setFields(u, sku.id, {
      model_number: 'DL-9',
      product_image_url: 'https://images.example/dl-9.jpg',
      product_description: 'Desk organiser made of bamboo, three compartments.',
      target_markets: 'DE',
      safety_warnings_de: 'Nicht direkt in die Lichtquelle blicken.',
      // GPSR Art. 9(7): instructions in the market's language (or the answer that none are needed).
      instructions_de: 'USB-Kabel anschließen; zum Ausschalten Taste drücken.',
    });
    await link(u, sku.id, 'manufacturer', (await createEntity(u, CN_MANUFACTURER)).id);
    await addDocument(u, { skuIds: [sku.id], type: 'risk_assessment' });
    expect(openBlockers(await detail(u, sku.id))).toEqual(['EU_RESPONSIBLE_PERSON_MISSING']);
    await link(u, sku.id, 'responsible_person', (await createEntity(u, EU_RESPONSIBLE_PERSON)).id);
    expect(openBlockers(await detail(u, sku.id))).toEqual([]);
    await approve(u, sku.id);
    const pub = await publish(u, sku.id);
    const { html } = await renderPublicPage(pub.body.output.public_id, { acceptLanguage: 'de' });
    expect(html).toContain('EU Rep Services B.V.');
    expect(html).toContain('Keizersgracht 1');
    expect(html).toContain('Shenzhen Bright Toys Co., Ltd.');
  });
});

describe('deletion cascade', () => {
  it('removes the SKU and its own records; shared documents stay; the public page answers 410; the audit record remains', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const sibling = await readySku(u);
    const id = sku.id;
    await setField(u, id, 'target_markets', 'DE,FR');
    // GPSR Art. 9(7) exception: a cutting board is safe without instructions, so none are needed in French.
    await setField(u, id, 'instructions_needed', 'no');
    await call(waiversRoute, 'POST', `/api/skus/${id}/waivers`, {
      cookie: u.cookie,
      params: { id },
      body: { code: 'WARNINGS_MISSING_FOR_LANGUAGE', reason: 'FR by distributor' },
    });
    await call(suggestionsRoute, 'POST', `/api/skus/${id}/dossier/suggestions`, {
      cookie: u.cookie,
      params: { id },
      body: { suggestions: [{ field_key: 'hs_code', value: '441900', source: 'ai_suggestion' }] },
    });
    const own = await addDocument(u, { skuIds: [id], type: 'manual', filename: 'own manual.pdf', isPublic: true });
    const shared = await addDocument(u, {
      skuIds: [id, sibling.id],
      type: 'test_report',
      filename: 'shared report.pdf',
    });
    const sharedByJoin = await addDocument(u, {
      skuIds: [sibling.id, id],
      type: 'certificate',
      filename: 'shared cert.pdf',
      validUntil: '2099-01-01',
    });
    await approve(u, id);
    const pub = await publish(u, id);
    const publicId = pub.body.output.public_id as string;
    await call(issuesRoute, 'POST', `/api/skus/${id}/review-issues`, {
      cookie: u.cookie,
      params: { id },
      body: { message: 'late remark' },
    });
    const db = await getDb();
    const countFor = async () => ({
      values: Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(dossierValues)
            .where(eq(dossierValues.skuId, id))
        )[0].n,
      ),
      links: Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(skuEntities)
            .where(eq(skuEntities.skuId, id))
        )[0].n,
      ),
      waivers: Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(blockerWaivers)
            .where(eq(blockerWaivers.skuId, id))
        )[0].n,
      ),
      issues: Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(reviewIssues)
            .where(eq(reviewIssues.skuId, id))
        )[0].n,
      ),
      revisions: Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(skuRevisions)
            .where(eq(skuRevisions.skuId, id))
        )[0].n,
      ),
      docLinks: Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(documentSkus)
            .where(eq(documentSkus.skuId, id))
        )[0].n,
      ),
    });
    const before = await countFor();
    expect(before.values).toBeGreaterThan(8);
    expect(before).toMatchObject({ links: 1, waivers: 1, issues: 1, revisions: 1 });
    // The three documents added here are linked (readySku's own evidence may add more links).
    const linked = await db
      .select({ documentId: documentSkus.documentId })
      .from(documentSkus)
      .where(eq(documentSkus.skuId, id));
    expect(linked.map((l) => l.documentId)).toEqual(expect.arrayContaining([own.id, shared.id, sharedByJoin.id]));

    const del = await call(skuRoute, 'DELETE', `/api/skus/${id}`, { cookie: u.cookie, params: { id } });
    expect(del.body).toEqual({ success: true, deleted_id: id });
    expect(await countFor()).toEqual({ values: 0, links: 0, waivers: 0, issues: 0, revisions: 0, docLinks: 0 });
    expect(await db.select().from(skus).where(eq(skus.id, id))).toEqual([]);

    // Documents stay in the vault; the shared ones still serve the sibling.
    const docs = await db
      .select()
      .from(documents)
      .where(inArray(documents.id, [own.id, shared.id, sharedByJoin.id]));
    expect(docs).toHaveLength(3);
    const siblingExport = await call(exportRoute, 'GET', `/api/skus/${sibling.id}/export`, {
      cookie: u.cookie,
      params: { id: sibling.id },
    });
    expect(siblingExport.body.documents.map((d: any) => d.filename).sort()).toEqual([
      'Risk assessment CB-200.pdf',
      'shared cert.pdf',
      'shared report.pdf',
    ]);
    // The entity stays too (it may serve other SKUs).
    expect(await db.select().from(entities).where(eq(entities.workspaceId, u.workspaceId))).toHaveLength(2);
    // Queued work for the SKU was cancelled.
    const jobs = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.subjectType, 'sku'), eq(jobRuns.subjectId, id)));
    expect(jobs.every((j) => j.status !== 'queued' && j.status !== 'running')).toBe(true);

    // The public page is withdrawn: 410 everywhere.
    const [page] = await db.select().from(publicPages).where(eq(publicPages.publicId, publicId));
    expect(page.withdrawnAt).not.toBeNull();
    const proxied = await publicPageProxy(new Request(`${ORIGIN}/p/${publicId}`), { db });
    expect(proxied.kind === 'respond' && proxied.response.status).toBe(410);
    expectEnvelope(await call(qrSvgRoute, 'GET', `/p/${publicId}/qr.svg`, { params: { publicId } }), 410, 'GONE');
    const rendered = await renderPublicPage(publicId, { acceptLanguage: 'en' });
    expect(rendered.html).toContain('This product page was withdrawn');

    // The audit trail remains, including the deletion itself.
    const trail = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, u.workspaceId), eq(auditEvents.targetId, id)));
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining(['sku.created', 'sku.approved', 'sku.published', 'sku.deleted']),
    );
    expect(trail.find((e) => e.action === 'sku.deleted')?.data).toMatchObject({
      sku_code: sku.sku_code,
      public_id: publicId,
    });
    expectEnvelope(
      await call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: u.cookie, params: { id } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the whole path', () => {
  it('create → fill → link → approve → publish → page in de and en → edit resets approval, the page keeps the old revision', async () => {
    const u = await makeUser();
    const sku = await createSku(u, {
      sku_code: 'PATH-1',
      product_name: 'Kinder-Trinkflasche',
      gtin: uniqueGtin(),
      category_code: 'general',
    });
    expect((await detail(u, sku.id)).status).toBe('blocked');
    await setFields(u, sku.id, {
      model_number: 'TF-350',
      brand: 'Aqua',
      product_image_url: 'https://images.example/tf-350.jpg',
      product_description: 'Drinking bottle, 350 ml, stainless steel.',
      target_markets: 'DE,AT',
      safety_warnings_de: 'Nicht für heiße Getränke verwenden.',
      safety_warnings_en: 'Do not use for hot drinks.',
      instructions_de: 'Vor Gebrauch ausspülen.',
    });
    await link(u, sku.id, 'manufacturer', (await createEntity(u, CN_MANUFACTURER)).id);
    await link(u, sku.id, 'importer', (await createEntity(u, { ...EU_MANUFACTURER, name: 'Import Nord GmbH' })).id);
    await addDocument(u, { skuIds: [sku.id], type: 'risk_assessment' });
    await addDocument(u, {
      skuIds: [sku.id],
      type: 'manual',
      filename: 'Anleitung.pdf',
      isPublic: true,
      language: 'de',
    });
    const ready = await detail(u, sku.id);
    expect(openBlockers(ready)).toEqual([]);
    expect(ready.status).toBe('needs_review');
    await approve(u, sku.id);
    const pub = await publish(u, sku.id);
    expect(pub.status, pub.text).toBe(200);
    expect(pub.body.revision).toBe(1);
    const publicId = pub.body.output.public_id as string;
    expect((await detail(u, sku.id)).status).toBe('published');

    const de = await renderPublicPage(publicId, { acceptLanguage: 'de-DE,de;q=0.9' });
    expect(de.html).toContain('<main lang="de"');
    expect(de.html).toContain('Nicht für heiße Getränke verwenden.');
    expect(de.html).toContain('Vor Gebrauch ausspülen.');
    expect(de.html).toContain('Anleitung.pdf');
    // The importer established in the EU is shown as the EU operator for a non-EU manufacturer.
    expect(de.html).toContain('Import Nord GmbH');
    const en = await renderPublicPage(publicId, { lang: 'en' });
    expect(en.html).toContain('<main lang="en"');
    expect(en.html).toContain('Do not use for hot drinks.');
    expect(en.html).toContain('Product identification');
    expect(en.metadata.title).toEqual({ absolute: 'Kinder-Trinkflasche – Product safety information' });

    // An edit after publishing resets the approval; the page still shows revision 1.
    await setField(u, sku.id, 'safety_warnings_en', 'Do not use for hot or carbonated drinks.');
    const afterEdit = await detail(u, sku.id);
    expect(afterEdit.sku.approval_state).toBe('pending');
    expect(afterEdit.status).not.toBe('published');
    expect(afterEdit.sku.published_revision).toBe(1);
    const still = await renderPublicPage(publicId, { lang: 'en' });
    expect(still.html).toContain('Do not use for hot drinks.');
    expect(still.html).not.toContain('carbonated');
    expectEnvelope(await publish(u, sku.id), 409, 'NOT_APPROVED');

    // Approve again and publish: revision 2 is what the page shows now.
    await approve(u, sku.id);
    const pub2 = await publish(u, sku.id);
    expect(pub2.body.revision).toBe(2);
    expect(pub2.body.public_url).toBe(pub.body.public_url);
    const now = await renderPublicPage(publicId, { lang: 'en' });
    expect(now.html).toContain('carbonated');
    expect(now.html).toContain('revision 2');
  });
});
