import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { LanguageModel } from 'ai';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import {
  aiFillJobs,
  dossierValues,
  type AiFillDropped,
  type AiFillStatus,
  type AiFillStoredSuggestion,
} from '@/lib/db/schema';
import { fieldDefinition } from '@/lib/model/catalogue';
import { addSuggestions } from '@/lib/dossier/suggestions';
import { aiBudget, recordAiUsage } from '@/lib/ai/budget';
import { aiProviderLabel, aiTimeoutMs, getLanguageModel } from '@/lib/ai/provider';
import { gatherEvidence } from './evidence';
import { fetchProductPage, knownProductUrl } from './product-page';
import { rulesSuggestions } from './rules';
import { AiCallError, askModel, checkAnswer, type CheckedSuggestion, type ModelUsage } from './suggest';

/**
 * One AI-fill job: gather the SKU's evidence, ask the model for the requested (or missing) fields,
 * keep the values whose citations hold, and store them as dossier suggestions (source ai_suggestion,
 * provenance with document, page and quote), never as confirmed values. Without a provider, or when
 * the provider fails (timeout, HTTP error, rate limit, malformed output), the rules extractor fills
 * what it can and the job ends completed_degraded with the reason. A cancelled job stores nothing.
 */

const CANCEL_POLL_MS = 250;

/** The actor recorded on the suggestions: who asked for the fill, through the assistant. */
const assistantActor = (row: typeof aiFillJobs.$inferSelect): Actor => ({
  userId: row.createdBy,
  apiKeyId: null,
  label: `AI assistant (asked by ${row.createdByLabel ?? 'a user'})`,
});

export class AiFillCancelled extends Error {
  constructor() {
    super('The AI fill was cancelled.');
    this.name = 'AiFillCancelled';
  }
}

export interface RunHooks {
  signal?: AbortSignal;
  progress?: (p: Record<string, unknown>) => Promise<void>;
  /** Called first inside the transaction that stores the results (the job lease's fence). */
  fence?: (tx: Db) => Promise<void>;
}

/** Aborts when the job's row says cancelled: the cancel may come from another process. */
function watchCancellation(db: Db, jobId: string, outer?: AbortSignal) {
  const controller = new AbortController();
  const onOuter = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  let stopped = false;
  const tick = async () => {
    if (stopped || controller.signal.aborted) return;
    try {
      const [r] = await db.select({ status: aiFillJobs.status }).from(aiFillJobs).where(eq(aiFillJobs.id, jobId));
      if (!r || r.status === 'cancelled') controller.abort(new AiFillCancelled());
    } catch {
      /* a failed poll says nothing about the job */
    }
    if (!stopped && !controller.signal.aborted) timer = setTimeout(tick, CANCEL_POLL_MS);
  };
  let timer: ReturnType<typeof setTimeout> = setTimeout(tick, CANCEL_POLL_MS);
  return {
    signal: controller.signal,
    stop() {
      stopped = true;
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

async function setProgress(db: Db, jobId: string, hooks: RunHooks, p: Record<string, unknown>) {
  await db
    .update(aiFillJobs)
    .set({ progress: p })
    .where(and(eq(aiFillJobs.id, jobId), eq(aiFillJobs.status, 'processing')));
  await hooks.progress?.(p);
}

function toStored(s: CheckedSuggestion, method: 'llm' | 'rules', valueId: string | null): AiFillStoredSuggestion {
  return {
    field_key: s.field_key,
    value: s.value,
    confidence: s.confidence,
    reasoning: s.reasoning,
    document_id: s.document_id,
    document_name: s.document_name,
    page: s.page,
    quote: s.quote,
    source_url: s.source_url,
    value_id: valueId,
    method,
  };
}

export async function runAiFill(
  db: Db,
  {
    args,
    hooks = {},
  }: { args: { workspaceId: string; jobId: string; model?: LanguageModel | null }; hooks?: RunHooks },
) {
  const [claimed] = await db
    .update(aiFillJobs)
    .set({
      status: 'processing',
      startedAt: new Date(),
      progress: { step: 'gathering_evidence', percent: 5 },
      error: null,
    })
    .where(
      and(
        eq(aiFillJobs.id, args.jobId),
        eq(aiFillJobs.workspaceId, args.workspaceId),
        inArray(aiFillJobs.status, ['pending', 'processing']),
      ),
    )
    .returning();
  if (!claimed) return { skipped: 'cancelled or already finished' };
  const watch = watchCancellation(db, claimed.id, hooks.signal);
  try {
    return await execute(db, claimed, args.model === undefined ? getLanguageModel() : args.model, {
      ...hooks,
      signal: watch.signal,
    });
  } catch (e) {
    // Cancelled by a person: done. Aborted for another reason (the run was taken over, or pg-boss
    // expired it): the job machinery decides; a live row whose run ended is settled by reconcile().
    const [now] = await db.select({ status: aiFillJobs.status }).from(aiFillJobs).where(eq(aiFillJobs.id, claimed.id));
    if (!now || now.status === 'cancelled') return { cancelled: true };
    throw e;
  } finally {
    watch.stop();
  }
}

async function execute(
  db: Db,
  job: typeof aiFillJobs.$inferSelect,
  model: LanguageModel | null,
  hooks: RunHooks & { signal: AbortSignal },
) {
  const started = performance.now();
  const evidence = await gatherEvidence(db, { workspaceId: job.workspaceId, skuId: job.skuId });
  // Fields asked: the listed ones, else the missing ones; entity fields with a linked entity are
  // synced from it (sync-from-entity), not guessed.
  const linkedRoles = new Set(evidence.entities.map((e) => e.role));
  const requested = job.fieldsExplicit ? job.fieldsRequested : evidence.missing;
  const syncable = requested.filter((k) => {
    const role = fieldDefinition(k)?.entity?.role;
    return role && linkedRoles.has(role);
  });
  const fields = requested.filter((k) => !syncable.includes(k) && !(evidence.confirmed[k] && !job.fieldsExplicit));
  await db.update(aiFillJobs).set({ fieldsRequested: requested }).where(eq(aiFillJobs.id, job.id));
  hooks.signal.throwIfAborted();

  const label = aiProviderLabel();
  let degraded: string | null = null;
  let usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  let kept: CheckedSuggestion[] = [];
  let dropped: AiFillDropped[] = [];
  let method: 'llm' | 'rules' = 'llm';
  let promptChars = 0;

  // The product page is evidence for the model only (the rules read documents).
  const productUrl =
    fields.length && model ? await knownProductUrl(db, { workspaceId: job.workspaceId, skuId: job.skuId }) : null;
  if (productUrl) {
    await setProgress(db, job.id, hooks, { step: 'reading_product_page', percent: 20 });
    const page = await fetchProductPage(productUrl, hooks.signal);
    if (page) evidence.documents.push(page);
    hooks.signal.throwIfAborted();
  }

  if (!fields.length) {
    // Nothing to ask: not degraded, just done.
  } else if (!model) {
    degraded = 'No AI provider is configured; the rules extractor filled what it could.';
  } else if ((await aiBudget(db, { workspaceId: job.workspaceId })).remaining <= 0) {
    degraded = 'The monthly AI allowance of this workspace is used up; the rules extractor filled what it could.';
  } else if (!evidence.documents.some((d) => d.pages.some((p) => p.trim()))) {
    degraded =
      'No linked document (or product page) has readable text, so there is nothing to cite; upload the declaration of conformity or test reports first.';
  } else {
    await setProgress(db, job.id, hooks, {
      step: 'asking_model',
      percent: 30,
      fields: fields.length,
      documents: evidence.documents.length,
    });
    try {
      const answer = await askModel({ model, evidence, fields, timeoutMs: aiTimeoutMs(), signal: hooks.signal });
      usage = answer.usage;
      promptChars = answer.promptChars;
      const checked = checkAnswer(answer.answer, evidence, fields);
      kept = checked.kept;
      dropped = checked.dropped;
    } catch (e) {
      if (!(e instanceof AiCallError)) throw e;
      if (e.kind === 'cancelled') throw new AiFillCancelled();
      degraded = `${e.message} The rules extractor filled what it could.`;
    }
  }
  if (degraded && fields.length) {
    method = 'rules';
    kept = rulesSuggestions(evidence, fields);
  }
  hooks.signal.throwIfAborted();
  await setProgress(db, job.id, hooks, { step: 'storing', percent: 90 });

  const status: AiFillStatus = degraded ? 'completed_degraded' : 'completed';
  const modelUsed = method === 'llm' && fields.length ? label : null;
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await hooks.fence?.(t);
    // Under the row lock: a cancel that came first wins, and one that comes later waits and finds the job done.
    const [current] = await t
      .select({ status: aiFillJobs.status })
      .from(aiFillJobs)
      .where(eq(aiFillJobs.id, job.id))
      .for('update');
    if (!current || current.status !== 'processing') return null;
    const source = method === 'llm' ? ('ai_suggestion' as const) : ('document_extraction' as const);
    const added = kept.length
      ? await addSuggestions(t, {
          workspaceId: job.workspaceId,
          actor: assistantActor(job),
          skuId: job.skuId,
          suggestions: kept.map((s) => ({
            field_key: s.field_key,
            value: s.value,
            source,
            confidence: s.confidence,
            provenance: {
              ...(s.document_id ? { document_id: s.document_id, document_name: s.document_name, page: s.page } : {}),
              quote: s.quote,
              job_id: job.jobRunId ?? undefined,
              note: (method === 'llm'
                ? `AI fill ${job.id}${modelUsed ? ` (${modelUsed.model})` : ''}${s.source_url ? `, from ${s.source_url}` : ''}: ${s.reasoning}`
                : `AI fill ${job.id}, rules fallback`
              ).slice(0, 500),
            },
          })),
        })
      : { inserted: [], skipped: [] };
    // A value the dossier already holds as an undecided suggestion (e.g. the document's own extraction
    // found it too) is that suggestion: the panel lets the user accept it where the AI corroborates it.
    const pending = kept.length
      ? await t
          .select({ id: dossierValues.id, fieldKey: dossierValues.fieldKey, value: dossierValues.value })
          .from(dossierValues)
          .where(
            and(
              eq(dossierValues.skuId, job.skuId),
              eq(dossierValues.status, 'suggested'),
              isNull(dossierValues.supersededAt),
              inArray(dossierValues.fieldKey, [...new Set(kept.map((k) => k.field_key))]),
            ),
          )
      : [];
    const idOf = (s: CheckedSuggestion) =>
      added.inserted.find((v) => v.field_key === s.field_key && v.value === s.value)?.id ??
      pending.find((v) => v.fieldKey === s.field_key && v.value === s.value)?.id ??
      null;
    const stored = kept.map((s) => toStored(s, method, idOf(s)));
    if (usage.inputTokens || usage.outputTokens) {
      await recordAiUsage(t, {
        workspaceId: job.workspaceId,
        operation: 'ai_fill',
        subjectId: job.id,
        provider: label?.provider ?? null,
        model: label?.model ?? null,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
      });
    }
    const [row] = await t
      .update(aiFillJobs)
      .set({
        status,
        suggestions: stored,
        dropped,
        degradedReason: degraded,
        provider: modelUsed?.provider ?? null,
        model: modelUsed?.model ?? null,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        completedAt: new Date(),
        progress: {
          step: 'done',
          percent: 100,
          fields_asked: fields.length,
          suggested: stored.length,
          stored_new: added.inserted.length,
          dropped: dropped.length,
          sync_available: syncable,
          prompt_chars: promptChars,
          elapsed_ms: Math.round(performance.now() - started),
        },
      })
      .where(eq(aiFillJobs.id, job.id))
      .returning();
    return row;
  });
  if (!outcome) throw new AiFillCancelled();
  return { status: outcome.status, suggestions: outcome.suggestions.length, dropped: outcome.dropped.length };
}

/** The job failed for good (an unexpected error on its last attempt): say so on the row. */
export async function markAiFillFailed(db: Db, { jobId, message }: { jobId: string; message: string }) {
  await db
    .update(aiFillJobs)
    .set({ status: 'failed', error: message.slice(0, 2000), completedAt: new Date(), progress: { step: 'failed' } })
    .where(and(eq(aiFillJobs.id, jobId), inArray(aiFillJobs.status, ['pending', 'processing'])));
}
