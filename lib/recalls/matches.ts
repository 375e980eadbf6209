import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import { recordAudit } from '@/lib/audit';
import type { Db } from '@/lib/db/client';
import { recallAlerts, recallMatches, skus } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import type { RecallMatch } from './schemas';
import { serializeAlert } from './serialize';

type Row = {
  m: typeof recallMatches.$inferSelect;
  a: typeof recallAlerts.$inferSelect;
  s: { id: string; code: string; name: string; gtin: string | null };
};

function serializeMatch({ m, a, s }: Row): RecallMatch {
  return {
    id: m.id,
    status: m.status,
    score: m.score,
    strength: m.strength,
    reasons: m.reasons,
    sku: { id: s.id, sku_code: s.code, product_name: s.name, gtin: s.gtin },
    alert: serializeAlert(a),
    decision_reason: m.decisionReason,
    decided_by: m.decidedByLabel,
    decided_at: m.decidedAt ? m.decidedAt.toISOString() : null,
    case_id: m.caseId,
    created_at: m.createdAt.toISOString(),
  };
}

const select = (db: Db) =>
  db
    .select({
      m: recallMatches,
      a: recallAlerts,
      s: { id: skus.id, code: skus.skuCode, name: skus.productName, gtin: skus.gtin },
    })
    .from(recallMatches)
    .innerJoin(recallAlerts, eq(recallAlerts.id, recallMatches.alertId))
    .innerJoin(skus, eq(skus.id, recallMatches.skuId));

/** The inbox: strong matches first, then by score; weak ones are a group of their own (strength). */
export async function listMatches(
  db: Db,
  {
    workspaceId,
    q,
  }: {
    workspaceId: string;
    q: {
      status?: RecallMatch['status'];
      strength?: 'strong' | 'weak';
      sku_id?: string;
      alert_id?: string;
      limit?: number;
    };
  },
) {
  const rows = await select(db)
    .where(
      and(
        eq(recallMatches.workspaceId, workspaceId),
        q.status ? eq(recallMatches.status, q.status) : undefined,
        q.strength ? eq(recallMatches.strength, q.strength) : undefined,
        q.sku_id ? eq(recallMatches.skuId, q.sku_id) : undefined,
        q.alert_id ? eq(recallMatches.alertId, q.alert_id) : undefined,
      ),
    )
    .orderBy(
      sql`CASE ${recallMatches.strength} WHEN 'strong' THEN 0 ELSE 1 END`,
      desc(recallMatches.score),
      desc(recallMatches.createdAt),
    )
    .limit(q.limit ?? 100);
  return rows.map(serializeMatch);
}

export async function getMatch(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [row] = await select(db).where(and(eq(recallMatches.workspaceId, workspaceId), eq(recallMatches.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'Match not found.');
  return serializeMatch(row);
}

/** Counts for the nav badge and the inbox header. */
export async function matchCounts(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db
    .select({ status: recallMatches.status, strength: recallMatches.strength, n: sql<number>`count(*)::int` })
    .from(recallMatches)
    .where(eq(recallMatches.workspaceId, workspaceId))
    .groupBy(recallMatches.status, recallMatches.strength);
  const out = { open_strong: 0, open_weak: 0, confirmed: 0, dismissed: 0 };
  for (const r of rows) {
    if (r.status === 'open') out[r.strength === 'strong' ? 'open_strong' : 'open_weak'] += r.n;
    else out[r.status] += r.n;
  }
  return out;
}

/**
 * A person's decision on a match, with the reason, audited in the same transaction. Decided once:
 * a second decision is 409 INVALID_STATE (a dismissed match is not resurrected by a re-import either).
 */
export async function decideMatch(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; decision: 'confirm' | 'dismiss'; reason: string },
) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [m] = await tx
      .select()
      .from(recallMatches)
      .where(and(eq(recallMatches.workspaceId, args.workspaceId), eq(recallMatches.id, args.id)))
      .for('update');
    if (!m) throw new AppError('NOT_FOUND', 'Match not found.');
    if (m.status !== 'open')
      throw new AppError('INVALID_STATE', `The match was already ${m.status}.`, { details: { status: m.status } });
    const status = args.decision === 'confirm' ? 'confirmed' : 'dismissed';
    await tx
      .update(recallMatches)
      .set({
        status,
        decisionReason: args.reason,
        decidedBy: args.actor.personId ?? args.actor.userId,
        decidedByLabel: args.actor.label,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(recallMatches.id, m.id));
    await recordAudit(tx, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: status === 'confirmed' ? 'recall.match_confirmed' : 'recall.match_dismissed',
      targetType: 'sku',
      targetId: m.skuId,
      data: { match_id: m.id, alert_id: m.alertId, score: m.score, strength: m.strength, reason: args.reason },
    });
  });
  return getMatch(db, { workspaceId: args.workspaceId, id: args.id });
}

export async function listAlerts(
  db: Db,
  { workspaceId, q }: { workspaceId: string; q: { period?: string; feed?: string; limit?: number } },
) {
  const rows = await db
    .select()
    .from(recallAlerts)
    .where(
      and(
        eq(recallAlerts.workspaceId, workspaceId),
        q.period ? eq(recallAlerts.period, q.period) : undefined,
        q.feed ? eq(recallAlerts.feed, q.feed as 'safety_gate') : undefined,
      ),
    )
    .orderBy(desc(recallAlerts.period), recallAlerts.reference)
    .limit(q.limit ?? 100);
  return rows.map(serializeAlert);
}

export async function getAlert(db: Db, { workspaceId, id }: { workspaceId: string; id: string }) {
  const [row] = await db
    .select()
    .from(recallAlerts)
    .where(and(eq(recallAlerts.workspaceId, workspaceId), eq(recallAlerts.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'Alert not found.');
  return serializeAlert(row);
}
