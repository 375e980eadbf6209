import { getLanguageModel } from '@/lib/ai/provider';
import { classifyFile } from '@/lib/classify/classify-file';
import { refineWithAi } from '@/lib/classify/ai-refine';
import { classifyRules } from '@/lib/classify/rules';
import { ClassificationResultSchema, type ClassificationResult, type ClassifyJsonRequest, type Locale } from '@/lib/classify/schemas';
import { classifyContainer, ContainerClassificationSchema } from '@/lib/containers';

/**
 * POST /api/classify and /api/classify/containers, domain part: rules always, refined by the AI
 * provider when one is configured (its failure falls back to the rules, marked degraded). The answer
 * is checked against the contract's strict schema, so an extra key can never reach a client.
 */

/** The JSON form: file name, MIME type and a snippet the client already extracted. */
export async function classifyDescription(input: ClassifyJsonRequest, locale?: Locale): Promise<ClassificationResult> {
  const rules = classifyRules({ filename: input.filename, mimeType: input.mime_type ?? null, snippet: input.content_snippet ?? null, snippetSource: input.snippet_source, locale });
  const model = getLanguageModel();
  const result = model ? await refineWithAi({ rules, filename: input.filename, mimeType: input.mime_type ?? null, snippet: input.content_snippet ?? null, locale, model }) : rules;
  return ClassificationResultSchema.parse(result);
}

/** The multipart form: the file itself (text extraction, OCR for images and scans). */
export async function classifyUpload(args: { bytes: Uint8Array; filename: string; mimeType?: string; locale?: Locale }): Promise<ClassificationResult> {
  const { classification } = await classifyFile({ bytes: args.bytes, filename: args.filename, mimeType: args.mimeType, locale: args.locale, ai: 'auto', ocr: true });
  return ClassificationResultSchema.parse(classification);
}

export async function classifyContainerUpload(args: { bytes: Uint8Array; filename: string; locale?: Locale }) {
  return ContainerClassificationSchema.parse(await classifyContainer({ bytes: args.bytes, filename: args.filename, locale: args.locale }));
}
