import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type LanguageModel } from 'ai';
import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { documents, productResearchCache } from '@/lib/db/schema';
import { knownProductUrl } from '@/lib/ai-fill/product-page';
import { mayBeAboutSku } from '@/lib/evidence/links';
import { getSkuRow } from '@/lib/skus/service';
import { assertAiBudget, recordAiUsage } from '@/lib/ai/budget';
import { aiProviderLabel, aiTimeoutMs, getLanguageModel } from '@/lib/ai/provider';
import { documentFindings } from './document-findings';
import { modelFindings } from './model-findings';
import { docUrl, type Source } from './service';
import { webSearchEnabled, webSearchFindings } from './web';
import { fetchWebsite, websiteFindings } from './website';
import type { Finding, ProductResearchInput, ResearchField, ResearchResponse } from './schemas';

/**
 * POST /api/research/product: cited suggestions for a SKU's manufacturer website, product category,
 * EAN and HS code, from sources a user can open: the SKU's own documents (their URL in the app, at the
 * page), the manufacturer's website fetched through safeFetch (schema.org Product JSON-LD, GTINs with
 * a valid check digit, categories), and, when an AI provider is configured, the model reading those
 * same sources, then (AI_WEB_SEARCH=true) the provider's web search for the fields still open, each
 * cited page re-fetched and checked (web.ts). Every finding's snippet occurs in its source;
 * nothing is stored in the dossier.
 * Answers are cached per SKU and request for a day.
 */

const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export function requestKey(input: ProductResearchInput) {
  const fields = [...new Set(input.fields_to_research)].sort();
  const ctx = input.context ?? {};
  const canonical = JSON.stringify({
    fields,
    ctx: Object.fromEntries(Object.entries(ctx).sort(([a], [b]) => a.localeCompare(b))),
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

function pickBest(findings: Finding[], fields: ResearchField[]): Finding[] {
  const out: Finding[] = [];
  for (const f of fields) {
    const best = findings.filter((x) => x.field === f).sort((a, b) => b.confidence - a.confidence)[0];
    if (best) out.push({ ...best, confidence: Math.round(best.confidence * 100) / 100 });
  }
  return out;
}

const researchContext = (input: ProductResearchInput, sku: { productName: string; skuCode: string }) =>
  `Product: ${input.context?.product_name ?? sku.productName} (SKU ${input.context?.sku_code ?? sku.skuCode})${input.context?.manufacturer_name ? `, manufacturer ${input.context.manufacturer_name}` : ''}.`;

export async function researchProduct(
  db: Db,
  args: { workspaceId: string; input: ProductResearchInput; signal?: AbortSignal; model?: LanguageModel | null },
): Promise<ResearchResponse> {
  const sku = await getSkuRow(db, { workspaceId: args.workspaceId, id: args.input.sku_id });
  const key = requestKey(args.input);
  const [hit] = await db
    .select()
    .from(productResearchCache)
    .where(and(eq(productResearchCache.skuId, sku.id), eq(productResearchCache.requestKey, key)));
  if (hit && Date.now() - hit.createdAt.getTime() < CACHE_TTL_MS)
    return { ...(hit.response as ResearchResponse), cached: true };

  const fields = [...new Set(args.input.fields_to_research)];
  const wanted = new Set(fields);
  const model = args.model === undefined ? getLanguageModel() : args.model;
  const signal = args.signal ?? new AbortController().signal;
  if (model) await assertAiBudget(db, { workspaceId: args.workspaceId });

  const docs = await db
    .select({ id: documents.id, filename: documents.filename, textCache: documents.textCache })
    .from(documents)
    .where(and(eq(documents.workspaceId, args.workspaceId), mayBeAboutSku(sku.id)))
    .orderBy(documents.createdAt, documents.id);
  const sources: Source[] = docs
    .filter((d) => d.textCache)
    .map((d, i) => ({
      kind: 'document',
      ref: `S${i + 1}`,
      id: d.id,
      filename: d.filename,
      pages: d.textCache!.split('\f'),
    }));
  let findings: Finding[] = sources.flatMap((s) => (s.kind === 'document' ? documentFindings(s, wanted) : []));

  // The website: the one known for the SKU, else one a document gives.
  let searchFailed = false;
  const siteUrl =
    (await knownProductUrl(db, { workspaceId: args.workspaceId, skuId: sku.id })) ??
    findings.find((f) => f.field === 'manufacturer_website')?.suggested_value ??
    null;
  // The rules read EAN, category and the site itself there; the model may find any field in its text.
  if (siteUrl && (model || wanted.has('ean') || wanted.has('product_category') || wanted.has('manufacturer_website'))) {
    const site = await fetchWebsite(siteUrl, signal);
    if ('error' in site) searchFailed = true;
    else {
      site.ref = `S${sources.length + 1}`;
      sources.push(site);
      findings.push(...websiteFindings(site, wanted));
    }
  }

  let found = pickBest(findings, fields);
  const label = aiProviderLabel();
  const recordUsage = (operation: string, usage: { inputTokens: number; outputTokens: number }) =>
    recordAiUsage(db, {
      workspaceId: args.workspaceId,
      operation,
      subjectId: sku.id,
      provider: label?.provider ?? null,
      model: label?.model ?? null,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
    });
  let aiFailed = false;
  const open = fields.filter((f) => !found.some((x) => x.field === f));
  if (model && open.length && sources.length) {
    const timeout = AbortSignal.timeout(aiTimeoutMs());
    try {
      const r = await modelFindings(
        model,
        sources,
        open,
        researchContext(args.input, sku),
        AbortSignal.any([signal, timeout]),
      );
      await recordUsage('product_research', r.usage);
      findings = [...findings, ...r.findings];
      found = pickBest(findings, fields);
    } catch {
      aiFailed = true; // the rules findings stand; the fields say search_failed
    }
  }

  // The provider's web search, opt-in, only for what the documents, the website and the model left open.
  const stillOpen = fields.filter((f) => !found.some((x) => x.field === f));
  let webSearch: {
    status: 'disabled' | 'skipped' | 'used' | 'failed';
    reason?: string;
    pages_checked?: number;
    findings_dropped?: number;
  } = { status: 'disabled' };
  let webFailed = false;
  if (model && webSearchEnabled()) {
    if (!stillOpen.length) webSearch = { status: 'skipped', reason: 'all_fields_found' };
    else {
      const timeout = AbortSignal.timeout(aiTimeoutMs());
      try {
        await assertAiBudget(db, { workspaceId: args.workspaceId }); // the model call above may have spent the rest
        const r = await webSearchFindings(
          stillOpen,
          researchContext(args.input, sku),
          AbortSignal.any([signal, timeout]),
        );
        await recordUsage('product_research_web', r.usage);
        findings = [...findings, ...r.findings];
        found = pickBest(findings, fields);
        webSearch = { status: 'used', pages_checked: r.checked.pages, findings_dropped: r.checked.dropped };
      } catch (e) {
        if (signal.aborted) throw e;
        webFailed = true;
        webSearch = {
          status: 'failed',
          reason: e instanceof AppError ? e.code : timeout.aborted ? 'timeout' : 'provider_error',
        };
      }
    }
  }

  const fieldStates = fields.map((field) => {
    if (found.some((f) => f.field === field)) return { field, status: 'found' as const };
    if (searchFailed || aiFailed || webFailed)
      return { field, status: 'error' as const, error: 'search_failed' as const };
    if (!model) return { field, status: 'not_found' as const, error: 'provider_unavailable' as const };
    return { field, status: 'not_found' as const };
  });
  const response: ResearchResponse = {
    findings: found,
    status: found.length === 0 ? 'not_found' : found.length === fields.length ? 'complete' : 'partial',
    provider_available: Boolean(model),
    cached: false,
    fields: fieldStates,
    sources: [
      ...sources.map((s) =>
        s.kind === 'website'
          ? { kind: s.kind, url: s.url }
          : { kind: s.kind, url: docUrl(s.id, 1).replace(/#page=1$/, ''), name: s.filename },
      ),
      ...[
        ...new Set(
          found
            .filter(
              (f) =>
                !sources.some((s) =>
                  f.source_url.startsWith(s.kind === 'website' ? s.url : docUrl(s.id, 1).replace(/#page=1$/, '')),
                ),
            )
            .map((f) => f.source_url),
        ),
      ].map((url) => ({ kind: 'web_search', url })),
    ],
    web_search: webSearch,
  };
  await db
    .insert(productResearchCache)
    .values({
      workspaceId: args.workspaceId,
      skuId: sku.id,
      requestKey: key,
      response: { ...response, cached: undefined },
    })
    .onConflictDoUpdate({
      target: [productResearchCache.skuId, productResearchCache.requestKey],
      set: { response: { ...response, cached: undefined }, createdAt: new Date() },
    });
  return response;
}
