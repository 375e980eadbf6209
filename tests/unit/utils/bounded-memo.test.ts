/**
 * boundedMemo computes a key once while remembered (null and undefined answers included), keeps at most
 * max keys, and never remembers a key longer than maxKeyLength.
 */
import { describe, expect, it } from 'vitest';
import { boundedMemo } from '@/lib/utils/bounded-memo';

describe('boundedMemo', () => {
  it('computes a key once while it is remembered, null and undefined answers included', () => {
    const calls: string[] = [];
    const f = boundedMemo((k: string) => {
      calls.push(k);
      return k === 'none' ? undefined : k === 'null' ? null : k.length;
    });
    for (let i = 0; i < 3; i++) {
      expect(f('abc')).toBe(3);
      expect(f('none')).toBeUndefined();
      expect(f('null')).toBeNull();
    }
    expect(calls).toEqual(['abc', 'none', 'null']);
  });

  it('keeps at most `max` keys, and never a key longer than maxKeyLength', () => {
    const calls: string[] = [];
    const f = boundedMemo(
      (k: string) => {
        calls.push(k);
        return k;
      },
      3,
      10,
    );
    for (const k of ['a', 'b', 'c']) f(k);
    f('a');
    expect(calls).toEqual(['a', 'b', 'c']);
    // A fourth key starts over: the earlier ones are computed again.
    f('d');
    f('a');
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'a']);
    const long = 'x'.repeat(11);
    f(long);
    f(long);
    expect(calls.filter((k) => k === long)).toHaveLength(2);
  });
});
