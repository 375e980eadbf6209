import type { LanguageModel } from 'ai';
import { extractText, type ExtractionResult } from '@/lib/extract';
import { getLanguageModel } from '@/lib/ai/provider';
import { classifyRules, TEXT_WINDOW } from './rules';
import { refineWithAi } from './ai-refine';
import type { ClassificationResult, Locale } from './schemas';

/**
 * POST /api/classify (multipart), domain part: extract the file's text, classify it with the rules and,
 * when an AI provider is configured, refine the result with the model. The extraction is returned too so
 * the caller can cache the snippet per document.
 */

export interface ClassifyFileInput {
  bytes: Uint8Array;
  filename: string;
  mimeType?: string;
  locale?: Locale;
  /** 'auto' (default): use the configured provider if any; 'off': rules only; or a model to use. */
  ai?: 'auto' | 'off' | LanguageModel;
  aiTimeoutMs?: number;
  /** OCR images and scanned PDFs (default true). */
  ocr?: boolean;
}

export interface ClassifyFileOutput {
  classification: ClassificationResult;
  extraction: ExtractionResult;
}

export async function classifyFile(input: ClassifyFileInput): Promise<ClassifyFileOutput> {
  const extraction = await extractText({
    bytes: input.bytes,
    filename: input.filename,
    mimeType: input.mimeType,
    ocr: input.ocr,
  });
  const rules = classifyRules({
    filename: input.filename,
    mimeType: extraction.mimeType,
    snippet: extraction.status === 'ok' ? extraction.text.slice(0, TEXT_WINDOW) : null,
    snippetSource: extraction.snippetSource,
    locale: input.locale,
    extractionIssue: extraction.issue ?? null,
    pages: extraction.pages,
  });
  const model =
    input.ai === 'off' ? null : input.ai === 'auto' || input.ai === undefined ? getLanguageModel() : input.ai;
  if (!model) return { classification: rules, extraction };
  const classification = await refineWithAi({
    rules,
    filename: input.filename,
    mimeType: extraction.mimeType,
    snippet: extraction.status === 'ok' ? extraction.text : null,
    locale: input.locale,
    model,
    timeoutMs: input.aiTimeoutMs,
  });
  return { classification, extraction };
}
