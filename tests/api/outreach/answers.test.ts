/**
 * Every asked item is answerable (issue 39, part 1): the link page lists the asked fields in the
 * request's language with their help; an answer becomes a dossier suggestion of source
 * supplier_answer with the provenance "supplier <name>, request <id>, <time>", never a confirmed value;
 * the item is then answered (waiting for review). A reply's own text is read for the same answers
 * (labelled lines, yes/no), offered with the line quoted. Bad fields and values change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadRoute from '@/app/api/supplier-email/upload/[token]/route';
import * as answersRoute from '@/app/api/supplier-email/upload/[token]/answers/route';
import * as inboundRoute from '@/app/api/supplier-email/inbound/route';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import * as rejectRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/reject/route';
import { resetEnvCache } from '@/lib/config/env';
import { fieldLabel } from '@/lib/model/catalogue';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { requestRoute, sendDefault, startSmtp, tokenOf, toySku } from './helpers';

useTestDatabase();

const SECRET = 'inbound-secret-0123456789abcdef';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
  process.env.INBOUND_EMAIL_SECRET = SECRET;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.INBOUND_EMAIL_SECRET;
  resetEnvCache();
  await smtp.close();
});

const view = (token: string) => call(uploadRoute, 'GET', `/api/supplier-email/upload/${token}`, { params: { token } });
const answer = (token: string, answers: { field_key: string; value: string }[]) =>
  call(answersRoute, 'POST', `/api/supplier-email/upload/${token}/answers`, {
    params: { token },
    body: { answers },
    origin: null,
  });
const getRequest = async (u: TestUser, id: string) =>
  (await call(requestRoute, 'GET', `/api/supplier-email/requests/${id}`, { cookie: u.cookie, params: { id } })).body
    .request;
const dossierField = async (u: TestUser, skuId: string, key: string) =>
  (
    (await call(dossierRoute, 'GET', `/api/skus/${skuId}/dossier`, { cookie: u.cookie, params: { id: skuId } })).body
      .fields as any[]
  ).find((f) => f.field_key === key);

const ITEMS = ['TOY_AGE_GRADING_MISSING', 'TOY_CE_MARKING_MISSING'];

describe('answerThroughSupplierLink — answers to asked fields', () => {
  it('on the link page: in the request’s language with help; each answer a suggestion with its provenance, never confirmed', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ITEMS });
    const token = tokenOf(r.upload_url);

    const v = (await view(token)).body.request;
    expect(v.questions.map((q: any) => q.field_key)).toEqual(['age_grading', 'ce_marking']);
    const ce = v.questions.find((q: any) => q.field_key === 'ce_marking');
    expect(ce).toMatchObject({
      label: fieldLabel('ce_marking', 'de'),
      kind: 'enum',
      enum_values: ['yes', 'no'],
      state: 'open',
    });
    expect(ce.help.length).toBeGreaterThan(10);

    // A field not asked, or a value the field refuses: 400 naming it, nothing stored.
    const notAsked = expectEnvelope(
      await answer(token, [{ field_key: 'gtin', value: '4006381333931' }]),
      400,
      'VALIDATION_FAILED',
    );
    expect(notAsked.details.fields[0].path).toBe('answers.0.field_key');
    expectEnvelope(
      await answer(token, [
        { field_key: 'age_grading', value: 'ab 3 Jahren' },
        { field_key: 'ce_marking', value: 'vielleicht' },
      ]),
      400,
      'VALIDATION_FAILED',
    );
    expect((await dossierField(u, sku.id, 'age_grading'))?.suggestions ?? []).toEqual([]);

    const res = await answer(token, [
      { field_key: 'age_grading', value: 'ab 3 Jahren' },
      { field_key: 'ce_marking', value: 'ja' },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual([
      { field_key: 'age_grading', value: 'ab 3 Jahren', status: 'suggested' },
      { field_key: 'ce_marking', value: 'yes', status: 'suggested' },
    ]);
    expect(res.body.request.items.filter((i: any) => ITEMS.includes(i.key)).map((i: any) => i.state)).toEqual([
      'answered',
      'answered',
    ]);

    const field = await dossierField(u, sku.id, 'ce_marking');
    const suggestion = field.suggestions.find((s: any) => s.value === 'yes');
    expect(suggestion).toMatchObject({ status: 'suggested', source: 'supplier_answer' });
    expect(suggestion.provenance.note).toMatch(
      new RegExp(`^supplier Spielwaren Fabrik GmbH, request ${r.id}, \\d{4}-\\d\\d-\\d\\dT`),
    );
    // Never confirmed by itself.
    expect(field.current).toBeNull();

    const req = await getRequest(u, r.id);
    expect(req.status).toBe('to_review');
    expect(req.item_states.filter((i: any) => ITEMS.includes(i.key)).map((i: any) => i.state)).toEqual([
      'answered',
      'answered',
    ]);
    expect(req.timeline.at(-1)).toMatchObject({ kind: 'answers', actor: 'Supplier (upload link)' });

    // A person rejects the answer: the item is asked again (rejected), the other one still waits.
    const rejected = await call(rejectRoute, 'POST', `/api/skus/${sku.id}/dossier/values/${suggestion.id}/reject`, {
      cookie: u.cookie,
      params: { id: sku.id, valueId: suggestion.id },
      body: {},
    });
    expect(rejected.status, rejected.text).toBe(200);
    const after = (await view(token)).body.request;
    expect(after.items.filter((i: any) => ITEMS.includes(i.key)).map((i: any) => [i.key, i.state])).toEqual([
      ['TOY_AGE_GRADING_MISSING', 'answered'],
      ['TOY_CE_MARKING_MISSING', 'rejected'],
    ]);
    expect(after.questions.find((q: any) => q.field_key === 'ce_marking').state).toBe('rejected');
  });

  it('a reply’s labelled lines and yes/no become suggestions with the quoted line', async () => {
    const u = await makeUser();
    const { sku } = await toySku(u);
    const r = await sendDefault(u, sku.id, { items: ITEMS });
    const raw = [
      'From: compliance@spielwaren.example',
      'To: buyer@shop.example',
      'Subject: Re: Anfrage',
      `Message-ID: <answers-${Date.now()}@spielwaren.example>`,
      `In-Reply-To: ${r.message_id}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Guten Tag,',
      '',
      `${fieldLabel('age_grading', 'de')}: ab 36 Monaten`,
      `${fieldLabel('ce_marking', 'en')} yes`,
      '',
      'Viele Grüße',
      '',
      `Am 24.11.2026 schrieb Compliance Desk:`,
      `> ${fieldLabel('age_grading', 'de')}: ?`,
      '',
    ].join('\r\n');
    const res = await call(inboundRoute, 'POST', '/api/supplier-email/inbound', {
      rawBody: raw,
      origin: null,
      headers: { 'content-type': 'message/rfc822', 'x-webhook-secret': SECRET },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.answers).toEqual([
      { field_key: 'age_grading', value: 'ab 36 Monaten', status: 'suggested' },
      { field_key: 'ce_marking', value: 'yes', status: 'suggested' },
    ]);
    const age = (await dossierField(u, sku.id, 'age_grading')).suggestions.find(
      (s: any) => s.value === 'ab 36 Monaten',
    );
    expect(age).toMatchObject({ source: 'supplier_answer', status: 'suggested' });
    expect(age.provenance.quote).toBe(`${fieldLabel('age_grading', 'de')}: ab 36 Monaten`);
    expect((await getRequest(u, r.id)).status).toBe('to_review');
  });
});
