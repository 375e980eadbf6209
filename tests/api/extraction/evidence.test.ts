/**
 * Issue 14, "Why": each case the new user met on the evidence path, as a test against the real routes,
 * the job worker and the database (PGlite by default, Postgres with DATABASE_URL).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as confirmRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/confirm/route';
import * as docRoute from '@/app/api/documents/[id]/route';
import { getDb } from '@/lib/db/client';
import { documents } from '@/lib/db/schema';
import { setDossierValue } from '@/lib/dossier/service';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { blockerCodes, createSku, dossier, fixtureText, pdfOf, settleJobs, uploadDoc } from './helpers';

useTestDatabase();

const suggestion = (fields: Awaited<ReturnType<typeof dossier>>, key: string) =>
  fields.find((f) => f.field_key === key)?.suggestions ?? [];
const values = (fields: Awaited<ReturnType<typeof dossier>>, key: string) =>
  suggestion(fields, key).map((s) => s.value);
const actorOf = (u: TestUser) => ({ userId: u.id, apiKeyId: null, label: u.email });

async function accept(u: TestUser, skuId: string, suggestionId: string) {
  const res = await call(confirmRoute, 'POST', `/api/skus/${skuId}/dossier/values/${suggestionId}/confirm`, {
    cookie: u.cookie,
    params: { id: skuId, valueId: suggestionId },
    body: {},
  });
  expect(res.status, res.text).toBeLessThan(300);
}

describe('issue 14: evidence into the dossier, right', () => {
  it('a German safety text: the manufacturer gets no e-mail of the EU responsible person named beside it', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'BL-FL40');
    await uploadDoc(u, 'Sicherheitshinweise.txt', fixtureText('de-safety-text'), { sku_id: sku.id });
    await settleJobs(u.workspaceId);
    const fields = await dossier(u, sku.id);
    expect(values(fields, 'manufacturer_email')).toEqual([]);
    expect(values(fields, 'responsible_person_email')).toEqual(['compliance@lumen-europe.example']);
    expect(values(fields, 'manufacturer_name')).toEqual(['Shenzhen Brightlux Lighting Co., Ltd.']);
    expect(values(fields, 'manufacturer_country')).toEqual(['CN']);
    expect(values(fields, 'responsible_person_country')).toEqual(['DE']);
  });

  it('a DoC: legislation only as declared (not the 2019/1020 heading), the model without the batch, both operator blocks, CE marking', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'BL-FL40');
    const id = await uploadDoc(u, 'DoC BL-FL40-USB.pdf', await pdfOf(fixtureText('en-doc-flashlight')), {
      sku_id: sku.id,
    });
    await settleJobs(u.workspaceId);
    const fields = await dossier(u, sku.id);
    expect(values(fields, 'applicable_legislation')).toEqual([
      'Directive 2014/30/EU; Directive 2011/65/EU; Regulation (EU) 2023/988',
    ]);
    expect(values(fields, 'model_number')).toEqual(['BL-FL40-USB']);
    expect(values(fields, 'ce_marking')).toEqual(['yes']);
    expect(values(fields, 'manufacturer_name')).toEqual(['Brightlux Lighting Co., Ltd.']);
    expect(values(fields, 'manufacturer_email')).toEqual(['export@brightlux.example']);
    expect(values(fields, 'manufacturer_country')).toEqual(['CN']);
    expect(values(fields, 'responsible_person_name')).toEqual(['Lumen Europe GmbH']);
    expect(values(fields, 'responsible_person_email')).toEqual(['compliance@lumen-europe.example']);
    // Each suggestion says which document and page, with the verbatim line.
    const rp = suggestion(fields, 'responsible_person_name')[0];
    expect(rp.provenance).toMatchObject({ document_id: id, document_name: 'DoC BL-FL40-USB.pdf', page: 1 });
    expect(String(rp.provenance.quote)).toContain('EU Responsible Person');
  });

  it('a test report that covers a subset of the DoC standards, restates the address on other lines and dates in another format: no conflict', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'BL-FL40');
    await uploadDoc(u, 'DoC.pdf', await pdfOf(fixtureText('en-doc-flashlight')), { sku_id: sku.id });
    await settleJobs(u.workspaceId);
    // The person accepts everything the DoC proposed.
    for (const f of await dossier(u, sku.id)) for (const s of f.suggestions) await accept(u, sku.id, s.id);
    expect(await blockerCodes(u, sku.id)).not.toContain('EXTRACTION_CONFLICT_OPEN');

    const reportId = await uploadDoc(u, 'Test report EMC.pdf', await pdfOf(fixtureText('en-tr-flashlight')), {
      sku_id: sku.id,
    });
    await uploadDoc(u, 'DoC (deutsch).pdf', await pdfOf(fixtureText('fr-doc-lamp-de-copy')), { sku_id: sku.id });
    await settleJobs(u.workspaceId);
    const fields = await dossier(u, sku.id);
    expect(
      fields
        .filter((f) => f.suggestions.some((s) => s.conflicts_with_current))
        .map((f) => [f.field_key, f.current?.value, f.suggestions.map((s) => s.value)]),
    ).toEqual([]);
    expect(await blockerCodes(u, sku.id)).not.toContain('EXTRACTION_CONFLICT_OPEN');

    // The report's "Valid until: 2028-02-19" is the document's end of validity.
    const doc = (
      await call(docRoute, 'GET', `/api/documents/${reportId}`, { cookie: u.cookie, params: { id: reportId } })
    ).body.document;
    expect(doc).toMatchObject({ valid_until: '2028-02-19', issued_on: '2025-02-20' });
  });

  it('a document naming a different manufacturer and model is about another product (issue 33), not a field conflict; the dossier shows both values', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'BL-FL40');
    const db = await getDb();
    await setDossierValue(db, {
      workspaceId: u.workspaceId,
      actor: actorOf(u),
      skuId: sku.id,
      fieldKey: 'manufacturer_name',
      value: 'Kite & Toy Ltd',
    });
    await setDossierValue(db, {
      workspaceId: u.workspaceId,
      actor: actorOf(u),
      skuId: sku.id,
      fieldKey: 'model_number',
      value: 'KT-RB7',
    });
    await uploadDoc(u, 'DoC.pdf', await pdfOf(fixtureText('en-doc-flashlight')), { sku_id: sku.id });
    await settleJobs(u.workspaceId);
    const codes = await blockerCodes(u, sku.id);
    expect(codes).not.toContain('EXTRACTION_CONFLICT_OPEN');
    expect(codes.filter((c) => c === 'DOCUMENT_ABOUT_ANOTHER_PRODUCT')).toHaveLength(1);
    const fields = await dossier(u, sku.id);
    const m = fields.find((f) => f.field_key === 'manufacturer_name')!;
    expect(m.current?.value).toBe('Kite & Toy Ltd');
    expect(m.suggestions[0]).toMatchObject({ value: 'Brightlux Lighting Co., Ltd.', conflicts_with_current: true });
  });

  it('the same values in other spellings are no conflict: date formats, address line breaks, legal-form spelling, country names', async () => {
    const u = await makeUser();
    const sku = await createSku(u, 'BL-FL40');
    const db = await getDb();
    const set = (fieldKey: string, value: string) =>
      setDossierValue(db, { workspaceId: u.workspaceId, actor: actorOf(u), skuId: sku.id, fieldKey, value });
    await set('manufacturer_name', 'BRIGHTLUX LIGHTING CO. LTD');
    await set('manufacturer_address', "Room 1203, Building A\nBao'an District\n518000 Shenzhen, China");
    await set('doc_issue_date', '14.03.2025');
    await set('manufacturer_country', 'CN');
    await set(
      'harmonised_standards',
      'EN 55015:2013+A1:2015; EN 61547:2009; EN IEC 62471:2008; EN 62133-2:2017; EN 62368-1:2014',
    );
    await uploadDoc(u, 'DoC.pdf', await pdfOf(fixtureText('fr-doc-lamp-de-copy')), { sku_id: sku.id });
    await settleJobs(u.workspaceId);
    expect(await blockerCodes(u, sku.id)).not.toContain('EXTRACTION_CONFLICT_OPEN');
    const fields = await dossier(u, sku.id);
    // Values that agree with the confirmed ones are not even proposed again.
    for (const key of [
      'manufacturer_name',
      'manufacturer_address',
      'doc_issue_date',
      'manufacturer_country',
      'harmonised_standards',
    ])
      expect(values(fields, key), key).toEqual([]);
  });

  it('a document never reaches another workspace: a SKU there with the same GTIN gets no link and no suggestion', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const sku = await createSku(other, 'BL-FL40', { gtin: '4006381333931' });
    const id = await uploadDoc(u, 'DoC.pdf', await pdfOf(fixtureText('en-doc-flashlight')));
    await settleJobs(u.workspaceId);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.workspaceId, u.workspaceId)));
    expect(row.status).toBe('ready');
    // The other workspace's SKU with the same GTIN is never matched.
    expect((await dossier(other, sku.id)).flatMap((f) => f.suggestions)).toEqual([]);
  });
});
