import { z } from 'zod';
import { SNIPPET_SOURCES } from '@/lib/extract/types';

/**
 * Contract shapes of classification (interface-spec "ClassificationResult", "Container classification
 * parts", POST /api/classify request). All objects are strict: the contract says "no additional
 * properties", and a response with an extra key is a contract violation, not a bonus.
 */

export const DOCUMENT_TYPES = [
  'declaration_of_conformity',
  'test_report',
  'risk_assessment',
  'cpsr',
  'safety_data_sheet',
  'manual',
  'certificate',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const FILE_INTENTS = ['product_csv', 'compliance_document', 'other', 'unknown'] as const;
export type FileIntent = (typeof FILE_INTENTS)[number];

export const SIGNALS = ['filename', 'mime_type', 'content_snippet'] as const;
export type Signal = (typeof SIGNALS)[number];

export const DIAGNOSTIC_CODES = [
  'ai_unavailable_fallback',
  'text_extraction_failed_filename_only',
  'scanned_or_empty_text',
  'unsupported_file_type',
  'low_confidence_other',
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export const NEXT_ACTIONS = [
  'choose_document_type',
  'reselect_file',
  'convert_or_ocr_upload_again',
  'confirm_or_choose_type',
] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export const LOCALES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type Locale = (typeof LOCALES)[number];

export const SnippetSourceSchema = z.enum(SNIPPET_SOURCES);
export const SignalSchema = z.enum(SIGNALS);
export const LocaleSchema = z.enum(LOCALES);
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);

export const DiagnosticSchema = z.strictObject({
  code: z.enum(DIAGNOSTIC_CODES),
  message: z.string(),
  next_action: z.enum(NEXT_ACTIONS),
  source: SnippetSourceSchema,
  signals_used: z.array(SignalSchema),
  confidence: z.number().min(0).max(1),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

export const ClassificationResultSchema = z.strictObject({
  file_intent: z.enum(FILE_INTENTS),
  document_type: DocumentTypeSchema.nullable(),
  document_type_confidence: z.number().min(0).max(1),
  confidence: z.number().min(0).max(1),
  detected_language: z.string().nullable(),
  reasoning: z.string(),
  signals_used: z.array(SignalSchema),
  content_snippet: z.string().optional(),
  snippetSource: SnippetSourceSchema,
  degraded: z.boolean().optional(),
  diagnostic: DiagnosticSchema.optional(),
});
export type ClassificationResult = z.infer<typeof ClassificationResultSchema>;

/** Longest content_snippet the JSON form of POST /api/classify accepts (contract). */
export const MAX_CONTENT_SNIPPET = 1500;

/** JSON body of POST /api/classify: no other keys. */
export const ClassifyJsonRequestSchema = z.strictObject({
  filename: z.string().min(1),
  mime_type: z.string().optional(),
  content_snippet: z.string().max(MAX_CONTENT_SNIPPET).optional(),
  snippet_source: SnippetSourceSchema.optional(),
});
export type ClassifyJsonRequest = z.infer<typeof ClassifyJsonRequestSchema>;
