// Holds true: GET /api/skus/{id}/translations lists per translated field and page locale what is
// confirmed, suggested or missing; POST asks the AI provider (the real @ai-sdk/openai provider against an
// OpenAI-compatible server on loopback) and stores its translations as suggestions with provenance, never
// confirmed and only for what was asked; without a provider, or when it fails, the answer is 200 with
// degraded_reason and nothing is stored. A confirmed translation is what the public page then shows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import * as translationsRoute from '@/app/api/skus/[id]/translations/route';
import * as confirmRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/confirm/route';
import { getDb } from '@/lib/db/client';
import { aiUsage, dossierValues } from '@/lib/db/schema';
import { buildPublicPageView, findPublishedRevision } from '@/lib/publish/public-page';
import { TranslateResultSchema, TranslationsSchema } from '@/lib/translations/schemas';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { startOpenAiStub, type OpenAiStub } from '../ai/openai-stub';
import { useProvider } from '../ai/helpers';
import { approve, createSku, publish, readySku, setFields, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(async () => {
  useProvider(null);
  await stub.close();
});
beforeEach(() => {
  stub.requests.length = 0;
  useProvider(stub);
});

const translations = (u: TestUser, id: string) =>
  call(translationsRoute, 'GET', `/api/skus/${id}/translations`, { cookie: u.cookie, params: { id } });
const translate = (u: TestUser, id: string, body?: unknown) =>
  call(translationsRoute, 'POST', `/api/skus/${id}/translations`, { cookie: u.cookie, params: { id }, body });

async function rows(skuId: string) {
  const db = await getDb();
  return db
    .select()
    .from(dossierValues)
    .where(and(eq(dossierValues.skuId, skuId), like(dossierValues.fieldKey, '%\\_%\\_%')));
}

const cell = (body: unknown, field: string, locale: string) =>
  TranslationsSchema.parse(body)
    .fields.find((f) => f.field_key === field)!
    .locales.find((c) => c.locale === locale)!;

describe('suggestSkuTranslations — per-language texts of the public page', () => {
  it('AI translations are stored as suggestions with provenance, only for what was asked, never confirmed', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'TR-1', product_name: 'Stacking tower' });
    await setFields(u, sku.id, {
      product_description: 'A wooden stacking tower with six rings.',
      age_grading: '3+',
      age_grading_de: 'Ab 3 Jahren',
    });
    stub.reply = () => ({
      content: {
        translations: [
          { field_key: 'product_description', locale: 'de', text: 'Ein Stapelturm aus Holz mit sechs Ringen.' },
          { field_key: 'product_description', locale: 'fr', text: 'Une tour à empiler en bois avec six anneaux.' },
          { field_key: 'age_grading', locale: 'fr', text: 'Dès 3 ans' },
          { field_key: 'age_grading', locale: 'de', text: 'not asked: German is confirmed' },
          { field_key: 'product_description', locale: 'es', text: 'not asked: es' },
          { field_key: 'hs_code', locale: 'de', text: '95030070' },
        ],
      },
    });
    const res = await translate(u, sku.id, { locales: ['de', 'fr'] });
    expect(res.status, res.text).toBe(200);
    const body = TranslateResultSchema.parse(res.body);
    expect(body.degraded_reason).toBeNull();
    expect(body.stored.map((v) => v.field_key).sort()).toEqual([
      'age_grading_fr',
      'product_description_de',
      'product_description_fr',
    ]);
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        { field_key: 'age_grading_de', reason: 'a confirmed text exists' },
        expect.objectContaining({ field_key: 'hs_code' }),
      ]),
    );
    // The prompt carries the source text as data and names the targets.
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0].prompt).toContain('A wooden stacking tower with six rings.');
    expect(stub.requests[0].prompt).toContain('targets="de,fr"');

    const stored = await rows(sku.id);
    const ai = stored.filter((r) => r.source === 'ai_suggestion');
    expect(ai).toHaveLength(3);
    for (const r of ai) {
      expect(r.status).toBe('suggested');
      expect(r.provenance.note).toMatch(
        /^AI translation from en of the confirmed (product_description|age_grading) \(openai-compatible \(127\.0\.0\.1:\d+\), stub-model\)$/,
      );
    }
    const db = await getDb();
    const usage = await db.select().from(aiUsage).where(eq(aiUsage.subjectId, sku.id));
    expect(usage.map((x) => x.operation)).toEqual(['translation']);

    // GET: confirmed / suggested / missing per field and locale.
    const g = await translations(u, sku.id);
    expect(g.status, g.text).toBe(200);
    expect(cell(g.body, 'product_description', 'de')).toMatchObject({ status: 'suggested', current: null });
    expect(cell(g.body, 'product_description', 'es').status).toBe('missing');
    expect(cell(g.body, 'age_grading', 'de')).toMatchObject({ status: 'confirmed', current: { value: 'Ab 3 Jahren' } });
    expect(TranslationsSchema.parse(g.body).ai).toEqual({ available: true, reason: null });

    // A person confirms (editing it): now confirmed, and a second run does not ask for German again.
    const de = ai.find((r) => r.fieldKey === 'product_description_de')!;
    const c = await call(confirmRoute, 'POST', `/api/skus/${sku.id}/dossier/values/${de.id}/confirm`, {
      cookie: u.cookie,
      params: { id: sku.id, valueId: de.id },
      body: { value: 'Ein Stapelturm aus Holz mit sechs bunten Ringen.' },
    });
    expect(c.status, c.text).toBe(200);
    const g2 = await translations(u, sku.id);
    expect(cell(g2.body, 'product_description', 'de')).toMatchObject({
      status: 'confirmed',
      current: { value: 'Ein Stapelturm aus Holz mit sechs bunten Ringen.', source: 'ai_suggestion' },
    });
    stub.requests.length = 0;
    stub.reply = () => ({ content: { translations: [] } });
    const again = await translate(u, sku.id, { fields: ['product_description'], locales: ['de'] });
    expect(again.status, again.text).toBe(200);
    expect(stub.requests).toHaveLength(0);
    expect(again.body.skipped).toEqual([{ field_key: 'product_description_de', reason: 'a confirmed text exists' }]);
  });

  it('without an AI provider: 200 with degraded_reason, nothing stored, GET says why', async () => {
    useProvider(null);
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'TR-2', product_name: 'Stacking tower' });
    await setFields(u, sku.id, { product_description: 'A wooden stacking tower.' });
    const res = await translate(u, sku.id);
    expect(res.status, res.text).toBe(200);
    const body = TranslateResultSchema.parse(res.body);
    expect(body.degraded_reason).toMatch(/No AI provider is configured/);
    expect(body.stored).toEqual([]);
    expect(stub.requests).toHaveLength(0);
    expect(await rows(sku.id)).toEqual([]);
    const g = await translations(u, sku.id);
    expect(TranslationsSchema.parse(g.body).ai).toEqual({ available: false, reason: body.degraded_reason });
    expect(cell(g.body, 'product_description', 'fr').status).toBe('missing');
  });

  it('a failing provider: 200 with degraded_reason naming the failure, nothing stored', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'TR-3', product_name: 'Stacking tower' });
    await setFields(u, sku.id, { product_description: 'A wooden stacking tower.' });
    stub.reply = () => ({ status: 500 });
    const res = await translate(u, sku.id, { locales: ['it'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.degraded_reason).toMatch(/The AI provider failed \(HTTP 500\)/);
    expect(await rows(sku.id)).toEqual([]);
  });

  it('a confirmed German description is what the published German page shows, with its lang', async () => {
    useProvider(null);
    const u = await makeUser();
    const sku = await readySku(u);
    await setFields(u, sku.id, { product_description_de: 'Schneidebrett aus Bambus, 30 x 20 cm.' });
    await approve(u, sku.id);
    const p = await publish(u, sku.id);
    expect(p.status, p.text).toBe(200);
    const found = await findPublishedRevision(await getDb(), { rawPublicId: p.body.output.public_id });
    expect(found.kind).toBe('ok');
    if (found.kind !== 'ok') return;
    const de = buildPublicPageView(found.snapshot, { lang: 'de' });
    expect(de.lang).toBe('de');
    expect(de.block.product.description).toBe('Schneidebrett aus Bambus, 30 x 20 cm.');
    expect(de.block.product.texts.description).toMatchObject({ language: 'de', fallback: false });
    const en = buildPublicPageView(found.snapshot, { lang: 'en' });
    expect(en.block.product.description).toBe('Cutting board made of bamboo, 30 x 20 cm.');
  });
});
