/**
 * My work and comments: assigned SKUs, reviews to complete and (under four eyes) only approvals the person
 * may give; a mention mails the member unless they switched it off and shows in their My work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as inboxRoute from '@/app/api/inbox/route';
import * as assigneeRoute from '@/app/api/skus/[id]/assignee/route';
import * as commentsRoute from '@/app/api/skus/[id]/comments/route';
import * as meRoute from '@/app/api/members/me/route';
import * as memberRoute from '@/app/api/members/[userId]/route';
import * as workspaceRoute from '@/app/api/workspace/route';
import * as completeRoute from '@/app/api/skus/[id]/review/complete/route';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { startSmtp } from '../outreach/helpers';
import { readySku } from '../skus/fixtures';
import { addMember } from './helpers';

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  smtp.use();
});
afterAll(async () => smtp.close());

const inbox = async (u: TestUser) => (await call(inboxRoute, 'GET', '/api/inbox', { cookie: u.cookie })).body;
const codes = (items: { sku_code: string }[]) => items.map((i) => i.sku_code);
const comment = (u: TestUser, id: string, body: string) =>
  call(commentsRoute, 'POST', `/api/skus/${id}/comments`, { cookie: u.cookie, params: { id }, body: { body } });

describe('getMyWork, getSkuAssignee, assignSku — assignment and My work', () => {
  it('lists assigned SKUs, reviews to complete and, under four eyes, only approvals the person may give', async () => {
    const a = await makeUser({ plan: 'pro' });
    const b = await addMember(a, 'reviewer');
    const e = await addMember(a, 'editor');
    const s1 = await readySku(a, { sku_code: 'W-1' });
    const s2 = await readySku(a, { sku_code: 'W-2' });

    const put = await call(assigneeRoute, 'PUT', `/api/skus/${s1.id}/assignee`, {
      cookie: a.cookie,
      params: { id: s1.id },
      body: { user_id: e.id },
    });
    expect(put.body.assignee).toEqual({ user_id: e.id, email: e.email });
    expect(codes((await inbox(e)).assigned)).toEqual(['W-1']);
    // An editor gets no review or approval lists; a reviewer sees the unassigned SKU waiting for review.
    expect((await inbox(e)).reviews_to_complete).toEqual([]);
    expect(codes((await inbox(b)).reviews_to_complete)).toEqual(['W-2']);

    // A stranger cannot be assigned; another workspace's SKU is a 404.
    const stranger = await makeUser();
    const err = expectEnvelope(
      await call(assigneeRoute, 'PUT', `/api/skus/${s1.id}/assignee`, {
        cookie: a.cookie,
        params: { id: s1.id },
        body: { user_id: stranger.id },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].path).toBe('user_id');
    expectEnvelope(
      await call(assigneeRoute, 'GET', `/api/skus/${s1.id}/assignee`, {
        cookie: stranger.cookie,
        params: { id: s1.id },
      }),
      404,
      'NOT_FOUND',
    );

    await call(workspaceRoute, 'PATCH', '/api/workspace', { cookie: a.cookie, body: { four_eyes_approval: true } });
    await call(completeRoute, 'POST', `/api/skus/${s2.id}/review/complete`, {
      cookie: a.cookie,
      params: { id: s2.id },
    });
    expect(codes((await inbox(b)).approvals_to_give)).toEqual(['W-2']);
    expect(codes((await inbox(a)).approvals_to_give)).toEqual([]);

    // Removing the assignee unassigns the SKU.
    await call(memberRoute, 'DELETE', `/api/members/${e.id}`, { cookie: a.cookie, params: { userId: e.id } });
    expect(
      (await call(assigneeRoute, 'GET', `/api/skus/${s1.id}/assignee`, { cookie: a.cookie, params: { id: s1.id } }))
        .body.assignee,
    ).toBeNull();
  });
});

describe('listSkuComments, createSkuComment, updateMySettings — comments and mentions', () => {
  it('a mention mails the member (unless they switched it off) and shows in their My work', async () => {
    const a = await makeUser({ plan: 'pro' });
    const b = await addMember(a, 'reviewer');
    const c = await addMember(a, 'viewer');
    const sku = await readySku(a, { sku_code: 'M-1' });
    const before = smtp.mails.length;
    const res = await comment(
      a,
      sku.id,
      `@${b.email} please check the warnings. @nobody@example.test is not a member.`,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.mentions).toEqual([{ user_id: b.id, email: b.email }]);
    expect(res.body.data.notified).toEqual([b.email]);
    const mail = smtp.mails.slice(before).find((m) => m.envelopeTo.includes(b.email))!;
    expect(mail.parsed.subject).toContain('M-1');
    expect(mail.parsed.text).toContain('please check the warnings');
    expect((await inbox(b)).mentions.map((m: { sku_code: string }) => m.sku_code)).toEqual(['M-1']);

    // C switches mails off: mentioned, listed, not mailed.
    expect(
      (await call(meRoute, 'PATCH', '/api/members/me', { cookie: c.cookie, body: { notify_mentions: false } })).body
        .data.notify_mentions,
    ).toBe(false);
    const mentionC = await comment(b, sku.id, `@${c.email} FYI`);
    expect(mentionC.body.data.notified).toEqual([]);
    expect(smtp.mails.some((m) => m.envelopeTo.includes(c.email))).toBe(false);
    expect((await inbox(c)).mentions).toHaveLength(1);

    // A viewer reads the thread but may not write to it.
    const list = await call(commentsRoute, 'GET', `/api/skus/${sku.id}/comments`, {
      cookie: c.cookie,
      params: { id: sku.id },
    });
    expect(list.body.data.map((x: { author: string }) => x.author)).toEqual([a.email, b.email]);
    expect(expectEnvelope(await comment(c, sku.id, 'hello'), 403, 'INSUFFICIENT_ROLE').details.required_role).toBe(
      'editor',
    );
    expectEnvelope(await comment(a, sku.id, '   '), 400, 'VALIDATION_FAILED');
    expectEnvelope(await comment(a, sku.id, 'x'.repeat(4001)), 400, 'VALIDATION_FAILED');
  });
});
