/**
 * The evidence-currency rules (lib/currency/rules.ts) against fixed snapshots (tests/fixtures/currency):
 * an edition past its date of cessation is a warning naming the replacement, a blocker only where the
 * act allows module A solely on harmonised standards and no notified body is cited (RED Art. 17(3) for
 * Art. 3(2)/(3), toys Art. 19); a cessation still ahead is the document's end date; a notified-body
 * number the (complete) NANDO list lacks, or a body not notified for the act cited, is flagged; every
 * document gets the day it stops proving compliance and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actKey } from '@/lib/currency/acts';
import { evaluateDocumentCurrency, notifiedBodyNumber, type DocumentFactsInput } from '@/lib/currency/rules';
import { currencyBlockers } from '@/lib/currency/sku-warnings';
import { parseStandardRef } from '@/lib/currency/standard-ref';
import { NotifiedBodiesSnapshotSchema, StandardsSnapshotSchema } from '@/lib/currency/data';
import type { CurrencyData, NotifiedBodiesSnapshot, StandardsSnapshot } from '@/lib/currency/types';
import { evaluateRequirements } from '@/lib/requirements';

const dir = path.resolve(process.cwd(), 'tests/fixtures/currency');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
const DATA: CurrencyData = {
  standards: StandardsSnapshotSchema.parse(read('harmonised-standards.2026-01-01.json')) as StandardsSnapshot,
  bodies: NotifiedBodiesSnapshotSchema.parse(read('notified-bodies.2026-01-01.json')) as NotifiedBodiesSnapshot,
};
const PARTIAL: CurrencyData = { ...DATA, bodies: { ...DATA.bodies, coverage: 'partial' } };
const TODAY = '2026-11-29';

const doc = (over: Partial<DocumentFactsInput>): DocumentFactsInput => ({
  document_type: 'declaration_of_conformity',
  standards: [],
  legislation: [],
  notified_body: null,
  valid_until: null,
  ...over,
});

describe('standard editions', () => {
  it('an edition past its date of cessation: a warning naming the replacement, and the day it stopped proving', () => {
    const r = evaluateDocumentCurrency(
      doc({ standards: ['EN 60950-1:2006+A2:2013'], legislation: ['Directive 2014/35/EU'] }),
      DATA,
      TODAY,
    );
    expect(r.findings).toHaveLength(1);
    const f = r.findings[0];
    expect(f.code).toBe('STANDARD_PRESUMPTION_CEASED');
    expect(f.severity).toBe('warning');
    expect(f.message).toContain('EN 62368-1:2014');
    expect(f.message).toContain('2020-12-20');
    expect(f.legal_basis).toMatch(/2014\/35\/EU Art\. 12/);
    expect(r.stops_proving_on).toBe('2020-12-20');
    expect(r.summary).toMatch(/^Stopped proving compliance on 2020-12-20: EN 60950-1:2006\+A2:2013 stopped giving/);
  });

  it('a cessation still ahead: no warning, a notice, and the document ends on that day', () => {
    const r = evaluateDocumentCurrency(
      doc({ standards: ['EN 71-3:2019'], legislation: ['Directive 2009/48/EC'], notified_body: '0197' }),
      DATA,
      TODAY,
    );
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['STANDARD_PRESUMPTION_ENDS', 'notice']]);
    expect(r.stops_proving_on).toBe('2030-05-15');
    expect(r.summary).toMatch(
      /^Stops proving compliance on 2030-05-15: EN 71-3:2019 stops giving .* EN 71-3:2019\+A9:2029 replaces it/,
    );
    // The same document a day after that date: ceased.
    const later = evaluateDocumentCurrency(
      doc({ standards: ['EN 71-3:2019'], legislation: ['Directive 2009/48/EC'], notified_body: '0197' }),
      DATA,
      '2030-05-15',
    );
    expect(later.findings[0].code).toBe('STANDARD_PRESUMPTION_CEASED');
  });

  it('toys: a ceased edition without a notified body is a blocker (Art. 19), with one a warning', () => {
    const without = evaluateDocumentCurrency(
      doc({ standards: ['EN 71-3:2013+A3:2018'], legislation: ['Directive 2009/48/EC'] }),
      DATA,
      TODAY,
    );
    expect(without.findings[0].severity).toBe('blocker');
    expect(without.findings[0].legal_basis).toContain('2009/48/EC Art. 19');
    expect(without.findings[0].message).toContain('EN 71-3:2019');
    const withNb = evaluateDocumentCurrency(
      doc({
        standards: ['EN 71-3:2013+A3:2018'],
        legislation: ['Directive 2009/48/EC'],
        notified_body: 'Fixture Toy Lab GmbH (0197)',
      }),
      DATA,
      TODAY,
    );
    expect(withNb.findings.map((f) => f.severity)).toEqual(['warning']);
  });

  it('RED: a ceased Art. 3(2) standard without a notified body is a blocker (Art. 17(3)); an Art. 3(1)(a) one a warning', () => {
    const radio = evaluateDocumentCurrency(
      doc({ standards: ['ETSI EN 300 328 V2.1.1'], legislation: ['Directive 2014/53/EU'] }),
      DATA,
      TODAY,
    );
    expect(radio.findings.map((f) => [f.code, f.severity])).toEqual([['STANDARD_PRESUMPTION_CEASED', 'blocker']]);
    expect(radio.findings[0].legal_basis).toContain('Art. 17(3)');
    const safety = evaluateDocumentCurrency(
      doc({ standards: ['EN 60950-1:2006'], legislation: ['Directive 2014/53/EU'] }),
      DATA,
      TODAY,
    );
    expect(safety.findings.map((f) => f.severity)).toEqual(['warning']);
  });

  it('only the acts the document cites count; a standard under an act it does not cite is not held against it', () => {
    const r = evaluateDocumentCurrency(
      doc({ standards: ['EN 60950-1:2006'], legislation: ['Directive 2014/35/EU'] }),
      DATA,
      TODAY,
    );
    expect(r.findings.map((f) => f.details.act)).toEqual(['2014/35/EU']);
    const none = evaluateDocumentCurrency(doc({ standards: ['EN 60950-1:2006'] }), DATA, TODAY);
    expect(none.findings.map((f) => f.details.act).sort()).toEqual(['2014/35/EU', '2014/53/EU']);
  });

  it('a current edition, and an edition the list does not name, raise nothing', () => {
    const r = evaluateDocumentCurrency(
      doc({ standards: ['EN 62368-1:2014', 'EN 71-1:2014+A1:2018'], legislation: ['Directive 2014/35/EU'] }),
      DATA,
      TODAY,
    );
    expect(r.findings).toEqual([]);
    expect(r.stops_proving_on).toBeNull();
    expect(r.summary).toMatch(/^No end date known/);
  });

  it('a listed standard cited without its edition is a notice asking for the edition', () => {
    const r = evaluateDocumentCurrency(doc({ standards: ['EN 71-3'], legislation: ['2009/48/EC'] }), DATA, TODAY);
    expect(r.findings.map((f) => f.code)).toEqual(['STANDARD_EDITION_NOT_STATED']);
  });

  it("a test report's standards are not checked, and the answer says so", () => {
    const r = evaluateDocumentCurrency(
      doc({ document_type: 'test_report', standards: ['EN 60950-1:2006'], legislation: ['2014/35/EU'] }),
      DATA,
      TODAY,
    );
    expect(r.findings).toEqual([]);
    expect(r.not_checked.join(' ')).toMatch(/test report are not checked/);
    // The same as a code, for the UI to say in its language (the German UI showed the English sentence).
    expect(r.not_checked_items).toContainEqual({
      code: 'document_type_standards',
      params: { document_type: 'test_report' },
    });
    expect(r.not_checked_items).toHaveLength(r.not_checked.length);
  });

  it('the earliest end wins: a validity date before the cessation', () => {
    const r = evaluateDocumentCurrency(
      doc({
        document_type: 'certificate',
        standards: ['EN 71-3:2019'],
        legislation: ['2009/48/EC'],
        notified_body: '0197',
        valid_until: '2027-03-01',
      }),
      DATA,
      TODAY,
    );
    expect(r.stops_proving_on).toBe('2027-03-01');
    expect(r.ends.map((e) => e.kind)).toEqual(['validity', 'standard_cessation']);
    expect(r.summary).toContain("the document's own validity ends");
  });
});

describe('notified bodies', () => {
  it('a number the complete NANDO list lacks is unknown', () => {
    const r = evaluateDocumentCurrency(
      doc({ legislation: ['2009/48/EC'], notified_body: 'Nowhere Labs (9999)' }),
      DATA,
      TODAY,
    );
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['NOTIFIED_BODY_UNKNOWN', 'warning']]);
    expect(r.findings[0].message).toContain('9999');
  });

  it('with a partial list the same number is only "not verified", never unknown', () => {
    const r = evaluateDocumentCurrency(doc({ legislation: ['2009/48/EC'], notified_body: '9999' }), PARTIAL, TODAY);
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['NOTIFIED_BODY_UNVERIFIED', 'notice']]);
  });

  it('a body not notified for the act the document cites is flagged, naming its acts', () => {
    const r = evaluateDocumentCurrency(
      doc({
        legislation: ['Directive 2009/48/EC', 'Regulation (EU) 2023/988'],
        notified_body: 'Fixture Machinery Body GmbH (0123)',
      }),
      DATA,
      TODAY,
    );
    expect(r.findings.map((f) => f.code)).toEqual(['NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT']);
    expect(r.findings[0].message).toContain('Directive 2009/48/EC (toy safety)');
    expect(r.findings[0].details.body_acts).toEqual(['2006/42/EC', '2014/53/EU']);
  });

  it('a body notified for one of the acts cited, or a document citing only acts without notified bodies: nothing', () => {
    expect(
      evaluateDocumentCurrency(
        doc({ legislation: ['Directive 2014/53/EU', '2009/48/EC'], notified_body: '0123' }),
        DATA,
        TODAY,
      ).findings,
    ).toEqual([]);
    expect(
      evaluateDocumentCurrency(doc({ legislation: ['Directive 2014/35/EU'], notified_body: '0123' }), DATA, TODAY)
        .findings,
    ).toEqual([]);
  });

  it('reads the number out of the extracted fact', () => {
    expect(notifiedBodyNumber('TÜV Example GmbH (0123)')).toBe('0123');
    expect(notifiedBodyNumber('2777')).toBe('2777');
    expect(notifiedBodyNumber('Some body')).toBeNull();
  });
});

describe('references', () => {
  it('a standard across editions and bodies', () => {
    expect(parseStandardRef('EN IEC 62368-1:2020+A11:2020')).toMatchObject({
      base: 'EN 62368-1',
      edition: '2020',
      amendments: ['A11:2020'],
    });
    expect(parseStandardRef('EN 71-1:2014+A1:2018')).toMatchObject({
      base: 'EN 71-1',
      edition: '2014',
      amendments: ['A1:2018'],
    });
    expect(parseStandardRef('ETSI EN 301 489-1 V2.2.3')).toMatchObject({
      base: 'ETSI EN 301 489-1',
      edition: 'V2.2.3',
    });
    expect(parseStandardRef('not a standard')).toBeNull();
  });

  it('acts by their key', () => {
    expect(actKey('Directive 2014/35/EU')).toBe('2014/35/EU');
    expect(actKey('Directive 2009/48/EC')).toBe('2009/48/EC');
    expect(actKey('Regulation (EU) 2016/425')).toBe('2016/425');
    expect(actKey('Directive (EU) 2015/863')).toBe('2015/863');
    expect(actKey('2006/42/EG')).toBe('2006/42/EC');
  });
});

describe('on the SKU', () => {
  const findings = evaluateDocumentCurrency(
    doc({ standards: ['EN 71-3:2013+A3:2018', 'EN 71-3:2019'], legislation: ['Directive 2009/48/EC'] }),
    DATA,
    TODAY,
  ).findings;

  it("an accepted document's warnings and blockers reach the evaluation; notices and unaccepted documents do not", () => {
    const blockers = currencyBlockers([
      { id: 'd1', name: 'doc.pdf', type: 'declaration_of_conformity', evidence_status: 'accepted', currency: findings },
      {
        id: 'd2',
        name: 'other.pdf',
        type: 'declaration_of_conformity',
        evidence_status: 'proposed',
        currency: findings,
      },
    ]);
    expect(blockers.map((b) => [b.code, b.severity, b.fix.target])).toEqual([
      ['STANDARD_PRESUMPTION_CEASED', 'blocker', 'd1'],
    ]);
  });

  it('the requirement evaluation carries them', () => {
    const e = evaluateRequirements({
      sku: { category_code: 'toys', product_name: 'Wooden train' },
      fields: {},
      documents: [{ id: 'd1', name: 'doc.pdf', type: 'declaration_of_conformity', currency: findings }],
      now: '2026-11-29T00:00:00Z',
    });
    const b = e.blockers.find((x) => x.code === 'STANDARD_PRESUMPTION_CEASED');
    expect(b?.severity).toBe('blocker');
    expect(b?.message).toContain('"doc.pdf": EN 71-3:2013+A3:2018');
    expect(b?.legal_basis).toContain('Art. 19');
  });
});
