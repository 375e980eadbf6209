import { sql } from 'drizzle-orm';
import { getEnv } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { executeArrays } from '@/lib/db/prepared';
import { AppError } from '@/lib/errors';

export type RateLimitClass = 'default' | 'ai' | 'parse';

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetAt: number; // epoch seconds
}

const WINDOW_SECONDS = 60;

function limitFor(cls: RateLimitClass) {
  const env = getEnv();
  return cls === 'ai' ? env.RATE_LIMIT_AI : cls === 'parse' ? env.RATE_LIMIT_PARSE : env.RATE_LIMIT_DEFAULT;
}

/**
 * The statement adding n hits to one bucket or two, as text built once: it runs for nearly every request,
 * and building it through Drizzle each time cost more than the server spent running it.
 */
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
 * Adds n hits to each bucket (one or two) in one statement (rows in key order, so two statements sharing
 * a bucket never lock their rows in opposite orders); the buckets' new counts by key. Prepared: the text
 * is one of two and runs on every request; unprepared, the driver first asks the server for the
 * parameter types and waits, a round trip a raw handler without the limit does not pay.
 */
async function addHits(db: Db, keys: string[], windowStart: Date, n: number): Promise<Map<string, number>> {
  const ws = windowStart.toISOString();
  const rows = await executeArrays(
    db,
    { sql: ADD_HITS[keys.length - 1], params: keys.flatMap((k) => [k, ws, n]) },
    { prepare: true },
  );
  return new Map(rows.map((r) => [r[0] as string, Number(r[1])]));
}

interface Waiter {
  resolve: (hits: Map<string, number>) => void;
  reject: (e: unknown) => void;
}
/** Hits waiting for the statement in flight on the same buckets, per buckets and window. */
const queues = new Map<string, Waiter[]>();

/**
 * Counts one hit in each bucket. Requests of one caller from one address share their buckets' rows, so
 * concurrent requests used to queue on the row lock one statement each; while a statement is in flight
 * on these buckets, the hits arriving meanwhile are added by the next statement together, and each
 * request gets the count it would have had one after the other. Nothing is counted less, or later
 * than its own statement.
 */
function hit(db: Db, keys: string[], windowStart: Date): Promise<Map<string, number>> {
  const sorted = [...keys].sort();
  const id = `${windowStart.getTime()}\n${sorted.join('\n')}`;
  return new Promise((resolve, reject) => {
    const queued = queues.get(id);
    if (queued) {
      queued.push({ resolve, reject });
      return;
    }
    const queue: Waiter[] = [{ resolve, reject }];
    queues.set(id, queue);
    void (async () => {
      while (queue.length) {
        const batch = queue.splice(0);
        try {
          const totals = await addHits(db, sorted, windowStart, batch.length);
          batch.forEach((w, i) => w.resolve(new Map([...totals].map(([k, t]) => [k, t - (batch.length - 1 - i)]))));
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
      }
      queues.delete(id);
    })();
  });
}

/**
 * Fixed one-minute windows counted in Postgres, so the limit holds across app instances. The subject
 * is the API key or the user, and separately the client IP. Exceeding either answers 429.
 */
export async function enforceRateLimit(
  db: Db,
  args: { cls: RateLimitClass; subject: string | null; ip: string },
): Promise<RateLimitState> {
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000);
  const resetAt = Math.floor(windowStart.getTime() / 1000) + WINDOW_SECONDS;
  const limit = limitFor(args.cls);
  const ipLimit = getEnv().RATE_LIMIT_IP;
  const ipKey = `ip:${args.ip}`;
  const subjectKey = args.subject ? `${args.cls}:${args.subject}` : null;
  const hits = await hit(db, subjectKey ? [ipKey, subjectKey] : [ipKey], windowStart);
  const ipHits = hits.get(ipKey) ?? 0;
  const subjectHits = subjectKey ? (hits.get(subjectKey) ?? 0) : 0;
  // Occasionally drop old windows; cheap and keeps the table small without a cron.
  if (Math.random() < 0.01)
    await db.execute(sql`DELETE FROM rate_limit_buckets WHERE window_start < now() - interval '10 minutes'`);
  const state: RateLimitState = { limit, remaining: Math.max(0, limit - subjectHits), resetAt };
  const over = (args.subject && subjectHits > limit) || ipHits > ipLimit;
  if (over) {
    const retryAfter = Math.max(1, resetAt - Math.floor(now / 1000));
    const effLimit = args.subject && subjectHits > limit ? limit : ipLimit;
    throw new AppError(
      'RATE_LIMITED',
      `Rate limit of ${effLimit} requests per minute exceeded; retry in ${retryAfter} s.`,
      {
        details: { limit: effLimit, window_seconds: WINDOW_SECONDS, class: args.cls },
        headers: rateLimitHeaders({ limit: effLimit, remaining: 0, resetAt }, retryAfter),
      },
    );
  }
  return state;
}

export function rateLimitHeaders(s: RateLimitState, retryAfter?: number): Record<string, string> {
  const h: Record<string, string> = {
    'X-RateLimit-Limit': String(s.limit),
    'X-RateLimit-Remaining': String(s.remaining),
    'X-RateLimit-Reset': String(s.resetAt),
  };
  if (retryAfter !== undefined) h['Retry-After'] = String(retryAfter);
  return h;
}
