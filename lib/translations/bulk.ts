import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { LOCALIZED_FIELD_BASES, type LocalizedFieldBase } from '@/lib/model/catalogue';
import type { SafetyInfoLanguage } from '@/lib/i18n/languages';

/*
 * The bulk draft of safety texts as one job (POST /api/translations/bulk). Apart from safety-texts.ts so
 * the files stack: this one queues the job (./jobs), whose handler drafts each SKU (./safety-texts).
 */

/**
 * Starts the bulk draft of one language for a selection of SKUs (all must be the workspace's: 404 with
 * details.missing_ids otherwise, nothing queued). Returns the pending run; its progress is polled.
 */
export async function startSafetyTranslationBulk(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    skuIds: readonly string[];
    language: SafetyInfoLanguage;
    fields?: readonly LocalizedFieldBase[];
  },
) {
  const { bulkSkusOrThrow } = await import('@/lib/skus/bulk');
  const { enqueueJob } = await import('@/lib/jobs/runs');
  const { safetyTranslationBulkJob } = await import('./jobs');
  const rows = await bulkSkusOrThrow(db, { workspaceId: args.workspaceId, ids: args.skuIds, opts: { lock: false } });
  const wanted = new Set(rows.map((r) => r.id));
  // The selection's order, each SKU once.
  const ids = [...new Set(args.skuIds.map((i) => i.toLowerCase()))].filter((i) => wanted.has(i));
  return enqueueJob(db, {
    job: safetyTranslationBulkJob,
    workspaceId: args.workspaceId,
    payload: {
      sku_ids: ids,
      language: args.language,
      fields: [...(args.fields ?? LOCALIZED_FIELD_BASES)],
      actor: {
        userId: args.actor.userId,
        apiKeyId: args.actor.apiKeyId,
        label: args.actor.label,
        personId: args.actor.personId ?? null,
      },
    },
    subjectType: 'translation',
    createdBy: args.actor.personId ?? args.actor.userId,
  });
}
