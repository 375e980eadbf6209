import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { documentExtractions, documents, dossierValues, skus, type Provenance } from '@/lib/db/schema';
import { classifyRules, TEXT_WINDOW, makeSnippet } from '@/lib/classify/rules';
import { detectEvidenceParts } from '@/lib/classify/parts';
import type { ClassificationResult } from '@/lib/classify/schemas';
import { addSuggestions } from '@/lib/dossier/suggestions';
import type { ExtractionResult } from '@/lib/extract';
import { aiBudget, recordAiUsage } from '@/lib/ai/budget';
import { aiProviderLabel, aiTimeoutMs, getLanguageModel } from '@/lib/ai/provider';
import { DOCUMENT_FACTS, extractFacts, type FactSuggestion } from '@/lib/extract/facts';
import { aiGapFacts, missingKeys } from '@/lib/extract/facts/ai-gaps';
import { NonRetryableError } from '@/lib/jobs/define';
import { recomputeSku } from '@/lib/skus/evaluate';
import { afterDossierChange } from '@/lib/skus/service';
import { getBlobStore } from '@/lib/storage';
import { textCacheOf } from './analyse';
import { EXTRACTION_MAX_PAGES, extractionOcrTimeoutMs } from './limits';
import { readFileCached } from './classify';
import { linkedSkuIds } from '@/lib/evidence/links';
import { autoLinkDocument, findSkuMatches } from '@/lib/evidence/sku-matching';
import { suggestionRedundant } from '@/lib/evidence/value-conflicts';
import type { DocumentRow } from './serialize';
import { resetReason } from '@/lib/skus/reset-reasons';

/**
 * Extraction of one document (job `document.extract`): the text (with OCR for images and scans), the
 * facts in it by rules (lib/extract/facts), one document_extractions row, the dates of issue and
 * validity on the document when it has none, the SKU it names by exact GTIN or code linked
 * (lib/evidence/sku-matching.ts), and for every linked SKU the facts as dossier
 * suggestions with their provenance (document, page, quote). A suggestion that disagrees with a
 * confirmed value shows as an extraction conflict in the SKU's blockers.
 */

/** The actor recorded on suggestions a background extraction makes. */
const extractionActor = (userId: string | null): Actor => ({ userId, apiKeyId: null, label: 'Document extraction' });

export interface ExtractionOutcome {
  extraction_id: string;
  status: 'completed' | 'no_text' | 'failed';
  facts: number;
  suggestions: Record<string, number>;
  reclassified: boolean;
  /** The SKU the document linked itself to by its exact GTIN or code (lib/evidence/sku-matching.ts). */
  auto_linked_sku_id?: string;
  skipped?: string;
}

function factsInput(row: DocumentRow, pages: { page: number; text: string }[] | undefined, text: string) {
  // An unclassified document may be any type: let both date kinds through.
  const documentType = row.documentType === 'other' ? null : row.documentType;
  return { pages: pages?.length ? pages : undefined, text, documentType };
}

/** Facts to suggest to one SKU: dossier fields only, and none that merely repeats the confirmed value. */
function suggestionsOf(row: DocumentRow, facts: FactSuggestion[], jobRunId: string, confirmed: Map<string, string>) {
  return facts
    .filter((f) => !DOCUMENT_FACTS.has(f.field_key))
    .filter((f) => {
      const current = confirmed.get(f.field_key);
      return current === undefined || !suggestionRedundant(f.field_key, current, f.value);
    })
    .map((f) => {
      const provenance: Provenance = {
        document_id: row.id,
        document_name: row.filename,
        quote: f.quote,
        job_id: jobRunId,
      };
      if (typeof f.page === 'number') provenance.page = f.page;
      return {
        field_key: f.field_key,
        value: f.value,
        source: 'document_extraction' as const,
        provenance,
        confidence: f.confidence,
      };
    });
}

/**
 * A rules classification that only saw the file name gets another chance once OCR produced text; when
 * OCR produced none, the classification is redone with the reason, so a scan's "OCR is running" note
 * becomes what happened.
 */
function reclassification(row: DocumentRow, extraction: ExtractionResult) {
  const previous = row.classification as ClassificationResult | null;
  if (row.classificationSource !== 'rule' || !previous || previous.snippetSource !== 'filename_only') return null;
  const text = extraction.status === 'ok' ? extraction.text : '';
  if (!text)
    return classifyRules({
      // Reading ran out of its time: the file was not read, so its name decides nothing (issue 34); the
      // reason goes into the reasoning and the diagnostic, and a re-extraction reads it again.
      filename: extraction.issue?.code === 'timeout' ? '' : row.filename,
      mimeType: extraction.mimeType,
      extractionIssue: extraction.issue ?? null,
    });
  const next = classifyRules({
    filename: row.filename,
    mimeType: extraction.mimeType,
    snippet: text.slice(0, TEXT_WINDOW),
    snippetSource: extraction.snippetSource,
    pages: extraction.pages,
  });
  return next.snippetSource === 'filename_only' ? null : next;
}

/**
 * With an AI provider configured and budget left, the facts the rules did not find are asked of the model
 * (lib/extract/facts/ai-gaps.ts: kept only where their quote occurs in the document, below 0.8). A failed
 * or refused call leaves the rules' facts as they are: the extraction never fails because of it.
 */
async function modelGapFacts(
  db: Db,
  row: DocumentRow,
  input: ReturnType<typeof factsInput>,
  found: FactSuggestion[],
  signal?: AbortSignal,
): Promise<FactSuggestion[]> {
  const model = getLanguageModel();
  if (!model || !missingKeys(input.documentType, found).length) return [];
  try {
    if ((await aiBudget(db, { workspaceId: row.workspaceId })).remaining <= 0) return [];
    const { facts, usage } = await aiGapFacts({ model, ...input, found, timeoutMs: aiTimeoutMs(), signal });
    const label = aiProviderLabel();
    await recordAiUsage(db, {
      workspaceId: row.workspaceId,
      operation: 'document_extraction',
      subjectId: row.id,
      provider: label?.provider ?? null,
      model: label?.model ?? null,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
    });
    return facts;
  } catch (e) {
    signal?.throwIfAborted();
    console.warn(`document ${row.id}: AI gap extraction skipped: ${(e as Error).message?.slice(0, 200)}`);
    return [];
  }
}

export async function runDocumentExtraction(
  db: Db,
  args: { workspaceId: string; documentId: string; jobRunId: string; createdBy?: string | null; signal?: AbortSignal },
): Promise<ExtractionOutcome | { skipped: string }> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, args.documentId), eq(documents.workspaceId, args.workspaceId)));
  if (!row) return { skipped: 'document deleted' };

  let bytes: Uint8Array;
  try {
    bytes = await getBlobStore().getBytes(row.storageKey);
  } catch (e) {
    await db.insert(documentExtractions).values({
      workspaceId: row.workspaceId,
      documentId: row.id,
      jobRunId: args.jobRunId,
      status: 'failed',
      method: 'rules',
      facts: [],
      error: 'The stored file is missing.',
    });
    await db.update(documents).set({ status: 'unreadable', updatedAt: new Date() }).where(eq(documents.id, row.id));
    throw new NonRetryableError(`The stored file of document ${row.id} is missing: ${(e as Error).message}`);
  }

  // The same bytes read before in this workspace (same classifier version) are not read (OCR'd) again.
  const { extraction, reused } = await readFileCached(db, {
    workspaceId: row.workspaceId,
    sha256: row.sha256,
    bytes,
    filename: row.filename,
    mimeType: row.mimeType,
    ocr: true,
    ocrTimeoutMs: extractionOcrTimeoutMs(),
    maxPages: EXTRACTION_MAX_PAGES,
  });
  // Reading (OCR above all) is the slow part: a run taken over meanwhile by another worker writes nothing.
  args.signal?.throwIfAborted();
  const text = extraction.status === 'ok' ? extraction.text : '';
  const facts = text ? extractFacts(factsInput(row, extraction.pages, text)) : [];
  const aiFacts = text ? await modelGapFacts(db, row, factsInput(row, extraction.pages, text), facts, args.signal) : [];
  facts.push(...aiFacts);
  const status = extraction.status === 'ok' ? 'completed' : extraction.status;
  const [stored] = await db
    .insert(documentExtractions)
    .values({
      workspaceId: row.workspaceId,
      documentId: row.id,
      jobRunId: args.jobRunId,
      status,
      method: (reused ? 'rules+reused' : extraction.ocr ? 'rules+ocr' : 'rules') + (aiFacts.length ? '+ai' : ''),
      pages: extraction.pageCount ?? extraction.pages?.length ?? null,
      textChars: text.length,
      facts: facts as unknown as Record<string, unknown>[],
      error: extraction.status === 'ok' ? null : (extraction.issue?.message ?? null),
    })
    .returning();

  const factValue = (...keys: string[]) =>
    keys.map((k) => facts.find((f) => f.field_key === k)?.value).find(Boolean) ?? null;
  const issued = factValue('doc_issue_date', 'issued_on');
  const validUntil = factValue('certificate_valid_until', 'valid_until');
  const dates: Partial<Pick<DocumentRow, 'issuedOn' | 'validUntil'>> = {};
  if (!row.issuedOn && issued) dates.issuedOn = issued;
  if (!row.validUntil && validUntil) dates.validUntil = validUntil;
  const next = reclassification(row, extraction);
  // Evidence of another type inside the document (a declaration in a manual's appendix), by page.
  const evidenceParts = extraction.pages?.length
    ? detectEvidenceParts(extraction.pages, next?.document_type ?? row.documentType)
    : [];
  await db
    .update(documents)
    .set({
      status: extraction.status === 'ok' ? 'ready' : 'unreadable',
      textCache: textCacheOf(extraction) ?? row.textCache,
      snippet: row.snippet ?? (text ? makeSnippet(text) : null),
      ...(text && (!row.snippetSource || row.snippetSource === 'filename_only')
        ? { snippetSource: extraction.snippetSource }
        : {}),
      ...dates,
      evidenceParts,
      ...(next
        ? {
            documentType: next.document_type ?? 'other',
            classificationConfidence: next.document_type_confidence,
            classification: next as unknown as Record<string, unknown>,
            detectedLanguage: next.detected_language,
            snippet: next.content_snippet ?? null,
            snippetSource: next.snippetSource,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(documents.id, row.id));

  const actor = extractionActor(args.createdBy ?? null);
  // The document finds its SKU: an exact, unique GTIN or SKU-code match links it (audited, undoable).
  const autoLinked = text
    ? await autoLinkDocument(db, {
        row,
        actor,
        matches: await findSkuMatches(db, { workspaceId: row.workspaceId, text }),
      })
    : null;
  const suggestions: Record<string, number> = {};
  const documentChanged = Boolean(dates.issuedOn || dates.validUntil || next);
  for (const skuId of await linkedSkuIds(db, { row })) {
    const confirmed = new Map(
      (
        await db
          .select({ key: dossierValues.fieldKey, value: dossierValues.value })
          .from(dossierValues)
          .where(
            and(
              eq(dossierValues.skuId, skuId),
              eq(dossierValues.status, 'confirmed'),
              isNull(dossierValues.supersededAt),
            ),
          )
      ).map((v) => [v.key, v.value]),
    );
    // The GTIN on the SKU record is the SKU's GTIN (one rule): the same GTIN in the document is no news.
    if (!confirmed.has('gtin')) {
      const [skuRow] = await db.select({ gtin: skus.gtin }).from(skus).where(eq(skus.id, skuId));
      if (skuRow?.gtin) confirmed.set('gtin', skuRow.gtin);
    }
    const proposed = suggestionsOf(row, facts, args.jobRunId, confirmed);
    const added = proposed.length
      ? await addSuggestions(db, { workspaceId: row.workspaceId, actor, skuId, suggestions: proposed })
      : { inserted: [] };
    suggestions[skuId] = added.inserted.length;
    // The document's references and dates feed the SKU's blockers, whether or not a suggestion was new.
    if (documentChanged || skuId === autoLinked)
      await afterDossierChange(db, {
        workspaceId: row.workspaceId,
        actor,
        skuId,
        reason: resetReason.documentExtracted(row.filename),
      });
    else await recomputeSku(db, { workspaceId: row.workspaceId, skuId });
  }
  return {
    extraction_id: stored.id,
    status,
    facts: facts.length,
    suggestions,
    reclassified: Boolean(next),
    ...(autoLinked ? { auto_linked_sku_id: autoLinked } : {}),
  };
}
