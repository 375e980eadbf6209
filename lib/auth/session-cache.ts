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

const entries = new Map<string, Entry<unknown>>();
let generation = 0;

/**
 * The cached value for key, or what load resolves (cached until `until`, at most SESSION_CACHE_MS). A
 * load that started before a change is not cached: it may have read the state before it.
 */
export async function cachedSession<T>(key: string, load: () => Promise<{ value: T; expiresAt: number }>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.until > now && hit.generation === generation) return hit.value as T;
  const started = generation;
  const { value, expiresAt } = await load();
  if (started === generation) {
    if (entries.size >= MAX_ENTRIES) {
      for (const [k, e] of entries) if (e.until <= now || e.generation !== generation) entries.delete(k);
      if (entries.size >= MAX_ENTRIES) entries.clear();
    }
    entries.set(key, { value, until: Math.min(now + SESSION_CACHE_MS, expiresAt), generation });
  }
  return value;
}

/** Forgets every cached membership: call after a change to memberships or workspaces commits. */
export function forgetSessions(): void {
  generation++;
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
