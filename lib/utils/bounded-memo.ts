/**
 * A pure function of one string, remembered for the last distinct inputs. For values that repeat down a
 * catalogue (a market list, a country name): an import evaluates every new SKU's requirements, and the
 * same few strings were parsed again for each. Bounded, so hostile input cannot grow it: when full it
 * starts over (cheaper than tracking use, and a catalogue's working set is far below the bound), and a
 * key longer than maxKeyLength is computed every time, never kept. A remembered object is shared by
 * every caller that asks for the same key: callers must not change it.
 */
export function boundedMemo<T>(fn: (key: string) => T, max = 512, maxKeyLength = 512): (key: string) => T {
  let cache = new Map<string, T>();
  return (key: string) => {
    if (key.length > maxKeyLength) return fn(key);
    const hit = cache.get(key);
    if (hit !== undefined || cache.has(key)) return hit as T;
    const value = fn(key);
    if (cache.size >= max) cache = new Map();
    cache.set(key, value);
    return value;
  };
}
