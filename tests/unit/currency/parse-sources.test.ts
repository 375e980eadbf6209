/**
 * The readers of the published sources (lib/currency/parse-sources.ts) on files in their published
 * formats (tests/fixtures/currency: the Official Journal list's five columns, a NANDO body list): each
 * row gives the new reference with its first publication and the superseded one with its date of
 * cessation and replacement; bodies get their number, country code and acts; unrecognised files are
 * refused, never guessed at; a per-act body list replaces only that act.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isoDate, mergeBodies, parseNandoList, parseStandardsList, rowsOf } from '@/lib/currency/parse-sources';

const dir = path.resolve(process.cwd(), 'tests/fixtures/currency');
const file = (n: string) => new Uint8Array(fs.readFileSync(path.join(dir, n)));

describe('the Official Journal list', () => {
  const entries = parseStandardsList(rowsOf(file('summary-list.csv')), {
    act: 'Directive 2009/48/EC',
    source: 'summary-list.csv',
    published_on: '2018-08-10',
  });

  it('new references with their first publication, superseded ones with cessation and replacement', () => {
    expect(entries.find((e) => e.reference === 'EN 71-1:2014')).toMatchObject({
      act: '2009/48/EC',
      cessation_on: '2019-02-28',
      replaced_by: 'EN 71-1:2014+A1:2018',
      withdrawn_on: '2018-08-10',
    });
    expect(entries.find((e) => e.reference === 'EN 71-1:2014+A1:2018')).toMatchObject({
      published_on: '2018-08-10',
      cessation_on: null,
    });
    expect(entries.find((e) => e.reference === 'EN 71-2:2011+A1:2014')?.published_on).toBe('2014-06-13');
    expect(entries.find((e) => e.reference === 'EN 71-2:2011')?.cessation_on).toBe('2014-09-30');
  });

  it('an amendment listed after its standard is part of the reference', () => {
    expect(entries.map((e) => e.reference)).toContain('EN IEC 62115:2020+A11:2020');
    expect(entries).toHaveLength(5);
  });

  it('a file without the list headings is refused', () => {
    expect(() =>
      parseStandardsList(
        [
          ['a', 'b'],
          ['1', '2'],
        ],
        { act: '2009/48/EC', source: 'x' },
      ),
    ).toThrow(/Not a list/);
  });

  it('dates as the lists write them', () => {
    expect(isoDate('28.2.2019')).toBe('2019-02-28');
    expect(isoDate('30/02/2019')).toBeNull();
    expect(isoDate('This is the first publication')).toBeNull();
  });
});

describe('NANDO', () => {
  it('bodies with number, country code and acts', () => {
    const bodies = parseNandoList(rowsOf(file('nando-export.csv')), { source: 'nando-export.csv' });
    expect(bodies).toEqual([
      expect.objectContaining({ number: '0123', country: 'DE', acts: ['2006/42/EC', '2014/53/EU'] }),
      expect.objectContaining({ number: '0197', country: 'DE', acts: ['2009/48/EC'] }),
      expect.objectContaining({ number: '2777', country: 'IE', acts: ['2016/425'] }),
    ]);
  });

  it('a per-act list replaces only that act', () => {
    const base = {
      kind: 'notified-bodies' as const,
      version: 'a',
      source: 's',
      coverage: 'partial' as const,
      bodies: [
        { number: '0123', name: 'A', country: 'DE', acts: ['2009/48/EC', '2006/42/EC'] },
        { number: '0197', name: 'B', country: 'DE', acts: ['2009/48/EC'] },
      ],
    };
    const next = mergeBodies(
      base,
      [{ number: '0197', name: 'B', country: 'DE', acts: ['2009/48/EC'] }],
      { version: 'b', source: 's', coverage: 'partial' },
      '2009/48/EC',
    );
    expect(next.bodies.map((b) => [b.number, b.acts])).toEqual([
      ['0123', ['2006/42/EC']],
      ['0197', ['2009/48/EC']],
    ]);
  });

  it('a list without a legislation column needs its act', () => {
    const rows = [
      ['Name', 'Country', 'Number'],
      ['X', 'France', 'NB 1234'],
    ];
    expect(() => parseNandoList(rows, { source: 'x' })).toThrow(/--act/);
    expect(parseNandoList(rows, { source: 'x', act: '2014/53/EU' })[0]).toMatchObject({
      number: '1234',
      country: 'FR',
      acts: ['2014/53/EU'],
    });
  });
});
