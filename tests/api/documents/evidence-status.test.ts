/**
 * Issue 33: a document counts as a SKU's evidence only when it is about that SKU. Each document-SKU link
 * has an evidence status (proposed, accepted, rejected, about_another_product) decided by one rule
 * (lib/evidence/status.ts); only an accepted link satisfies a document requirement. Held true
 * here against the real routes, the extraction job and the database (PGlite, or Postgres with
 * DATABASE_URL): the reported cases, the rule's exceptions, and decisions racing each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auditRoute from '@/app/api/audit-events/route';
import * as docRoute from '@/app/api/documents/[id]/route';
import * as linkRoute from '@/app/api/documents/[id]/skus/[skuId]/route';
import * as decisionRoute from '@/app/api/skus/[id]/documents/[documentId]/decision/route';
import * as skuDocsRoute from '@/app/api/skus/[id]/documents/route';
import * as rejectRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/reject/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as uploadLinkRoute from '@/app/api/supplier-email/upload/[token]/route';
import * as requestDocRoute from '@/app/api/supplier-email/requests/[id]/documents/[documentId]/route';
import { getDb } from '@/lib/db/client';
import { setDossierValue } from '@/lib/dossier/service';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { dossier, pdfOf } from '../extraction/helpers';
import { sendDefault, startSmtp, tokenOf, toySku } from '../outreach/helpers';
import { withTempBlobStore } from '../skus/fixtures';
import { createSku, form, settleJobs, upload } from './helpers';

useTestDatabase();
withTempBlobStore();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
});
afterAll(async () => {
  await smtp.close();
});

const actorOf = (u: TestUser) => ({ userId: u.id, apiKeyId: null, label: u.email });

async function setField(u: TestUser, skuId: string, fieldKey: string, value: string) {
  await setDossierValue(await getDb(), { workspaceId: u.workspaceId, actor: actorOf(u), skuId, fieldKey, value });
}

/** A 230 V desk lamp with its maker and model confirmed. */
async function deskLamp(u: TestUser, code = `LAMP-${crypto.randomUUID().slice(0, 6)}`, extra = {}) {
  const sku = await createSku(u, code, { category_code: 'electrical', product_name: 'Desk lamp 230 V', ...extra });
  await setField(u, sku.id, 'manufacturer_name', 'Leuchtenwerk Berger GmbH');
  await setField(u, sku.id, 'model_number', 'DL-230');
  await setField(u, sku.id, 'rated_voltage', '230 V');
  return sku;
}

function declaration(lines: { maker: string; model?: string; gtin?: string; product?: string; directive?: string }) {
  return pdfOf(
    [
      'EU Declaration of Conformity',
      `Manufacturer: ${lines.maker}`,
      `Product: ${lines.product ?? 'Desk lamp'}`,
      ...(lines.model ? [`Model: ${lines.model}`] : []),
      ...(lines.gtin ? [`GTIN: ${lines.gtin}`] : []),
      'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
      `The object of the declaration is in conformity with ${lines.directive ?? 'Directive 2014/35/EU and Directive 2014/30/EU'}.`,
      'Harmonised standards applied: EN 60598-1:2015, EN 55015:2019',
      'Place and date of issue: Munich, 02.11.2023',
    ].join('\n'),
  );
}

const PANDA = 'Shenzhen Panda Lighting Co., Ltd., 88 Keji Road, 518000 Shenzhen, China';
const BERGER = 'Leuchtenwerk Berger GmbH, Lampenweg 3, 80331 München, Germany';

async function uploadTo(
  u: TestUser,
  skuId: string,
  name: string,
  bytes: Uint8Array,
  type = 'declaration_of_conformity',
) {
  const res = await upload(u, [[name, bytes, 'application/pdf']], { sku_id: skuId, document_type: type });
  expect(res.body?.results?.[0]?.status, res.text).toBe('uploaded');
  return res.body.results[0].document_id as string;
}

const blockers = async (u: TestUser, skuId: string) =>
  (await call(skuRoute, 'GET', `/api/skus/${skuId}`, { cookie: u.cookie, params: { id: skuId } })).body.blockers as {
    code: string;
    key: string;
    message: string;
    legal_basis?: string;
    details?: any;
  }[];
const codes = async (u: TestUser, skuId: string) => (await blockers(u, skuId)).map((b) => b.code);

async function linkOf(u: TestUser, skuId: string, documentId: string) {
  const res = await call(skuDocsRoute, 'GET', `/api/skus/${skuId}/documents`, {
    cookie: u.cookie,
    params: { id: skuId },
  });
  expect(res.status, res.text).toBe(200);
  const doc = (res.body.documents as any[]).find((d) => d.id === documentId);
  return doc?.skus.find((s: any) => s.id === skuId) ?? null;
}

const decide = (u: TestUser, skuId: string, documentId: string, decision: 'accept' | 'reject', reason?: string) =>
  call(decisionRoute, 'POST', `/api/skus/${skuId}/documents/${documentId}/decision`, {
    cookie: u.cookie,
    params: { id: skuId, documentId },
    body: { decision, ...(reason ? { reason } : {}) },
  });

async function rejectSuggestions(u: TestUser, skuId: string, documentId: string, keys: string[]) {
  for (const f of await dossier(u, skuId)) {
    if (!keys.includes(f.field_key)) continue;
    for (const s of f.suggestions.filter((x) => x.provenance.document_id === documentId)) {
      const res = await call(rejectRoute, 'POST', `/api/skus/${skuId}/dossier/values/${s.id}/reject`, {
        cookie: u.cookie,
        params: { id: skuId, valueId: s.id },
        body: {},
      });
      expect(res.status, res.text).toBeLessThan(300);
    }
  }
}

const auditEvents = async (u: TestUser, prefix: string) =>
  (
    await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: u.cookie,
      query: { action_prefix: prefix, limit: '100' },
    })
  ).body.events as { action: string; target_id: string; data: any; actor_label?: string }[];

describe('the reported cases', () => {
  it('a DoC of "PAN-C v2" by another maker linked to a 230 V desk lamp is about another product: ELECTRICAL_DOC_MISSING stays, the blocker names both, no field conflict', async () => {
    const u = await makeUser();
    const lamp = await deskLamp(u);
    const id = await uploadTo(u, lamp.id, 'DoC PAN-C v2.pdf', await declaration({ maker: PANDA, model: 'PAN-C v2' }));
    await settleJobs(u.workspaceId);

    const link = await linkOf(u, lamp.id, id);
    expect(link).toMatchObject({
      evidence_status: 'about_another_product',
      link_origin: 'person',
      decided_by: 'Evidence rule',
    });
    expect(link.evidence_facts.contradictions.map((c: any) => c.field_key).sort()).toEqual([
      'manufacturer_name',
      'model_number',
    ]);
    const list = await blockers(u, lamp.id);
    expect(list.map((b) => b.code)).toContain('ELECTRICAL_DOC_MISSING');
    expect(list.map((b) => b.code)).not.toContain('EXTRACTION_CONFLICT_OPEN');
    const about = list.find((b) => b.code === 'DOCUMENT_ABOUT_ANOTHER_PRODUCT')!;
    expect(about.key).toBe(`DOCUMENT_ABOUT_ANOTHER_PRODUCT:${id}`);
    expect(about.message).toContain('this document says model');
    expect(about.message).toContain('by Shenzhen Panda Lighting Co., Ltd.');
    expect(about.message).toContain('the SKU is model DL-230 by Leuchtenwerk Berger GmbH');
    expect(about.legal_basis).toContain('Regulation (EU) 2023/988 (GPSR) Art. 9(2)');
    expect(list.find((b) => b.code === 'ELECTRICAL_DOC_MISSING')!.message).toContain('about another product');

    // The manager rejects the document's maker and model: it stays about another product, now by a person.
    await rejectSuggestions(u, lamp.id, id, ['manufacturer_name', 'model_number']);
    expect(await codes(u, lamp.id)).toContain('ELECTRICAL_DOC_MISSING');
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'about_another_product' });
  });

  it('the same DoC on a lamp whose maker and model are not recorded yet: proposed, and rejecting its model makes it about another product', async () => {
    const u = await makeUser();
    const lamp = await createSku(u, 'LAMP-BARE', { category_code: 'electrical', product_name: 'Desk lamp 230 V' });
    const id = await uploadTo(u, lamp.id, 'DoC.pdf', await declaration({ maker: PANDA, model: 'PAN-C v2' }));
    await settleJobs(u.workspaceId);
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'proposed' });
    expect(await codes(u, lamp.id)).toContain('ELECTRICAL_DOC_MISSING');

    await rejectSuggestions(u, lamp.id, id, ['model_number']);
    const link = await linkOf(u, lamp.id, id);
    expect(link.evidence_status).toBe('about_another_product');
    expect(link.evidence_reason).toContain(`${u.email} rejected this document's model number`);
    expect(link.decided_by).toBe(u.email);
    expect(await codes(u, lamp.id)).toEqual(
      expect.arrayContaining(['ELECTRICAL_DOC_MISSING', 'DOCUMENT_ABOUT_ANOTHER_PRODUCT']),
    );
  });

  it('a risk assessment for model "GT-TOY-00026" does not clear RISK_ASSESSMENT_MISSING on a teddy bear', async () => {
    const u = await makeUser();
    await createSku(u, 'GT-TOY-00026', { product_name: 'Rocking horse' });
    const bear = await createSku(u, 'GT-TOY-00025', { product_name: 'Teddy bear' });
    const text = [
      'Risk assessment',
      'Manufacturer: Acme Toys GmbH, Industriestraße 5, 59063 Hamm, Germany',
      'Product: Rocking horse',
      'Model: GT-TOY-00026',
      'Hazards assessed: small parts, seams, filling',
    ].join('\n');
    const id = await uploadTo(u, bear.id, 'risk assessment.pdf', await pdfOf(text), 'risk_assessment');
    await settleJobs(u.workspaceId);
    const link = await linkOf(u, bear.id, id);
    expect(link.evidence_status).toBe('about_another_product');
    expect(link.evidence_reason).toContain('GT-TOY-00026');
    expect(await codes(u, bear.id)).toEqual(
      expect.arrayContaining(['RISK_ASSESSMENT_MISSING', 'DOCUMENT_ABOUT_ANOTHER_PRODUCT']),
    );
  });

  it("a supplier's upload through the request link waits for a person: the blocker stays until it is accepted on the request", async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ['TOY_DOC_MISSING'] });
    const token = tokenOf(r.upload_url);
    // The file states the SKU's GTIN and its maker: it identifies the SKU, and still waits.
    const pdf = await declaration({
      maker: 'Spielwaren Fabrik GmbH',
      model: 'WT-100',
      gtin: '4006381333931',
      product: 'Wooden train',
      directive: 'Directive 2009/48/EC',
    });
    const res = await call(uploadLinkRoute, 'POST', `/api/supplier-email/upload/${token}`, {
      params: { token },
      rawBody: form([['DoC WT-100.pdf', pdf, 'application/pdf']]),
      origin: null,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.status, res.text).toBe(200);
    const id = res.body.results[0].document_id as string;
    expect(await codes(u, sku.id)).toContain('TOY_DOC_MISSING');
    await settleJobs(u.workspaceId);
    const link = await linkOf(u, sku.id, id);
    expect(link).toMatchObject({ evidence_status: 'proposed', link_origin: 'supplier_upload' });
    expect(link.evidence_reason).toContain('GTIN 4006381333931');
    expect(await codes(u, sku.id)).toContain('TOY_DOC_MISSING');

    const accepted = await call(requestDocRoute, 'POST', `/api/supplier-email/requests/${r.id}/documents/${id}`, {
      cookie: u.cookie,
      params: { id: r.id, documentId: id },
      body: { decision: 'accept' },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await linkOf(u, sku.id, id)).toMatchObject({ evidence_status: 'accepted', decided_by: u.email });
    expect(await codes(u, sku.id)).not.toContain('TOY_DOC_MISSING');
  });
});

describe('decideSkuDocumentLink — the rule and its exceptions', () => {
  it("a DoC stating the SKU's model and GTIN by the same maker is accepted by the rule, with the matching facts and quotes as the reason (audited)", async () => {
    const u = await makeUser();
    const lamp = await deskLamp(u, 'LAMP-OK', { gtin: '4006381333931' });
    const id = await uploadTo(
      u,
      lamp.id,
      'DoC DL-230.pdf',
      await declaration({ maker: BERGER, model: 'DL-230', gtin: '4006381333931' }),
    );
    // Before extraction nothing identifies the SKU: proposed, the blocker open.
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'proposed' });
    expect(await codes(u, lamp.id)).toContain('ELECTRICAL_DOC_MISSING');
    await settleJobs(u.workspaceId);

    const link = await linkOf(u, lamp.id, id);
    expect(link).toMatchObject({ evidence_status: 'accepted', decided_by: 'Evidence rule' });
    expect(link.evidence_reason).toContain('GTIN: 4006381333931');
    expect(link.evidence_reason).toContain('Model: DL-230');
    expect(link.evidence_facts.matches.map((m: any) => m.kind).sort()).toEqual(['gtin', 'model_number']);
    expect(await codes(u, lamp.id)).not.toContain('ELECTRICAL_DOC_MISSING');
    const events = await auditEvents(u, 'document.evidence_status_changed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ target_id: id, data: { from: 'proposed', to: 'accepted', sku_id: lamp.id } });
  });

  it("a DoC naming the SKU's GTIN but another maker is about another product", async () => {
    const u = await makeUser();
    const lamp = await deskLamp(u, 'LAMP-GTIN', { gtin: '4006381333931' });
    const id = await uploadTo(u, lamp.id, 'DoC.pdf', await declaration({ maker: PANDA, gtin: '4006381333931' }));
    await settleJobs(u.workspaceId);
    const link = await linkOf(u, lamp.id, id);
    expect(link.evidence_status).toBe('about_another_product');
    expect(link.evidence_facts.matches.map((m: any) => m.kind)).toEqual(['gtin']);
    expect(link.evidence_facts.contradictions.map((c: any) => c.field_key)).toEqual(['manufacturer_name']);
    expect(await codes(u, lamp.id)).toEqual(
      expect.arrayContaining(['ELECTRICAL_DOC_MISSING', 'DOCUMENT_ABOUT_ANOTHER_PRODUCT']),
    );
  });

  it('a family DoC covering other models is accepted by a person with a reason only; unlinking resolves it too', async () => {
    const u = await makeUser();
    const lamp = await deskLamp(u);
    const id = await uploadTo(
      u,
      lamp.id,
      'DoC DL-2xx.pdf',
      await declaration({ maker: BERGER, model: 'DL-200, DL-210, DL-220' }),
    );
    await settleJobs(u.workspaceId);
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'about_another_product' });

    expectEnvelope(await decide(u, lamp.id, id, 'accept'), 400, 'VALIDATION_FAILED');
    const reason = 'Family declaration of the DL-2xx series; DL-230 is listed in the technical file.';
    const ok = await decide(u, lamp.id, id, 'accept', reason);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.link).toMatchObject({
      evidence_status: 'accepted',
      evidence_reason: reason,
      decided_by: u.email,
      changed: true,
    });
    const list = await codes(u, lamp.id);
    expect(list).not.toContain('ELECTRICAL_DOC_MISSING');
    expect(list).not.toContain('DOCUMENT_ABOUT_ANOTHER_PRODUCT');
    const events = await auditEvents(u, 'document.evidence_accepted');
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ reason, from: 'about_another_product', to: 'accepted', sku_id: lamp.id });

    // A second SKU with the same document, not accepted there: unlinking is the other way out.
    const other = await deskLamp(u, 'LAMP-2');
    const put = await call(linkRoute, 'PUT', `/api/documents/${id}/skus/${other.id}`, {
      cookie: u.cookie,
      params: { id, skuId: other.id },
    });
    expect(put.status, put.text).toBe(200);
    await settleJobs(u.workspaceId);
    expect(await codes(u, other.id)).toContain('DOCUMENT_ABOUT_ANOTHER_PRODUCT');
    await call(linkRoute, 'DELETE', `/api/documents/${id}/skus/${other.id}`, {
      cookie: u.cookie,
      params: { id, skuId: other.id },
    });
    expect(await codes(u, other.id)).not.toContain('DOCUMENT_ABOUT_ANOTHER_PRODUCT');
    // The first SKU keeps its accepted link.
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'accepted' });
  });

  it('correcting the SKU resolves it: the model confirmed as the document says makes the link accepted', async () => {
    const u = await makeUser();
    const lamp = await deskLamp(u);
    const id = await uploadTo(u, lamp.id, 'DoC DL-231.pdf', await declaration({ maker: BERGER, model: 'DL-231' }));
    await settleJobs(u.workspaceId);
    expect(await codes(u, lamp.id)).toContain('DOCUMENT_ABOUT_ANOTHER_PRODUCT');
    await setField(u, lamp.id, 'model_number', 'DL-231');
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'accepted' });
    const list = await codes(u, lamp.id);
    expect(list).not.toContain('DOCUMENT_ABOUT_ANOTHER_PRODUCT');
    expect(list).not.toContain('ELECTRICAL_DOC_MISSING');
  });

  it('rejecting the identity facts of an accepted document reopens every requirement it satisfied', async () => {
    const u = await makeUser();
    // Maker not recorded on the SKU: the document's maker is only a suggestion, and the GTIN identifies the SKU.
    const lamp = await createSku(u, 'LAMP-G', { category_code: 'electrical', gtin: '4006381333931' });
    const id = await uploadTo(u, lamp.id, 'DoC.pdf', await declaration({ maker: PANDA, gtin: '4006381333931' }));
    await settleJobs(u.workspaceId);
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'accepted' });
    expect(await codes(u, lamp.id)).not.toContain('ELECTRICAL_DOC_MISSING');

    await rejectSuggestions(u, lamp.id, id, ['manufacturer_name']);
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'about_another_product' });
    expect(await codes(u, lamp.id)).toEqual(
      expect.arrayContaining(['ELECTRICAL_DOC_MISSING', 'DOCUMENT_ABOUT_ANOTHER_PRODUCT']),
    );
  });

  it('a person accepts a proposed document in one click and may reject it again; another workspace and unknown links are 404', async () => {
    const u = await makeUser();
    const stranger = await makeUser();
    const lamp = await createSku(u, 'LAMP-P', { category_code: 'electrical' });
    const id = await uploadTo(
      u,
      lamp.id,
      'scan.pdf',
      await pdfOf('EU Declaration of Conformity\nDirective 2014/35/EU'),
    );
    await settleJobs(u.workspaceId);
    expect(await linkOf(u, lamp.id, id)).toMatchObject({ evidence_status: 'proposed' });

    expectEnvelope(await decide(stranger, lamp.id, id, 'accept'), 404, 'NOT_FOUND');
    const other = await createSku(u, 'LAMP-Q', { category_code: 'electrical' });
    expectEnvelope(await decide(u, other.id, id, 'accept'), 404, 'NOT_FOUND');
    expectEnvelope(
      await call(decisionRoute, 'POST', `/api/skus/${lamp.id}/documents/${id}/decision`, {
        cookie: u.cookie,
        params: { id: lamp.id, documentId: id },
        body: { decision: 'maybe' },
      }),
      400,
      'VALIDATION_FAILED',
    );

    expect((await decide(u, lamp.id, id, 'accept')).body.link).toMatchObject({ evidence_status: 'accepted' });
    expect(await codes(u, lamp.id)).not.toContain('ELECTRICAL_DOC_MISSING');
    const rejected = await decide(u, lamp.id, id, 'reject', 'Unsigned copy.');
    expect(rejected.body.link).toMatchObject({ evidence_status: 'rejected', evidence_reason: 'Unsigned copy.' });
    expect(await codes(u, lamp.id)).toContain('ELECTRICAL_DOC_MISSING');
    // The vault and the document itself show the status per linked SKU.
    const doc = (await call(docRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } })).body
      .document;
    expect(doc.skus[0]).toMatchObject({ id: lamp.id, evidence_status: 'rejected', decided_by: u.email });
  });
});

describe('races', () => {
  it('a document linked to 20 SKUs at once: 20 links, each decided once, each SKU blocked until accepted', async () => {
    const u = await makeUser();
    const lamps = [];
    for (let i = 0; i < 20; i++) lamps.push(await createSku(u, `LAMP-R${i}`, { category_code: 'electrical' }));
    const id = await uploadTo(
      u,
      lamps[0].id,
      'scan.pdf',
      await pdfOf('EU Declaration of Conformity\nDirective 2014/35/EU'),
    );
    const results = await Promise.all(
      lamps.slice(1).map((s) =>
        call(linkRoute, 'PUT', `/api/documents/${id}/skus/${s.id}`, {
          cookie: u.cookie,
          params: { id, skuId: s.id },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(19).fill(200));
    await settleJobs(u.workspaceId);
    const doc = (await call(docRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } })).body
      .document;
    expect(doc.skus).toHaveLength(20);
    expect(new Set(doc.skus.map((s: any) => s.evidence_status))).toEqual(new Set(['proposed']));
    for (const s of lamps) expect(await codes(u, s.id)).toContain('ELECTRICAL_DOC_MISSING');
    const accepted = await Promise.all(lamps.map((s) => decide(u, s.id, id, 'accept')));
    expect(accepted.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const s of lamps) expect(await codes(u, s.id)).not.toContain('ELECTRICAL_DOC_MISSING');
    expect(await auditEvents(u, 'document.evidence_accepted')).toHaveLength(20);
  });

  it('24 people accepting and rejecting one link at the same instant: one final state, every decision audited, the blockers match it', async () => {
    const u = await makeUser();
    const lamp = await createSku(u, 'LAMP-RACE', { category_code: 'electrical' });
    const id = await uploadTo(
      u,
      lamp.id,
      'scan.pdf',
      await pdfOf('EU Declaration of Conformity\nDirective 2014/35/EU'),
    );
    await settleJobs(u.workspaceId);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => decide(u, lamp.id, id, i % 2 ? 'reject' : 'accept', `decision ${i}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
    const events = [
      ...(await auditEvents(u, 'document.evidence_accepted')),
      ...(await auditEvents(u, 'document.evidence_rejected')),
    ];
    expect(events).toHaveLength(24);
    // Decisions applied one after another: each one's "from" is some earlier one's "to".
    const changed = answers.filter((a) => a.body.link.changed).length;
    expect(events.filter((e) => e.data.from !== e.data.to)).toHaveLength(changed);
    const final = await linkOf(u, lamp.id, id);
    expect(['accepted', 'rejected']).toContain(final.evidence_status);
    const last = answers.map((a) => a.body.link).find((l) => l.evidence_reason === final.evidence_reason);
    expect(last.evidence_status).toBe(final.evidence_status);
    expect((await codes(u, lamp.id)).includes('ELECTRICAL_DOC_MISSING')).toBe(final.evidence_status !== 'accepted');
  });

  it('a document deleted while its acceptance is pending: the decisions either happened before or answer 404; no link is left, the blocker is open', async () => {
    const u = await makeUser();
    const lamps = [];
    for (let i = 0; i < 5; i++) lamps.push(await createSku(u, `LAMP-D${i}`, { category_code: 'electrical' }));
    const id = await uploadTo(
      u,
      lamps[0].id,
      'scan.pdf',
      await pdfOf('EU Declaration of Conformity\nDirective 2014/35/EU'),
    );
    for (const s of lamps.slice(1))
      await call(linkRoute, 'PUT', `/api/documents/${id}/skus/${s.id}`, {
        cookie: u.cookie,
        params: { id, skuId: s.id },
      });
    await settleJobs(u.workspaceId);
    const [del, ...decisions] = await Promise.all([
      call(docRoute, 'DELETE', `/api/documents/${id}`, { cookie: u.cookie, params: { id } }),
      ...lamps.flatMap((s) => [decide(u, s.id, id, 'accept'), decide(u, s.id, id, 'accept')]),
    ]);
    expect(del.status, del.text).toBe(200);
    for (const d of decisions) expect([200, 404], d.text).toContain(d.status);
    for (const s of lamps) {
      expect(await codes(u, s.id)).toContain('ELECTRICAL_DOC_MISSING');
      const docs = (
        await call(skuDocsRoute, 'GET', `/api/skus/${s.id}/documents`, { cookie: u.cookie, params: { id: s.id } })
      ).body.documents;
      expect(docs).toEqual([]);
    }
    expect(await auditEvents(u, 'document.evidence_accepted')).toHaveLength(
      decisions.filter((d) => d.status === 200).length,
    );
  });
});
