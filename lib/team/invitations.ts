import crypto from 'node:crypto';
import { publicAppUrl } from '@/lib/config/public-url';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor, SessionUser, WorkspaceRef } from '@/lib/auth/context';
import { roleAtLeast, type Role } from '@/lib/auth/roles';
import type { Db } from '@/lib/db/client';
import { workspaceInvitations, workspaceMembers, workspaces } from '@/lib/db/schema';
import { newMessageId, sendMail } from '@/lib/email/send';
import { AppError } from '@/lib/errors';
import { recordAudit } from '@/lib/audit';
import { assertSeatAvailable, lockWorkspace, seatsUsed } from './members';
import { forgetSessions } from '@/lib/auth/session-cache';

export const INVITATION_TTL_DAYS = 7;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const invitationUrl = (token: string) => `${publicAppUrl()}/invite/${token}`;

type InvitationRow = typeof workspaceInvitations.$inferSelect;

export function invitationStatus(r: InvitationRow, now = new Date()): 'pending' | 'accepted' | 'revoked' | 'expired' {
  if (r.acceptedAt) return 'accepted';
  if (r.revokedAt) return 'revoked';
  if (r.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

export function serializeInvitation(r: InvitationRow) {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    status: invitationStatus(r),
    invited_by: r.invitedByLabel,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    accepted_at: r.acceptedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}

export async function listInvitations(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db
    .select()
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.workspaceId, workspaceId))
    .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id))
    .limit(200);
  return rows.map(serializeInvitation);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function invitationMail(args: {
  to: string;
  workspaceName: string;
  inviter: string;
  role: Role;
  url: string;
  expiresAt: Date;
}) {
  const subject = `${args.inviter} invited you to ${args.workspaceName}`.slice(0, 200);
  const text = [
    `${args.inviter} invited you to the compliance workspace "${args.workspaceName}" as ${args.role}.`,
    '',
    `Accept the invitation: ${args.url}`,
    '',
    `The link works once and expires on ${args.expiresAt.toUTCString()}. If you did not expect this mail, ignore it.`,
  ].join('\n');
  const html =
    `<p>${escapeHtml(args.inviter)} invited you to the compliance workspace <strong>${escapeHtml(args.workspaceName)}</strong> as ${escapeHtml(args.role)}.</p>` +
    `<p><a href="${escapeHtml(args.url)}">Accept the invitation</a></p>` +
    `<p>The link works once and expires on ${escapeHtml(args.expiresAt.toUTCString())}. If you did not expect this mail, ignore it.</p>`;
  return { to: args.to, subject, text, html, messageId: newMessageId() };
}

/**
 * Invites a person by email: a single-use link valid for INVITATION_TTL_DAYS, stored only as its
 * SHA-256. Inviting an address again withdraws its open invitation. The seat is taken while the
 * invitation is open. The link is returned once to the inviter too, for when mail is not configured.
 */
export async function createInvitation(
  db: Db,
  args: { workspace: WorkspaceRef; actor: Actor; actorRole: Role; email: string; role: Exclude<Role, 'owner'> },
) {
  const email = args.email.trim().toLowerCase();
  if (!roleAtLeast(args.actorRole, args.role)) {
    throw new AppError('INSUFFICIENT_ROLE', `You may invite people with at most your own role (${args.actorRole}).`, {
      details: { required_role: args.role, role: args.actorRole },
    });
  }
  const token = crypto.randomBytes(32).toString('base64url');
  const created = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ws = await lockWorkspace(t, { workspaceId: args.workspace.id });
    const [member] = await t
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, ws.id), sql`lower(${workspaceMembers.email}) = ${email}`));
    if (member)
      throw new AppError('ALREADY_MEMBER', `${email} is already a member of this workspace.`, {
        details: { user_id: member.userId },
      });
    const withdrawn = await t
      .update(workspaceInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, ws.id),
          sql`lower(${workspaceInvitations.email}) = ${email}`,
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      )
      .returning({ id: workspaceInvitations.id });
    const used = await seatsUsed(t, { workspaceId: ws.id });
    assertSeatAvailable(ws, used.total);
    const [row] = await t
      .insert(workspaceInvitations)
      .values({
        workspaceId: ws.id,
        email,
        role: args.role,
        tokenHash: hashToken(token),
        invitedBy: args.actor.userId,
        invitedByLabel: args.actor.label,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600 * 1000),
      })
      .returning();
    await recordAudit(t, {
      workspaceId: ws.id,
      actor: args.actor,
      action: 'invitation.created',
      targetType: 'invitation',
      targetId: row.id,
      data: { email, role: args.role, replaced: withdrawn.map((w) => w.id) },
    });
    return { row, workspaceName: ws.name };
  });
  const url = invitationUrl(token);
  const outcome = await sendMail(
    invitationMail({
      to: email,
      workspaceName: created.workspaceName,
      inviter: args.actor.label,
      role: args.role,
      url,
      expiresAt: created.row.expiresAt,
    }),
  );
  return {
    invitation: serializeInvitation(created.row),
    invite_url: url,
    mail: outcome.ok
      ? { sent: true, provider: outcome.provider }
      : { sent: false, provider: outcome.provider, error: outcome.error },
  };
}

export async function revokeInvitation(db: Db, args: { workspaceId: string; actor: Actor; id: string }) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select()
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.id, args.id), eq(workspaceInvitations.workspaceId, args.workspaceId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'Invitation not found.');
    if (row.acceptedAt)
      throw new AppError('INVITATION_USED', 'The invitation was already accepted; remove the member instead.');
    if (row.revokedAt) return serializeInvitation(row);
    const [updated] = await t
      .update(workspaceInvitations)
      .set({ revokedAt: new Date() })
      .where(eq(workspaceInvitations.id, row.id))
      .returning();
    await recordAudit(t, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'invitation.revoked',
      targetType: 'invitation',
      targetId: row.id,
      data: { email: row.email, role: row.role },
    });
    return serializeInvitation(updated);
  });
}

function refuseUnusable(row: InvitationRow | undefined): asserts row is InvitationRow {
  if (!row)
    throw new AppError('INVITATION_INVALID', 'This invitation link is not known; check that it was copied completely.');
  const status = invitationStatus(row);
  if (status === 'accepted')
    throw new AppError('INVITATION_USED', 'This invitation link was already used; each link works once.');
  if (status === 'revoked')
    throw new AppError(
      'INVITATION_REVOKED',
      'This invitation was withdrawn; ask an admin of the workspace for a new one.',
    );
  if (status === 'expired')
    throw new AppError(
      'INVITATION_EXPIRED',
      'This invitation link expired; ask an admin of the workspace for a new one.',
    );
}

async function findByToken(db: Db, token: string, lock: boolean) {
  if (!TOKEN_RE.test(token)) return undefined;
  const q = db
    .select({ inv: workspaceInvitations, workspaceName: workspaces.name })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(eq(workspaceInvitations.tokenHash, hashToken(token)));
  const [r] = lock ? await q.for('update', { of: workspaceInvitations }) : await q;
  return r;
}

/** What the invitation page shows before sign-in: the workspace, the address and the role. */
export async function lookupInvitation(db: Db, { token }: { token: string }) {
  const r = await findByToken(db, token, false);
  refuseUnusable(r?.inv);
  return {
    workspace_name: r!.workspaceName,
    email: r!.inv.email,
    role: r!.inv.role,
    invited_by: r!.inv.invitedByLabel,
    expires_at: r!.inv.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation as the signed-in user, whose address must be the invited one. The link is
 * used up in the same transaction that adds the member, under the invitation's row lock, so two
 * concurrent accepts make one member and the second sees INVITATION_USED.
 */
export async function acceptInvitation(db: Db, args: { user: SessionUser; token: string }) {
  return db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      const r = await findByToken(t, args.token, true);
      refuseUnusable(r?.inv);
      const inv = r!.inv;
      if (inv.email.toLowerCase() !== args.user.email.trim().toLowerCase()) {
        throw new AppError(
          'INVITATION_EMAIL_MISMATCH',
          `This invitation was sent to ${inv.email}; you are signed in as ${args.user.email}. Sign in with the invited address to accept it.`,
        );
      }
      await t
        .update(workspaceInvitations)
        .set({ acceptedAt: new Date(), acceptedBy: args.user.id })
        .where(eq(workspaceInvitations.id, inv.id));
      const inserted = await t
        .insert(workspaceMembers)
        .values({ workspaceId: inv.workspaceId, userId: args.user.id, email: args.user.email, role: inv.role })
        .onConflictDoNothing()
        .returning({ userId: workspaceMembers.userId });
      const actor: Actor = { userId: args.user.id, apiKeyId: null, label: args.user.email, personId: args.user.id };
      if (inserted.length) {
        await recordAudit(t, {
          workspaceId: inv.workspaceId,
          actor,
          action: 'member.joined',
          targetType: 'member',
          targetId: args.user.id,
          data: { email: args.user.email, role: inv.role, invited_by: inv.invitedByLabel, invitation_id: inv.id },
        });
      }
      return {
        workspace: { id: inv.workspaceId, name: r!.workspaceName },
        role: inv.role,
        already_member: inserted.length === 0,
      };
    })
    .finally(forgetSessions);
}
