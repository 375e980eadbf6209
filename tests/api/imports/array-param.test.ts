/**
 * arrayParam (lib/db/array-param.ts) sends an array parameter as its Postgres literal. On both drivers,
 * prepared (the import's statements) and not, the database must read back exactly the values given:
 * text that looks like a literal's syntax (quotes, backslashes, commas, braces, "NULL", empty), null,
 * line breaks, non-Latin text, uuids and integers.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { arrayParam } from '@/lib/db/array-param';
import { queryRows } from '@/lib/db/rows';
import { useTestDatabase } from '../../helpers/db';

useTestDatabase();

const TEXTS = [
  'plain',
  '',
  'NULL',
  'null',
  'a,b',
  '{braces}',
  'quote " inside',
  'back\\slash',
  '\\"both\\"',
  '  spaced  ',
  'line\nbreak\ttab',
  'Größe – 玩具 🧸',
];

describe('arrayParam', () => {
  for (const prepared of [false, true]) {
    it(`round-trips text, null, uuids and integers (${prepared ? 'prepared' : 'unprepared'})`, async () => {
      const db = await getDb();
      const texts = await queryRows<{ i: number; v: string | null }>(
        db,
        sql`SELECT i::int, v FROM unnest(${arrayParam([...TEXTS, null])}::text[]) WITH ORDINALITY AS a(v, i) ORDER BY i`,
        { prepared },
      );
      expect(texts.map((r) => r.v)).toEqual([...TEXTS, null]);
      // The fast path (nothing to escape, no null) too.
      const plain = ['a', 'b c', 'ümlaut', ''];
      const plainRows = await queryRows<{ v: string }>(
        db,
        sql`SELECT v FROM unnest(${arrayParam(plain)}::text[]) WITH ORDINALITY AS a(v, i) ORDER BY i`,
        { prepared },
      );
      expect(plainRows.map((r) => r.v)).toEqual(plain);
      const ids = [crypto.randomUUID(), crypto.randomUUID()];
      const nums = [1, -2, 2147483647];
      const [row] = await queryRows<{ ids: string; nums: string; empty: number }>(
        db,
        sql`SELECT array_to_string(${arrayParam(ids)}::uuid[], ',') AS ids, array_to_string(${arrayParam(nums)}::int[], ',') AS nums,
                   cardinality(${arrayParam([])}::text[])::int AS empty`,
        { prepared },
      );
      expect(row.ids).toBe(ids.join(','));
      expect(row.nums).toBe(nums.join(','));
      expect(Number(row.empty)).toBe(0);
    });
  }
});
