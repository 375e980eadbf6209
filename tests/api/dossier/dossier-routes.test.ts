/**
 * Dossier routes: the field catalogue in five locales, setting and clearing values (normalised, dry run,
 * Idempotency-Key), suggestions confirmed or rejected (AI never confirmed), entities and their links,
 * waivers, review issues, activity, the dashboard, and the audit of dossier edits.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as catalogueRoute from '@/app/api/dossier/catalogue/route';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import * as fieldRoute from '@/app/api/skus/[id]/dossier/[fieldKey]/route';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import * as confirmRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/confirm/route';
import * as rejectRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/reject/route';
import * as entitiesRoute from '@/app/api/entities/route';
import * as entityRoute from '@/app/api/entities/[id]/route';
import * as skuEntitiesRoute from '@/app/api/skus/[id]/entities/route';
import * as linkRoute from '@/app/api/skus/[id]/entities/[role]/route';
import * as waiversRoute from '@/app/api/skus/[id]/waivers/route';
import * as waiverRoute from '@/app/api/skus/[id]/waivers/[waiverId]/route';
import * as issuesRoute from '@/app/api/skus/[id]/review-issues/route';
import * as resolveRoute from '@/app/api/skus/[id]/review-issues/[issueId]/resolve/route';
import * as reviewRoute from '@/app/api/skus/[id]/review/complete/route';
import * as activityRoute from '@/app/api/skus/[id]/activity/route';
import * as dashboardRoute from '@/app/api/dashboard/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as keysRoute from '@/app/api/workspace/api-keys/route';
import { getDb } from '@/lib/db/client';
import { auditEvents, dossierValues, skus } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import {
  approve,
  createEntity,
  createSku,
  CN_MANUFACTURER,
  EU_MANUFACTURER,
  EU_RESPONSIBLE_PERSON,
  link,
  publish,
  readySku,
  setField,
  withTempBlobStore,
} from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

const put = (
  u: TestUser | { bearer: string },
  id: string,
  fieldKey: string,
  body: unknown,
  opts: { query?: Record<string, string>; headers?: Record<string, string> } = {},
) =>
  call(fieldRoute, 'PUT', `/api/skus/${id}/dossier/${fieldKey}`, {
    ...('cookie' in u ? { cookie: u.cookie } : { bearer: u.bearer }),
    params: { id, fieldKey },
    body,
    ...opts,
  });

async function valueRows(skuId: string) {
  const db = await getDb();
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dossierValues)
    .where(eq(dossierValues.skuId, skuId));
  return Number(r.n);
}

describe('getDossierCatalogue; getSkuDossier, setDossierValue, clearDossierValue; addDossierSuggestions, confirmDossierSuggestion, rejectDossierSuggestion — dossier catalogue and values', () => {
  it('GET /api/dossier/catalogue lists fields, sections, categories and languages with labels in five locales', async () => {
    const u = await makeUser();
    const res = await call(catalogueRoute, 'GET', '/api/dossier/catalogue', { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.body.sections.map((s: any) => s.code)).toEqual([
      'identification',
      'entities',
      'safety',
      'compliance',
      'category',
    ]);
    const warnings = res.body.fields.find((f: any) => f.key === 'safety_warnings');
    expect(warnings).toMatchObject({
      section: 'safety',
      localized: true,
      public: true,
      label: {
        en: expect.any(String),
        de: expect.any(String),
        fr: expect.any(String),
        es: expect.any(String),
        it: expect.any(String),
      },
    });
    expect(res.body.fields.find((f: any) => f.key === 'ce_marking')).toMatchObject({
      kind: 'enum',
      enum_values: ['yes', 'no'],
    });
    expect(res.body.categories.map((c: any) => c.code)).toContain('toys');
    expect(res.body.languages).toContainEqual({ code: 'de', name: 'German', native_name: 'Deutsch' });
    expectEnvelope(await call(catalogueRoute, 'GET', '/api/dossier/catalogue'), 401, 'UNAUTHORIZED');
  });

  it('PUT sets and normalises a value (dry_run writes nothing, Idempotency-Key replays), 400 per bad key or value, DELETE clears', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'DV-1', product_name: 'Lamp' });
    const dry = await put(u, sku.id, 'target_markets', { value: 'de, fr ,AT' }, { query: { dry_run: 'true' } });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, normalized_value: 'DE,FR,AT', would_change: true, current: null });
    expect(await valueRows(sku.id)).toBe(0);

    const first = await put(
      u,
      sku.id,
      'target_markets',
      { value: 'de, fr ,AT' },
      { headers: { 'Idempotency-Key': 'tm-1' } },
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      changed: true,
      value: {
        field_key: 'target_markets',
        value: 'DE,FR,AT',
        status: 'confirmed',
        source: 'manual',
        created_by: u.email,
      },
    });
    const replay = await put(
      u,
      sku.id,
      'target_markets',
      { value: 'de, fr ,AT' },
      { headers: { 'Idempotency-Key': 'tm-1' } },
    );
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    const same = await put(u, sku.id, 'target_markets', { value: 'DE,FR,AT' });
    expect(same.body.changed).toBe(false);
    expect(await valueRows(sku.id)).toBe(1);

    const unknown = expectEnvelope(await put(u, sku.id, 'colour', { value: 'red' }), 400, 'VALIDATION_FAILED');
    expect(unknown.details.fields[0].path).toBe('field_key');
    const badDate = expectEnvelope(
      await put(u, sku.id, 'placed_on_market_date', { value: '31.02.2024' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(badDate.details.fields[0]).toMatchObject({ path: 'value', field_key: 'placed_on_market_date' });
    expectEnvelope(await put(u, sku.id, 'brand', { value: 'x', extra: 1 }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await put(u, sku.id, 'brand', { value: null }), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await call(fieldRoute, 'PUT', `/api/skus/${sku.id}/dossier/brand`, {
        cookie: u.cookie,
        params: { id: sku.id, fieldKey: 'brand' },
        rawBody: 'value=x',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );

    await put(u, sku.id, 'target_markets', { value: 'IT' });
    const dossier = await call(dossierRoute, 'GET', `/api/skus/${sku.id}/dossier`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    const tm = dossier.body.fields.find((f: any) => f.field_key === 'target_markets');
    expect(tm.current.value).toBe('IT');
    expect(tm.history.map((h: any) => h.value)).toEqual(['DE,FR,AT']);
    expect(tm.section).toBe('compliance');

    const cleared = await call(fieldRoute, 'DELETE', `/api/skus/${sku.id}/dossier/target_markets`, {
      cookie: u.cookie,
      params: { id: sku.id, fieldKey: 'target_markets' },
    });
    expect(cleared.body).toEqual({ cleared: true, field_key: 'target_markets' });
    expectEnvelope(
      await call(fieldRoute, 'DELETE', `/api/skus/${sku.id}/dossier/target_markets`, {
        cookie: u.cookie,
        params: { id: sku.id, fieldKey: 'target_markets' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('Bearer needs skus:write for PUT and suggestions; read keys get INSUFFICIENT_SCOPE', async () => {
    const u = await makeUser({ plan: 'pro' });
    const sku = await createSku(u, { sku_code: 'DV-B', product_name: 'Kettle' });
    const mk = async (scopes: string[]) =>
      (await call(keysRoute, 'POST', '/api/workspace/api-keys', { cookie: u.cookie, body: { name: 'k', scopes } })).body
        .data.key as string;
    const write = await mk(['skus:write']);
    const read = await mk(['skus:read']);
    const ok = await put({ bearer: write }, sku.id, 'brand', { value: 'Kessel & Co' });
    expect(ok.status).toBe(200);
    expect(ok.body.value.created_by).toMatch(/^API key /);
    const err = expectEnvelope(await put({ bearer: read }, sku.id, 'brand', { value: 'x' }), 403, 'INSUFFICIENT_SCOPE');
    expect(err.details.required_scope).toBe('skus:write');
    const sug = await call(suggestionsRoute, 'POST', `/api/skus/${sku.id}/dossier/suggestions`, {
      bearer: write,
      params: { id: sku.id },
      body: { suggestions: [{ field_key: 'hs_code', value: '85161080', source: 'import' }] },
    });
    expect(sug.status, sug.text).toBe(200);
    expectEnvelope(
      await call(suggestionsRoute, 'POST', `/api/skus/${sku.id}/dossier/suggestions`, {
        bearer: read,
        params: { id: sku.id },
        body: { suggestions: [{ field_key: 'hs_code', value: '1', source: 'import' }] },
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    // Reading the dossier takes dossier:read; a write key without it is told which scope it lacks.
    const refused = expectEnvelope(
      await call(dossierRoute, 'GET', `/api/skus/${sku.id}/dossier`, { bearer: write, params: { id: sku.id } }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(refused.details).toMatchObject({ required_scope: 'dossier:read' });
  });

  it('suggestions: stored as suggested (AI never confirmed), conflicts flagged, confirm (optionally edited) and reject', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'DV-S', product_name: 'Torch' });
    await put(u, sku.id, 'country_of_origin', { value: 'CN' });
    const res = await call(suggestionsRoute, 'POST', `/api/skus/${sku.id}/dossier/suggestions`, {
      cookie: u.cookie,
      params: { id: sku.id },
      body: {
        suggestions: [
          {
            field_key: 'country_of_origin',
            value: 'VN',
            source: 'document_extraction',
            provenance: { page: 3, quote: 'Made in Vietnam' },
            confidence: 0.9,
          },
          { field_key: 'brand', value: 'Lumo', source: 'ai_suggestion', confidence: 0.4 },
          { field_key: 'hs_code', value: 'not a code', source: 'import' },
          { field_key: 'nonsense', value: 'x', source: 'import' },
          { field_key: 'country_of_origin', value: 'CN', source: 'import' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.inserted.map((v: any) => [v.field_key, v.status, v.source])).toEqual([
      ['country_of_origin', 'suggested', 'document_extraction'],
      ['brand', 'suggested', 'ai_suggestion'],
    ]);
    expect(res.body.skipped.map((s: any) => s.field_key)).toEqual(['hs_code', 'nonsense', 'country_of_origin']);
    expectEnvelope(
      await call(suggestionsRoute, 'POST', `/api/skus/${sku.id}/dossier/suggestions`, {
        cookie: u.cookie,
        params: { id: sku.id },
        body: { suggestions: [] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(suggestionsRoute, 'POST', `/api/skus/${sku.id}/dossier/suggestions`, {
        cookie: u.cookie,
        params: { id: sku.id },
        body: { suggestions: [{ field_key: 'brand', value: 'x', source: 'manual' }] },
      }),
      400,
      'VALIDATION_FAILED',
    );

    const dossier = await call(dossierRoute, 'GET', `/api/skus/${sku.id}/dossier`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    const origin = dossier.body.fields.find((f: any) => f.field_key === 'country_of_origin');
    expect(origin.suggestions[0]).toMatchObject({
      value: 'VN',
      conflicts_with_current: true,
      provenance: { page: 3, quote: 'Made in Vietnam' },
    });
    const brand = dossier.body.fields.find((f: any) => f.field_key === 'brand');
    expect(brand.current).toBeNull();
    // The open extraction conflict blocks review completion.
    const review = expectEnvelope(
      await call(reviewRoute, 'POST', `/api/skus/${sku.id}/review/complete`, {
        cookie: u.cookie,
        params: { id: sku.id },
      }),
      409,
      'REVIEW_INCOMPLETE',
    );
    expect(review.details.open_conflicts).toHaveLength(1);

    const brandId = res.body.inserted[1].id;
    const confirmed = await call(confirmRoute, 'POST', `/api/skus/${sku.id}/dossier/values/${brandId}/confirm`, {
      cookie: u.cookie,
      params: { id: sku.id, valueId: brandId },
      body: { value: 'LUMO' },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.value).toMatchObject({
      value: 'LUMO',
      status: 'confirmed',
      source: 'ai_suggestion',
      decided_by: u.email,
      provenance: { note: expect.stringContaining('edited') },
    });
    expectEnvelope(
      await call(confirmRoute, 'POST', `/api/skus/${sku.id}/dossier/values/${brandId}/confirm`, {
        cookie: u.cookie,
        params: { id: sku.id, valueId: brandId },
      }),
      409,
      'INVALID_STATE',
    );

    const vnId = res.body.inserted[0].id;
    const rejected = await call(rejectRoute, 'POST', `/api/skus/${sku.id}/dossier/values/${vnId}/reject`, {
      cookie: u.cookie,
      params: { id: sku.id, valueId: vnId },
      body: { reason: 'Label says CN' },
    });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', decided_by: u.email });
    expect(
      (
        await call(reviewRoute, 'POST', `/api/skus/${sku.id}/review/complete`, {
          cookie: u.cookie,
          params: { id: sku.id },
        })
      ).status,
    ).toBe(200);
    expectEnvelope(
      await call(
        rejectRoute,
        'POST',
        `/api/skus/${sku.id}/dossier/values/00000000-0000-4000-8000-000000000000/reject`,
        { cookie: u.cookie, params: { id: sku.id, valueId: '00000000-0000-4000-8000-000000000000' } },
      ),
      404,
      'NOT_FOUND',
    );
  });
});

describe('listEntities, createEntity, updateEntity, deleteEntity; listSkuEntities, unlinkSkuEntity — entities and links', () => {
  it('CRUD with derived EU establishment, 400 per field, 409 ENTITY_IN_USE while linked', async () => {
    const u = await makeUser();
    const created = await call(entitiesRoute, 'POST', '/api/entities', {
      cookie: u.cookie,
      body: { ...CN_MANUFACTURER, country: 'China' },
    });
    expect(created.status, created.text).toBe(201);
    const e = created.body.entity;
    expect(e).toMatchObject({
      name: CN_MANUFACTURER.name,
      country: 'CN',
      eu_established: false,
      postal_address: '88 Keji Road, 518057 Shenzhen, CN',
      sku_count: 0,
    });
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'X', email: 'not-an-email' }, 'email'],
      [{ name: 'X', country: 'Atlantis' }, 'country'],
      [{ name: 'X', contact_url: 'javascript:alert(1)' }, 'contact_url'],
    ] as const) {
      const err = expectEnvelope(
        await call(entitiesRoute, 'POST', '/api/entities', { cookie: u.cookie, body }),
        400,
        'VALIDATION_FAILED',
      );
      expect(err.details.fields.map((f: any) => f.path)).toContain(field);
    }
    const list = await call(entitiesRoute, 'GET', '/api/entities', { cookie: u.cookie, query: { q: 'shenzhen' } });
    expect(list.body.data.map((x: any) => x.id)).toEqual([e.id]);

    const sku = await createSku(u, { sku_code: 'EN-1', product_name: 'Drone' });
    const linked = await call(linkRoute, 'PUT', `/api/skus/${sku.id}/entities/manufacturer`, {
      cookie: u.cookie,
      params: { id: sku.id, role: 'manufacturer' },
      body: { entity_id: e.id },
    });
    expect(linked.body).toMatchObject({ role: 'manufacturer', entity: { id: e.id } });
    expectEnvelope(
      await call(linkRoute, 'PUT', `/api/skus/${sku.id}/entities/designer`, {
        cookie: u.cookie,
        params: { id: sku.id, role: 'designer' },
        body: { entity_id: e.id },
      }),
      404,
      'NOT_FOUND',
    );
    const links = await call(skuEntitiesRoute, 'GET', `/api/skus/${sku.id}/entities`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    expect(links.body.links).toEqual([
      { role: 'manufacturer', entity: expect.objectContaining({ id: e.id, eu_established: false }) },
    ]);
    // A non-EU manufacturer without an EU responsible person is a blocker; linking one clears it.
    const detail = await call(skuRoute, 'GET', `/api/skus/${sku.id}`, { cookie: u.cookie, params: { id: sku.id } });
    expect(detail.body.blockers.map((b: any) => b.code)).toContain('EU_RESPONSIBLE_PERSON_MISSING');
    const rp = await createEntity(u, EU_RESPONSIBLE_PERSON);
    await link(u, sku.id, 'responsible_person', rp.id);
    const after = await call(skuRoute, 'GET', `/api/skus/${sku.id}`, { cookie: u.cookie, params: { id: sku.id } });
    expect(after.body.blockers.map((b: any) => b.code)).not.toContain('EU_RESPONSIBLE_PERSON_MISSING');

    const got = await call(entityRoute, 'GET', `/api/entities/${e.id}`, { cookie: u.cookie, params: { id: e.id } });
    expect(got.body.entity.sku_count).toBe(1);
    const inUse = expectEnvelope(
      await call(entityRoute, 'DELETE', `/api/entities/${e.id}`, { cookie: u.cookie, params: { id: e.id } }),
      409,
      'ENTITY_IN_USE',
    );
    expect(inUse.details.sku_count).toBe(1);
    const patched = await call(entityRoute, 'PATCH', `/api/entities/${e.id}`, {
      cookie: u.cookie,
      params: { id: e.id },
      body: { country: 'DE', city: 'Hamburg' },
    });
    expect(patched.body.entity).toMatchObject({ country: 'DE', city: 'Hamburg', eu_established: true, sku_count: 1 });

    const unlinked = await call(linkRoute, 'DELETE', `/api/skus/${sku.id}/entities/manufacturer`, {
      cookie: u.cookie,
      params: { id: sku.id, role: 'manufacturer' },
    });
    expect(unlinked.body).toEqual({ role: 'manufacturer', unlinked: true });
    expectEnvelope(
      await call(linkRoute, 'DELETE', `/api/skus/${sku.id}/entities/manufacturer`, {
        cookie: u.cookie,
        params: { id: sku.id, role: 'manufacturer' },
      }),
      404,
      'NOT_FOUND',
    );
    const deleted = await call(entityRoute, 'DELETE', `/api/entities/${e.id}`, {
      cookie: u.cookie,
      params: { id: e.id },
    });
    expect(deleted.body).toEqual({ deleted_id: e.id });
    expectEnvelope(
      await call(entityRoute, 'GET', `/api/entities/${e.id}`, { cookie: u.cookie, params: { id: e.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('editing a linked entity after approval resets the approval of its SKUs', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    await approve(u, sku.id);
    const [{ entity }] = (
      await call(skuEntitiesRoute, 'GET', `/api/skus/${sku.id}/entities`, { cookie: u.cookie, params: { id: sku.id } })
    ).body.links;
    await call(entityRoute, 'PATCH', `/api/entities/${entity.id}`, {
      cookie: u.cookie,
      params: { id: entity.id },
      body: { email: 'new@holzwerk.example' },
    });
    const detail = await call(skuRoute, 'GET', `/api/skus/${sku.id}`, { cookie: u.cookie, params: { id: sku.id } });
    expect(detail.body.sku.approval_state).toBe('pending');
  });
});

describe('waiveSkuBlocker, listSkuWaivers, revokeSkuWaiver; createSkuReviewIssue, listSkuReviewIssues, resolveSkuReviewIssue; getDashboard — waivers, review issues, activity, dashboard', () => {
  it('waive with a reason (who/when), 400 for no such blocker, 409 for unwaivable, revoke', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'W-1', product_name: 'Scarf', category_code: 'textiles' });
    const post = (body: unknown) =>
      call(waiversRoute, 'POST', `/api/skus/${sku.id}/waivers`, { cookie: u.cookie, params: { id: sku.id }, body });
    const w = await post({ code: 'TEXTILE_FIBRE_COMPOSITION_MISSING', reason: 'Sample scarf, not sold.' });
    expect(w.status, w.text).toBe(201);
    expect(w.body.waiver).toMatchObject({
      code: 'TEXTILE_FIBRE_COMPOSITION_MISSING',
      reason: 'Sample scarf, not sold.',
      waived_by: u.email,
      revoked_at: null,
    });
    expectEnvelope(await post({ code: 'TEXTILE_FIBRE_COMPOSITION_MISSING', reason: 'again' }), 409, 'CONFLICT');
    expectEnvelope(await post({ code: 'NO_SUCH_BLOCKER', reason: 'x' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await post({ code: 'TEXTILE_FIBRE_COMPOSITION_MISSING', reason: '' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await post({ code: 'TEXTILE_FIBRE_COMPOSITION_MISSING', reason: 'r'.repeat(501) }),
      400,
      'VALIDATION_FAILED',
    );
    const detail = await call(skuRoute, 'GET', `/api/skus/${sku.id}`, { cookie: u.cookie, params: { id: sku.id } });
    expect(detail.body.blockers.find((b: any) => b.code === 'TEXTILE_FIBRE_COMPOSITION_MISSING').waived).toMatchObject({
      by: u.email,
      reason: 'Sample scarf, not sold.',
    });

    await call(issuesRoute, 'POST', `/api/skus/${sku.id}/review-issues`, {
      cookie: u.cookie,
      params: { id: sku.id },
      body: { message: 'Check the label' },
    });
    const unwaivable = expectEnvelope(await post({ code: 'REVIEW_ISSUE_OPEN', reason: 'no' }), 409, 'INVALID_STATE');
    expect(unwaivable.details.state).toBe('not_waivable');

    const revoked = await call(waiverRoute, 'DELETE', `/api/skus/${sku.id}/waivers/${w.body.waiver.id}`, {
      cookie: u.cookie,
      params: { id: sku.id, waiverId: w.body.waiver.id },
    });
    expect(revoked.body.waiver.revoked_at).not.toBeNull();
    expectEnvelope(
      await call(waiverRoute, 'DELETE', `/api/skus/${sku.id}/waivers/${w.body.waiver.id}`, {
        cookie: u.cookie,
        params: { id: sku.id, waiverId: w.body.waiver.id },
      }),
      404,
      'NOT_FOUND',
    );
    const list = await call(waiversRoute, 'GET', `/api/skus/${sku.id}/waivers`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].revoked_at).not.toBeNull();
  });

  it('review issues block review completion until resolved', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'RI-1', product_name: 'Cup' });
    const created = await call(issuesRoute, 'POST', `/api/skus/${sku.id}/review-issues`, {
      cookie: u.cookie,
      params: { id: sku.id },
      body: { message: 'GTIN on the box differs', field_key: 'gtin' },
    });
    expect(created.status).toBe(201);
    expect(created.body.issue).toMatchObject({
      message: 'GTIN on the box differs',
      field_key: 'gtin',
      status: 'open',
      kind: 'manual',
    });
    expectEnvelope(
      await call(issuesRoute, 'POST', `/api/skus/${sku.id}/review-issues`, {
        cookie: u.cookie,
        params: { id: sku.id },
        body: { message: 'x', field_key: 'nope' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const refused = expectEnvelope(
      await call(reviewRoute, 'POST', `/api/skus/${sku.id}/review/complete`, {
        cookie: u.cookie,
        params: { id: sku.id },
      }),
      409,
      'REVIEW_INCOMPLETE',
    );
    expect(refused.details.open_review_issues).toHaveLength(1);
    const id = created.body.issue.id;
    const resolved = await call(resolveRoute, 'POST', `/api/skus/${sku.id}/review-issues/${id}/resolve`, {
      cookie: u.cookie,
      params: { id: sku.id, issueId: id },
    });
    expect(resolved.body.issue).toMatchObject({ status: 'resolved', resolved_by: u.email });
    const list = await call(issuesRoute, 'GET', `/api/skus/${sku.id}/review-issues`, {
      cookie: u.cookie,
      params: { id: sku.id },
    });
    expect(list.body.data.map((i: any) => i.status)).toEqual(['resolved']);
    expect(
      (
        await call(reviewRoute, 'POST', `/api/skus/${sku.id}/review/complete`, {
          cookie: u.cookie,
          params: { id: sku.id },
        })
      ).status,
    ).toBe(200);
  });

  it('activity lists the SKU audit events newest first with cursor paging', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'AC-1', product_name: 'Pan' });
    for (const v of ['A', 'B', 'C']) await put(u, sku.id, 'brand', { value: v });
    const page1 = await call(activityRoute, 'GET', `/api/skus/${sku.id}/activity`, {
      cookie: u.cookie,
      params: { id: sku.id },
      query: { limit: '2' },
    });
    expect(page1.status).toBe(200);
    expect(page1.body.events.map((e: any) => e.action)).toEqual(['dossier.value_set', 'dossier.value_set']);
    expect(page1.body.events[0]).toMatchObject({
      actor: u.email,
      data: { field_key: 'brand', value: 'C', previous: 'B' },
    });
    expect(page1.body.has_more).toBe(true);
    const page2 = await call(activityRoute, 'GET', `/api/skus/${sku.id}/activity`, {
      cookie: u.cookie,
      params: { id: sku.id },
      query: { limit: '2', cursor: page1.body.next_cursor },
    });
    expect(page2.body.events.map((e: any) => e.action)).toEqual(['dossier.value_set', 'sku.created']);
    expect(page2.body.has_more).toBe(false);
    expectEnvelope(
      await call(activityRoute, 'GET', `/api/skus/${sku.id}/activity`, {
        cookie: u.cookie,
        params: { id: sku.id },
        query: { cursor: 'junk' },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('dashboard counts SKUs by status and the most frequent open blockers', async () => {
    const u = await makeUser();
    const d1 = await createSku(u, { sku_code: 'D-1', product_name: 'Toy car', category_code: 'toys' });
    await createSku(u, { sku_code: 'D-2', product_name: 'Doll', category_code: 'toys' });
    // Three markets: the language blocker occurs several times on this one SKU, and counts it once.
    await setField(u, d1.id, 'target_markets', 'DE,FR,IT');
    const ready = await readySku(u);
    const published = await readySku(u);
    await approve(u, ready.id);
    await approve(u, published.id);
    expect((await publish(u, published.id)).status).toBe(200);
    const res = await call(dashboardRoute, 'GET', '/api/dashboard', { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({
      skus: 4,
      published: 1,
      approved: 2,
      blocked: 2,
      needs_review: 0,
      ready_for_approval: 0,
      category_not_recognised: 0, // toys by code, cutting boards by their name
    });
    expect(res.body.by_status).toEqual([
      { status: 'blocked', count: 2 },
      { status: 'needs_review', count: 0 },
      { status: 'ready_for_approval', count: 0 },
      { status: 'approved', count: 1 },
      { status: 'published', count: 1 },
    ]);
    // The open blocker-severity codes of the stored evaluations, counted here independently of the SQL.
    const db = await getDb();
    const rows = await db.select({ blockers: skus.blockers }).from(skus).where(eq(skus.workspaceId, u.workspaceId));
    const counts = new Map<string, number>();
    for (const r of rows) {
      const codes = new Set(
        ((r.blockers ?? []) as any[]).filter((b) => b.severity === 'blocker' && !b.waived).map((b) => b.code),
      );
      for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    // Since issue 35 the missing languages are one blocker listing them (it was one blocker per language).
    const d1Row = rows.find((r) => (r.blockers as any[]).some((b) => b.code === 'WARNINGS_MISSING_FOR_LANGUAGE'));
    const langBlockers = (d1Row!.blockers as any[]).filter((b) => b.code === 'WARNINGS_MISSING_FOR_LANGUAGE');
    expect(langBlockers).toHaveLength(1);
    expect(langBlockers[0].details.languages).toEqual(['de', 'fr', 'it']);
    expect(counts.get('TOY_EN71_REPORT_MISSING')).toBe(2); // both toys, none of the ready SKUs
    // The ten most frequent, each with its true count (ties at the cut are ordered by the server's collation).
    const top: { code: string; count: number; example_message: string }[] = res.body.top_blockers;
    expect(top).toHaveLength(Math.min(10, counts.size));
    for (const b of top) expect(b.count).toBe(counts.get(b.code));
    // A share of SKUs: never above the number of SKUs (the dashboard showed "233 %").
    for (const b of top) expect(b.count).toBeLessThanOrEqual(res.body.totals.skus);
    expect(top.map((b) => b.count)).toEqual([...top.map((b) => b.count)].sort((a, b) => b - a));
    const cut = top[top.length - 1].count;
    for (const [code, n] of counts) if (!top.some((b) => b.code === code)) expect(n).toBeLessThanOrEqual(cut);
    expect(top.every((b) => typeof b.example_message === 'string' && b.example_message.length > 0)).toBe(true);
    // Issue 35: one line per obligation across SKUs, a language obligation per language, most serious first.
    const obligations: { code: string; language: string | null; count: number; legal_weight: string; href: string }[] =
      res.body.obligations;
    const fr = obligations.find((o) => o.code === 'WARNINGS_MISSING_FOR_LANGUAGE' && o.language === 'fr');
    expect(fr).toMatchObject({ count: 1, legal_weight: 'market' });
    expect(fr!.href).toBe('/skus?blocker_code=WARNINGS_MISSING_FOR_LANGUAGE&sort=serious_desc');
    expect(obligations.find((o) => o.code === 'TOY_EN71_REPORT_MISSING')).toMatchObject({ language: null, count: 2 });
    const rank = { market: 3, online: 2, data_quality: 1 } as Record<string, number>;
    const ranks = obligations.map((o) => rank[o.legal_weight]);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const stranger = await makeUser();
    const empty = await call(dashboardRoute, 'GET', '/api/dashboard', { cookie: stranger.cookie });
    expect(empty.body.totals.skus).toBe(0);
    expect(empty.body.top_blockers).toEqual([]);
    expect(empty.body.obligations).toEqual([]);
  });
});

describe('audit of dossier edits', () => {
  it('records who set which value', async () => {
    const u = await makeUser();
    const sku = await createSku(u, { sku_code: 'AU-1', product_name: 'Spoon' });
    await put(u, sku.id, 'brand', { value: 'Löffel' });
    const db = await getDb();
    const [ev] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, sku.id), eq(auditEvents.action, 'dossier.value_set')));
    expect(ev).toMatchObject({ actorLabel: u.email, data: { field_key: 'brand', value: 'Löffel' } });
    void EU_MANUFACTURER;
  });
});
