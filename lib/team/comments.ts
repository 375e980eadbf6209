import { and, asc, eq } from 'drizzle-orm';
import { publicAppUrl } from '@/lib/config/public-url';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { skuComments, workspaceMembers } from '@/lib/db/schema';
import { newMessageId, sendMail } from '@/lib/email/send';
import { getSkuRow } from '@/lib/skus/service';

// @ followed by an email address; the address must be a member's to count as a mention.
const MENTION_RE = /@([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

const serialize = (c: typeof skuComments.$inferSelect, emails: Map<string, string>) => ({
  id: c.id,
  author: c.authorLabel,
  author_user_id: c.authorUserId,
  body: c.body,
  mentions: c.mentions.map((id) => ({ user_id: id, email: emails.get(id) ?? null })),
  created_at: c.createdAt.toISOString(),
});

async function memberEmails(db: Db, workspaceId: string) {
  const rows = await db
    .select({ userId: workspaceMembers.userId, email: workspaceMembers.email, notify: workspaceMembers.notifyMentions })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return rows;
}

export async function listComments(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  await getSkuRow(db, { workspaceId, id: skuId });
  const rows = await db
    .select()
    .from(skuComments)
    .where(and(eq(skuComments.workspaceId, workspaceId), eq(skuComments.skuId, skuId)))
    .orderBy(asc(skuComments.createdAt), asc(skuComments.id))
    .limit(500);
  const emails = new Map((await memberEmails(db, workspaceId)).map((m) => [m.userId, m.email]));
  return rows.map((r) => serialize(r, emails));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Adds a comment to a SKU's thread. "@colleague@company.com" mentions a member: they are mailed (if
 * their setting allows and they are not the author) and the comment shows in their "My work".
 * Mail is sent after the comment is stored; a mail failure does not lose the comment.
 */
export async function addComment(db: Db, args: { workspaceId: string; actor: Actor; skuId: string; body: string }) {
  const sku = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.skuId });
  const members = await memberEmails(db, args.workspaceId);
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));
  const mentioned = [...new Set([...args.body.matchAll(MENTION_RE)].map((m) => m[1].toLowerCase()))]
    .map((e) => byEmail.get(e))
    .filter((m): m is NonNullable<typeof m> => Boolean(m));
  const [row] = await db
    .insert(skuComments)
    .values({
      workspaceId: args.workspaceId,
      skuId: sku.id,
      authorUserId: args.actor.userId,
      authorLabel: args.actor.label,
      body: args.body,
      mentions: mentioned.map((m) => m.userId),
    })
    .returning();
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'sku.commented',
    targetType: 'sku',
    targetId: sku.id,
    data: { sku_code: sku.skuCode, comment_id: row.id, mentions: mentioned.map((m) => m.email) },
  });
  const origin = publicAppUrl();
  const url = `${origin}/skus/${sku.id}?tab=activity`;
  const notified: string[] = [];
  for (const m of mentioned) {
    if (!m.notify || m.userId === args.actor.userId) continue;
    const subject = `${args.actor.label} mentioned you on ${sku.skuCode}`.slice(0, 200);
    const text = `${args.actor.label} wrote on ${sku.skuCode} (${sku.productName}):\n\n${args.body}\n\nOpen the SKU: ${url}\n\nYou get this mail because you were mentioned; switch it off under Settings → Members.`;
    const html = `<p>${escapeHtml(args.actor.label)} wrote on <strong>${escapeHtml(sku.skuCode)}</strong> (${escapeHtml(sku.productName)}):</p><blockquote>${escapeHtml(args.body).replace(/\n/g, '<br>')}</blockquote><p><a href="${escapeHtml(url)}">Open the SKU</a></p>`;
    const outcome = await sendMail({ to: m.email, subject, text, html, messageId: newMessageId() });
    if (outcome.ok) notified.push(m.email);
  }
  return { ...serialize(row, new Map(members.map((m) => [m.userId, m.email]))), notified };
}
