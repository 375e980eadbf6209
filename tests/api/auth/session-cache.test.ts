/**
 * The session's membership and an API key's row are kept for a moment per token (lib/auth/session-cache),
 * so a request does not read them again each time, and that never delays a change made through the
 * app: a role change, a removal, a revoked key or a plan change applies to the very next request. A
 * change this process did not make (another app instance, a direct SQL update) applies within
 * SESSION_CACHE_MS. The rate-limit buckets of a request are counted in one statement, concurrent requests
 * of one caller together: each request still counts once in each bucket and sees its own count.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as whoamiRoute from '@/app/api/auth/whoami/route';
import { authenticateApiKey, createApiKey, revokeApiKey } from '@/lib/auth/api-keys';
import { authenticateSessionToken } from '@/lib/auth/session';
import { SESSION_CACHE_MS } from '@/lib/auth/session-cache';
import { getDb } from '@/lib/db/client';
import { rateLimitBuckets, workspaceMembers } from '@/lib/db/schema';
import { changeMemberRole, removeMember } from '@/lib/team/members';
import { setWorkspacePlan } from '@/lib/workspace/settings';
import { call, expectEnvelope, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { addMember } from '../team/helpers';

useTestDatabase();

const ownerActor = (id: string) => ({ userId: id, apiKeyId: null, label: 'owner' });

describe('the session cache', () => {
  it('a role change and a removal made through the app apply to the next request at once', async () => {
    const db = await getDb();
    const owner = await makeUser();
    const m = await addMember(owner, 'editor');
    const role = async () =>
      (await authenticateSessionToken(db, { token: m.token, activeWorkspaceId: owner.workspaceId })).role;
    expect(await role()).toBe('editor');
    expect(await role()).toBe('editor'); // from the cache
    await changeMemberRole(db, {
      workspaceId: owner.workspaceId,
      actor: ownerActor(owner.id),
      actorRole: 'owner',
      userId: m.id,
      role: 'viewer',
    });
    expect(await role()).toBe('viewer');
    await removeMember(db, {
      workspaceId: owner.workspaceId,
      actor: ownerActor(owner.id),
      actorRole: 'owner',
      userId: m.id,
    });
    // No longer a member of the named workspace: the person's own workspace instead.
    const after = await authenticateSessionToken(db, { token: m.token, activeWorkspaceId: owner.workspaceId });
    expect(after.workspace.id).not.toBe(owner.workspaceId);
  });

  it('a change made outside this process applies within SESSION_CACHE_MS', async () => {
    const db = await getDb();
    const owner = await makeUser();
    const m = await addMember(owner, 'editor');
    const role = async () =>
      (await authenticateSessionToken(db, { token: m.token, activeWorkspaceId: owner.workspaceId })).role;
    expect(await role()).toBe('editor');
    await db
      .update(workspaceMembers)
      .set({ role: 'reviewer' })
      .where(and(eq(workspaceMembers.workspaceId, owner.workspaceId), eq(workspaceMembers.userId, m.id)));
    expect(await role()).toBe('editor'); // still the moment's answer
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 100));
    expect(await role()).toBe('reviewer');
  });

  it('a plan change applies to the next request; a revoked key is refused at once', async () => {
    const db = await getDb();
    const u = await makeUser({ plan: 'pro' });
    const ws = { id: u.workspaceId, name: 'w', plan: 'pro' as const };
    const key = await createApiKey(db, {
      workspace: ws,
      actor: ownerActor(u.id),
      input: { name: 'k', scopes: ['skus:read'] },
    });
    expect((await authenticateApiKey(db, { key: key.key })).workspace.plan).toBe('pro');
    expect((await authenticateSessionToken(db, { token: u.token })).workspace.plan).toBe('pro');
    await setWorkspacePlan(db, { workspaceId: u.workspaceId, plan: 'enterprise' });
    expect((await authenticateApiKey(db, { key: key.key })).workspace.plan).toBe('enterprise');
    expect((await authenticateSessionToken(db, { token: u.token })).workspace.plan).toBe('enterprise');
    await revokeApiKey(db, { workspaceId: u.workspaceId, id: key.id });
    expectEnvelope(await call(whoamiRoute, 'GET', '/api/auth/whoami', { bearer: key.key }), 401, 'API_KEY_REVOKED');
  });

  it('each request counts once in its address bucket and once in its caller bucket', async () => {
    const db = await getDb();
    const u = await makeUser();
    const ip = '198.18.7.7';
    for (let i = 0; i < 3; i++) {
      const r = await call(whoamiRoute, 'GET', '/api/auth/whoami', {
        cookie: u.cookie,
        headers: { 'x-forwarded-for': ip },
      });
      expect(r.status).toBe(200);
    }
    const rows = await db.select().from(rateLimitBuckets);
    const hits = (k: string) => rows.filter((r) => r.bucketKey === k).reduce((n, r) => n + r.hits, 0);
    expect(hits(`default:user:${u.id}`)).toBe(3);
    expect(hits(`ip:${ip}`)).toBe(3);
  });

  it('concurrent requests of one caller are counted together, each once, with its own remaining count', async () => {
    const db = await getDb();
    const u = await makeUser();
    const ip = '198.18.7.8';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(whoamiRoute, 'GET', '/api/auth/whoami', { cookie: u.cookie, headers: { 'x-forwarded-for': ip } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const limit = Number(answers[0].headers.get('x-ratelimit-limit'));
    const remaining = answers.map((a) => Number(a.headers.get('x-ratelimit-remaining'))).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 12 }, (_, i) => limit - 1 - i));
    const rows = await db.select().from(rateLimitBuckets);
    const hits = (k: string) => rows.filter((r) => r.bucketKey === k).reduce((n, r) => n + r.hits, 0);
    expect(hits(`default:user:${u.id}`)).toBe(12);
    expect(hits(`ip:${ip}`)).toBe(12);
  });
});
