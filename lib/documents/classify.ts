import crypto from 'node:crypto';
import { getLanguageModel } from '@/lib/ai/provider';
import { refineWithAi } from '@/lib/classify/ai-refine';
import { extractionOfReading, readingOf } from '@/lib/classify/cache';
import { findReading, saveReading } from './readings';
import { classifyRules, TEXT_WINDOW } from '@/lib/classify/rules';
import type { Db } from '@/lib/db/client';
import { extractText, type ExtractionResult } from '@/lib/extract';
import { TEXT_CACHE_CHARS } from './limits';
import {
  ClassificationResultSchema,
  type ClassificationResult,
  type ClassifyJsonRequest,
  type Locale,
} from '@/lib/classify/schemas';
import { classifyContainer, ContainerClassificationSchema } from '@/lib/containers';

/**
 * POST /api/classify and /api/classify/containers, domain part: rules always, refined by the AI
 * provider when one is configured (its failure falls back to the rules, marked degraded). The answer
 * is checked against the contract's strict schema, so an extra key can never reach a client.
 */

/** The JSON form: file name, MIME type and a snippet the client already extracted. */
export async function classifyDescription(input: ClassifyJsonRequest, locale?: Locale): Promise<ClassificationResult> {
  const rules = classifyRules({
    filename: input.filename,
    mimeType: input.mime_type ?? null,
    snippet: input.content_snippet ?? null,
    snippetSource: input.snippet_source,
    locale,
  });
  const model = getLanguageModel();
  const result = model
    ? await refineWithAi({
        rules,
        filename: input.filename,
        mimeType: input.mime_type ?? null,
        snippet: input.content_snippet ?? null,
        locale,
        model,
      })
    : rules;
  return ClassificationResultSchema.parse(result);
}

/** The multipart form: the file itself (text extraction, OCR for images and scans), read once per content. */
export async function classifyUpload(
  db: Db,
  args: { workspaceId: string; bytes: Uint8Array; filename: string; mimeType?: string; locale?: Locale },
): Promise<ClassificationResult> {
  const sha256 = crypto.createHash('sha256').update(args.bytes).digest('hex');
  const { extraction, classification: rules } = await readFileCached(db, { ...args, sha256, ocr: true });
  const model = getLanguageModel();
  const result = model
    ? await refineWithAi({
        rules,
        filename: args.filename,
        mimeType: extraction.mimeType,
        snippet: extraction.status === 'ok' ? extraction.text : null,
        locale: args.locale,
        model,
      })
    : rules;
  return ClassificationResultSchema.parse(result);
}

export async function classifyContainerUpload(args: { bytes: Uint8Array; filename: string; locale?: Locale }) {
  return ContainerClassificationSchema.parse(
    await classifyContainer({ bytes: args.bytes, filename: args.filename, locale: args.locale }),
  );
}

export interface ReadArgs {
  workspaceId: string;
  sha256: string;
  bytes: Uint8Array;
  filename: string;
  mimeType?: string;
  locale?: Locale;
  /** Run OCR on images and scans (the background extraction and POST /api/classify do; an upload does not). */
  ocr: boolean;
  timeoutMs?: number;
  /** OCR time of the whole file (default: lib/extract's 30 s, the interactive bound). */
  ocrTimeoutMs?: number;
  /** Pages of a PDF to read (default: lib/extract's 10). */
  maxPages?: number;
}

export interface ReadOutcome {
  extraction: ExtractionResult;
  classification: ClassificationResult;
  /** True when the text came from an earlier reading of the same bytes (no parse, no OCR). */
  reused: boolean;
}

/**
 * Reads a file once per content: the text of an earlier reading of the same bytes in the same workspace
 * (same classifier version) is reused, else the file is read (with OCR when asked) and the reading kept.
 * The rules then classify the text in the caller's locale (milliseconds).
 */
export async function readFileCached(db: Db, args: ReadArgs): Promise<ReadOutcome> {
  const cached = await findReading(db, { workspaceId: args.workspaceId, sha256: args.sha256 });
  const classify = (extraction: ExtractionResult) =>
    classifyRules({
      filename: args.filename,
      mimeType: extraction.mimeType,
      snippet: extraction.status === 'ok' ? extraction.text.slice(0, TEXT_WINDOW) : null,
      snippetSource: extraction.snippetSource,
      locale: args.locale,
      extractionIssue: extraction.issue ?? null,
      pages: extraction.pages,
    });
  if (cached) {
    const extraction = extractionOfReading(cached);
    return { extraction, classification: classify(extraction), reused: true };
  }
  const started = performance.now();
  const extraction = await extractText({
    bytes: args.bytes,
    filename: args.filename,
    mimeType: args.mimeType,
    ocr: args.ocr,
    ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
    ...(args.ocrTimeoutMs ? { ocrTimeoutMs: args.ocrTimeoutMs } : {}),
    ...(args.maxPages ? { maxPages: args.maxPages } : {}),
  });
  const classification = classify(extraction);
  const reading = readingOf(
    extraction,
    args.locale && args.locale !== 'en'
      ? classifyRules({
          filename: args.filename,
          mimeType: extraction.mimeType,
          snippet: extraction.text.slice(0, TEXT_WINDOW),
          snippetSource: extraction.snippetSource,
        })
      : classification,
    performance.now() - started,
    TEXT_CACHE_CHARS,
  );
  // Only complete readings are kept: without OCR a scan's text is not the file's text.
  if (reading && args.ocr) await saveReading(db, { workspaceId: args.workspaceId, sha256: args.sha256, reading });
  return { extraction, classification, reused: false };
}
