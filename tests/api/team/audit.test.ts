/**
 * The audit log names people and SKU codes, filters by person, action, SKU and date, and exports CSV.
 */
import { describe, expect, it } from 'vitest';
import * as auditRoute from '@/app/api/audit-events/route';
import * as csvRoute from '@/app/api/audit-events/export.csv/route';
import * as approveRoute from '@/app/api/skus/[id]/approve/route';
import * as memberRoute from '@/app/api/members/[userId]/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import { getDb } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { createSku, readySku, setField } from '../skus/fixtures';
import { addMember } from './helpers';

useTestDatabase();

describe('listAuditEvents, exportAuditEventsCsv — audit log', () => {
  it('names people and SKU codes, filters by person, action, SKU and date, and exports CSV', async () => {
    const a = await makeUser({ plan: 'pro' });
    const b = await addMember(a, 'reviewer');
    const sku = await readySku(a, { sku_code: 'AUD-1' });
    const other = await createSku(a, { sku_code: 'AUD-2', product_name: 'Second' });
    expect(
      (await call(approveRoute, 'POST', `/api/skus/${sku.id}/approve`, { cookie: b.cookie, params: { id: sku.id } }))
        .status,
    ).toBe(200);
    await call(memberRoute, 'PATCH', `/api/members/${b.id}`, {
      cookie: a.cookie,
      params: { userId: b.id },
      body: { role: 'viewer' },
    });

    const all = await call(auditRoute, 'GET', '/api/audit-events', { cookie: a.cookie, query: { limit: '100' } });
    expect(all.status, all.text).toBe(200);
    const approved = all.body.events.find((e: { action: string }) => e.action === 'sku.approved');
    expect(approved).toMatchObject({
      actor: b.email,
      actor_user_id: b.id,
      sku: { id: sku.id, sku_code: 'AUD-1' },
      target_label: 'AUD-1',
    });
    const roleChange = all.body.events.find((e: { action: string }) => e.action === 'member.role_changed');
    expect(roleChange).toMatchObject({ actor: a.email, target_label: b.email });

    const byB = await call(auditRoute, 'GET', '/api/audit-events', { cookie: a.cookie, query: { actor: b.id } });
    expect(byB.body.events.length).toBeGreaterThan(0);
    expect(byB.body.events.every((e: { actor_user_id: string }) => e.actor_user_id === b.id)).toBe(true);
    const byName = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: a.cookie,
      query: { actor: b.email.split('@')[0] },
    });
    expect(byName.body.events.map((e: { id: string }) => e.id).sort()).toEqual(
      byB.body.events.map((e: { id: string }) => e.id).sort(),
    );

    const bySku = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: a.cookie,
      query: { sku: 'aud-1', limit: '100' },
    });
    expect(bySku.body.events.length).toBeGreaterThan(0);
    expect(bySku.body.events.every((e: { sku: { sku_code: string } }) => e.sku?.sku_code === 'AUD-1')).toBe(true);
    const byAction = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: a.cookie,
      query: { action: 'member.' },
    });
    expect(byAction.body.events.map((e: { action: string }) => e.action)).toEqual(['member.role_changed']);

    // Date range: an old event is outside "from", inside "to".
    const db = await getDb();
    // A label from outside (a supplier's name) that a spreadsheet would run as a formula.
    await db.insert(auditEvents).values({
      workspaceId: a.workspaceId,
      actorLabel: '=HYPERLINK("x")',
      action: 'import.old',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const recent = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: a.cookie,
      query: { from: '2021-01-01T00:00:00Z', limit: '100' },
    });
    expect(recent.body.events.some((e: { action: string }) => e.action === 'import.old')).toBe(false);
    const old = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: a.cookie,
      query: { to: '2021-01-01T00:00:00Z' },
    });
    expect(old.body.events.map((e: { action: string }) => e.action)).toEqual(['import.old']);
    expectEnvelope(
      await call(auditRoute, 'GET', '/api/audit-events', { cookie: a.cookie, query: { from: 'yesterday' } }),
      400,
      'VALIDATION_FAILED',
    );

    // A dossier change: the field, the old and the new value in their own CSV columns.
    await setField(a, other.id, 'brand', 'Acme');
    await setField(a, other.id, 'brand', 'Acme, Inc.');
    // A deleted SKU keeps its code in the log.
    await call(skuRoute, 'DELETE', `/api/skus/${other.id}`, { cookie: a.cookie, params: { id: other.id } });
    const csv = await call(csvRoute, 'GET', '/api/audit-events/export.csv', { cookie: a.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('time_utc,person,action,sku_code,target_type,target,details,field,old_value,new_value');
    expect(
      lines
        .filter((l) => l.includes(',dossier.value_set,') && l.includes(',brand,'))
        .map((l) => l.replace(/^.*,(brand,)/, '$1'))
        .slice(0, 2), // newest first; readySku set the first brand of AUD-1 before
    ).toEqual(['brand,Acme,"Acme, Inc."', 'brand,,Acme']);
    expect(lines.some((l) => l.includes(`${b.email},sku.approved,AUD-1`))).toBe(true);
    expect(lines.find((l) => l.includes('sku.deleted'))).toContain(',sku.deleted,AUD-2,');
    // The formula-like label is neutralised (leading apostrophe), never a live formula.
    expect(lines.find((l) => l.includes('import.old'))).toContain(`"'=HYPERLINK(""x"")"`);
    const filtered = await call(csvRoute, 'GET', '/api/audit-events/export.csv', {
      cookie: a.cookie,
      query: { actor: b.id },
    });
    expect(
      filtered.text
        .trim()
        .split('\r\n')
        .slice(1)
        .every((l) => l.includes(b.email)),
    ).toBe(true);

    // Another workspace sees none of it.
    const stranger = await makeUser();
    const theirs = await call(auditRoute, 'GET', '/api/audit-events', {
      cookie: stranger.cookie,
      query: { sku: sku.id },
    });
    expect(theirs.body.events).toEqual([]);
  });
});
