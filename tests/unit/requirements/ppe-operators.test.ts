/**
 * PPE (Regulation (EU) 2016/425) by economic operator (issue 35): the importer's duties of Art. 10 and
 * the distributor's of Art. 11, rule by rule, role by role and exception by exception, each blocker with
 * its role's article. Starts from a complete category II bicycle helmet and changes one thing per case.
 */
import { describe, expect, it } from 'vitest';
import {
  evaluateRequirements,
  resolveProfile,
  ruleRoles,
  OPERATOR_ROLES,
  type DocumentInput,
  type EntityInput,
  type HeldByInput,
  type RequirementInput,
} from '@/lib/requirements';

const NOW = '2026-11-29T12:00:00Z';
// Made in China, imported into the EU.
const MAKER: EntityInput = {
  id: 'maker',
  role: 'manufacturer',
  name: 'Shenzhen Helmet Co., Ltd.',
  country: 'CN',
  has_postal_address: true,
  has_electronic_address: true,
};
const IMPORTER: EntityInput = {
  id: 'imp',
  role: 'importer',
  name: 'Radimport GmbH',
  country: 'DE',
  has_postal_address: true,
  has_electronic_address: true,
};
const RISK: DocumentInput = { id: 'risk', name: 'Risk.pdf', type: 'risk_assessment' };
const DOC: DocumentInput = {
  id: 'doc',
  name: 'DoC.pdf',
  type: 'declaration_of_conformity',
  references: ['Regulation (EU) 2016/425', 'EN 1078:2012+A1:2012'],
};
const CERT: DocumentInput = {
  id: 'cert',
  name: 'Type-examination.pdf',
  type: 'certificate',
  references: ['EU type-examination certificate', 'Regulation (EU) 2016/425'],
  valid_until: '2029-05-01',
};
const HELMET = {
  gtin: '4006381333931',
  model_number: 'HB-1',
  product_image_url: 'https://cdn.example.com/hb-1.jpg',
  product_description: 'Bicycle helmet, EN 1078, size M.',
  target_markets: 'DE,AT',
  safety_warnings_de: 'Nach einem Sturz ersetzen.',
  instructions_de: 'Kinnriemen schließen und einstellen.',
  ce_marking: 'yes',
  ppe_category: 'ii',
  notified_body_number: '0197',
};
type Over = Partial<RequirementInput> & { extra?: Record<string, string | null> };
function helmet(role: RequirementInput['operator_role'], over: Over = {}) {
  const { extra, ...rest } = over;
  return evaluateRequirements({
    sku: { category_code: 'ppe', gtin: null },
    fields: { ...HELMET, ...(extra ?? {}) },
    entities: [MAKER, IMPORTER],
    documents: [RISK, DOC, CERT],
    now: NOW,
    operator_role: role,
    ...rest,
  });
}
const open = (r: ReturnType<typeof evaluateRequirements>) =>
  r.blockers.filter((b) => !b.waived && !/_NOT_CHECKED$/.test(b.code)).map((b) => [b.code, b.severity]);
const one = (r: ReturnType<typeof evaluateRequirements>, code: string) => {
  const b = r.blockers.find((x) => x.code === code);
  if (!b) throw new Error(`no ${code} in ${JSON.stringify(open(r))}`);
  return b;
};
const held = (rule_id: string, entity_id = 'maker'): HeldByInput => ({
  rule_id,
  entity_id,
  confirmed_by: 'Ida Importer',
  confirmed_at: '2026-11-28T10:00:00Z',
});
const PPE = 'Regulation (EU) 2016/425 (PPE Regulation)';

describe('PPE pack: every rule states its roles and an article for each', () => {
  const profile = resolveProfile('ppe@2026-11')!;
  it('the importer and distributor are cited to Art. 10 and 11 where the pack has a duty for them', () => {
    const cite = (id: string, role: 'importer' | 'distributor') =>
      (profile.rules.find((r) => r.id === id)!.role_legal?.[role] ?? []).map((l) => `${l.act} ${l.article}`);
    for (const id of ['ppe.ce_marking', 'ppe.notified_body', 'core.manufacturer', 'core.identifier']) {
      expect(cite(id, 'importer'), id).toContain('ppe 10');
      expect(cite(id, 'distributor'), id).toContain('ppe 11');
    }
    for (const id of ['core.instructions_languages', 'core.warnings_languages']) {
      expect(profile.rules.find((r) => r.id === id)!.role_legal?.importer).toEqual([
        expect.objectContaining({ act: 'ppe', article: '10', paragraph: '4' }),
      ]);
    }
    const own = profile.rules.find((r) => r.id === 'ppe.importer_identification')!;
    expect(ruleRoles(own)).toEqual(['importer']);
    expect(own.other_roles).toBeUndefined();
    for (const rule of profile.rules)
      for (const role of OPERATOR_ROLES)
        if (ruleRoles(rule).includes(role) || rule.other_roles === 'held_by')
          expect((rule.role_legal?.[role] ?? rule.legal ?? []).length, `${rule.id} ${role}`).toBeGreaterThan(0);
  });
});

describe('importer (Regulation (EU) 2016/425 Art. 10)', () => {
  it('baseline: a complete imported helmet with the importer named has no blocker', () => {
    expect(open(helmet('importer'))).toEqual([]);
  });

  it('Art. 10(3): the importer’s own name and postal address; a linked importer without an address does not do', () => {
    const noImporter = helmet('importer', {
      entities: [MAKER, { ...IMPORTER, has_postal_address: false }],
    });
    const b = one(noImporter, 'PPE_IMPORTER_IDENTIFICATION_MISSING');
    expect(b.severity).toBe('blocker');
    expect(b.legal_basis).toBe(`${PPE} Art. 10(3)`);
    expect(b.fix).toEqual({ kind: 'entity', target: 'imp' });
    // None linked at all: the fix is to link an importer.
    const none = helmet('importer', {
      entities: [MAKER, { ...IMPORTER, id: 'rep', role: 'authorised_representative' }],
    });
    expect(one(none, 'PPE_IMPORTER_IDENTIFICATION_MISSING').fix).toEqual({ kind: 'entity', target: 'importer' });
  });

  it('exception: the importer’s name and address in the dossier fields satisfy Art. 10(3)', () => {
    const r = helmet('importer', {
      entities: [MAKER, { ...IMPORTER, id: 'rep', role: 'authorised_representative' }],
      extra: { importer_name: 'Radimport GmbH', importer_address: 'Hafenstraße 1, 20457 Hamburg' },
    });
    expect(r.blockers.map((x) => x.code)).not.toContain('PPE_IMPORTER_IDENTIFICATION_MISSING');
  });

  it('Art. 10(3) is the importer’s duty only: a manufacturer or distributor is not asked for it', () => {
    for (const role of ['manufacturer', 'distributor', 'authorised_representative'] as const) {
      const r = helmet(role, { entities: [MAKER, { ...IMPORTER, has_postal_address: false }] });
      expect(
        r.blockers.map((x) => x.code),
        role,
      ).not.toContain('PPE_IMPORTER_IDENTIFICATION_MISSING');
    }
  });

  it('Art. 10(2): the conformity assessment (category II type-examination) — ensured, or held by the manufacturer', () => {
    const r = helmet('importer', { documents: [RISK, DOC] });
    const b = one(r, 'PPE_TYPE_EXAMINATION_MISSING');
    expect(b.severity).toBe('blocker');
    expect(b.legal_basis).toBe(`${PPE} Art. 10(2)`);
    expect(b.fix).toEqual({ kind: 'held_by', target: 'ppe.type_examination' });
    expect(open(helmet('importer', { documents: [RISK, DOC], held_by: [held('ppe.type_examination')] }))).toEqual([]);
  });

  it('exception, Art. 19(a): category I needs no type-examination of the importer either', () => {
    const r = helmet('importer', { documents: [RISK, DOC], extra: { ppe_category: 'i', notified_body_number: null } });
    expect(open(r)).toEqual([]);
  });

  it('Art. 10(2), 10(8): the technical documentation drawn up and available — held by the manufacturer', () => {
    const r = helmet('importer', { documents: [DOC, CERT] });
    const b = one(r, 'RISK_ASSESSMENT_MISSING');
    expect(b.severity).toBe('blocker');
    expect(b.legal_basis).toContain(`${PPE} Art. 10(2), Art. 10(8)`);
    expect(b.fix).toEqual({ kind: 'held_by', target: 'core.risk_assessment' });
    expect(open(helmet('importer', { documents: [DOC, CERT], held_by: [held('core.risk_assessment')] }))).toEqual([]);
  });

  it('Art. 10(8): the importer keeps the declaration itself; "held by the manufacturer" does not replace it', () => {
    const r = helmet('importer', { documents: [RISK, CERT], held_by: [held('ppe.doc')] });
    const b = one(r, 'PPE_DOC_MISSING');
    expect(b.severity).toBe('blocker');
    expect(b.fix.kind).toBe('document');
    expect(b.legal_basis).toContain(`${PPE} Art. 10(8)`);
  });

  it('Art. 10(2): CE marking and the manufacturer’s identification (Art. 8(5)-(6)) ensured by the importer', () => {
    const r = helmet('importer', { extra: { ce_marking: null, gtin: null, model_number: null } });
    expect(one(r, 'PPE_CE_MARKING_MISSING').legal_basis).toBe(`${PPE} Art. 10(2)`);
    expect(one(r, 'PRODUCT_IDENTIFIER_MISSING').legal_basis).toContain(`${PPE} Art. 10(2)`);
    const noMaker = helmet('importer', { entities: [IMPORTER] });
    expect(one(noMaker, 'MANUFACTURER_MISSING').legal_basis).toContain(`${PPE} Art. 10(2)`);
  });

  it('Art. 10(4): instructions and information in a language of each market', () => {
    const r = helmet('importer', { extra: { target_markets: 'DE,FR' } });
    const b = one(r, 'INSTRUCTIONS_MISSING_FOR_LANGUAGE');
    expect(b.severity).toBe('blocker');
    expect(b.legal_basis).toBe(`${PPE} Art. 10(4)`);
  });
});

describe('distributor (Regulation (EU) 2016/425 Art. 11)', () => {
  it('the manufacturer’s documents are held by it: warnings until confirmed, then nothing open', () => {
    const r = helmet('distributor', { documents: [] });
    expect(open(r)).toEqual([
      ['RISK_ASSESSMENT_MISSING', 'warning'],
      ['PPE_TYPE_EXAMINATION_MISSING', 'warning'],
      ['PPE_DOC_MISSING', 'warning'],
    ]);
    expect(one(r, 'PPE_DOC_MISSING').legal_basis).toContain(`${PPE} Art. 11(2), Art. 11(6)`);
    expect(one(r, 'RISK_ASSESSMENT_MISSING').legal_basis).toContain(`${PPE} Art. 11(6)`);
    const confirmed = helmet('distributor', {
      documents: [],
      held_by: ['core.risk_assessment', 'ppe.type_examination', 'ppe.doc'].map((id) => held(id)),
    });
    expect(open(confirmed)).toEqual([]);
  });

  it('Art. 11(2): the CE marking seen — a blocker the distributor owes itself, not held by anyone', () => {
    const r = helmet('distributor', { extra: { ce_marking: null }, held_by: [held('ppe.ce_marking')] });
    const b = one(r, 'PPE_CE_MARKING_MISSING');
    expect(b.severity).toBe('blocker');
    expect(b.legal_basis).toBe(`${PPE} Art. 11(2)`);
  });

  it('Art. 11(2): instructions and safety information in the language of each market', () => {
    const r = helmet('distributor', { extra: { target_markets: 'DE,FR' } });
    const instructions = one(r, 'INSTRUCTIONS_MISSING_FOR_LANGUAGE');
    expect(instructions.severity).toBe('blocker');
    expect(instructions.legal_basis).toBe(`${PPE} Art. 11(2)`);
    expect(one(r, 'WARNINGS_MISSING_FOR_LANGUAGE').legal_basis).toContain(`${PPE} Art. 11(2)`);
  });

  it('Art. 11(2): the manufacturer and the product identified (Art. 8(5)-(6))', () => {
    const r = helmet('distributor', { entities: [], extra: { gtin: null, model_number: null } });
    expect(one(r, 'MANUFACTURER_MISSING').legal_basis).toContain(`${PPE} Art. 11(2)`);
    expect(one(r, 'PRODUCT_IDENTIFIER_MISSING').legal_basis).toContain(`${PPE} Art. 11(2)`);
  });

  it('exception, Art. 19(a): category I — no type-examination and no notified body asked of the distributor', () => {
    const r = helmet('distributor', {
      documents: [RISK, DOC],
      extra: { ppe_category: 'i', notified_body_number: null },
    });
    expect(open(r)).toEqual([]);
  });

  it('category II: the notified body number verified (Art. 11(2)), a blocker', () => {
    const r = helmet('distributor', { extra: { notified_body_number: null } });
    const b = one(r, 'PPE_NOTIFIED_BODY_NUMBER_MISSING');
    expect(b.severity).toBe('blocker');
    expect(b.legal_basis).toBe(`${PPE} Art. 11(2)`);
  });
});

describe('manufacturer (Art. 8): unchanged by the operator articles', () => {
  it('cites its own articles and holds its documents itself', () => {
    const r = helmet('manufacturer', { documents: [DOC, CERT], held_by: [held('core.risk_assessment')] });
    const b = one(r, 'RISK_ASSESSMENT_MISSING');
    expect(b.severity).toBe('blocker');
    expect(b.fix.kind).toBe('document');
    expect(b.legal_basis).toContain(`${PPE} Art. 8(2)`);
    expect(one(helmet('manufacturer', { extra: { ce_marking: null } }), 'PPE_CE_MARKING_MISSING').legal_basis).toMatch(
      /^Regulation \(EU\) 2016\/425 \(PPE Regulation\) Art\. 16, Art\. 17;/,
    );
  });
});
