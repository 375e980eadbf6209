/**
 * Access tiers, field by field: every value a format declares for a higher tier is absent from every lower
 * tier's document, and present in its own. Also the restrictions the CIRPASS-2 battery public view
 * (CIRPASS-2/ontologies-battery battery-view-public.ttl) names: no unique operator identifier, no battery
 * status, no test report results in the public tier.
 */
import { describe, expect, it } from 'vitest';
import { BATTERY_FIELDS, buildBatteryPassport } from '@/lib/passports/battery';
import { project, restrictedPaths } from '@/lib/passports/tagged';
import { PASSPORT_TIERS, tierAllows } from '@/lib/passports/tiers';
import { buildUntpPassport } from '@/lib/passports/untp';
import { batterySource } from '@/lib/passports/sample-source';

const at = (doc: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), doc);

function distinctive(v: unknown): string | null {
  const s = typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : null;
  return s && s.length > 6 ? s : null;
}

describe('no field of a higher tier in a lower tier', () => {
  for (const [name, tree] of [
    ['UNTP DPP', buildUntpPassport(batterySource())],
    ['Battery Pass', buildBatteryPassport(batterySource()).tree],
  ] as const) {
    it(`${name}: every restricted value, in every tier`, () => {
      const restricted = restrictedPaths(tree);
      expect(restricted.length).toBeGreaterThan(3);
      for (const t of PASSPORT_TIERS) {
        const text = JSON.stringify(project(tree, t));
        for (const r of restricted) {
          const needle = distinctive(r.value);
          if (!needle) continue;
          if (tierAllows(t, r.tier)) expect(text, `${r.path} (${r.tier}) in ${t}`).toContain(needle);
          else expect(text, `${r.path} (${r.tier}) leaks into ${t}`).not.toContain(needle);
        }
      }
    });
  }

  it('Battery Pass: each declared field sits in the tiers Annex XIII gives it and no lower', () => {
    const { tree } = buildBatteryPassport(batterySource());
    const docs = Object.fromEntries(PASSPORT_TIERS.map((t) => [t, project<any>(tree, t)]));
    let checked = 0;
    for (const spec of BATTERY_FIELDS) {
      const full = at(docs.authority.modules[spec.module], spec.path);
      if (full === undefined) continue; // a blocker: the fixture's dossier lacks it
      checked++;
      for (const t of PASSPORT_TIERS) {
        const v = at(docs[t].modules[spec.module], spec.path);
        if (tierAllows(t, spec.tier)) expect(v, `${spec.module}.${spec.path} in ${t}`).toEqual(full);
        else expect(v, `${spec.module}.${spec.path} leaks into ${t}`).toBeUndefined();
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it('the public battery view discloses no operator identifier, battery status or test report results', () => {
    const src = batterySource();
    const pub = project<any>(buildBatteryPassport(src).tree, 'public');
    expect(pub.modules.GeneralProductInformation.manufacturerInformation.identifier).toBeUndefined();
    expect(pub.modules.GeneralProductInformation.batteryStatus).toBeUndefined();
    expect(pub.modules.Labeling.resultOfTestReport).toBeUndefined();
    expect(JSON.stringify(pub)).not.toContain('DE123456789');
    expect(JSON.stringify(pub)).not.toContain('doc-tr');
    const auth = project<any>(buildBatteryPassport(src).tree, 'authority');
    expect(auth.modules.Labeling.resultOfTestReport).toBe('https://app.example/api/documents/doc-tr/file');
  });

  it('UNTP: test reports are evidence for authorities only; confirming persons too', () => {
    const tree = buildUntpPassport(batterySource());
    const pub = JSON.stringify(project(tree, 'public'));
    const li = JSON.stringify(project(tree, 'legitimate_interest'));
    const au = JSON.stringify(project(tree, 'authority'));
    for (const lower of [pub, li]) {
      expect(lower).not.toContain('UN 38.3 test report');
      expect(lower).not.toContain('reviewer@example.test');
    }
    expect(li).toContain('Datasheet EB-48.pdf');
    expect(pub).not.toContain('Datasheet EB-48.pdf');
    expect(au).toContain('UN 38.3 test report');
  });
});
