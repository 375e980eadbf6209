import type { Db } from '@/lib/db/client';
import { executeArrays } from '@/lib/db/prepared';

/**
 * Counts hits in rate-limit buckets (rows of rate_limit_buckets, one per key and window) so the limits
 * hold across app instances, without a statement for every request of a busy caller.
 *
 * Every hit is counted in Postgres before its request is answered, and each request gets a position in
 * its buckets: the count it would have had had the requests come one after the other. Two ways keep the
 * statements few:
 *
 * - Hits arriving while a statement is in flight on the same buckets are added by the next statement
 *   together (a caller's concurrent requests used to queue on the row lock, one statement each).
 * - A caller sending many requests gets a reserve: the statement adds, beyond the hits waiting, some
 *   hits for the requests about to come (about a tenth of a second's worth once the caller sends
 *   MIN_PACE a second; at most a tenth of what is left of the smallest budget, at most MAX_RESERVE).
 *   The next requests take the reserved positions in order, without a statement. A reserved hit is counted before its request arrives, so
 *   the database's count is never below the requests admitted: no instance can admit more than the
 *   limit. What a reserve may cost is the other way: positions reserved and not used by the end of the
 *   window (at most a tenth of the budget left when it was taken) are budget nobody gets. Near a limit
 *   there is no reserve, so there every hit is one statement, as exact as before.
 */

/** The statement adding n hits to one bucket or two, as text built once (it runs for most requests). */
const ADD_HITS = [1, 2].map(
  (buckets) =>
    'INSERT INTO rate_limit_buckets (bucket_key, window_start, hits) VALUES ' +
    Array.from({ length: buckets }, (_, i) => `($${3 * i + 1}, $${3 * i + 2}::timestamptz, $${3 * i + 3}::int)`).join(
      ', ',
    ) +
    ' ON CONFLICT (bucket_key, window_start) DO UPDATE SET hits = rate_limit_buckets.hits + EXCLUDED.hits' +
    ' RETURNING bucket_key, hits',
);

/**
 * The reserve follows the caller's pace: its requests in the current or the previous second, whichever is
 * more, once they reach MIN_PACE. A caller below that (a person, a script, a burst of a few dozen) gets no
 * reserve, so every hit of theirs is one statement and the table holds exactly the hits made. Counted per second, not per shorter
 * slice: a statement slowed by a busy server stalls the caller's requests, and a slice that saw none of
 * them would have taken the reserve away just when statements cost the most.
 */
const PACE_MS = 1000;
const MIN_PACE = 200;
/** A reserve holds about this share of a second's requests (a tenth: ~100 ms of them). */
const PACE_SHARE = 0.1;
const MAX_RESERVE = 100;
/** A reserve takes at most this share of the smallest budget left, so near a limit there is none. */
const RESERVE_SHARE = 0.1;
const MAX_STATES = 10_000;

interface Waiter {
  resolve: (positions: number[]) => void;
  reject: (e: unknown) => void;
}

/** One set of buckets (sorted keys) in one window. */
interface BucketSet {
  keys: string[];
  limits: number[];
  windowStart: number;
  /** Requests waiting for the statement in flight (null: none in flight). */
  waiting: Waiter[] | null;
  /** The next reserved position in each bucket, and how many are left. */
  next: number[];
  left: number;
  /** The buckets' counts after the last statement (null before the first: no reserve until known). */
  counted: number[] | null;
  /** Arrivals in the current and the previous PACE_MS slice. */
  slice: number;
  arrivals: number;
  previousArrivals: number;
}

export interface HitCounter {
  /**
   * Counts one hit in each bucket (`limits[i]` is `keys[i]`'s budget, which sizes the reserve); resolves
   * to this request's position in each bucket, in the order of `keys`.
   */
  hit(db: Db, args: { keys: string[]; limits: number[]; windowStart: Date }): Promise<number[]>;
  /** Statements run so far (tests and benches read it). */
  readonly statements: number;
}

export function createHitCounter(): HitCounter {
  const perDb = new WeakMap<Db, Map<string, BucketSet>>();
  let statements = 0;

  async function addHits(db: Db, set: BucketSet, n: number): Promise<number[]> {
    const ws = new Date(set.windowStart).toISOString();
    statements++;
    const rows = await executeArrays(
      db,
      { sql: ADD_HITS[set.keys.length - 1], params: set.keys.flatMap((k) => [k, ws, n]) },
      // Prepared: the text is one of two and runs often; unprepared, the driver first asks the server
      // for the parameter types and waits, a round trip a handler without the limit does not pay.
      { prepare: true },
    );
    const totals = new Map(rows.map((r) => [r[0] as string, Number(r[1])]));
    return set.keys.map((k) => totals.get(k) ?? 0);
  }

  /** How many hits beyond the waiting ones the next statement reserves. */
  function reserveSize(set: BucketSet, waiting: number): number {
    const pace = Math.max(set.arrivals, set.previousArrivals);
    if (!set.counted || pace < MIN_PACE) return 0;
    let budgetLeft = Infinity;
    for (let i = 0; i < set.keys.length; i++)
      budgetLeft = Math.min(budgetLeft, set.limits[i] - set.counted[i] - waiting);
    return Math.max(0, Math.min(MAX_RESERVE, Math.ceil(pace * PACE_SHARE), Math.floor(budgetLeft * RESERVE_SHARE)));
  }

  async function drain(db: Db, set: BucketSet) {
    const queue = set.waiting!;
    while (queue.length) {
      const batch = queue.splice(0);
      const extra = reserveSize(set, batch.length);
      const n = batch.length + extra;
      try {
        const totals = await addHits(db, set, n);
        set.counted = totals;
        // The statement's n positions end at the totals: the batch takes the first ones, the reserve the rest.
        const first = totals.map((t) => t - n + 1);
        batch.forEach((w, i) => w.resolve(first.map((p) => p + i)));
        set.next = first.map((p) => p + batch.length);
        set.left = extra;
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
      // Arrivals meanwhile take from the new reserve before another statement is sent.
      while (queue.length && set.left > 0) queue.shift()!.resolve(take(set));
    }
    set.waiting = null;
  }

  function take(set: BucketSet): number[] {
    const positions = set.next.slice();
    for (let i = 0; i < set.next.length; i++) set.next[i]++;
    set.left--;
    return positions;
  }

  function bucketSet(db: Db, keys: string[], limits: number[], windowStart: number): BucketSet {
    let sets = perDb.get(db);
    if (!sets) perDb.set(db, (sets = new Map()));
    const order = keys.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
    const sorted = order.map((i) => keys[i]);
    const id = `${windowStart}\n${sorted.join('\n')}`;
    let set = sets.get(id);
    if (!set) {
      if (sets.size >= MAX_STATES) {
        for (const [k, s] of sets) if (s.windowStart < windowStart && !s.waiting) sets.delete(k);
        if (sets.size >= MAX_STATES) for (const [k, s] of sets) if (!s.waiting) sets.delete(k);
      }
      set = {
        keys: sorted,
        limits: order.map((i) => limits[i]),
        windowStart,
        waiting: null,
        next: sorted.map(() => 0),
        left: 0,
        counted: null,
        slice: 0,
        arrivals: 0,
        previousArrivals: 0,
      };
      sets.set(id, set);
    }
    set.limits = order.map((i) => limits[i]);
    return set;
  }

  return {
    get statements() {
      return statements;
    },
    hit(db, { keys, limits, windowStart }) {
      const set = bucketSet(db, keys, limits, windowStart.getTime());
      const now = Date.now();
      const slice = Math.floor(now / PACE_MS);
      if (slice !== set.slice) {
        set.previousArrivals = slice === set.slice + 1 ? set.arrivals : 0;
        set.arrivals = 0;
        set.slice = slice;
      }
      set.arrivals++;
      // Positions come back in sorted-key order; the caller asked in its own.
      const inCallerOrder = (positions: number[]) => keys.map((k) => positions[set.keys.indexOf(k)]);
      if (!set.waiting && set.left > 0) return Promise.resolve(inCallerOrder(take(set)));
      return new Promise<number[]>((resolve, reject) => {
        const waiter = { resolve: (p: number[]) => resolve(inCallerOrder(p)), reject };
        if (set.waiting) {
          set.waiting.push(waiter);
          return;
        }
        set.waiting = [waiter];
        void drain(db, set);
      });
    },
  };
}
