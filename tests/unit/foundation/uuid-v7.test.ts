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
});
