/**
 * The evidence rule (lib/evidence/status.ts), case by case: what makes a document-SKU link
 * accepted, proposed, rejected or about another product, and who decided.
 */
import { describe, expect, it } from 'vitest';
import { decideEvidenceStatus, makersAgree, type EvidenceInput } from '@/lib/evidence/status';

const SKU = {
  sku_code: 'LAMP-230',
  product_name: 'Desk lamp',
  gtin: '4006381333931',
  model_number: 'DL-230',
  manufacturer_name: 'Leuchtenwerk Berger GmbH',
};
const base = (over: Partial<EvidenceInput> = {}): EvidenceInput => ({
  origin: 'person',
  person: null,
  extracted: true,
  facts: [],
  mentions: [],
  rejected_facts: [],
  other_skus_named: [],
  sku: SKU,
  ...over,
});
const fact = (field_key: string, value: string) => ({ field_key, value, quote: `${field_key}: ${value}` });

describe('decideEvidenceStatus', () => {
  it("the SKU's GTIN and model in the document, same maker: accepted by the rule, the quotes in the reason", () => {
    const d = decideEvidenceStatus(
      base({
        facts: [fact('model_number', 'DL-230'), fact('manufacturer_name', 'Leuchtenwerk Berger GmbH & Co. KG')],
        mentions: [{ kind: 'gtin', value: '4006381333931', quote: 'GTIN: 4006381333931' }],
      }),
    );
    expect(d).toMatchObject({ status: 'accepted', decided_by: 'rule' });
    expect(d.reason).toContain('GTIN 4006381333931 ("GTIN: 4006381333931")');
    expect(d.reason).toContain('model DL-230');
  });

  it("another maker beside the SKU's own GTIN: about another product, both identities in the reason", () => {
    const d = decideEvidenceStatus(
      base({
        facts: [fact('manufacturer_name', 'Shenzhen Panda Lighting Co., Ltd.'), fact('gtin', '4006381333931')],
        mentions: [{ kind: 'gtin', value: '4006381333931', quote: 'GTIN: 4006381333931' }],
      }),
    );
    expect(d.status).toBe('about_another_product');
    expect(d.reason).toBe(
      'This document says GTIN 4006381333931 by Shenzhen Panda Lighting Co., Ltd.; the SKU is model DL-230, GTIN 4006381333931 by Leuchtenwerk Berger GmbH.',
    );
  });

  it('another GTIN or another model: about another product; a model list naming this one is no contradiction', () => {
    expect(decideEvidenceStatus(base({ facts: [fact('gtin', '96385074')] })).status).toBe('about_another_product');
    expect(decideEvidenceStatus(base({ facts: [fact('model_number', 'PAN-C v2')] })).status).toBe(
      'about_another_product',
    );
    expect(decideEvidenceStatus(base({ facts: [fact('model_number', 'DL-220, DL-230, DL-240')] })).status).toBe(
      'accepted',
    );
  });

  it("a supplier's file that identifies the SKU still waits for a person; so does a mail attachment", () => {
    const mentions = [{ kind: 'gtin' as const, value: '4006381333931', quote: null }];
    expect(decideEvidenceStatus(base({ origin: 'supplier_upload', mentions })).status).toBe('proposed');
    expect(decideEvidenceStatus(base({ origin: 'inbound_mail', mentions })).status).toBe('proposed');
  });

  it('nothing identifies the SKU: proposed for a person, unless a person linked it before decisions existed', () => {
    expect(decideEvidenceStatus(base()).status).toBe('proposed');
    const legacy = base({ person: { decision: 'legacy_link', reason: null, by: null, at: '2026-01-01T00:00:00Z' } });
    expect(decideEvidenceStatus(legacy)).toMatchObject({ status: 'accepted', decided_by: 'person' });
    // A legacy link does not outweigh the document's own identity.
    expect(decideEvidenceStatus({ ...legacy, facts: [fact('model_number', 'PAN-C v2')] }).status).toBe(
      'about_another_product',
    );
  });

  it('before the document was read, a matching code does not accept it yet', () => {
    const d = decideEvidenceStatus(
      base({ extracted: false, mentions: [{ kind: 'gtin', value: '4006381333931', quote: null }] }),
    );
    expect(d.status).toBe('proposed');
  });

  it('another SKU of the workspace named and none of this one: about another product', () => {
    const d = decideEvidenceStatus(
      base({
        sku: { ...SKU, model_number: null },
        facts: [fact('model_number', 'GT-TOY-00026')],
        other_skus_named: [{ sku_code: 'GT-TOY-00026', value: 'GT-TOY-00026', quote: 'Model: GT-TOY-00026' }],
      }),
    );
    expect(d.status).toBe('about_another_product');
    expect(d.reason).toContain('SKU GT-TOY-00026 of this workspace');
  });

  it("a person's acceptance outweighs a contradiction (family declaration); a later rejected identity fact outweighs the acceptance", () => {
    const accepted = base({
      facts: [fact('model_number', 'DL-200, DL-210')],
      person: { decision: 'accepted', reason: 'Family DoC', by: 'anna@example.test', at: '2026-11-01T10:00:00.000Z' },
    });
    expect(decideEvidenceStatus(accepted)).toMatchObject({
      status: 'accepted',
      decided_by: 'person',
      by: 'anna@example.test',
      reason: 'Family DoC',
    });
    const before = { field_key: 'model_number', value: 'DL-200', by: 'ben', at: '2026-10-01T10:00:00.000Z' };
    expect(decideEvidenceStatus({ ...accepted, rejected_facts: [before] }).status).toBe('accepted');
    const after = { ...before, at: '2026-11-02T10:00:00.000Z' };
    expect(decideEvidenceStatus({ ...accepted, rejected_facts: [after] })).toMatchObject({
      status: 'about_another_product',
      decided_by: 'person',
      by: 'ben',
    });
  });

  it("a person's rejection is final for the rule", () => {
    const d = decideEvidenceStatus(
      base({
        mentions: [{ kind: 'gtin', value: '4006381333931', quote: null }],
        person: { decision: 'rejected', reason: 'Unsigned', by: 'anna', at: '2026-11-01T00:00:00Z' },
      }),
    );
    expect(d).toMatchObject({ status: 'rejected', reason: 'Unsigned', by: 'anna' });
  });
});

describe('makersAgree', () => {
  it('legal forms and extra words of one name do not make another maker', () => {
    expect(makersAgree('Acme', 'ACME Lighting GmbH')).toBe(true);
    expect(makersAgree('Leuchtenwerk Berger GmbH', 'Leuchtenwerk Berger GmbH & Co. KG')).toBe(true);
    expect(makersAgree('Leuchtenwerk Berger GmbH', 'Shenzhen Panda Lighting Co., Ltd.')).toBe(false);
  });
});

describe('the reason as a code the UI says in its language', () => {
  it('every decision carries the code of its sentence and the values it names, never English words', () => {
    const other = decideEvidenceStatus(
      base({ other_skus_named: [{ sku_code: 'LAMP-240', value: 'DL-240', quote: 'Model DL-240' }] }),
    );
    expect(other).toMatchObject({
      reason_code: 'names_other_sku',
      reason_params: { value: 'DL-240', sku_code: 'LAMP-240' },
    });
    const states = decideEvidenceStatus(
      base({ mentions: [{ kind: 'gtin', value: '4006381333931', quote: 'GTIN: 4006381333931' }] }),
    );
    expect(states).toMatchObject({
      reason_code: 'states_sku',
      reason_params: { values: '4006381333931 ("GTIN: 4006381333931")' },
    });
    expect(decideEvidenceStatus(base({ facts: [] }))).toMatchObject({
      reason_code: 'nothing_identifies',
      reason_params: {},
    });
    expect(decideEvidenceStatus(base({ origin: 'supplier_upload' })).reason_code).toBe('supplier_file');
    expect(decideEvidenceStatus(base({ facts: [fact('model_number', 'PAN-C v2')] })).reason_code).toBe('contradiction');
  });

  it("a person's own words are person_reason (shown as written); without words, the person's sentence", () => {
    const at = '2026-01-01T00:00:00Z';
    const said = decideEvidenceStatus(
      base({ person: { decision: 'rejected', reason: 'Falsche Lampe', by: 'Ana', at } }),
    );
    expect(said).toMatchObject({ reason_code: 'person_reason', reason: 'Falsche Lampe' });
    const silent = decideEvidenceStatus(base({ person: { decision: 'accepted', reason: null, by: 'Ana', at } }));
    expect(silent).toMatchObject({ reason_code: 'person_accepted', reason_params: { by: 'Ana' } });
  });
});
