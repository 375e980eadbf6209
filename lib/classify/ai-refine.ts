import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { DOCUMENT_TYPES, FILE_INTENTS, MAX_CONTENT_SNIPPET, type ClassificationResult, type Locale } from './schemas';
import { diagnosticText } from './reasoning';

/**
 * Refines a rules result with a language model (AI SDK structured output). The model sees the file name,
 * the MIME type, the text snippet and the rules' verdict, and answers with a type, intent, confidence,
 * language and a short reasoning. Any failure (no answer within the timeout, a provider error, an
 * answer that does not fit the schema) returns the rules result marked degraded with the
 * ai_unavailable_fallback diagnostic, so the caller always gets a contract-valid result.
 */

// Sent to the model as JSON schema. No min/max/length keywords: OpenAI strict structured output rejects
// some of them; the values are clamped after parsing instead.
export const AiClassificationSchema = z.object({
  file_intent: z.enum(FILE_INTENTS),
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  confidence: z.number().describe('0 to 1'),
  detected_language: z.string().nullable().describe('ISO 639-1 code of the document text'),
  reasoning: z.string().describe('at most two sentences'),
});
export type AiClassification = z.infer<typeof AiClassificationSchema>;

export interface AiRefineInput {
  rules: ClassificationResult;
  filename: string;
  mimeType?: string | null;
  snippet?: string | null;
  locale?: Locale;
  model: LanguageModel;
  timeoutMs?: number;
}

const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
};

function prompt(input: AiRefineInput): string {
  const snippet = (input.snippet ?? '').slice(0, MAX_CONTENT_SNIPPET * 2);
  return [
    'Classify a file uploaded to an EU product-compliance workspace (GPSR).',
    `Document types: ${DOCUMENT_TYPES.join(', ')}. file_intent: product_csv for product data tables, compliance_document for the document types other than "other", other for anything else, unknown when nothing can be told.`,
    'A declaration of conformity is issued by the manufacturer under its sole responsibility; a certificate is issued by a third party (notified body, certification body, laboratory); a test report gives test results.',
    `Write "reasoning" in ${LOCALE_NAMES[input.locale ?? 'en']}, at most two sentences, citing the evidence.`,
    `File name: ${input.filename}`,
    input.mimeType ? `MIME type: ${input.mimeType}` : '',
    `Rule-based result: ${input.rules.document_type ?? 'none'} (${input.rules.file_intent}, confidence ${input.rules.confidence}).`,
    snippet
      ? `Text (${input.rules.snippetSource}):\n"""\n${snippet}\n"""`
      : 'No text could be extracted; judge from the file name.',
  ]
    .filter(Boolean)
    .join('\n');
}

function fallback(rules: ClassificationResult, locale: Locale, why: string): ClassificationResult {
  return {
    ...rules,
    degraded: true,
    diagnostic: {
      code: 'ai_unavailable_fallback',
      message: `${diagnosticText(locale, 'ai_unavailable_fallback')} (${why})`,
      next_action: 'confirm_or_choose_type',
      source: rules.snippetSource,
      signals_used: rules.signals_used,
      confidence: rules.confidence,
    },
  };
}

const round2 = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;

export async function refineWithAi(input: AiRefineInput): Promise<ClassificationResult> {
  const locale = input.locale ?? 'en';
  const timeoutMs = input.timeoutMs ?? 15_000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`timeout after ${timeoutMs} ms`)), timeoutMs);
  try {
    const result = await generateText({
      model: input.model,
      output: Output.object({ schema: AiClassificationSchema }),
      prompt: prompt(input),
      abortSignal: controller.signal,
      maxRetries: 1,
      temperature: 0,
    });
    const ai = AiClassificationSchema.parse(result.output);
    // Keep intent and type consistent with the contract's meaning.
    const documentType =
      ai.file_intent === 'product_csv' || ai.file_intent === 'unknown' ? null : (ai.document_type ?? 'other');
    const intent =
      documentType && documentType !== 'other'
        ? 'compliance_document'
        : ai.file_intent === 'compliance_document'
          ? 'other'
          : ai.file_intent;
    const confidence = round2(ai.confidence);
    const refined: ClassificationResult = {
      file_intent: intent,
      document_type: documentType,
      document_type_confidence: documentType ? confidence : 0,
      confidence,
      detected_language:
        ai.detected_language && /^[a-z]{2,3}$/i.test(ai.detected_language)
          ? ai.detected_language.toLowerCase()
          : input.rules.detected_language,
      reasoning: ai.reasoning.trim().slice(0, 600) || input.rules.reasoning,
      signals_used: input.rules.signals_used,
      ...(input.rules.content_snippet ? { content_snippet: input.rules.content_snippet } : {}),
      snippetSource: input.rules.snippetSource,
      degraded: false,
    };
    // Without text the model only saw the file name: keep the rules' extraction diagnostic.
    if (input.rules.snippetSource === 'filename_only' && input.rules.diagnostic) {
      refined.degraded = true;
      refined.diagnostic = { ...input.rules.diagnostic, confidence };
    } else if (confidence < 0.5 || documentType === 'other') {
      refined.degraded = true;
      refined.diagnostic = {
        code: 'low_confidence_other',
        message: diagnosticText(locale, 'low_confidence_other'),
        next_action: documentType === 'other' ? 'choose_document_type' : 'confirm_or_choose_type',
        source: refined.snippetSource,
        signals_used: refined.signals_used,
        confidence,
      };
    }
    return refined;
  } catch (err) {
    const why = controller.signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : (err instanceof Error ? err.message : String(err)).slice(0, 160);
    return fallback(input.rules, locale, why);
  } finally {
    clearTimeout(timer);
  }
}
