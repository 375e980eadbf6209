/**
 * Drafts of the safety texts (warnings, instructions) a target market needs in its language (GPSR
 * Art. 9(7)): for a SKU and one safety-information language, each text without a confirmed version
 * in that language is translated by the configured AI provider from a confirmed text in another
 * language and stored as a suggestion (source ai_suggestion, provenance naming the source language,
 * text and model). A person confirms or rejects it through the dossier's operations; nothing here
 * confirms anything, so an AI translation never reaches the public page or an export unconfirmed.
 * Without a provider nothing is stored and the outcome is "needs_translation": the text is a task for
 * a person (the Publication tab lists it as "Übersetzung nötig" with a link to its field).
 */
import { recordAudit } from '@/lib/audit';
import { assertAiBudget, recordAiUsage } from '@/lib/ai/budget';
import { aiProviderLabel, aiTimeoutMs, getLanguageModel } from '@/lib/ai/provider';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { LOCALIZED_FIELD_BASES, localizedFieldKey, type LocalizedFieldBase } from '@/lib/model/catalogue';
import { getDossierFields } from '@/lib/dossier/service';
import { addSuggestions, type SuggestionInput } from '@/lib/dossier/suggestions';
import { AppError } from '@/lib/errors';
import { SAFETY_INFO_LANGUAGES, type SafetyInfoLanguage } from '@/lib/i18n/languages';
import { askTranslations, TranslationCallError, type TranslationRequest } from './model';

export type SafetyDraftState =
  | 'suggested' // an AI draft was stored, waiting for a person
  | 'confirmed' // the language already has a confirmed text: nothing to do
  | 'awaiting_review' // an open suggestion exists already: a person reviews that one first
  | 'no_source' // no confirmed text in any other language to translate from
  | 'needs_translation' // no AI provider: a person writes the translation
  | 'failed'; // the provider failed or the AI allowance is used up (reason says which)

export interface SafetyDraftOutcome {
  field_key: string;
  state: SafetyDraftState;
  /** The language translated from, when there was a source. */
  source_language: SafetyInfoLanguage | null;
  reason: string | null;
}

/** Source preference: English, German, French, then the safety languages in their order. */
const SOURCE_ORDER: readonly SafetyInfoLanguage[] = [
  'en',
  'de',
  'fr',
  ...SAFETY_INFO_LANGUAGES.filter((l) => !['en', 'de', 'fr'].includes(l)),
];

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

type Entry = Awaited<ReturnType<typeof getDossierFields>>[number];

/** What to do per field: a request for the model, or an outcome already known without it. */
function plan(entries: Entry[], language: SafetyInfoLanguage, bases: readonly LocalizedFieldBase[]) {
  const byKey = new Map(entries.map((e) => [e.field_key, e]));
  const outcomes: SafetyDraftOutcome[] = [];
  const requests: TranslationRequest<LocalizedFieldBase, SafetyInfoLanguage>[] = [];
  for (const base of bases) {
    const key = localizedFieldKey(base, language);
    const target = byKey.get(key);
    if (target?.current) {
      outcomes.push({ field_key: key, state: 'confirmed', source_language: null, reason: null });
      continue;
    }
    if (target?.suggestions.length) {
      outcomes.push({
        field_key: key,
        state: 'awaiting_review',
        source_language: null,
        reason: 'a suggestion waits for review',
      });
      continue;
    }
    const from = SOURCE_ORDER.find((l) => l !== language && byKey.get(localizedFieldKey(base, l))?.current);
    if (!from) {
      outcomes.push({
        field_key: key,
        state: 'no_source',
        source_language: null,
        reason: 'no confirmed text in another language to translate from',
      });
      continue;
    }
    requests.push({
      field_key: base,
      source_text: byKey.get(localizedFieldKey(base, from))!.current!.value,
      source_language: from,
      locales: [language],
    });
  }
  return { outcomes, requests };
}

/**
 * Drafts the missing safety texts of one SKU in one language. Returns one outcome per field asked for.
 * Throws 402 AI_BUDGET_EXHAUSTED when the allowance is used up (the bulk job turns it into "failed").
 */
export async function draftSafetyTranslations(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    skuId: string;
    language: SafetyInfoLanguage;
    fields?: readonly LocalizedFieldBase[];
  },
): Promise<SafetyDraftOutcome[]> {
  const entries = await getDossierFields(db, { workspaceId: args.workspaceId, skuId: args.skuId });
  const { outcomes, requests } = plan(entries, args.language, args.fields ?? LOCALIZED_FIELD_BASES);
  if (!requests.length) return outcomes;
  const pending = (state: SafetyDraftState, reason: string | null) =>
    requests.map((r) => ({
      field_key: localizedFieldKey(r.field_key, args.language),
      state,
      source_language: r.source_language,
      reason,
    }));

  const model = getLanguageModel();
  if (!model)
    return [
      ...outcomes,
      ...pending(
        'needs_translation',
        'No AI provider is configured: a person writes this translation and confirms it.',
      ),
    ];
  await assertAiBudget(db, { workspaceId: args.workspaceId });
  let answer;
  try {
    answer = await askTranslations({ model, requests, timeoutMs: aiTimeoutMs() });
  } catch (e) {
    if (e instanceof TranslationCallError) return [...outcomes, ...pending('failed', e.message)];
    throw e;
  }
  const label = aiProviderLabel();
  if (answer.usage.inputTokens || answer.usage.outputTokens)
    await recordAiUsage(db, {
      workspaceId: args.workspaceId,
      operation: 'translation',
      subjectId: args.skuId,
      provider: label?.provider ?? null,
      model: label?.model ?? null,
      inputTokens: answer.usage.inputTokens,
      outputTokens: answer.usage.outputTokens,
    });

  // Only what was asked for: an asked field in the asked language, once each; an empty text is no draft.
  const byBase = new Map(requests.map((r) => [r.field_key as string, r]));
  const suggestions: SuggestionInput[] = [];
  const answered = new Set<string>();
  for (const t of answer.answer.translations) {
    const r = byBase.get(t.field_key);
    if (!r || t.locale !== args.language || answered.has(r.field_key) || !t.text.trim()) continue;
    answered.add(r.field_key);
    suggestions.push({
      field_key: localizedFieldKey(r.field_key, args.language),
      value: t.text,
      source: 'ai_suggestion',
      provenance: {
        note: `AI translation from ${r.source_language} of the confirmed ${localizedFieldKey(r.field_key, r.source_language)} (${label?.provider ?? 'AI'}, ${label?.model ?? 'model'}); to be reviewed`,
        quote: clip(r.source_text, 500),
      },
    });
  }
  const added = suggestions.length
    ? await addSuggestions(db, { workspaceId: args.workspaceId, actor: args.actor, skuId: args.skuId, suggestions })
    : { inserted: [], skipped: [] };
  const stored = new Set(added.inserted.map((v) => v.field_key));
  if (stored.size)
    await recordAudit(db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'dossier.translations_suggested',
      targetType: 'sku',
      targetId: args.skuId,
      data: { field_keys: [...stored], language: args.language, provider: label?.provider, model: label?.model },
    });
  return [
    ...outcomes,
    ...requests.map((r) => {
      const key = localizedFieldKey(r.field_key, args.language);
      const skipped = added.skipped.find((s) => s.field_key === key);
      return stored.has(key)
        ? { field_key: key, state: 'suggested' as const, source_language: r.source_language, reason: null }
        : {
            field_key: key,
            state: 'failed' as const,
            source_language: r.source_language,
            reason: skipped?.reason ?? 'The AI provider gave no translation for this text.',
          };
    }),
  ];
}

/** Counts of a bulk run's outcomes, by state, plus the SKUs a person has to translate by hand. */
export interface SafetyDraftTally {
  total: number;
  done: number;
  counts: Record<SafetyDraftState, number>;
  /** SKU ids with a text in state needs_translation, no_source or failed (first 200). */
  needs_person: string[];
}

export const emptyTally = (total: number): SafetyDraftTally => ({
  total,
  done: 0,
  counts: { suggested: 0, confirmed: 0, awaiting_review: 0, no_source: 0, needs_translation: 0, failed: 0 },
  needs_person: [],
});

export function addToTally(t: SafetyDraftTally, skuId: string, outcomes: SafetyDraftOutcome[]) {
  t.done++;
  for (const o of outcomes) t.counts[o.state]++;
  if (
    outcomes.some((o) => ['needs_translation', 'no_source', 'failed'].includes(o.state)) &&
    t.needs_person.length < 200
  )
    t.needs_person.push(skuId);
}

/** The outcome of a SKU the bulk run could not draft for (budget used up, SKU deleted meanwhile). */
export function failedOutcomes(
  language: SafetyInfoLanguage,
  fields: readonly LocalizedFieldBase[],
  e: unknown,
): SafetyDraftOutcome[] {
  const reason = e instanceof AppError ? e.message : 'The draft could not be made.';
  return fields.map((f) => ({
    field_key: localizedFieldKey(f, language),
    state: 'failed',
    source_language: null,
    reason,
  }));
}
