/**
 * Tenant isolation of the per-SKU routes: every one answers 404 to another workspace and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as approveRoute from '@/app/api/skus/[id]/approve/route';
import * as reviewRoute from '@/app/api/skus/[id]/review/complete/route';
import * as publishRoute from '@/app/api/skus/[id]/publish/route';
import * as exportRoute from '@/app/api/skus/[id]/export/route';
import * as zipRoute from '@/app/api/skus/[id]/dossier.zip/route';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import * as fieldRoute from '@/app/api/skus/[id]/dossier/[fieldKey]/route';
import * as suggestionsRoute from '@/app/api/skus/[id]/dossier/suggestions/route';
import * as confirmRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/confirm/route';
import * as rejectRoute from '@/app/api/skus/[id]/dossier/values/[valueId]/reject/route';
import * as skuEntitiesRoute from '@/app/api/skus/[id]/entities/route';
import * as linkRoute from '@/app/api/skus/[id]/entities/[role]/route';
import * as entityRoute from '@/app/api/entities/[id]/route';
import * as entitiesRoute from '@/app/api/entities/route';
import * as waiversRoute from '@/app/api/skus/[id]/waivers/route';
import * as waiverRoute from '@/app/api/skus/[id]/waivers/[waiverId]/route';
import * as issuesRoute from '@/app/api/skus/[id]/review-issues/route';
import * as resolveRoute from '@/app/api/skus/[id]/review-issues/[issueId]/resolve/route';
import * as activityRoute from '@/app/api/skus/[id]/activity/route';
import * as revisionsRoute from '@/app/api/skus/[id]/revisions/route';
import { call, expectEnvelope, makeUser, type CallOptions } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { approve, createSku, publish, readySku, setField, withTempBlobStore } from './fixtures';

useTestDatabase();
withTempBlobStore();

type Mod = Parameters<typeof call>[0];

describe('tenant isolation', () => {
  it('every per-SKU route answers 404 to another workspace and changes nothing', async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const sku = await readySku(owner);
    const id = sku.id;
    await setField(owner, id, 'target_markets', 'DE,FR');
    // GPSR Art. 9(7): no French instructions, and a cutting board is safe without them.
    await setField(owner, id, 'instructions_needed', 'no');
    const waiver = await call(waiversRoute, 'POST', `/api/skus/${id}/waivers`, {
      cookie: owner.cookie,
      params: { id },
      body: { code: 'WARNINGS_MISSING_FOR_LANGUAGE', reason: 'FR labels by the distributor' },
    });
    expect(waiver.status, waiver.text).toBe(201);
    await approve(owner, id);
    expect((await publish(owner, id)).status).toBe(200);
    const sug = await call(suggestionsRoute, 'POST', `/api/skus/${id}/dossier/suggestions`, {
      cookie: owner.cookie,
      params: { id },
      body: { suggestions: [{ field_key: 'hs_code', value: '441900', source: 'import' }] },
    });
    const valueId = sug.body.inserted[0].id as string;
    const issue = await call(issuesRoute, 'POST', `/api/skus/${id}/review-issues`, {
      cookie: owner.cookie,
      params: { id },
      body: { message: 'check' },
    });
    const links = await call(skuEntitiesRoute, 'GET', `/api/skus/${id}/entities`, {
      cookie: owner.cookie,
      params: { id },
    });
    const entityId = links.body.links[0].entity.id as string;
    const waiverId = waiver.body.waiver.id as string;
    const issueId = issue.body.issue.id as string;

    const cases: Array<[Mod, 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', string, CallOptions]> = [
      [skuRoute, 'GET', `/api/skus/${id}`, {}],
      [approveRoute, 'POST', `/api/skus/${id}/approve`, {}],
      [approveRoute, 'POST', `/api/skus/${id}/approve`, { query: { dry_run: 'true' } }],
      [reviewRoute, 'POST', `/api/skus/${id}/review/complete`, {}],
      [publishRoute, 'POST', `/api/skus/${id}/publish`, {}],
      [publishRoute, 'POST', `/api/skus/${id}/publish`, { query: { dry_run: 'true' } }],
      [exportRoute, 'GET', `/api/skus/${id}/export`, {}],
      [exportRoute, 'GET', `/api/skus/${id}/export`, { query: { format: 'csv' } }],
      [zipRoute, 'GET', `/api/skus/${id}/dossier.zip`, {}],
      [dossierRoute, 'GET', `/api/skus/${id}/dossier`, {}],
      [
        fieldRoute,
        'PUT',
        `/api/skus/${id}/dossier/brand`,
        { params: { id, fieldKey: 'brand' }, body: { value: 'Hijack' } },
      ],
      [
        fieldRoute,
        'PUT',
        `/api/skus/${id}/dossier/brand`,
        { params: { id, fieldKey: 'brand' }, body: { value: 'Hijack' }, query: { dry_run: 'true' } },
      ],
      [fieldRoute, 'DELETE', `/api/skus/${id}/dossier/brand`, { params: { id, fieldKey: 'brand' } }],
      [
        suggestionsRoute,
        'POST',
        `/api/skus/${id}/dossier/suggestions`,
        { body: { suggestions: [{ field_key: 'brand', value: 'X', source: 'import' }] } },
      ],
      [confirmRoute, 'POST', `/api/skus/${id}/dossier/values/${valueId}/confirm`, { params: { id, valueId } }],
      [rejectRoute, 'POST', `/api/skus/${id}/dossier/values/${valueId}/reject`, { params: { id, valueId } }],
      [skuEntitiesRoute, 'GET', `/api/skus/${id}/entities`, {}],
      [
        linkRoute,
        'PUT',
        `/api/skus/${id}/entities/importer`,
        { params: { id, role: 'importer' }, body: { entity_id: entityId } },
      ],
      [linkRoute, 'DELETE', `/api/skus/${id}/entities/manufacturer`, { params: { id, role: 'manufacturer' } }],
      [waiversRoute, 'GET', `/api/skus/${id}/waivers`, {}],
      [waiversRoute, 'POST', `/api/skus/${id}/waivers`, { body: { code: 'PRODUCT_IMAGE_MISSING', reason: 'x' } }],
      [waiverRoute, 'DELETE', `/api/skus/${id}/waivers/${waiverId}`, { params: { id, waiverId } }],
      [issuesRoute, 'GET', `/api/skus/${id}/review-issues`, {}],
      [issuesRoute, 'POST', `/api/skus/${id}/review-issues`, { body: { message: 'x' } }],
      [resolveRoute, 'POST', `/api/skus/${id}/review-issues/${issueId}/resolve`, { params: { id, issueId } }],
      [activityRoute, 'GET', `/api/skus/${id}/activity`, {}],
      [revisionsRoute, 'GET', `/api/skus/${id}/revisions`, {}],
      [entityRoute, 'GET', `/api/entities/${entityId}`, { params: { id: entityId } }],
      [entityRoute, 'PATCH', `/api/entities/${entityId}`, { params: { id: entityId }, body: { name: 'Hijacked' } }],
      [entityRoute, 'DELETE', `/api/entities/${entityId}`, { params: { id: entityId } }],
      [skuRoute, 'DELETE', `/api/skus/${id}`, {}],
    ];
    for (const [mod, method, path, opts] of cases) {
      const res = await call(mod, method, path, { cookie: stranger.cookie, params: { id }, ...opts });
      try {
        expectEnvelope(res, 404, 'NOT_FOUND');
      } catch (e) {
        throw new Error(`${method} ${path}: ${(e as Error).message}`);
      }
    }

    // The stranger cannot reach the owner's rows through their own SKU either.
    const mine = await createSku(stranger, { sku_code: 'MINE', product_name: 'Mine' });
    const m = mine.id;
    for (const [mod, method, path, opts] of [
      [confirmRoute, 'POST', `/api/skus/${m}/dossier/values/${valueId}/confirm`, { params: { id: m, valueId } }],
      [rejectRoute, 'POST', `/api/skus/${m}/dossier/values/${valueId}/reject`, { params: { id: m, valueId } }],
      [waiverRoute, 'DELETE', `/api/skus/${m}/waivers/${waiverId}`, { params: { id: m, waiverId } }],
      [resolveRoute, 'POST', `/api/skus/${m}/review-issues/${issueId}/resolve`, { params: { id: m, issueId } }],
      [
        linkRoute,
        'PUT',
        `/api/skus/${m}/entities/manufacturer`,
        { params: { id: m, role: 'manufacturer' }, body: { entity_id: entityId } },
      ],
    ] as Array<[Mod, 'POST' | 'PUT' | 'DELETE', string, CallOptions]>) {
      const res = await call(mod, method, path, { cookie: stranger.cookie, ...opts });
      try {
        expectEnvelope(res, 404, 'NOT_FOUND');
      } catch (e) {
        throw new Error(`${method} ${path}: ${(e as Error).message}`);
      }
    }
    const theirEntities = await call(entitiesRoute, 'GET', '/api/entities', { cookie: stranger.cookie });
    expect(theirEntities.body.data).toEqual([]);

    // Nothing of the owner's changed.
    const detail = await call(skuRoute, 'GET', `/api/skus/${id}`, { cookie: owner.cookie, params: { id } });
    expect(detail.status).toBe(200);
    const dossier = await call(dossierRoute, 'GET', `/api/skus/${id}/dossier`, {
      cookie: owner.cookie,
      params: { id },
    });
    expect(dossier.body.fields.find((f: any) => f.field_key === 'brand').current.value).toBe('Holzwerk');
    expect(dossier.body.fields.find((f: any) => f.field_key === 'hs_code').suggestions).toHaveLength(1);
    const entity = await call(entityRoute, 'GET', `/api/entities/${entityId}`, {
      cookie: owner.cookie,
      params: { id: entityId },
    });
    expect(entity.body.entity.name).toBe('Holzwerk Müller GmbH');
    const revisions = await call(revisionsRoute, 'GET', `/api/skus/${id}/revisions`, {
      cookie: owner.cookie,
      params: { id },
    });
    expect(revisions.body.revisions).toHaveLength(1);
    const waivers = await call(waiversRoute, 'GET', `/api/skus/${id}/waivers`, {
      cookie: owner.cookie,
      params: { id },
    });
    expect(waivers.body.data[0].revoked_at).toBeNull();
  });
});
