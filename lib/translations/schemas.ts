import { z } from 'zod';
import { LOCALIZED_FIELD_BASES, TRANSLATED_FIELD_BASES } from '@/lib/model/catalogue';
import { SAFETY_INFO_LANGUAGES } from '@/lib/i18n/languages';
import { LOCALES } from '@/lib/i18n/locales';
import { DossierValueSchema } from '@/lib/skus/schemas';

/** Request and response shapes of /api/skus/{id}/translations (validation, OpenAPI, client types). */

export const TranslationFieldKey = z.enum(TRANSLATED_FIELD_BASES);
export const TranslationLocale = z.enum(LOCALES);

export const TranslateInput = z
  .strictObject({
    fields: z
      .array(TranslationFieldKey)
      .min(1)
      .max(TRANSLATED_FIELD_BASES.length)
      .optional()
      .describe('Fields to translate; default: every translated field with a confirmed source text.'),
    locales: z
      .array(TranslationLocale)
      .min(1)
      .max(LOCALES.length)
      .optional()
      .describe('Target locales; default: every page locale without a confirmed text.'),
  })
  .meta({ id: 'TranslateInput' });
export type TranslateInput = z.infer<typeof TranslateInput>;

/** `source`: the plain text is written in this locale (no translation needed). */
export const TranslationStatus = z.enum(['confirmed', 'source', 'suggested', 'missing']);
export type TranslationStatus = z.infer<typeof TranslationStatus>;

export const TranslationCell = z
  .object({
    locale: TranslationLocale,
    field_key: z.string().describe('the concrete dossier key, e.g. product_description_de'),
    status: TranslationStatus,
    current: DossierValueSchema.nullable().describe('the confirmed text, if any'),
    suggestions: z.array(DossierValueSchema).describe('open suggestions (AI translations among them), newest last'),
  })
  .meta({ id: 'TranslationCell' });
export type TranslationCell = z.infer<typeof TranslationCell>;

export const TranslatedFieldSchema = z
  .object({
    field_key: TranslationFieldKey,
    source: DossierValueSchema.nullable().describe('the confirmed source text (the plain key)'),
    locales: z.array(TranslationCell),
  })
  .meta({ id: 'TranslatedField' });
export type TranslatedField = z.infer<typeof TranslatedFieldSchema>;

export const TranslationsSchema = z
  .object({
    sku_id: z.string(),
    source_language: TranslationLocale.nullable().describe(
      'the locale the plain source texts are written in (detected from them), when it is one of the page locales',
    ),
    locales: z.array(TranslationLocale),
    fields: z.array(TranslatedFieldSchema),
    market_languages: z
      .array(
        z.object({
          language: z.enum(SAFETY_INFO_LANGUAGES),
          markets: z.array(z.string()).describe('the target markets (EEA) whose official languages include it'),
          warnings: z.enum(['confirmed', 'suggested', 'missing']),
          instructions: z.enum(['confirmed', 'suggested', 'missing']),
        }),
      )
      .describe('the languages the target markets need for safety information, and the state of each text'),
    ai: z.object({
      available: z.boolean(),
      reason: z.string().nullable().describe('why AI translation is unavailable, when it is'),
    }),
  })
  .meta({ id: 'Translations' });
export type Translations = z.infer<typeof TranslationsSchema>;

export const TranslateResultSchema = z
  .object({
    degraded_reason: z
      .string()
      .nullable()
      .describe('set when no translation was asked for or stored: no AI provider, or the provider failed'),
    stored: z.array(DossierValueSchema).describe('the new suggestions; a person confirms each'),
    skipped: z.array(z.object({ field_key: z.string(), reason: z.string() })),
    translations: TranslationsSchema,
  })
  .meta({ id: 'TranslateResult' });
export type TranslateResult = z.infer<typeof TranslateResultSchema>;

/** The safety texts (warnings, instructions) a target market needs in its language: drafts for review. */
export const SafetyTextField = z.enum(LOCALIZED_FIELD_BASES);

export const SafetyDraftInput = z
  .strictObject({
    language: z.enum(SAFETY_INFO_LANGUAGES).describe('the safety-information language to draft (no = Norwegian)'),
    fields: z
      .array(SafetyTextField)
      .min(1)
      .max(LOCALIZED_FIELD_BASES.length)
      .optional()
      .describe('default: safety_warnings and instructions'),
  })
  .meta({ id: 'SafetyDraftInput' });

export const SafetyDraftOutcomeSchema = z
  .object({
    field_key: z.string().describe('the concrete key, e.g. safety_warnings_fr'),
    state: z
      .enum(['suggested', 'confirmed', 'awaiting_review', 'no_source', 'needs_translation', 'failed'])
      .describe(
        'suggested: an AI draft is stored for review; confirmed: nothing to do; awaiting_review: an open suggestion exists; no_source: no confirmed text in another language; needs_translation: no AI provider, a person translates; failed: the provider failed (reason)',
      ),
    source_language: z.enum(SAFETY_INFO_LANGUAGES).nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'SafetyDraftOutcome' });

export const SafetyDraftResultSchema = z
  .object({ outcomes: z.array(SafetyDraftOutcomeSchema), translations: TranslationsSchema })
  .meta({ id: 'SafetyDraftResult' });
export type SafetyDraftResult = z.infer<typeof SafetyDraftResultSchema>;

export const SafetyBulkInput = z
  .strictObject({
    sku_ids: z.array(z.uuid()).min(1).max(500).describe('the SKUs, all of this workspace (else 404, nothing queued)'),
    language: z.enum(SAFETY_INFO_LANGUAGES),
    fields: z.array(SafetyTextField).min(1).max(LOCALIZED_FIELD_BASES.length).optional(),
  })
  .meta({ id: 'SafetyBulkInput' });
