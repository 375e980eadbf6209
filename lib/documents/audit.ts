import type { Actor } from '@/lib/auth/context';
import { recordAudit } from '@/lib/audit';
import type { Db } from '@/lib/db/client';
import type { OrchestrateInput } from './schemas';

/**
 * POST /api/upload/orchestrate records what the upload flow decided about a file (who, when, action,
 * filename, type, confidence, destination, reasoning); the vault lists these events.
 */
export async function recordUploadDecision(
  db: Db,
  args: { workspaceId: string; actor: Actor; input: OrchestrateInput },
) {
  const i = args.input;
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: i.action,
    targetType: 'upload',
    targetId: null,
    data: {
      filename: i.filename ?? null,
      classification_type: i.classification_type ?? null,
      confidence: i.confidence ?? null,
      destination: i.destination ?? null,
      reasoning: i.reasoning ?? null,
    },
  });
  return { ok: true };
}
