import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';

/** One audit event: who acted (the actor, or a process label), what, on which target, and the details. */
export interface AuditEntry {
  workspaceId: string;
  /** The person or key that acted; null for a system process (give `label`, e.g. "worker"). */
  actor: Actor | null;
  /** Overrides the actor's label, or names the process when there is no actor. */
  label?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  data?: Record<string, unknown>;
}

function row(e: AuditEntry): typeof auditEvents.$inferInsert {
  return {
    workspaceId: e.workspaceId,
    actorUserId: e.actor?.userId ?? null,
    actorApiKeyId: e.actor?.apiKeyId ?? null,
    actorLabel: e.label ?? e.actor?.label ?? null,
    action: e.action,
    targetType: e.targetType ?? null,
    targetId: e.targetId ?? null,
    data: e.data ?? {},
  };
}

/**
 * The one way to write the audit log. Pass the transaction that makes the change, so the event and the
 * change commit (or roll back) together.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values(row(entry));
}

/** Many events in one statement (bulk actions, imports); nothing is written for an empty list. */
export async function recordAuditMany(tx: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditEvents).values(entries.map(row));
}
