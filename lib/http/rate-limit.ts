import { sql } from 'drizzle-orm';
import { getEnv } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { createHitCounter } from './rate-limit-counter';

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

/** One counter per process: its reserves are per bucket set (rate-limit-counter.ts). */
const counter = createHitCounter();
/** The window whose predecessors this process last dropped. */
let sweptWindow = 0;

/**
 * Fixed one-minute windows counted in Postgres, so the limit holds across app instances (no instance
 * admits more than the limit; a busy caller's hits are counted ahead in reserves, rate-limit-counter.ts).
 * The subject is the API key or the user, and separately the client IP. Exceeding either answers 429.
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
  const [ipHits, subjectHits = 0] = await counter.hit(db, {
    keys: subjectKey ? [ipKey, subjectKey] : [ipKey],
    limits: subjectKey ? [ipLimit, limit] : [ipLimit],
    windowStart,
  });
  // Once a window per process, drop the windows of ten minutes ago and older: the table stays small
  // without a cron (a request in a hundred used to, which with reserves was most of the statements).
  if (windowStart.getTime() !== sweptWindow) {
    sweptWindow = windowStart.getTime();
    await db.execute(sql`DELETE FROM rate_limit_buckets WHERE window_start < now() - interval '10 minutes'`);
  }
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
