/**
 * uuidV7 makes version 7 UUIDs: the first 48 bits are the time in milliseconds, ids are unique and sort by
 * time, and every random digit covers its whole range.
 */
import { describe, expect, it } from 'vitest';
import { uuidV7 } from '@/lib/db/ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('uuidV7', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const before = Date.now();
    const id = uuidV7();
    const after = Date.now();
    expect(id).toMatch(V7);
    expect(msOf(id)).toBeGreaterThanOrEqual(before);
    expect(msOf(id)).toBeLessThanOrEqual(after);
  });

  it('is unique, and an id of a later millisecond sorts after an earlier one', async () => {
    const ids = Array.from({ length: 20_000 }, () => uuidV7());
    expect(new Set(ids).size).toBe(ids.length);
    const first = uuidV7();
    await new Promise((r) => setTimeout(r, 3));
    const later = uuidV7();
    expect(later > first).toBe(true);
  });

  it('draws every random digit from the whole range (no fixed or biased position)', () => {
    const ids = Array.from({ length: 4000 }, () => uuidV7().replace(/-/g, ''));
    // digits 13-15 (rand_a), 17-31 (rand_b); 16 is the variant: 8, 9, a or b
    const random = [13, 14, 15, ...Array.from({ length: 15 }, (_, i) => 17 + i)];
    for (const at of random) {
      const counts = new Map<string, number>();
      for (const id of ids) counts.set(id[at], (counts.get(id[at]) ?? 0) + 1);
      expect(counts.size, `digit ${at}`).toBe(16);
      // 250 expected per digit; 150 is far outside chance
      expect(Math.min(...counts.values()), `digit ${at}`).toBeGreaterThan(150);
    }
    expect(new Set(ids.map((id) => id[16]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });
});
