import { z } from 'zod';
import { LOCALIZED_FIELD_BASES } from '@/lib/model/catalogue';
import { SAFETY_INFO_LANGUAGES } from '@/lib/i18n/languages';
import { AppError } from '@/lib/errors';
import { defineJob } from '@/lib/jobs/define';

/**
 * "Translate the warnings of these 40 SKUs into French": one run for the whole selection, SKU after
 * SKU, its progress (done of total, outcomes by state) stored on the run after each SKU so the UI and
 * pollers see it move. A retry starts over; SKUs already drafted then answer "awaiting_review" and
 * cost no second model call. Each draft is a suggestion a person confirms (lib/translations/safety-texts.ts).
 */
export const SafetyBulkPayload = z.object({
  sku_ids: z.array(z.uuid()).min(1).max(500),
  language: z.enum(SAFETY_INFO_LANGUAGES),
  fields: z.array(z.enum(LOCALIZED_FIELD_BASES)).min(1),
  actor: z.object({
    userId: z.string().nullable(),
    apiKeyId: z.string().nullable(),
    label: z.string(),
    personId: z.string().nullable().optional(),
  }),
});

export const safetyTranslationBulkJob = defineJob({
  name: 'translation.safety_bulk',
  schema: SafetyBulkPayload,
  retryLimit: 1,
  expireInSeconds: 60 * 60,
  handler: async (p, ctx) => {
    const { addToTally, draftSafetyTranslations, emptyTally, failedOutcomes } = await import('./safety-texts');
    const tally = emptyTally(p.sku_ids.length);
    await ctx.progress({ ...tally });
    for (const skuId of p.sku_ids) {
      if (ctx.signal.aborted) throw new Error('cancelled');
      let outcomes;
      try {
        outcomes = await draftSafetyTranslations(ctx.db, {
          workspaceId: ctx.workspaceId,
          actor: p.actor,
          skuId,
          language: p.language,
          fields: p.fields,
        });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // One SKU's failure (deleted meanwhile, allowance used up) is counted, not the end of the run.
        outcomes = failedOutcomes(p.language, p.fields, e);
      }
      addToTally(tally, skuId, outcomes);
      await ctx.progress({ ...tally });
    }
    return { ...tally, language: p.language, fields: p.fields };
  },
});
