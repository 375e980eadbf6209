/**
 * The session's membership (workspace, plan, role), kept per token for a moment. Every request used to
 * verify the token and read the membership again: one of the round trips that took GET /api/skus to
 * 0.8× of a raw handler under load (bench/skus-list.ts). A change to a membership or a workspace made
 * through this process (role change, removal, ownership transfer, a joined invitation, plan, rename)
 * clears the cache once committed, so it applies to the next request at once; one made by another app
 * instance applies within SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  until: number;
  generation: number;
}

/**
 * Held on globalThis: Next bundles route handlers and server components separately, each with its own
 * copy of this module, so a rename through an API route must clear the copy the pages read too.
 */
interface CacheState {
  entries: Map<string, Entry<unknown>>;
  generation: number;
}
const state: CacheState = ((globalThis as { __cwSessionCache?: CacheState }).__cwSessionCache ??= {
  entries: new Map(),
  generation: 0,
});
const entries = state.entries;

/**
 * The cached value for key, or what load resolves (cached until `until`, at most SESSION_CACHE_MS). A
 * load that started before a change is not cached: it may have read the state before it.
 */
export async function cachedSession<T>(key: string, load: () => Promise<{ value: T; expiresAt: number }>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.until > now && hit.generation === state.generation) return hit.value as T;
  const started = state.generation;
  const { value, expiresAt } = await load();
  if (started === state.generation) {
    if (entries.size >= MAX_ENTRIES) {
      for (const [k, e] of entries) if (e.until <= now || e.generation !== state.generation) entries.delete(k);
      if (entries.size >= MAX_ENTRIES) entries.clear();
    }
    entries.set(key, { value, until: Math.min(now + SESSION_CACHE_MS, expiresAt), generation: state.generation });
  }
  return value;
}

/** Forgets every cached membership: call after a change to memberships or workspaces commits. */
export function forgetSessions(): void {
  state.generation++;
  entries.clear();
}

/** Runs a change to memberships or workspaces and forgets the cached ones once it has ended. */
export async function changingMemberships<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    forgetSessions();
  }
}
