import type { ExtractionResult, ExtractOptions } from './types';
import { extractInWorker } from './pool';

export type {
  ExtractionResult,
  ExtractOptions,
  FileFormat,
  SnippetSource,
  PageText,
  ExtractionIssue,
  ExtractionIssueCode,
} from './types';
export { SNIPPET_SOURCES, EXTRACT_LIMITS } from './types';
export { sniffFormat, MIME_BY_FORMAT } from './sniff';
export { shutdownExtractWorkers, extractPoolStats, POOL_LIMITS } from './pool';

/**
 * Text of any uploaded file, decided by its content. A pure function of the bytes (and options), so its
 * result can be cached per document hash. It never throws for a bad file: failures come back as
 * status 'failed' / 'no_text' with an issue code and a message. The parsing runs in a worker of the
 * extraction pool (pool.ts) under a memory and time budget, never in the caller's thread.
 */
export function extractText(options: ExtractOptions): Promise<ExtractionResult> {
  return extractInWorker(options);
}
