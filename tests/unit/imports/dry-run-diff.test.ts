/**
 * The dry run's update diff collector: the limits on SKUs, changes and value length hold with the
 * totals counting what was left out; the approval-reset flag follows the one rule of
 * lib/skus/approval-reset.ts; operator links compare by normalised name.
 */
import { describe, expect, it } from 'vitest';
import { entityLinkChanges, UpdateDiffCollector } from '@/lib/imports/dry-run-diff';
import type { PlannedRecord } from '@/lib/imports/plan';
import { approvalResetOf } from '@/lib/skus/approval-reset';

const rec = (row: number, entities: PlannedRecord['entities'] = []): PlannedRecord => ({
  row_number: row,
  status: 'valid',
  sku: { sku_code: `S-${row}`, product_name: null, gtin: null, category_code: null, external_sku_id: null },
  sku_fields: [],
  dossier: {},
  sources: { manufacturer_name: { column: 'Hersteller', column_index: 3 } },
  entities,
  errors: [],
  warnings: [],
});
const sku = (i: number, approvalState = 'pending', reviewState = 'open') => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  skuCode: `S-${i}`,
  productName: `Name ${i}`,
  approvalState,
  reviewState,
});
const changes = (n: number, value = 'v') =>
  Object.fromEntries(Array.from({ length: n }, (_, k) => [`f${k}`, { from: null, to: value, column: null }]));

describe('UpdateDiffCollector', () => {
  it('stops listing at the change limit, mid-SKU, and counts the rest', () => {
    const c = new UpdateDiffCollector({ skus: 10, changes: 5, value_chars: 400 });
    c.add(rec(2), sku(1), changes(3));
    c.add(rec(3), sku(2), changes(4));
    c.add(rec(4), sku(3), changes(2));
    const d = c.result();
    expect(d.skus.map((s) => [s.changes.length, s.changes_omitted])).toEqual([
      [3, 0],
      [2, 2],
      [0, 2],
    ]);
    expect(d).toMatchObject({ skus_total: 3, skus_omitted: 0, changes_total: 9, changes_omitted: 4 });
  });

  it('lists the first SKUs only and ignores rows without changes', () => {
    const c = new UpdateDiffCollector({ skus: 2, changes: 100, value_chars: 400 });
    for (let i = 0; i < 5; i++) c.add(rec(i + 2), sku(i), changes(i % 2 ? 1 : 0));
    const d = c.result();
    expect(d.skus.map((s) => s.sku_code)).toEqual(['S-1', 'S-3']);
    expect(d).toMatchObject({ skus_total: 2, skus_omitted: 0 });
  });

  it('cuts values at the limit without splitting a surrogate pair', () => {
    const c = new UpdateDiffCollector({ skus: 5, changes: 5, value_chars: 4 });
    c.add(rec(2), sku(1), { a: { from: 'abc😀def', to: 'ok', column: null } });
    const [ch] = c.result().skus[0].changes;
    expect(ch).toMatchObject({ from: 'abc…', from_truncated: true, to: 'ok', to_truncated: false });
  });

  it('flags approval resets by the one rule', () => {
    expect(approvalResetOf({ approvalState: 'approved', reviewState: 'open' })).toEqual({
      approval: true,
      review: false,
    });
    expect(approvalResetOf({ approvalState: 'pending', reviewState: 'open' })).toBeNull();
    const c = new UpdateDiffCollector();
    c.add(rec(2), sku(1, 'approved', 'complete'), changes(1));
    c.add(rec(3), sku(2), changes(1));
    const d = c.result();
    expect(d.approval_resets).toBe(1);
    expect(d.skus.map((s) => [s.approval_reset, s.changes[0].resets_approval])).toEqual([
      [{ approval: true, review: true }, true],
      [null, false],
    ]);
  });
});

describe('entityLinkChanges', () => {
  const maker = (name: string) => ({ role: 'manufacturer' as const, name, address: null, email: null, country: null });
  it('is a change only when another entity is linked in the role, by normalised name', () => {
    const linked = new Map([['manufacturer', { entity_id: 'e1', name: 'ACME G.m.b.H.' }]]);
    expect(entityLinkChanges(rec(2, [maker('Acme GmbH')]), linked)).toEqual({});
    expect(entityLinkChanges(rec(2, [maker('Other AG')]), linked)).toEqual({
      'entity:manufacturer': { from: 'ACME G.m.b.H.', to: 'Other AG', column: 'Hersteller' },
    });
    // Nothing linked yet: a proposal of the resolution, not a change of the SKU.
    expect(entityLinkChanges(rec(2, [maker('Other AG')]), undefined)).toEqual({});
  });
});
