/**
 * Team membership: single-use invitations (precise codes for expired, revoked, unknown and other-address
 * links; one member from concurrent accepts), plan seats under concurrent invitations, who may invite
 * whom, removal and role changes applying to the next request (keys act with their owner's role), the
 * owner's protection, and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import * as invitationsRoute from '@/app/api/invitations/route';
import * as invitationRoute from '@/app/api/invitations/[id]/route';
import * as acceptRoute from '@/app/api/invitations/accept/route';
import * as lookupRoute from '@/app/api/invitations/lookup/route';
import * as membersRoute from '@/app/api/members/route';
import * as memberRoute from '@/app/api/members/[userId]/route';
import * as transferRoute from '@/app/api/members/transfer-ownership/route';
import * as switchRoute from '@/app/api/workspace/switch/route';
import * as whoami from '@/app/api/auth/whoami/route';
import * as skusRoute from '@/app/api/skus/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import * as auditRoute from '@/app/api/audit-events/route';
import { createApiKey } from '@/lib/auth/api-keys';
import { getDb } from '@/lib/db/client';
import { apiKeys, auditEvents, workspaceInvitations, workspaceMembers } from '@/lib/db/schema';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { startSmtp } from '../outreach/helpers';
import { createSku } from '../skus/fixtures';
import { addMember } from './helpers';

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
});
afterAll(async () => smtp.close());

const invite = (u: TestUser, email: string, role: string) =>
  call(invitationsRoute, 'POST', '/api/invitations', { cookie: u.cookie, body: { email, role } });
const tokenOf = (url: string) => url.split('/invite/')[1];
const accept = (u: TestUser, token: string) =>
  call(acceptRoute, 'POST', '/api/invitations/accept', { cookie: u.cookie, body: { token } });
/** The cookie a browser would hold after accepting (the active workspace set by the response). */
const withActive = (u: TestUser, res: { headers: Headers }) => ({
  ...u,
  cookie: `${u.cookie}; ${res.headers.get('set-cookie')!.split(';')[0]}`,
});

describe('createInvitation, listInvitations, lookupInvitation, acceptInvitation, revokeInvitation; listMyWorkspaces, switchWorkspace — invitations', () => {
  it('mails a single-use link; the invitee accepts it and works in the workspace with the invited role', async () => {
    const owner = await makeUser({ plan: 'pro' });
    const email = `Bea.${Date.now()}@Example.test`;
    const res = await invite(owner, email, 'reviewer');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ email: email.toLowerCase(), role: 'reviewer', status: 'pending' });
    expect(res.body.mail.sent).toBe(true);
    const mail = smtp.mails.find((m) => m.envelopeTo.includes(email.toLowerCase()))!;
    expect(mail.parsed.subject).toContain('invited you');
    expect(mail.parsed.text).toContain(res.body.invite_url);
    const token = tokenOf(res.body.invite_url);
    // Only a hash is stored.
    const [row] = await (
      await getDb()
    )
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, res.body.data.id));
    expect(JSON.stringify(row)).not.toContain(token);

    const look = await call(lookupRoute, 'POST', '/api/invitations/lookup', { body: { token } });
    expect(look.status).toBe(200);
    expect(look.body).toMatchObject({ email: email.toLowerCase(), role: 'reviewer' });

    const bea = await makeUser({ email: email.toLowerCase() });
    const ok = await accept(bea, token);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ workspace: { id: owner.workspaceId }, role: 'reviewer', already_member: false });
    const beaIn = withActive(bea, ok);
    const who = await call(whoami, 'GET', '/api/auth/whoami', { cookie: beaIn.cookie });
    expect(who.body.workspace_id).toBe(owner.workspaceId);

    const members = await call(membersRoute, 'GET', '/api/members', { cookie: owner.cookie });
    expect(members.body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [email.toLowerCase(), 'reviewer'],
    ]);

    // The link works once.
    expectEnvelope(await accept(bea, token), 410, 'INVITATION_USED');
    expectEnvelope(
      await call(lookupRoute, 'POST', '/api/invitations/lookup', { body: { token } }),
      410,
      'INVITATION_USED',
    );

    // She belongs to two workspaces now and can switch between them; every read stays in the active one.
    const mine = await call(switchRoute, 'GET', '/api/workspace/switch', { cookie: beaIn.cookie });
    expect(mine.body.data.map((m: { workspace: { id: string } }) => m.workspace.id).sort()).toEqual(
      [owner.workspaceId, bea.workspaceId].sort(),
    );
    const back = await call(switchRoute, 'POST', '/api/workspace/switch', {
      cookie: beaIn.cookie,
      body: { workspace_id: bea.workspaceId },
    });
    expect(back.status).toBe(200);
    const home = withActive(bea, back);
    expect((await call(whoami, 'GET', '/api/auth/whoami', { cookie: home.cookie })).body.workspace_id).toBe(
      bea.workspaceId,
    );
    // A workspace one does not belong to cannot be switched to (and a forged cookie is ignored).
    const stranger = await makeUser();
    expectEnvelope(
      await call(switchRoute, 'POST', '/api/workspace/switch', {
        cookie: beaIn.cookie,
        body: { workspace_id: stranger.workspaceId },
      }),
      404,
      'NOT_FOUND',
    );
    const forged = await call(whoami, 'GET', '/api/auth/whoami', {
      cookie: `${bea.cookie}; cw-workspace=${stranger.workspaceId}`,
    });
    expect(forged.body.workspace_id).not.toBe(stranger.workspaceId);

    const trail = await (
      await getDb()
    )
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, owner.workspaceId));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['invitation.created', 'member.joined']));
  });

  it('refuses expired, revoked, unknown and other-address links with precise codes', async () => {
    const owner = await makeUser({ plan: 'pro' });
    const db = await getDb();
    const exp = await invite(owner, 'late@example.test', 'editor');
    await db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, exp.body.data.id));
    const late = await makeUser({ email: 'late@example.test' });
    expectEnvelope(await accept(late, tokenOf(exp.body.invite_url)), 410, 'INVITATION_EXPIRED');

    const rev = await invite(owner, 'withdrawn@example.test', 'editor');
    const del = await call(invitationRoute, 'DELETE', `/api/invitations/${rev.body.data.id}`, {
      cookie: owner.cookie,
      params: { id: rev.body.data.id },
    });
    expect(del.body.data.status).toBe('revoked');
    const withdrawn = await makeUser({ email: 'withdrawn@example.test' });
    expectEnvelope(await accept(withdrawn, tokenOf(rev.body.invite_url)), 410, 'INVITATION_REVOKED');

    expectEnvelope(await accept(withdrawn, 'A'.repeat(43)), 404, 'INVITATION_INVALID');
    expectEnvelope(await accept(withdrawn, 'short'), 404, 'INVITATION_INVALID');

    const other = await invite(owner, 'right@example.test', 'viewer');
    expectEnvelope(await accept(withdrawn, tokenOf(other.body.invite_url)), 403, 'INVITATION_EMAIL_MISMATCH');
    // The mismatch did not use the link up.
    const right = await makeUser({ email: 'right@example.test' });
    expect((await accept(right, tokenOf(other.body.invite_url))).status).toBe(200);

    // Inviting again replaces the open invitation: the old link stops working.
    const first = await invite(owner, 'twice@example.test', 'viewer');
    const second = await invite(owner, 'twice@example.test', 'editor');
    const twice = await makeUser({ email: 'twice@example.test' });
    expectEnvelope(await accept(twice, tokenOf(first.body.invite_url)), 410, 'INVITATION_REVOKED');
    expect((await accept(twice, tokenOf(second.body.invite_url))).body.role).toBe('editor');
    expectEnvelope(await invite(owner, 'twice@example.test', 'editor'), 409, 'ALREADY_MEMBER');
  });

  it('20 concurrent accepts of one link make one member', async () => {
    const owner = await makeUser({ plan: 'pro' });
    const res = await invite(owner, 'race@example.test', 'editor');
    const racer = await makeUser({ email: 'race@example.test' });
    const results = await Promise.all(Array.from({ length: 20 }, () => accept(racer, tokenOf(res.body.invite_url))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectEnvelope(r, 410, 'INVITATION_USED');
    const rows = await (
      await getDb()
    )
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, owner.workspaceId), eq(workspaceMembers.userId, racer.id)));
    expect(rows).toHaveLength(1);
  });

  it('counts members and open invitations against the plan seats', async () => {
    const owner = await makeUser(); // trial: 3 seats
    expect((await invite(owner, 's1@example.test', 'editor')).status).toBe(201);
    expect((await invite(owner, 's2@example.test', 'editor')).status).toBe(201);
    const err = expectEnvelope(await invite(owner, 's3@example.test', 'editor'), 403, 'PLAN_LIMIT_REACHED');
    expect(err.details).toMatchObject({ limit: 'seats', max: 3, current: 3 });
    const seats = await call(membersRoute, 'GET', '/api/members', { cookie: owner.cookie });
    expect(seats.body.seats).toEqual({ members: 1, invitations: 2, total: 3, max: 3 });
  });

  it('20 concurrent invitations never exceed the seats, and one address has one open invitation', async () => {
    const owner = await makeUser(); // trial: 3 seats, the owner holds one
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => invite(owner, `c${i}@example.test`, 'viewer')));
    expect(many.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of many.filter((x) => x.status !== 201)) expectEnvelope(r, 403, 'PLAN_LIMIT_REACHED');
    const pro = await makeUser({ plan: 'pro' });
    const same = await Promise.all(Array.from({ length: 20 }, () => invite(pro, 'same@example.test', 'viewer')));
    expect(same.every((r) => r.status === 201)).toBe(true);
    const open = await (
      await getDb()
    )
      .select()
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.workspaceId, pro.workspaceId), isNull(workspaceInvitations.revokedAt)));
    expect(open).toHaveLength(1);
  });

  it('an admin invites at most their own role; editors and viewers cannot invite', async () => {
    const owner = await makeUser({ plan: 'pro' });
    const admin = await addMember(owner, 'admin');
    expect((await invite(admin, 'a2@example.test', 'admin')).status).toBe(201);
    const editor = await addMember(owner, 'editor');
    expect(expectEnvelope(await invite(editor, 'e2@example.test', 'viewer'), 403, 'INSUFFICIENT_ROLE').details).toEqual(
      { required_role: 'admin', role: 'editor' },
    );
    expectEnvelope(
      await call(invitationsRoute, 'POST', '/api/invitations', {
        cookie: owner.cookie,
        body: { email: 'o@example.test', role: 'owner' },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('listInvitations (GET /api/invitations): the open invitations of this workspace only, never its tokens', async () => {
    const owner = await makeUser({ plan: 'pro' });
    const other = await makeUser({ plan: 'pro' });
    expect((await invite(owner, 'list-a@example.test', 'editor')).status).toBe(201);
    expect((await invite(other, 'list-b@example.test', 'viewer')).status).toBe(201);
    const res = await call(invitationsRoute, 'GET', '/api/invitations', { cookie: owner.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([
      ['list-a@example.test', 'editor'],
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    const viewer = await addMember(owner, 'viewer');
    expectEnvelope(
      await call(invitationsRoute, 'GET', '/api/invitations', { cookie: viewer.cookie }),
      403,
      'INSUFFICIENT_ROLE',
    );
  });
});

describe('listMembers, updateMemberRole, removeMember, transferOwnership — members', () => {
  it('removal ends access at once: sessions stop reaching the workspace, API keys are revoked', async () => {
    const owner = await makeUser({ plan: 'pro' });
    const sku = await createSku(owner, { sku_code: 'TEAM-1', product_name: 'Shared product' });
    const ed = await addMember(owner, 'admin');
    const db = await getDb();
    const key = await createApiKey(db, {
      workspace: { id: owner.workspaceId, name: 'w', plan: 'pro' },
      actor: { userId: ed.id, apiKeyId: null, label: ed.email },
      input: { name: 'ed key', scopes: ['skus:read'] },
    });
    expect(
      (await call(skuRoute, 'GET', `/api/skus/${sku.id}`, { cookie: ed.cookie, params: { id: sku.id } })).status,
    ).toBe(200);
    expect((await call(skusRoute, 'GET', '/api/skus', { bearer: key.key })).status).toBe(200);

    const rm = await call(memberRoute, 'DELETE', `/api/members/${ed.id}`, {
      cookie: owner.cookie,
      params: { userId: ed.id },
    });
    expect(rm.status, rm.text).toBe(200);
    expect(rm.body).toMatchObject({ removed: true, revoked_api_keys: 1 });

    // The very next request with the same session cookie no longer reaches the team's SKU.
    expectEnvelope(
      await call(skuRoute, 'GET', `/api/skus/${sku.id}`, { cookie: ed.cookie, params: { id: sku.id } }),
      404,
      'NOT_FOUND',
    );
    const who = await call(whoami, 'GET', '/api/auth/whoami', { cookie: ed.cookie });
    expect(who.body.workspace_id).not.toBe(owner.workspaceId);
    expectEnvelope(await call(skusRoute, 'GET', '/api/skus', { bearer: key.key }), 401, 'API_KEY_REVOKED');
    const [k] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(k.revokedAt).not.toBeNull();
    const [ev] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'member.removed')));
    expect(ev.data).toMatchObject({ email: ed.email, role: 'admin', revoked_api_keys: [key.id] });
  });

  it('a role change applies to the next request; a key acts with its owner’s current role', async () => {
    const owner = await makeUser({ plan: 'pro' });
    const m = await addMember(owner, 'editor');
    const db = await getDb();
    const key = await createApiKey(db, {
      workspace: { id: owner.workspaceId, name: 'w', plan: 'pro' },
      actor: { userId: m.id, apiKeyId: null, label: m.email },
      input: { name: 'm key', scopes: ['skus:read', 'skus:write'] },
    });
    expect(
      (
        await call(skusRoute, 'POST', '/api/skus', {
          cookie: m.cookie,
          body: { sku_code: 'R-1', product_name: 'Before' },
        })
      ).status,
    ).toBe(201);
    const ch = await call(memberRoute, 'PATCH', `/api/members/${m.id}`, {
      cookie: owner.cookie,
      params: { userId: m.id },
      body: { role: 'viewer' },
    });
    expect(ch.body.data.role).toBe('viewer');
    expectEnvelope(
      await call(skusRoute, 'POST', '/api/skus', {
        cookie: m.cookie,
        body: { sku_code: 'R-2', product_name: 'After' },
      }),
      403,
      'INSUFFICIENT_ROLE',
    );
    const dossier = await import('@/app/api/skus/[id]/dossier/[fieldKey]/route');
    const list = await call(skusRoute, 'GET', '/api/skus', { bearer: key.key });
    const id = list.body.data[0].id;
    const put = await call(dossier, 'PUT', `/api/skus/${id}/dossier/model_number`, {
      bearer: key.key,
      params: { id, fieldKey: 'model_number' },
      body: { value: 'X' },
    });
    expect(expectEnvelope(put, 403, 'INSUFFICIENT_ROLE').details).toEqual({ required_role: 'editor', role: 'viewer' });
    const [ev] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'member.role_changed')));
    expect(ev.data).toMatchObject({ email: m.email, from: 'editor', to: 'viewer' });
  });

  it('the owner cannot be demoted or removed; ownership is transferred instead', async () => {
    const owner = await makeUser({ plan: 'pro' });
    const admin = await addMember(owner, 'admin');
    expectEnvelope(
      await call(memberRoute, 'DELETE', `/api/members/${owner.id}`, {
        cookie: admin.cookie,
        params: { userId: owner.id },
      }),
      409,
      'OWNER_ROLE_LOCKED',
    );
    expectEnvelope(
      await call(memberRoute, 'PATCH', `/api/members/${owner.id}`, {
        cookie: admin.cookie,
        params: { userId: owner.id },
        body: { role: 'viewer' },
      }),
      409,
      'OWNER_ROLE_LOCKED',
    );
    expectEnvelope(
      await call(transferRoute, 'POST', '/api/members/transfer-ownership', {
        cookie: admin.cookie,
        body: { user_id: admin.id },
      }),
      403,
      'INSUFFICIENT_ROLE',
    );
    const t = await call(transferRoute, 'POST', '/api/members/transfer-ownership', {
      cookie: owner.cookie,
      body: { user_id: admin.id },
    });
    expect(t.status, t.text).toBe(200);
    const roles = Object.fromEntries(t.body.data.map((m: { email: string; role: string }) => [m.email, m.role]));
    expect(roles).toEqual({ [owner.email]: 'admin', [admin.email]: 'owner' });
    // The former owner is an admin now: may not transfer again.
    expectEnvelope(
      await call(transferRoute, 'POST', '/api/members/transfer-ownership', {
        cookie: owner.cookie,
        body: { user_id: owner.id },
      }),
      403,
      'INSUFFICIENT_ROLE',
    );
  });

  it("another workspace's member or invitation is a 404", async () => {
    const a = await makeUser({ plan: 'pro' });
    const b = await makeUser({ plan: 'pro' });
    const bMember = await addMember(b, 'editor');
    const bInv = await invite(b, 'x@example.test', 'viewer');
    expectEnvelope(
      await call(memberRoute, 'DELETE', `/api/members/${bMember.id}`, {
        cookie: a.cookie,
        params: { userId: bMember.id },
      }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(memberRoute, 'PATCH', `/api/members/${bMember.id}`, {
        cookie: a.cookie,
        params: { userId: bMember.id },
        body: { role: 'viewer' },
      }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(invitationRoute, 'DELETE', `/api/invitations/${bInv.body.data.id}`, {
        cookie: a.cookie,
        params: { id: bInv.body.data.id },
      }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(
      await call(transferRoute, 'POST', '/api/members/transfer-ownership', {
        cookie: a.cookie,
        body: { user_id: bMember.id },
      }),
      404,
      'NOT_FOUND',
    );
    const audit = await call(auditRoute, 'GET', '/api/audit-events', { cookie: a.cookie });
    expect(JSON.stringify(audit.body)).not.toContain(bMember.email);
  });
});
