'use client';

import * as React from 'react';
import { Languages, Sparkles } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import type { SafetyDraftResult, TranslateResult, TranslationCell, Translations } from '@/lib/translations/schemas';
import { languagesMessages } from '@/lib/i18n/ui/languages';
import type { T } from '@/lib/i18n/ui';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useSkuPage } from './sku-context';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { fieldLabel } from '@/lib/model/catalogue';
import { languageName } from '@/lib/i18n/languages';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { valueStatusText } from './vocabulary';

type Editing = { key: string; valueId: string | null; text: string } | null;

/**
 * The texts the public page shows per language: description, batch scheme and age grading in the five
 * page locales. AI translations arrive as suggestions; a person confirms, edits or rejects each.
 */
export function PublicTexts() {
  const { skuId, bump } = useSkuPage();
  const t = useT(skuDossierMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  const q = useApiQuery<Translations>(`/api/skus/${skuId}/translations`);
  const [editing, setEditing] = React.useState<Editing>(null);
  const reasonId = React.useId();
  const lt = useT(languagesMessages);

  const translateAll = useApiMutation<TranslateResult, void>({
    request: () => ({ path: `/api/skus/${skuId}/translations`, method: 'POST' }),
    idempotent: true,
  });
  const confirmValue = useApiMutation<unknown, { valueId: string; value?: string }>({
    request: ({ valueId, value }) => ({
      path: `/api/skus/${skuId}/dossier/values/${valueId}/confirm`,
      method: 'POST',
      body: value === undefined ? undefined : { value },
    }),
    idempotent: true,
  });
  const rejectValue = useApiMutation<unknown, string>({
    request: (valueId) => ({ path: `/api/skus/${skuId}/dossier/values/${valueId}/reject`, method: 'POST' }),
    idempotent: true,
  });
  const saveValue = useApiMutation<unknown, { key: string; value: string }>({
    request: ({ key, value }) => ({ path: `/api/skus/${skuId}/dossier/${key}`, method: 'PUT', body: { value } }),
    idempotent: true,
  });
  const draftSafety = useApiMutation<SafetyDraftResult, string>({
    request: (language) => ({ path: `/api/skus/${skuId}/translations/safety`, method: 'POST', body: { language } }),
    idempotent: true,
  });
  const writes = [translateAll, confirmValue, rejectValue, saveValue, draftSafety];
  // One write at a time shares the card's state: which one runs (its label), and one message, the last
  // write's refusal or what it did.
  const [label, setLabel] = React.useState<string | null>(null);
  const busy = writes.some((w) => w.pending) ? label : null;
  const [info, setInfo] = React.useState<string | null>(null);
  const failed = writes.find((w) => w.error)?.error;
  const failure = failed ? describeError(failed) : null;
  const message: { kind: 'error' | 'info'; text: string } | null = failure
    ? { kind: 'error', text: failure.description ? `${failure.title} ${failure.description}` : failure.title }
    : info
      ? { kind: 'info', text: info }
      : null;

  async function run(next: string, fn: () => Promise<string | null>) {
    setLabel(next);
    setInfo(null);
    for (const w of writes) w.reset();
    try {
      const text = await fn();
      if (text) setInfo(text);
      // Refetches every query on the SKU page, this card's included.
      bump();
    } catch {
      // Shown through the write's error.
    }
  }

  const translate = () =>
    run('translate', async () => {
      const r = await translateAll.run();
      if (r.degraded_reason) return r.degraded_reason;
      return r.stored.length ? t('texts.suggested', { count: r.stored.length }) : t('texts.nothing');
    });

  const confirm = (cell: TranslationCell, valueId: string, value?: string) =>
    run(`confirm:${cell.field_key}`, async () => {
      await confirmValue.run({ valueId, value });
      setEditing(null);
      return null;
    });

  const reject = (cell: TranslationCell, valueId: string) =>
    run(`reject:${cell.field_key}`, async () => {
      await rejectValue.run(valueId);
      return null;
    });

  const save = (key: string, value: string) =>
    run(`save:${key}`, async () => {
      await saveValue.run({ key, value });
      setEditing(null);
      return null;
    });

  const data = q.data;
  const aiAvailable = data?.ai.available ?? false;

  return (
    <Card data-testid="public-texts">
      <CardHeader>
        <div>
          <CardTitle className="flex items-center gap-2">
            <Languages className="size-4 text-muted-foreground" aria-hidden="true" />
            {t('texts.title')}
          </CardTitle>
          <CardDescription>{t('texts.description')}</CardDescription>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={translate}
            disabled={!aiAvailable || busy !== null}
            aria-describedby={!aiAvailable && data ? reasonId : undefined}
          >
            <Sparkles aria-hidden="true" />
            {busy === 'translate' ? t('texts.translating') : t('texts.translate')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!aiAvailable && data?.ai.reason ? (
          // The server's reason is English (the only one: no provider configured): said in the UI's language.
          <p id={reasonId} className="text-sm text-muted-foreground">
            {t('texts.no_provider')}
          </p>
        ) : null}
        {message ? (
          <Alert
            variant={message.kind === 'error' ? 'danger' : 'info'}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </Alert>
        ) : null}
        {q.error ? <Alert variant="danger">{q.error.message}</Alert> : null}
        {!data && !q.error ? <p className="text-sm text-muted-foreground">{common('loading')}</p> : null}
        {data ? (
          <MarketLanguages
            data={data}
            busy={busy}
            onDraft={(language) =>
              run(`draft:${language}`, async () => {
                return draftSummary(await draftSafety.run(language), lt);
              })
            }
          />
        ) : null}
        {data?.fields.map((f) => (
          <section key={f.field_key} aria-label={fieldLabel(f.field_key, locale)} className="grid gap-2">
            <h3 className="text-sm font-semibold text-foreground">{fieldLabel(f.field_key, locale)}</h3>
            <p className="text-sm text-muted-foreground">
              {data.source_language
                ? t('texts.source_in', { language: languageName(data.source_language, locale) })
                : t('texts.source')}{' '}
              {f.source ? (
                <span className="whitespace-pre-line text-foreground">{f.source.value}</span>
              ) : (
                t('texts.no_source')
              )}
            </p>
            <ul className="divide-y divide-border rounded-lg border border-border">
              {f.locales.map((cell) => {
                const suggestion = cell.suggestions.at(-1) ?? null;
                const isEditing = editing?.key === cell.field_key;
                const label = `${fieldLabel(f.field_key, locale)} (${languageName(cell.locale, locale)})`;
                return (
                  <li
                    key={cell.locale}
                    className="grid gap-2 px-3 py-2 sm:grid-cols-[7rem_minmax(0,1fr)]"
                    data-testid={`text-${cell.field_key}`}
                  >
                    <div className="flex items-center gap-2 sm:flex-col sm:items-start">
                      <span className="text-sm font-medium text-foreground">{languageName(cell.locale, locale)}</span>
                      <Badge
                        variant={
                          cell.status === 'confirmed' || cell.status === 'source'
                            ? 'success'
                            : cell.status === 'suggested'
                              ? 'warning'
                              : 'neutral'
                        }
                      >
                        {cell.status === 'confirmed' || cell.status === 'suggested'
                          ? valueStatusText(cell.status, locale)
                          : cell.status === 'source'
                            ? t('texts.is_source')
                            : t('texts.missing')}
                      </Badge>
                    </div>
                    <div className="grid min-w-0 gap-2">
                      {isEditing ? (
                        <form
                          className="grid gap-2"
                          onSubmit={(e) => {
                            e.preventDefault();
                            if (!editing.text.trim()) return;
                            if (editing.valueId) void confirm(cell, editing.valueId, editing.text);
                            else void save(cell.field_key, editing.text);
                          }}
                        >
                          <Textarea
                            aria-label={label}
                            lang={cell.locale}
                            rows={3}
                            value={editing.text}
                            onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                          />
                          <div className="flex gap-2">
                            <Button type="submit" size="sm" disabled={busy !== null || !editing.text.trim()}>
                              {editing.valueId ? t('texts.confirm_edited') : common('save')}
                            </Button>
                            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
                              {common('cancel')}
                            </Button>
                          </div>
                        </form>
                      ) : (
                        <>
                          {cell.current ? (
                            <p lang={cell.locale} className="whitespace-pre-line break-words text-sm text-foreground">
                              {cell.current.value}
                            </p>
                          ) : null}
                          {suggestion ? (
                            <div className="grid gap-1 rounded-md bg-surface-muted px-2 py-1.5">
                              <p lang={cell.locale} className="whitespace-pre-line break-words text-sm text-foreground">
                                {suggestion.value}
                              </p>
                              <p className="text-xs text-muted-foreground">
                                {suggestion.source === 'ai_suggestion'
                                  ? t('texts.ai_translation')
                                  : t('texts.suggestion')}
                                {typeof suggestion.provenance.note === 'string'
                                  ? ` · ${suggestion.provenance.note}`
                                  : ''}
                              </p>
                            </div>
                          ) : null}
                          <div className="flex flex-wrap gap-2">
                            {suggestion ? (
                              <>
                                <Button
                                  type="button"
                                  size="sm"
                                  onClick={() => void confirm(cell, suggestion.id)}
                                  disabled={busy !== null}
                                  aria-label={t('texts.confirm_label', { label })}
                                >
                                  {t('confirm')}
                                </Button>
                                <Button
                                  type="button"
                                  size="sm"
                                  variant="secondary"
                                  onClick={() =>
                                    setEditing({ key: cell.field_key, valueId: suggestion.id, text: suggestion.value })
                                  }
                                  aria-label={t('texts.edit_before_confirming', { label })}
                                >
                                  {common('edit')}
                                </Button>
                                <Button
                                  type="button"
                                  size="sm"
                                  variant="ghost"
                                  onClick={() => void reject(cell, suggestion.id)}
                                  disabled={busy !== null}
                                  aria-label={t('texts.reject_label', { label })}
                                >
                                  {t('reject')}
                                </Button>
                              </>
                            ) : (
                              <Button
                                type="button"
                                size="sm"
                                variant="secondary"
                                onClick={() =>
                                  setEditing({ key: cell.field_key, valueId: null, text: cell.current?.value ?? '' })
                                }
                                aria-label={cell.current ? t('label.edit', { label }) : t('label.add', { label })}
                              >
                                {cell.current ? common('edit') : t('add')}
                              </Button>
                            )}
                          </div>
                        </>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

/** One line about a draft's outcomes, in the UI language. */
function draftSummary(r: SafetyDraftResult, t: T<(typeof languagesMessages)['en']>): string {
  const n = (state: string) => r.outcomes.filter((o) => o.state === state).length;
  const lines: string[] = [];
  if (n('suggested')) lines.push(t('draft.done', { count: n('suggested') }));
  if (n('needs_translation')) lines.push(t('draft.needs_person'));
  if (n('no_source')) lines.push(t('draft.no_source'));
  const failed = r.outcomes.find((o) => o.state === 'failed');
  if (failed) lines.push(t('draft.failed', { reason: failed.reason ?? '' }));
  return lines.length ? lines.join(' ') : t('draft.nothing');
}

/**
 * The languages the SKU's target markets need, each with the state of its warnings and instructions;
 * a missing text says it needs a translation and leads to its field in the dossier, and can be drafted
 * by the AI provider (a suggestion a person reviews there); a suggested one leads to its review.
 */
function MarketLanguages({
  data,
  busy,
  onDraft,
}: {
  data: Translations;
  busy: string | null;
  onDraft: (language: string) => void;
}) {
  const { goTo } = useSkuPage();
  const t = useT(skuDossierMessages);
  const lt = useT(languagesMessages);
  const locale = useLocale();
  const status = (s: 'confirmed' | 'suggested' | 'missing') =>
    s === 'missing' ? t('texts.missing') : valueStatusText(s, locale);
  return (
    <section aria-labelledby="market-languages" className="grid gap-2" data-testid="market-languages">
      <h3 id="market-languages" className="text-sm font-semibold text-foreground">
        {t('texts.markets_title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('texts.markets_description')}</p>
      {data.market_languages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('texts.markets_none')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {data.market_languages.map((m) => {
            const base = (s: 'missing' | 'suggested') =>
              m.warnings === s ? 'safety_warnings' : m.instructions === s ? 'instructions' : null;
            const missing = base('missing');
            const suggested = base('suggested');
            return (
              <li
                key={m.language}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
                data-testid={`market-language-${m.language}`}
              >
                <span className="min-w-32 font-medium text-foreground">
                  {languageName(m.language, locale)}{' '}
                  <span className="text-xs font-normal text-muted-foreground">
                    {t('texts.markets_in', { markets: m.markets.join(', ') })}
                  </span>
                </span>
                {(['warnings', 'instructions'] as const).map((k) => (
                  <Badge
                    key={k}
                    variant={m[k] === 'confirmed' ? 'success' : m[k] === 'suggested' ? 'warning' : 'danger'}
                  >
                    {t(`texts.${k}`)}: {status(m[k])}
                  </Badge>
                ))}
                <span className="ml-auto flex flex-wrap gap-2">
                  {missing && data.ai.available ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      onClick={() => onDraft(m.language)}
                      disabled={busy !== null}
                      aria-label={lt('draft.aria', { language: languageName(m.language, locale) })}
                      data-testid={`draft-${m.language}`}
                    >
                      <Sparkles aria-hidden="true" />
                      {busy === `draft:${m.language}` ? lt('draft.busy') : lt('draft.button')}
                    </Button>
                  ) : null}
                  {suggested ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      onClick={() => goTo({ tab: 'dossier', field: `${suggested}_${m.language}` })}
                      aria-label={lt('draft.review_aria', { label: fieldLabel(`${suggested}_${m.language}`, locale) })}
                    >
                      {lt('draft.review')}
                    </Button>
                  ) : null}
                  {missing ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      onClick={() => goTo({ tab: 'dossier', field: `${missing}_${m.language}` })}
                      aria-label={t('texts.write', { label: fieldLabel(`${missing}_${m.language}`, locale) })}
                    >
                      {t('texts.needs_translation')}
                    </Button>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
