/**
 * Economic-operator roles (issue 35): each requirement rule applies to the roles the law gives the duty,
 * with that role's article; a duty the role does not hold itself is satisfied by "held by <operator linked
 * to the SKU>, available on request"; a manufacturer workspace evaluates as before. Also the applicability
 * fixes of the same issue (one blocker per obligation, questions and expiry only where a rule asks).
 */
import { describe, expect, it } from 'vitest';
import {
  CURRENT_PROFILE_BY_CATEGORY,
  OPERATOR_ROLES,
  evaluateRequirements,
  profileFactFields,
  resolveProfile,
  ruleRoles,
  type DocumentInput,
  type EntityInput,
  type HeldByInput,
  type RequirementInput,
} from '@/lib/requirements';

const NOW = '2026-05-01T12:00:00Z';
const MAKER: EntityInput = {
  id: 'maker',
  role: 'manufacturer',
  name: 'Holzwerk Müller GmbH',
  country: 'DE',
  has_postal_address: true,
  has_electronic_address: true,
};
const OTHER: EntityInput = { ...MAKER, id: 'other', name: 'Other GmbH' };
const RISK: DocumentInput = { id: 'risk', name: 'Risk analysis.pdf', type: 'risk_assessment' };
const CORE = {
  gtin: '4006381333931',
  model_number: 'M-1',
  product_image_url: 'https://cdn.example.com/m-1.jpg',
  product_description: 'Product with its essential safety characteristics.',
  target_markets: 'DE,AT',
  safety_warnings_de: 'Warnhinweis.',
  instructions_de: 'Anleitung.',
};

function run(category: string, over: Partial<RequirementInput> & { extra?: Record<string, string | null> } = {}) {
  const { extra, ...rest } = over;
  return evaluateRequirements({
    sku: { category_code: category, gtin: null },
    fields: { ...CORE, ...(extra ?? {}) },
    entities: [MAKER],
    documents: [],
    now: NOW,
    ...rest,
  });
}
const open = (r: ReturnType<typeof evaluateRequirements>) =>
  r.blockers.filter((b) => !b.waived).map((b) => [b.code, b.severity]);
const held = (rule_id: string, entity_id = 'maker'): HeldByInput => ({
  rule_id,
  entity_id,
  confirmed_by: 'Dana Distributor',
  confirmed_at: '2026-04-30T10:00:00Z',
});

describe('every rule states its roles and, for each role, an article', () => {
  const profiles = Object.values(CURRENT_PROFILE_BY_CATEGORY).map((id) => resolveProfile(id)!);
  it('roles are valid operator roles; a rule that does not list every role says what the others owe', () => {
    for (const p of profiles)
      for (const rule of p.rules) {
        for (const role of ruleRoles(rule)) expect(OPERATOR_ROLES).toContain(role);
        if (rule.other_roles) expect(ruleRoles(rule).length).toBeLessThan(OPERATOR_ROLES.length);
      }
  });
  it('a rule with an article cites one for every role it applies to or is held for', () => {
    for (const p of profiles)
      for (const rule of p.rules) {
        if (!rule.legal) continue;
        for (const role of OPERATOR_ROLES) {
          const applies = ruleRoles(rule).includes(role) || rule.other_roles === 'held_by';
          if (!applies) continue;
          expect((rule.role_legal?.[role] ?? rule.legal).length, `${p.id} ${rule.id} ${role}`).toBeGreaterThan(0);
        }
      }
  });
});

describe('manufacturer (the default role): behaviour unchanged', () => {
  it('an explicit manufacturer role evaluates exactly as no role', () => {
    for (const category of ['general', 'toys', 'electrical', 'cosmetics']) {
      const a = run(category);
      const b = run(category, { operator_role: 'manufacturer' });
      expect(b.blockers).toEqual(a.blockers);
      expect(a.operator_role).toBe('manufacturer');
    }
  });
  it('the manufacturer holds its own risk analysis: no held-by state, a blocker', () => {
    const r = run('general');
    expect(open(r)).toEqual([['RISK_ASSESSMENT_MISSING', 'blocker']]);
    expect(r.held_by).toEqual([]);
    // A held-by confirmation does not excuse the manufacturer from its own duty.
    expect(open(run('general', { held_by: [held('core.risk_assessment')] }))).toEqual([
      ['RISK_ASSESSMENT_MISSING', 'blocker'],
    ]);
  });
});

describe('distributor (GPSR Art. 12)', () => {
  it('the risk analysis is held by the manufacturer: open until a person names the operator', () => {
    const r = run('general', { operator_role: 'distributor' });
    // Art. 12 asks the distributor to verify Art. 9(5)-(7), not to hold Art. 9(2): a warning, not a blocker.
    expect(open(r)).toEqual([['RISK_ASSESSMENT_MISSING', 'warning']]);
    const b = r.blockers[0];
    expect(b.fix).toEqual({ kind: 'held_by', target: 'core.risk_assessment' });
    expect(b.legal_basis).toBe('Regulation (EU) 2023/988 (GPSR) Art. 12(3), Art. 12(4)');
    expect(r.held_by).toEqual([
      expect.objectContaining({
        rule_id: 'core.risk_assessment',
        status: 'open',
        holder_roles: ['manufacturer', 'authorised_representative'],
        candidates: [{ entity_id: 'maker', name: 'Holzwerk Müller GmbH', role: 'manufacturer' }],
      }),
    ]);
  });

  it('"held by <operator>, available on request" satisfies it, naming the operator and when it was confirmed', () => {
    const r = run('general', { operator_role: 'distributor', held_by: [held('core.risk_assessment')] });
    expect(r.blockers).toEqual([]);
    expect(r.held_by[0]).toMatchObject({
      status: 'confirmed',
      entity_id: 'maker',
      entity_name: 'Holzwerk Müller GmbH',
      confirmed_by: 'Dana Distributor',
      confirmed_at: '2026-04-30T10:00:00Z',
    });
  });

  it('exception: a confirmation naming an operator not linked to the SKU does not count', () => {
    const r = run('general', { operator_role: 'distributor', held_by: [held('core.risk_assessment', 'other')] });
    expect(open(r)).toEqual([['RISK_ASSESSMENT_MISSING', 'warning']]);
    const r2 = run('general', {
      operator_role: 'distributor',
      entities: [MAKER, OTHER],
      held_by: [held('core.risk_assessment', 'other')],
    });
    expect(r2.blockers).toEqual([]);
  });

  it('exception: the linked document itself satisfies it too', () => {
    expect(run('general', { operator_role: 'distributor', documents: [RISK] }).blockers).toEqual([]);
  });

  it('the verifications stay: manufacturer identified, identifier, warnings in the market language (Art. 12(1))', () => {
    const r = run('general', {
      operator_role: 'distributor',
      entities: [],
      documents: [RISK],
      extra: { safety_warnings_de: null, gtin: null, model_number: null },
    });
    const byCode = new Map(r.blockers.map((b) => [b.code, b]));
    expect(byCode.get('MANUFACTURER_MISSING')?.legal_basis).toBe(
      'Regulation (EU) 2023/988 (GPSR) Art. 12(1), Art. 19(a)',
    );
    expect(byCode.get('PRODUCT_IDENTIFIER_MISSING')?.legal_basis).toBe(
      'Regulation (EU) 2023/988 (GPSR) Art. 12(1), Art. 19(c)',
    );
    expect(byCode.get('WARNINGS_MISSING_FOR_LANGUAGE')?.legal_basis).toBe(
      'Regulation (EU) 2023/988 (GPSR) Art. 12(1), Art. 19(d)',
    );
    expect([...byCode.values()].every((b) => b.severity === 'blocker')).toBe(true);
  });

  it('a lamp: CE marking seen (LVD Art. 9(2)); declaration and test reports held by the manufacturer', () => {
    const lamp = {
      rated_voltage: '230 V~ 50 Hz',
      radio_equipment: 'no',
      other_marks: 'crossed-out wheeled bin',
      ce_marking: 'no',
    };
    const r = run('electrical', { operator_role: 'distributor', extra: lamp });
    expect(open(r)).toEqual([
      ['ELECTRICAL_CE_MARKING_MISSING', 'blocker'],
      ['RISK_ASSESSMENT_MISSING', 'warning'],
      ['ELECTRICAL_DOC_MISSING', 'warning'],
      ['ELECTRICAL_TEST_REPORT_MISSING', 'warning'],
    ]);
    const ce = r.blockers.find((b) => b.code === 'ELECTRICAL_CE_MARKING_MISSING')!;
    expect(ce.legal_basis).toContain('Directive 2014/35/EU (LVD) Art. 9(2)');
    const confirmed = run('electrical', {
      operator_role: 'distributor',
      extra: { ...lamp, ce_marking: 'yes' },
      held_by: ['core.risk_assessment', 'electrical.doc', 'electrical.test_report'].map((id) => held(id)),
    });
    expect(confirmed.blockers).toEqual([]);
    expect(confirmed.held_by.map((h) => [h.rule_id, h.status])).toEqual([
      ['core.risk_assessment', 'confirmed'],
      ['electrical.doc', 'confirmed'],
      ['electrical.test_report', 'confirmed'],
    ]);
  });

  it('a cosmetic: not asked for the CPNP notification (the responsible person notifies); INCI verified (Art. 6(2))', () => {
    const r = run('cosmetics', { operator_role: 'distributor', extra: { ingredients_inci: null } });
    const codes = r.blockers.map((b) => b.code);
    expect(codes).not.toContain('COSMETIC_CPNP_NUMBER_MISSING');
    // (The labelling items of Art. 19(1)(b)-(f) are another pack's rules; only these two are about the role.)
    expect(open(r)).toEqual(
      expect.arrayContaining([
        ['COSMETIC_INCI_MISSING', 'blocker'],
        ['COSMETIC_CPSR_MISSING', 'warning'],
      ]),
    );
    expect(r.blockers.find((b) => b.code === 'COSMETIC_INCI_MISSING')!.legal_basis).toBe(
      'Regulation (EC) No 1223/2009 (Cosmetics Regulation) Art. 6(2)',
    );
  });
});

describe('importer (GPSR Art. 11; TSD Art. 6)', () => {
  const toyFields = { age_grading: '3+', ce_marking: 'yes', electrically_powered: 'no' };
  it('keeps the declaration itself (TSD Art. 6(8)); the EN 71 reports may be held by the manufacturer', () => {
    const r = run('toys', { operator_role: 'importer', extra: toyFields, documents: [RISK] });
    expect(open(r)).toEqual([
      ['TOY_EN71_REPORT_MISSING', 'blocker'],
      ['TOY_DOC_MISSING', 'blocker'],
    ]);
    const toyDoc = r.blockers.find((b) => b.code === 'TOY_DOC_MISSING')!;
    expect(toyDoc.fix.kind).toBe('document');
    expect(toyDoc.legal_basis).toBe('Directive 2009/48/EC (Toy Safety Directive) Art. 6(8)');
    const en71 = r.blockers.find((b) => b.code === 'TOY_EN71_REPORT_MISSING')!;
    expect(en71.fix).toEqual({ kind: 'held_by', target: 'toys.en71_report' });
    const r2 = run('toys', {
      operator_role: 'importer',
      extra: toyFields,
      documents: [RISK],
      held_by: [held('toys.en71_report'), held('toys.doc')],
    });
    // The held-by confirmation cannot replace the importer's own copy of the declaration.
    expect(open(r2)).toEqual([['TOY_DOC_MISSING', 'blocker']]);
  });
});

describe('citations (issue 35 item 4)', () => {
  it('the electronic address comes from GPSR Art. 9(6) and 19(a), not the sectoral postal-address articles', () => {
    const noEmail: EntityInput = { ...MAKER, has_electronic_address: false };
    for (const category of ['general', 'toys', 'electrical', 'cosmetics']) {
      const r = run(category, { entities: [noEmail] });
      const b = r.blockers.find((x) => x.code === 'MANUFACTURER_ELECTRONIC_ADDRESS_MISSING')!;
      expect(b.legal_basis, category).toBe('Regulation (EU) 2023/988 (GPSR) Art. 9(6), Art. 19(a)');
    }
  });
});

describe('applicability (issue 35 item 2)', () => {
  it('a face cream is not asked "Electrically powered?" or "Radio equipment?"; a toy and a lamp are', () => {
    expect(profileFactFields('cosmetics').has('electrically_powered')).toBe(false);
    expect(profileFactFields('cosmetics').has('radio_equipment')).toBe(false);
    expect(profileFactFields('toys').has('electrically_powered')).toBe(true);
    expect(profileFactFields('electrical').has('radio_equipment')).toBe(true);
  });

  it('an expired halal certificate no rule asks for does not block the cream', () => {
    const halal: DocumentInput = { id: 'halal', name: 'Halal.pdf', type: 'certificate', valid_until: '2025-01-01' };
    const cpsr: DocumentInput = { id: 'cpsr', name: 'CPSR.pdf', type: 'cpsr' };
    const r = run('cosmetics', {
      documents: [cpsr, halal],
      extra: { cpnp_number: '1234567', ingredients_inci: 'Aqua, Glycerin' },
    });
    expect(r.blockers.map((b) => b.code)).not.toContain('DOCUMENT_EXPIRED');
  });
});

describe('/docs/requirements shows each rule with its roles and article', () => {
  it('every rule lists every role with its duty; the distributor’s CE-marking check cites LVD Art. 9(2)', async () => {
    const { requirementsDocumentation } = await import('@/lib/requirements/docs');
    const docs = requirementsDocumentation();
    for (const c of docs)
      for (const r of c.rules) {
        expect(r.roles.map((x) => x.role)).toEqual([...OPERATOR_ROLES]);
        for (const x of r.roles)
          if (x.duty !== 'none' && r.citations.length) expect(x.citations.length).toBeGreaterThan(0);
      }
    const electrical = docs.find((c) => c.category === 'electrical')!;
    const ce = electrical.rules.find((r) => r.rule_id === 'electrical.ce_marking')!;
    const distributor = ce.roles.find((x) => x.role === 'distributor')!;
    expect(distributor.duty).toBe('own');
    expect(distributor.citations.map((c) => c.text)).toContain('Directive 2014/35/EU (LVD) Art. 9(2)');
    const testReport = electrical.rules.find((r) => r.rule_id === 'electrical.test_report')!;
    expect(testReport.roles.find((x) => x.role === 'distributor')).toMatchObject({
      duty: 'held_by',
      severity: 'warning',
    });
    const maker = electrical.rules.find((r) => r.rule_id === 'core.manufacturer')!;
    expect(maker.sub_citations).toEqual([
      {
        code: 'MANUFACTURER_ELECTRONIC_ADDRESS_MISSING',
        legal_basis: 'Regulation (EU) 2023/988 (GPSR) Art. 9(6), Art. 19(a)',
      },
    ]);
  });
});
