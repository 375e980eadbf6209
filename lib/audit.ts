import { sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import { emitWebhookEvent } from '@/lib/events/emit';
import { AUDIT_ACTION_EVENTS } from '@/lib/events/catalogue';

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
  // Some actions are webhook events too: written to the outbox in the same transaction.
  const type = AUDIT_ACTION_EVENTS[entry.action];
  if (type)
    await emitWebhookEvent(tx, {
      workspaceId: entry.workspaceId,
      type,
      data: { ...(entry.targetType === 'sku' && entry.targetId ? { sku_id: entry.targetId } : {}), ...entry.data },
    });
}

const AUDIT_SLICE = 5000;

/**
 * Many events, one statement per 5,000 (bulk actions, imports); nothing is written for an empty list.
 * The events travel as one JSON document read with json_to_recordset: a VALUES list costs eight
 * parameters per event, which postgres-js and PGlite bind and Postgres parses one by one (and caps at
 * 65,535), and as elements of a text[] each event's JSON data had every quote escaped (in JavaScript)
 * and was parsed twice. The document is json, not jsonb, and only each event's data becomes jsonb: one
 * large document cast to jsonb as a whole took twice as long (see recordRows in lib/imports/repo-write.ts).
 */
export async function recordAuditMany(tx: Db, { entries }: { entries: readonly AuditEntry[] }): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_SLICE) {
    const doc = JSON.stringify(
      entries.slice(i, i + AUDIT_SLICE).map((e) => {
        const r = row(e);
        return {
          workspace_id: r.workspaceId,
          actor_user_id: r.actorUserId,
          actor_api_key_id: r.actorApiKeyId,
          actor_label: r.actorLabel,
          action: r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          data: r.data,
        };
      }),
    );
    await tx.execute(sql`
      INSERT INTO audit_events (workspace_id, actor_user_id, actor_api_key_id, actor_label, action, target_type, target_id, data)
      SELECT e.workspace_id, e.actor_user_id, e.actor_api_key_id, e.actor_label, e.action, e.target_type, e.target_id, e.data::jsonb
      FROM json_to_recordset(${doc}::json)
        AS e(workspace_id uuid, actor_user_id uuid, actor_api_key_id uuid, actor_label text, action text, target_type text, target_id text, data json)`);
  }
}
