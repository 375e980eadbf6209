// Holds true: every finding code the currency rules can produce (read from lib/currency/rules.ts), every legal basis
// code and every act they know has its words in the currency dictionary in English and German; said from the API's
// codes and values (params, legal_basis_code, ends[].params) the English words are exactly the API's sentences
// (message, legal_basis, ends[].reason, summary), so no value is missing from what the API gives, and the German ones
// are German (the card showed the server's English in the German UI when issue 42 looked).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTS } from '@/lib/currency/acts';
import { NotifiedBodiesSnapshotSchema, StandardsSnapshotSchema } from '@/lib/currency/data';
import { evaluateDocumentCurrency, type DocumentFactsInput } from '@/lib/currency/rules';
import { CurrencyCodeSchema, CurrencyLegalBasisCodeSchema, DocumentCurrencySchema } from '@/lib/currency/schemas';
import type { CurrencyData, DocumentCurrency, NotifiedBodiesSnapshot, StandardsSnapshot } from '@/lib/currency/types';
import { translator } from '@/lib/i18n/ui';
import { currencyMessages } from '@/lib/i18n/ui/currency';
import { endReasonText, findingText, legalBasisText, whyText } from '@/components/currency/currency-texts';

const dir = path.resolve('tests/fixtures/currency');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
const FIXTURE: CurrencyData = {
  standards: StandardsSnapshotSchema.parse(read('harmonised-standards.2026-01-01.json')) as StandardsSnapshot,
  bodies: NotifiedBodiesSnapshotSchema.parse(read('notified-bodies.2026-01-01.json')) as NotifiedBodiesSnapshot,
};
// Editions whose list names no replacement, one under an act the app does not know.
const entry = (reference: string, act: string, cessation_on: string) => ({
  reference,
  act,
  published_on: null,
  withdrawn_on: null,
  cessation_on,
  replaced_by: null,
  source: 'test',
});
const DATA: CurrencyData = {
  ...FIXTURE,
  standards: {
    ...FIXTURE.standards,
    standards: [
      ...FIXTURE.standards.standards,
      entry('EN 71-99:2010', '2009/48/EC', '2021-01-01'),
      entry('EN 99999:2001', '2099/1', '2020-01-01'),
      entry('EN 88888:2001', '2009/48/EC', '2031-01-01'),
    ],
  },
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

/** Documents that between them make every finding, every sentence variant and every kind of end. */
const CASES: [string, DocumentCurrency][] = [
  [
    'ceased, reassess against the replacement (LVD)',
    evaluateDocumentCurrency(
      doc({ standards: ['EN 60950-1:2006+A2:2013'], legislation: ['Directive 2014/35/EU'] }),
      DATA,
      TODAY,
    ),
  ],
  [
    'ceased without a notified body, blocker (toys), and one without a replacement',
    evaluateDocumentCurrency(
      doc({ standards: ['EN 71-3:2013+A3:2018', 'EN 71-99:2010'], legislation: ['Directive 2009/48/EC'] }),
      DATA,
      TODAY,
    ),
  ],
  [
    'ceased under an act the app does not know, no replacement',
    evaluateDocumentCurrency(doc({ standards: ['EN 99999:2001'] }), DATA, TODAY),
  ],
  [
    'ends ahead, a validity date, one without replacement ahead',
    evaluateDocumentCurrency(
      doc({
        document_type: 'certificate',
        standards: ['EN 71-3:2019', 'EN 88888:2001'],
        legislation: ['2009/48/EC'],
        notified_body: '0197',
        valid_until: '2027-03-01',
      }),
      DATA,
      TODAY,
    ),
  ],
  [
    'edition not stated',
    evaluateDocumentCurrency(doc({ standards: ['EN 71-3'], legislation: ['2009/48/EC'] }), DATA, TODAY),
  ],
  [
    'notified body number unknown',
    evaluateDocumentCurrency(doc({ legislation: ['2009/48/EC'], notified_body: 'Nowhere Labs (9999)' }), DATA, TODAY),
  ],
  [
    'notified body without a number',
    evaluateDocumentCurrency(doc({ legislation: ['2009/48/EC'], notified_body: 'Nowhere Labs' }), DATA, TODAY),
  ],
  [
    'notified body not verified (partial list)',
    evaluateDocumentCurrency(doc({ legislation: ['2009/48/EC'], notified_body: '9999' }), PARTIAL, TODAY),
  ],
  [
    'notified body not notified for one act',
    evaluateDocumentCurrency(
      doc({ legislation: ['Directive 2009/48/EC', 'Regulation (EU) 2023/988'], notified_body: 'X (0123)' }),
      DATA,
      TODAY,
    ),
  ],
  [
    'notified body not notified for two acts',
    evaluateDocumentCurrency(
      doc({ legislation: ['Directive 2009/48/EC', 'Regulation (EU) 2016/425'], notified_body: 'X (0123)' }),
      DATA,
      TODAY,
    ),
  ],
];

const en = translator(currencyMessages, 'en');
const de = translator(currencyMessages, 'de');
const iso = (d: string) => d;
const germanDay = (d: string) => d.split('-').reverse().join('.');
/** English words no German sentence of the card has. */
const ENGLISH = /\b(?:the|and|with|without|has|not|is|are|gives|stopped|stops|replaces|since|until|under)\b/;

/** The codes the rules write (`code: 'X'` in lib/currency/rules.ts). */
const RULE_CODES = new Set(
  [...fs.readFileSync(path.resolve('lib/currency/rules.ts'), 'utf8').matchAll(/\bcode: '([A-Z_]+)'/g)].map((m) => m[1]),
);

describe('currency words', () => {
  it('the scan finds the finding codes the rules produce, and the API lists the same', () => {
    expect(RULE_CODES.size).toBeGreaterThanOrEqual(6);
    expect([...RULE_CODES].sort()).toEqual([...CurrencyCodeSchema.options].sort());
  });

  it.each(['en', 'de'] as const)('%s has words for every finding code, legal basis and act', (locale) => {
    const dictionary = currencyMessages[locale] as Record<string, unknown>;
    const keys = [
      ...[...RULE_CODES].map((c) => `finding.${c}`),
      ...CurrencyLegalBasisCodeSchema.options.filter((c) => c !== 'act_presumption').map((c) => `basis.${c}`),
      'basis.act',
      ...ACTS.flatMap((a) => [`act.${a.key}`, `basis.act.${a.key}`]),
    ];
    expect(keys.filter((k) => dictionary[k] === undefined)).toEqual([]);
  });

  it('the English act names and legal bases are those of lib/currency/acts.ts', () => {
    for (const a of ACTS) {
      expect(en(`act.${a.key}` as 'act.2009/48/EC')).toBe(a.title);
      expect(en(`basis.act.${a.key}` as 'basis.act.2009/48/EC')).toBe(a.cessationBasis);
    }
  });

  it('the cases make every finding code and legal basis code, and every end kind', () => {
    const all = CASES.flatMap(([, c]) => c.findings);
    expect(new Set(all.map((f) => f.code))).toEqual(RULE_CODES);
    expect(new Set(all.map((f) => f.legal_basis_code))).toEqual(new Set(CurrencyLegalBasisCodeSchema.options));
    expect(new Set(CASES.flatMap(([, c]) => c.ends.map((e) => e.kind)))).toEqual(
      new Set(['validity', 'standard_cessation']),
    );
  });

  it.each(CASES)('%s: said in English from codes and values, the words are the API’s', (_, c) => {
    DocumentCurrencySchema.parse({
      ...c,
      document_id: '00000000-0000-4000-8000-000000000000',
      last_daily_check_at: null,
    });
    expect(c.findings.length + c.ends.length).toBeGreaterThan(0);
    for (const f of c.findings) {
      expect(findingText(f, en, iso)).toBe(f.message);
      expect(legalBasisText(f, en)).toBe(f.legal_basis);
    }
    for (const e of c.ends) expect(endReasonText(e, en, iso, TODAY)).toBe(e.reason);
    if (c.ends[0]) expect(whyText(c.ends[0], en, iso, TODAY)).toBe(c.summary);
  });

  it.each(CASES)('%s: in German, German words with every value', (_, c) => {
    const said = [
      ...c.findings.flatMap((f) => [findingText(f, de, germanDay), legalBasisText(f, de)]),
      ...c.ends.map((e) => endReasonText(e, de, germanDay, TODAY)),
      ...(c.ends[0] ? [whyText(c.ends[0], de, germanDay, TODAY)] : []),
    ];
    for (const s of said) {
      expect(s).not.toMatch(/[{}]|finding\.|basis\.|act\./);
      expect(s, s).not.toMatch(ENGLISH);
    }
    for (const f of c.findings) {
      const text = findingText(f, de, germanDay);
      for (const v of [f.params.standard, f.params.replaced_by, f.params.number ?? f.params.notified_body])
        if (v) expect(text).toContain(v);
      if (f.params.cessation_on) expect(text).toContain(germanDay(f.params.cessation_on));
    }
  });

  it('German legal terms: presumption, the date of cessation, the notified body, the EU declaration, the acts', () => {
    const [, toys] = CASES[1];
    const blocker = toys.findings.find((f) => f.severity === 'blocker')!;
    expect(findingText(blocker, de, germanDay)).toBe(
      'EN 71-3:2013+A3:2018 begründet seit dem 15.04.2020 keine Konformitätsvermutung gemäß Richtlinie 2009/48/EG (Sicherheit von Spielzeug) mehr; an ihre Stelle tritt EN 71-3:2019. Ab diesem Tag in Verkehr gebrachte Produkte sind davon nicht erfasst. Ohne benannte Stelle beruht die EU-Konformitätserklärung auf keinem zulässigen Konformitätsbewertungsverfahren: Bewerten Sie das Produkt anhand von EN 71-3:2019, oder lassen Sie es von einer benannten Stelle prüfen.',
    );
    expect(legalBasisText(blocker, de)).toMatch(/^Richtlinie 2009\/48\/EG Art\. 19 Abs\. 2 und 3: /);
    const [, ahead] = CASES[3];
    const ends = ahead.findings.find((f) => f.code === 'STANDARD_PRESUMPTION_ENDS')!;
    expect(findingText(ends, de, germanDay)).toContain('(Datum der Beendigung der Vermutungswirkung)');
    expect(whyText(ahead.ends[0], de, germanDay, TODAY)).toBe(
      'Ab 01.03.2027 kein Konformitätsnachweis mehr: die Gültigkeit des Dokuments selbst endet (gültig bis 01.03.2027).',
    );
  });
});
