'use client';

import * as React from 'react';
import { Bot, Check, Search, Sparkles, Square, TriangleAlert, X } from 'lucide-react';
import { useDossier } from '@/components/api/queries/resources';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { ApiError, describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/toaster';
import { SkuPageContext } from '@/components/skus/sku-context';
import { fieldLabel } from '@/lib/model/catalogue';
import { Citation } from './citation';
import { ResearchPanel } from './research-panel';
import { SyncFromEntityButton } from './sync-from-entity-button';
import { LIVE, type AiFillCitation, type AiFillJob, type AiFillSuggestion } from './types';
import { RoleGate } from '@/components/team/role-gate';
import type { SkuActivityEvent } from '@/lib/skus/schemas';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { aiMessages } from '@/lib/i18n/ui/ai';
import { commonMessages } from '@/lib/i18n/ui/common';

const POLL_MS = 1000;

const STEPS = ['gathering_evidence', 'reading_product_page', 'asking_model', 'storing'] as const;

interface Row {
  suggestion: AiFillSuggestion;
  citation: AiFillCitation;
}

/** Starts an AI fill; a job already running for the SKU (409 {error, job_id, status}, not an envelope) is simply followed. */
async function startFill(send: () => Promise<unknown>): Promise<'started' | 'running'> {
  try {
    await send();
    return 'started';
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) return 'running';
    throw e;
  }
}

/**
 * The SKU page's AI assistant: "Fill with AI" with live progress and Cancel, the suggestions it made
 * with their citations (accept or reject one, or all from one document), "Sync from manufacturer" for
 * fields a linked entity provides, and product research with its sources.
 */
export function AiFillPanel() {
  const t = useT(aiMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  const label = (key: string) => fieldLabel(key, locale) || key;
  const ctx = React.useContext(SkuPageContext);
  const skuId = ctx?.skuId ?? '';
  const bump = ctx?.bump;
  const [busy, setBusy] = React.useState<string | null>(null);
  const [decided, setDecided] = React.useState<Record<string, 'accepted' | 'rejected'>>({});
  const [showResearch, setShowResearch] = React.useState(false);
  const [started, setStarted] = React.useState(false);
  const startRequest = useApiMutation<unknown, void>({ request: () => ({ path: `/api/skus/${skuId}/ai-fill` }) });
  const cancelRequest = useApiMutation<AiFillJob, void>({
    request: () => ({ path: `/api/skus/${skuId}/ai-fill/cancel` }),
  });
  const decideRequest = useApiMutation<unknown, { id: string; verdict: 'accepted' | 'rejected' }>({
    request: ({ id, verdict }) => ({
      path: `/api/skus/${skuId}/dossier/values/${id}/${verdict === 'accepted' ? 'confirm' : 'reject'}`,
    }),
  });

  // GET .../ai-fill/job answers 404 while the SKU never had a job, which the browser logs as an error
  // on every SKU page. So it is asked only once the SKU shows a trace of one: the request in its recent
  // activity, or an AI suggestion in its dossier (both already read by the page's tabs). "Fill with
  // AI" sets the job itself.
  const dossier = useDossier(skuId);
  const activity = useApiQuery<{ events: Pick<SkuActivityEvent, 'action'>[] }>(
    skuId ? `/api/skus/${skuId}/activity` : null,
  );
  const hadJob =
    Boolean(activity.data?.events.some((e) => e.action === 'sku.ai_fill_requested')) ||
    Boolean(
      dossier.data?.fields.some((f) =>
        [f.current, ...f.suggestions, ...f.history].some((v) => v?.source === 'ai_suggestion'),
      ),
    );
  // The job, polled while it runs (a 404 means the SKU has none after all).
  const jobQuery = useApiQuery<AiFillJob>((hadJob || started) && skuId ? `/api/skus/${skuId}/ai-fill/job` : null, {
    refetchInterval: (j) => (j && LIVE.includes(j.status) ? POLL_MS : false),
  });
  const job = jobQuery.data ?? null;
  const live = job ? LIVE.includes(job.status) : false;
  const load = jobQuery.reload;

  // When the job ends, the dossier and blockers have new suggestions to show.
  const wasLive = React.useRef(false);
  React.useEffect(() => {
    if (wasLive.current && !live) bump?.();
    wasLive.current = live;
  }, [live, bump]);

  if (!ctx) return null;

  async function fill() {
    setBusy('fill');
    try {
      const r = await startFill(() => startRequest.run());
      if (r === 'running') toast.info(t('toast.running'));
      setDecided({});
      // A job query already running is asked again; otherwise enabling it asks for the first time.
      if (hadJob || started) await load();
      else setStarted(true);
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    setBusy('cancel');
    try {
      jobQuery.setData(await cancelRequest.run());
      toast.success(t('toast.cancelled'));
    } catch (e) {
      toast.error(describeError(e).title);
      await load();
    } finally {
      setBusy(null);
    }
  }

  async function decide(rows: Row[], verdict: 'accepted' | 'rejected') {
    const ids = rows.map((r) => r.citation.value_id).filter((v): v is string => Boolean(v) && !decided[v!]);
    if (!ids.length) return;
    setBusy(`${verdict}:${ids.join(',')}`);
    const done: Record<string, 'accepted' | 'rejected'> = {};
    try {
      for (const id of ids) {
        await decideRequest.run({ id, verdict });
        done[id] = verdict;
      }
      toast.success(verdict === 'accepted' ? t('toast.accepted', { count: ids.length }) : t('toast.rejected'));
    } catch (e) {
      toast.error(describeError(e).title);
    } finally {
      setDecided((d) => ({ ...d, ...done }));
      setBusy(null);
      bump?.();
    }
  }

  const rows: Row[] = job
    ? job.suggestions.map((s, i) => ({ suggestion: s, citation: job.citations[i]! })).filter((r) => r.citation)
    : [];
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const k = r.citation.document_id ?? r.citation.source_url ?? 'none';
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const syncable = (job?.progress?.sync_available ?? []) as string[];
  const step = STEPS.find((s) => s === job?.progress?.step);
  const percent = typeof job?.progress?.percent === 'number' ? job.progress.percent / 100 : null;

  return (
    <Card className="mb-5 overflow-hidden" data-testid="ai-fill-panel" aria-labelledby="ai-fill-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3">
        <div className="min-w-0">
          <h2 id="ai-fill-title" className="flex items-center gap-2 text-sm font-semibold">
            <Bot className="size-4 text-warning-soft-foreground" aria-hidden="true" />
            {t('panel.title')}
          </h2>
          <p className="text-xs text-muted-foreground">{t('panel.description')}</p>
        </div>
        {/* Wraps on a phone: the card clips overflow, and "Mit KI befüllen" was cut off beside the research toggle. */}
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setShowResearch((v) => !v)}
            aria-expanded={showResearch}
            data-testid="ai-research-toggle"
          >
            <Search aria-hidden="true" />
            {t('panel.research')}
          </Button>
          {live ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={cancel}
              loading={busy === 'cancel'}
              data-testid="ai-fill-cancel"
            >
              <Square aria-hidden="true" />
              {common('cancel')}
            </Button>
          ) : (
            <RoleGate need={'edit'}>
              <Button size="sm" onClick={fill} loading={busy === 'fill'} data-testid="ai-fill-start">
                <Sparkles aria-hidden="true" />
                {t('panel.fill')}
              </Button>
            </RoleGate>
          )}
        </div>
      </div>

      <div className="grid gap-3 px-4 py-3" aria-live="polite">
        {job && live ? (
          <div className="grid gap-1.5" data-testid="ai-fill-progress">
            <p className="text-xs text-muted-foreground">
              {job.status === 'pending' ? t('progress.queued') : step ? t(`step.${step}`) : t('progress.working')}
            </p>
            <Progress value={percent} label={t('progress.label')} />
          </div>
        ) : null}

        {job && !live ? (
          <div
            className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
            data-testid="ai-fill-status"
            data-status={job.status}
          >
            <Badge
              variant={
                job.status === 'completed'
                  ? 'primary'
                  : job.status === 'failed'
                    ? 'danger'
                    : job.status === 'cancelled'
                      ? 'neutral'
                      : 'warning'
              }
            >
              {t(`status.${job.status}`)}
            </Badge>
            <span>
              {t('summary.suggestions', { count: job.suggestions.length })}{' '}
              {t('summary.fields', { count: job.fields.length })}
              {job.model ? ` · ${job.model}` : ''}
              {job.usage.input_tokens
                ? ` · ${t('summary.tokens', { count: job.usage.input_tokens + job.usage.output_tokens })}`
                : ''}
            </span>
          </div>
        ) : null}

        {job?.status === 'completed_degraded' && job.degraded_reason ? (
          <Alert variant="warning" title={t('degraded.title')}>
            {job.degraded_reason}
          </Alert>
        ) : null}
        {job?.status === 'failed' ? (
          <Alert variant="danger" title={t('failed.title')}>
            {job.error ?? t('failed.unknown')}
          </Alert>
        ) : null}

        {[...groups.entries()].map(([docId, list]) => {
          const open = list.filter((r) => r.citation.value_id && !decided[r.citation.value_id]);
          return (
            <section
              key={docId}
              className="grid gap-2"
              aria-label={t('group.label', { name: list[0]!.citation.document_name ?? t('group.a_document') })}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-xs font-semibold text-foreground">
                  {t('group.from', { name: list[0]!.citation.document_name ?? t('group.the_sku') })}
                </h3>
                {open.length > 1 ? (
                  <RoleGate need={'edit'}>
                    <Button
                      size="sm"
                      variant="subtle"
                      className="h-7"
                      onClick={() => decide(open, 'accepted')}
                      loading={busy?.startsWith('accepted:') && open.length > 1}
                      data-testid="ai-accept-all"
                    >
                      <Check aria-hidden="true" />
                      {t('group.accept_all', { count: open.length })}
                    </Button>
                  </RoleGate>
                ) : null}
              </div>
              <ul className="grid gap-2">
                {list.map((r) => {
                  const id = r.citation.value_id;
                  const state = id ? decided[id] : undefined;
                  return (
                    <li
                      key={`${r.suggestion.field_key}:${r.suggestion.value}`}
                      className="rounded-md border border-border px-3 py-2"
                      data-testid="ai-suggestion"
                      data-field={r.suggestion.field_key}
                    >
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div className="min-w-0">
                          <p className="text-xs text-muted-foreground">{label(r.suggestion.field_key)}</p>
                          <p
                            className="text-[0.8125rem] font-medium break-words text-foreground"
                            data-testid="ai-suggestion-value"
                          >
                            {r.suggestion.value}
                          </p>
                          <p className="text-xs text-muted-foreground">
                            {Math.round(r.suggestion.confidence * 100)} % · {r.suggestion.reasoning}
                          </p>
                        </div>
                        <div className="flex shrink-0 items-center gap-1">
                          {state ? (
                            <Badge variant={state === 'accepted' ? 'primary' : 'neutral'} data-testid="ai-decided">
                              {t(`decided.${state}`)}
                            </Badge>
                          ) : id ? (
                            <>
                              <RoleGate need={'edit'}>
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  className="h-7"
                                  onClick={() => decide([r], 'accepted')}
                                  loading={busy === `accepted:${id}`}
                                  aria-label={t('suggestion.accept_label', { field: label(r.suggestion.field_key) })}
                                  data-testid="ai-accept"
                                >
                                  <Check aria-hidden="true" />
                                  {t('suggestion.accept')}
                                </Button>
                              </RoleGate>
                              <RoleGate need={'edit'}>
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  className="h-7"
                                  onClick={() => decide([r], 'rejected')}
                                  loading={busy === `rejected:${id}`}
                                  aria-label={t('suggestion.reject_label', { field: label(r.suggestion.field_key) })}
                                >
                                  <X aria-hidden="true" />
                                </Button>
                              </RoleGate>
                            </>
                          ) : (
                            <Badge variant="neutral">{t('suggestion.in_dossier')}</Badge>
                          )}
                        </div>
                      </div>
                      <Citation
                        documentId={r.citation.document_id}
                        documentName={r.citation.document_name}
                        sourceUrl={r.citation.source_url}
                        page={r.citation.page}
                        quote={r.citation.quote}
                      />
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}

        {job && !live && job.dropped.length ? (
          <details className="text-xs text-muted-foreground" data-testid="ai-dropped">
            <summary className="flex cursor-pointer items-center gap-1">
              <TriangleAlert className="size-3" aria-hidden="true" />
              {t('dropped.summary', { count: job.dropped.length })}
            </summary>
            <ul className="mt-1 grid gap-0.5 pl-4">
              {job.dropped.map((d, i) => (
                <li key={i}>{t('dropped.item', { field: label(d.field_key), value: d.value, reason: d.reason })}</li>
              ))}
            </ul>
          </details>
        ) : null}

        {syncable.length ? (
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span>{t('sync.provides')}</span>
            {syncable.map((k) => (
              <SyncFromEntityButton key={k} skuId={skuId} fieldKey={k} label={label(k)} onSynced={() => bump?.()} />
            ))}
          </div>
        ) : null}

        {showResearch ? <ResearchPanel skuId={skuId} /> : null}
      </div>
    </Card>
  );
}
