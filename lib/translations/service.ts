/**
 * Per-locale texts of the translated dossier fields (description, batch scheme, age grading): what is
 * confirmed, suggested or missing per locale, and "Translate with AI", which asks the configured model
 * for translations of the confirmed source texts and stores them as suggestions with provenance. A
 * person confirms each (the dossier's confirm/reject operations); nothing here confirms anything.
 */
import { recordAudit } from '@/lib/audit';
import { assertAiBudget, recordAiUsage } from '@/lib/ai/budget';
import { aiProviderLabel, aiTimeoutMs, getLanguageModel } from '@/lib/ai/provider';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { TRANSLATED_FIELD_BASES, translatedFieldKey, type TranslatedFieldBase } from '@/lib/model/catalogue';
import { getDossierFields } from '@/lib/dossier/service';
import { addSuggestions, type SuggestionInput } from '@/lib/dossier/suggestions';
import { LOCALES, isLocale, type Locale } from '@/lib/i18n/locales';
import { sourceLanguageOf } from '@/lib/publish/source-language';
import { eeaMarketsOf, marketLanguages } from './market-languages';
import { askTranslations, TranslationCallError, type TranslationRequest } from './model';
import type { TranslateResult, TranslatedField, Translations } from './schemas';

export const NO_PROVIDER_REASON =
  'No AI provider is configured (OPENAI_API_KEY is not set): write or paste the translations and confirm them.';

type DossierEntry = Awaited<ReturnType<typeof getDossierFields>>[number];
type StoredValue = DossierEntry['suggestions'][number];
type ValueOut = TranslateResult['stored'][number];

// Provenance is a closed interface in the schema module and an open record in the response shape.
const out = ({
  conflicts_with_current: _c,
  ...v
}: Omit<StoredValue, 'conflicts_with_current'> & {
  conflicts_with_current?: boolean;
}): ValueOut => ({ ...v, provenance: { ...v.provenance } });

function overview(skuId: string, entries: DossierEntry[]): Translations {
  const byKey = new Map(entries.map((e) => [e.field_key, e]));
  // The plain texts are in the catalogue's language (German for a German shop), read from the texts
  // themselves as the public page reads them: that locale is the source, not a missing translation.
  const sourceTexts = Object.fromEntries(TRANSLATED_FIELD_BASES.map((b) => [b, byKey.get(b)?.current?.value]));
  const detected = sourceLanguageOf(sourceTexts);
  const sourceLanguage: Locale | null = isLocale(detected) ? detected : null;
  const fields: TranslatedField[] = TRANSLATED_FIELD_BASES.map((base) => {
    const source = ((c) => (c ? out(c) : null))(byKey.get(base)?.current);
    return {
      field_key: base,
      source,
      locales: LOCALES.map((locale) => {
        const key = translatedFieldKey(base, locale);
        const e = byKey.get(key);
        const current = e?.current ? out(e.current) : null;
        const suggestions = (e?.suggestions ?? []).map(out);
        return {
          locale,
          field_key: key,
          status: current
            ? 'confirmed'
            : source && locale === sourceLanguage
              ? 'source'
              : suggestions.length
                ? 'suggested'
                : 'missing',
          current,
          suggestions,
        } as const;
      }),
    };
  });
  const available = getLanguageModel() !== null;
  const state = (key: string) => {
    const e = byKey.get(key);
    return e?.current ? 'confirmed' : e?.suggestions.length ? 'suggested' : 'missing';
  };
  return {
    sku_id: skuId,
    source_language: sourceLanguage,
    market_languages: marketLanguages(eeaMarketsOf(byKey.get('target_markets')?.current?.value), state),
    locales: [...LOCALES],
    fields,
    ai: { available, reason: available ? null : NO_PROVIDER_REASON },
  };
}

/** Per field and locale: confirmed, suggested or missing. */
export async function getTranslations(db: Db, args: { workspaceId: string; skuId: string }): Promise<Translations> {
  return overview(args.skuId, await getDossierFields(db, { workspaceId: args.workspaceId, skuId: args.skuId }));
}

/**
 * The source of a field's translations: its confirmed plain value (in the language the texts are
 * written in, as the public page reads it), else its confirmed English text, else the first confirmed locale.
 */
function sourceOf(f: TranslatedField, sourceLanguage: Locale | null): { text: string; language: Locale } | null {
  if (f.source) return { text: f.source.value, language: sourceLanguage ?? 'en' };
  const en = f.locales.find((c) => c.locale === 'en' && c.current);
  const any = en ?? f.locales.find((c) => c.current);
  return any?.current ? { text: any.current.value, language: any.locale } : null;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** "Translate with AI": suggestions for the missing locales of the confirmed source texts. */
export async function translateTexts(
  db: Db,
  args: { workspaceId: string; actor: Actor; skuId: string; fields?: TranslatedFieldBase[]; locales?: Locale[] },
): Promise<TranslateResult> {
  const before = overview(args.skuId, await getDossierFields(db, { workspaceId: args.workspaceId, skuId: args.skuId }));
  const wantedFields = new Set(args.fields ?? TRANSLATED_FIELD_BASES);
  const wantedLocales = args.locales ?? [...LOCALES];
  const skipped: TranslateResult['skipped'] = [];
  const requests: TranslationRequest[] = [];
  for (const f of before.fields) {
    if (!wantedFields.has(f.field_key)) continue;
    const source = sourceOf(f, before.source_language);
    if (!source) {
      skipped.push({ field_key: f.field_key, reason: 'no confirmed source text to translate' });
      continue;
    }
    const locales: Locale[] = [];
    for (const locale of wantedLocales) {
      const cell = f.locales.find((c) => c.locale === locale)!;
      if (locale === source.language) continue;
      if (cell.current) skipped.push({ field_key: cell.field_key, reason: 'a confirmed text exists' });
      else locales.push(locale);
    }
    if (locales.length)
      requests.push({ field_key: f.field_key, source_text: source.text, source_language: source.language, locales });
  }
  const result = (degraded_reason: string | null, stored: TranslateResult['stored'], translations = before) => ({
    degraded_reason,
    stored,
    skipped,
    translations,
  });
  if (requests.length === 0) return result(null, []);

  const model = getLanguageModel();
  if (!model) return result(NO_PROVIDER_REASON, []);
  await assertAiBudget(db, { workspaceId: args.workspaceId });

  let answer;
  try {
    answer = await askTranslations({ model, requests, timeoutMs: aiTimeoutMs() });
  } catch (e) {
    if (e instanceof TranslationCallError) return result(e.message, []);
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

  // Only what was asked for: a requested field, a requested locale, once each.
  const asked = new Map(requests.map((r) => [r.field_key as string, r]));
  const seen = new Set<string>();
  const suggestions: SuggestionInput[] = [];
  for (const t of answer.answer.translations) {
    const r = asked.get(t.field_key);
    const locale = r?.locales.find((l) => l === t.locale);
    const key = r && locale ? translatedFieldKey(r.field_key, locale) : null;
    if (!r || !locale || !key) {
      skipped.push({ field_key: clip(String(t.field_key), 64), reason: `not asked for (locale ${clip(t.locale, 8)})` });
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push({
      field_key: key,
      value: t.text,
      source: 'ai_suggestion',
      provenance: {
        note: `AI translation from ${r.source_language} of the confirmed ${r.field_key} (${label?.provider ?? 'AI'}, ${label?.model ?? 'model'})`,
        quote: clip(r.source_text, 500),
      },
    });
  }
  const added = suggestions.length
    ? await addSuggestions(db, { workspaceId: args.workspaceId, actor: args.actor, skuId: args.skuId, suggestions })
    : { inserted: [], skipped: [] };
  skipped.push(...added.skipped);
  if (added.inserted.length)
    await recordAudit(db, {
      workspaceId: args.workspaceId,
      actor: args.actor,
      action: 'dossier.translations_suggested',
      targetType: 'sku',
      targetId: args.skuId,
      data: { field_keys: added.inserted.map((v) => v.field_key), provider: label?.provider, model: label?.model },
    });
  return result(null, added.inserted.map(out), await getTranslations(db, args));
}
