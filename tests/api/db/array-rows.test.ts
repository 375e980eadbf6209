/**
 * Rows read as arrays (executeArrays) and decoded by position (rowDecoder) come out exactly as a Drizzle
 * select of the same columns gives them: timestamps as Dates at the stored instant (or, asked, their ISO
 * text, isoTimestamp), jsonb as values,
 * integers, booleans, text and nulls as they are. On the embedded database and on a Postgres server,
 * prepared (run twice) and unnamed, and inside a transaction.
 */
import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { executeArrays } from '@/lib/db/prepared';
import { isoTimestamp, rowDecoder } from '@/lib/db/rows';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

const name = `array_rows_${randomUUID().replace(/-/g, '')}`;
const t = pgTable(name, {
  id: uuid('id').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  doc: jsonb('doc').$type<{ a: number; b: string[] } | null>(),
  n: integer('n'),
  ok: boolean('ok'),
  label: text('label'),
});
const columns = { id: t.id, label: t.label, at: t.at, doc: t.doc, n: t.n, ok: t.ok };

describe('executeArrays and rowDecoder', () => {
  it('decode rows as a Drizzle select does, prepared or not, in and out of a transaction', async () => {
    const db = await getDb();
    await db.execute(
      sql.raw(`CREATE TABLE ${name} (id uuid NOT NULL, at timestamptz, doc jsonb, n int, ok boolean, label text)`),
    );
    const rows = [
      {
        id: randomUUID(),
        at: new Date('2026-11-29T23:10:52.123Z'),
        doc: { a: 1, b: ['x', 'ü'] },
        n: 7,
        ok: true,
        label: 'a',
      },
      { id: randomUUID(), at: null, doc: null, n: null, ok: null, label: null },
      {
        id: randomUUID(),
        at: new Date('1999-12-31T23:59:59.999Z'),
        doc: { a: -2, b: [] },
        n: 0,
        ok: false,
        label: 'ß "q"',
      },
    ];
    await db.insert(t).values(rows);
    // A microsecond the Date cannot hold: both readers drop it the same way.
    await db.execute(sql.raw(`UPDATE ${name} SET at = '2026-01-02 03:04:05.678901+00' WHERE label = 'a'`));

    const expected = await db.select(columns).from(t).orderBy(asc(t.label));
    expect(expected).toHaveLength(3);
    const decode = rowDecoder(columns);
    const query = db.select(columns).from(t).orderBy(asc(t.label)).toSQL();
    for (const prepare of [true, true, false]) {
      const got = (await executeArrays(db, query, { prepare })).map(decode);
      expect(got).toEqual(expected);
    }
    const inTx = await db.transaction(async (tx) => (await executeArrays(tx, query, { prepare: true })).map(decode));
    expect(inTx).toEqual(expected);
    expect((expected[0] as { at: Date }).at.toISOString()).toBe('2026-01-02T03:04:05.678Z');

    // timestamps: 'iso' gives each timestamp as the Date's ISO text, everything else as before.
    const decodeIso = rowDecoder(columns, { timestamps: 'iso' });
    const asIso = expected.map((r) => ({ ...r, at: r.at ? r.at.toISOString() : null }));
    for (const prepare of [true, false])
      expect((await executeArrays(db, query, { prepare })).map(decodeIso)).toEqual(asIso);
    await db.execute(sql.raw(`DROP TABLE ${name}`));
  });

  it('isoTimestamp writes what toISOString writes, for every text a server gives and for a Date', () => {
    const cases: Array<[string, string]> = [
      ['2026-11-30 06:31:36.123456+00', '2026-11-30T06:31:36.123Z'],
      ['2026-11-30 06:31:36.1+00', '2026-11-30T06:31:36.100Z'],
      ['2026-11-30 06:31:36.12+00', '2026-11-30T06:31:36.120Z'],
      ['2026-11-30 06:31:36+00', '2026-11-30T06:31:36.000Z'],
      ['1999-12-31 23:59:59.999999+00', '1999-12-31T23:59:59.999Z'],
      // Another session zone's offset, with minutes too: through Date.
      ['2026-11-30 07:31:36.5+01', '2026-11-30T06:31:36.500Z'],
      ['2026-11-30 12:01:36+05:30', '2026-11-30T06:31:36.000Z'],
    ];
    for (const [text, iso] of cases) {
      expect(isoTimestamp(text)).toBe(iso);
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    }
    expect(isoTimestamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678Z');
    // Text Date cannot read fails as toISOString does, never as a made-up instant.
    expect(() => isoTimestamp('infinity')).toThrow(RangeError);
  });
});
