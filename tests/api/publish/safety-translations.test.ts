// Holds true: the safety texts a target market needs in its language are drafted from a confirmed text
// of another language by the AI provider (an OpenAI-compatible server on loopback) and stored only as
// suggestions with provenance, never confirmed; a text confirmed or already waiting for review is not
// asked again; without a provider nothing is stored and the text is a "needs_translation" task for a
// person; the bulk job drafts a selection of SKUs in one language with progress on its run, and a
// foreign SKU in the selection is 404 with nothing queued.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import * as safetyRoute from '@/app/api/skus/[id]/translations/safety/route';
import * as bulkRoute from '@/app/api/translations/bulk/route';
import * as jobRoute from '@/app/api/jobs/[id]/route';
import { getDb } from '@/lib/db/client';
import { dossierValues } from '@/lib/db/schema';
import { drainJobs } from '@/lib/workers';
import { SafetyDraftResultSchema } from '@/lib/translations/schemas';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { startOpenAiStub, type OpenAiStub } from '../ai/openai-stub';
import { useProvider } from '../ai/helpers';
import { createSku, setFields } from '../skus/fixtures';

useTestDatabase();

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

const draft = (u: TestUser, id: string, body: unknown) =>
  call(safetyRoute, 'POST', `/api/skus/${id}/translations/safety`, { cookie: u.cookie, params: { id }, body });

async function values(skuId: string, pattern: string) {
  const db = await getDb();
  return db
    .select()
    .from(dossierValues)
    .where(and(eq(dossierValues.skuId, skuId), like(dossierValues.fieldKey, pattern)));
}

/** The stub answers each request with a French text per asked field, marked with the field. */
function answerInFrench() {
  stub.reply = (req) => ({
    content: {
      translations: ['safety_warnings', 'instructions']
        .filter((f) => req.prompt.includes(`field_key="${f}"`))
        .map((f) => ({ field_key: f, locale: 'fr', text: `FR ${f}: Attention ! Petits éléments.` })),
    },
  });
}

async function skuForBelgium(u: TestUser, code: string) {
  const sku = await createSku(u, { sku_code: code, product_name: 'Stacking tower' });
  await setFields(u, sku.id, {
    target_markets: 'BE',
    safety_warnings_de: 'Achtung! Kleine Teile. Nicht für Kinder unter 3 Jahren.',
    safety_warnings_en: 'Warning! Small parts. Not for children under 3 years.',
    instructions_nl: 'Droog afvegen.',
  });
  return sku;
}

describe('draftSkuSafetyTranslations, bulkDraftSafetyTranslations — safety texts per target-market language', () => {
  it('drafts the missing French texts as suggestions from a confirmed text, never confirmed', async () => {
    const u = await makeUser();
    const sku = await skuForBelgium(u, 'ST-FR-1');
    answerInFrench();
    const res = await draft(u, sku.id, { language: 'fr' });
    expect(res.status, res.text).toBe(200);
    const body = SafetyDraftResultSchema.parse(res.body);
    expect(body.outcomes).toEqual([
      { field_key: 'safety_warnings_fr', state: 'suggested', source_language: 'en', reason: null },
      { field_key: 'instructions_fr', state: 'suggested', source_language: 'nl', reason: null },
    ]);
    // English is the preferred source of the warnings; the instructions exist only in Dutch.
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0].prompt).toContain('Warning! Small parts.');
    expect(stub.requests[0].prompt).toContain('Droog afvegen.');
    expect(stub.requests[0].prompt).toContain('French');

    const fr = await values(sku.id, '%\\_fr');
    expect(fr).toHaveLength(2);
    for (const v of fr) {
      expect(v.status).toBe('suggested');
      expect(v.source).toBe('ai_suggestion');
      expect(v.provenance.note).toMatch(/^AI translation from (en|nl) of the confirmed /);
    }
    // The market language overview says "suggested", not confirmed: a person decides.
    const fr2 = body.translations.market_languages.find((m) => m.language === 'fr')!;
    expect(fr2).toMatchObject({ warnings: 'suggested', instructions: 'suggested' });

    // Asked again: both wait for review, no second model call.
    const again = await draft(u, sku.id, { language: 'fr' });
    expect(SafetyDraftResultSchema.parse(again.body).outcomes.map((o) => o.state)).toEqual([
      'awaiting_review',
      'awaiting_review',
    ]);
    expect(stub.requests).toHaveLength(1);

    // German warnings are confirmed; German instructions are drafted from Dutch (the only source).
    stub.reply = () => ({
      content: { translations: [{ field_key: 'instructions', locale: 'de', text: 'Trocken abwischen.' }] },
    });
    const de = SafetyDraftResultSchema.parse((await draft(u, sku.id, { language: 'de' })).body);
    expect(de.outcomes.map((o) => [o.field_key, o.state])).toEqual([
      ['safety_warnings_de', 'confirmed'],
      ['instructions_de', 'suggested'],
    ]);
  });

  it('without an AI provider nothing is stored: each missing text needs a translation by a person', async () => {
    useProvider(null);
    const u = await makeUser();
    const sku = await skuForBelgium(u, 'ST-NOAI');
    const res = await draft(u, sku.id, { language: 'lv', fields: ['safety_warnings'] });
    expect(res.status, res.text).toBe(200);
    const [o] = SafetyDraftResultSchema.parse(res.body).outcomes;
    expect(o).toMatchObject({ field_key: 'safety_warnings_lv', state: 'needs_translation', source_language: 'en' });
    expect(await values(sku.id, '%\\_lv')).toHaveLength(0);

    // A text with no confirmed version anywhere has nothing to translate from.
    const bare = await createSku(u, { sku_code: 'ST-BARE', product_name: 'Bare' });
    const b = SafetyDraftResultSchema.parse((await draft(u, bare.id, { language: 'fr' })).body);
    expect(b.outcomes.map((x) => x.state)).toEqual(['no_source', 'no_source']);
  });

  it('a bulk job drafts one language for a selection with progress; a foreign SKU is 404', async () => {
    const u = await makeUser();
    const skus = [];
    for (let i = 0; i < 3; i++) skus.push(await skuForBelgium(u, `ST-BULK-${i}`));
    const bare = await createSku(u, { sku_code: 'ST-BULK-BARE', product_name: 'Bare' });
    answerInFrench();

    const other = await makeUser();
    const foreign = await createSku(other, { sku_code: 'ST-OTHER', product_name: 'Other' });
    const refused = await call(bulkRoute, 'POST', '/api/translations/bulk', {
      cookie: u.cookie,
      body: { sku_ids: [skus[0].id, foreign.id], language: 'fr', fields: ['safety_warnings'] },
    });
    expectEnvelope(refused, 404, 'NOT_FOUND');
    expect(refused.body.error.details.missing_ids).toEqual([foreign.id]);

    const res = await call(bulkRoute, 'POST', '/api/translations/bulk', {
      cookie: u.cookie,
      body: { sku_ids: [...skus.map((s) => s.id), bare.id], language: 'fr', fields: ['safety_warnings'] },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.job).toMatchObject({ type: 'translation.safety_bulk', status: 'queued' });
    await drainJobs(60_000);
    const job = await call(jobRoute, 'GET', `/api/jobs/${res.body.job.id}`, {
      cookie: u.cookie,
      params: { id: res.body.job.id },
    });
    expect(job.status, job.text).toBe(200);
    expect(job.body.job.status).toBe('completed');
    expect(job.body.job.progress).toMatchObject({ total: 4, done: 4 });
    expect(job.body.job.result).toMatchObject({
      total: 4,
      done: 4,
      counts: { suggested: 3, no_source: 1 },
      needs_person: [bare.id],
      language: 'fr',
    });
    // One model call per SKU with a source; the other workspace's SKU untouched; nothing confirmed.
    expect(stub.requests).toHaveLength(3);
    for (const s of skus) {
      const fr = await values(s.id, 'safety\\_warnings\\_fr');
      expect(fr.map((v) => v.status)).toEqual(['suggested']);
    }
    expect(await values(foreign.id, '%\\_fr')).toHaveLength(0);
  });
});
