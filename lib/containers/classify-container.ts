import { extractText } from '@/lib/extract';
import type { ExtractionIssue, ExtractionIssueCode } from '@/lib/extract/types';
import { classifyRules } from '@/lib/classify/rules';
import type { ClassificationResult, Locale } from '@/lib/classify/schemas';
import { DEFAULT_CONTAINER_LIMITS, type ContainerLimits } from './limits';
import { walkContainer, type SkipReason, type WalkFile, type WalkSkip } from './walk';
import { sanitiseEntryName } from '@/lib/extract/zip-entry-names';

/**
 * POST /api/classify/containers, domain part: every file in an uploaded .zip / .eml / RFC 2822 .msg
 * (and in containers nested in it, down to the recursion limit) is extracted and classified; whatever
 * cannot be opened is listed in `skipped` with the contract's reason, a message and a filename-only
 * classification as diagnostic. The response holds exactly the contract's keys.
 */

export interface ContainerPart {
  filename: string;
  path_in_container: string;
  source_container: string;
  recursion_depth: number;
  mime_type: string;
  classification: ClassificationResult;
}

export interface ContainerSkipped {
  filename: string;
  path_in_container: string;
  source_container: string;
  recursion_depth: number;
  reason: SkipReason;
  message: string;
  diagnostic: ClassificationResult;
}

export interface ContainerClassification {
  source_container: string;
  recursion_limit: number;
  parts: ContainerPart[];
  skipped: ContainerSkipped[];
}

export interface ClassifyContainerInput {
  bytes: Uint8Array;
  filename: string;
  locale?: Locale;
  /** OCR of images and scanned PDFs inside the container (default false: it costs seconds per file). */
  ocr?: boolean;
  limits?: Partial<ContainerLimits>;
}

/** The extraction issue a skip reason stands for, to pick the diagnostic of the filename-only result. */
const ISSUE_FOR_REASON: Record<SkipReason, ExtractionIssueCode> = {
  encrypted_archive: 'encrypted',
  unsupported_format: 'unsupported_format',
  recursion_limit_exceeded: 'parse_failed',
  opaque_p7m_envelope: 'opaque_p7m_envelope',
  non_parseable_msg: 'unsupported_format',
  parse_failed: 'parse_failed',
  empty_container: 'empty_file',
};

/** A skip reason for an extraction failure of a file inside a container. */
const REASON_FOR_ISSUE: Partial<Record<ExtractionIssueCode, SkipReason>> = {
  encrypted: 'encrypted_archive',
  unsupported_format: 'unsupported_format',
  opaque_p7m_envelope: 'opaque_p7m_envelope',
  parse_failed: 'parse_failed',
  too_large: 'parse_failed',
  timeout: 'parse_failed',
};

function skippedItem(
  s: Omit<WalkSkip, 'reason'> & { reason: SkipReason; message: string },
  locale: Locale,
): ContainerSkipped {
  const issue: ExtractionIssue = { code: ISSUE_FOR_REASON[s.reason], message: s.message };
  return {
    filename: s.filename,
    path_in_container: s.path,
    source_container: s.sourceContainer,
    recursion_depth: s.depth,
    reason: s.reason,
    message: s.message,
    diagnostic: classifyRules({ filename: s.filename, locale, extractionIssue: issue }),
  };
}

export async function classifyContainer(input: ClassifyContainerInput): Promise<ContainerClassification> {
  const limits = { ...DEFAULT_CONTAINER_LIMITS, ...input.limits };
  const locale = input.locale ?? 'en';
  const parts: ContainerPart[] = [];
  const skipped: ContainerSkipped[] = [];

  const onFile = async (f: WalkFile) => {
    const extraction = await extractText({
      bytes: f.bytes,
      filename: f.filename,
      mimeType: f.mimeType,
      ocr: input.ocr ?? false,
      maxChars: 20_000,
      maxPages: 5,
    });
    if (extraction.status === 'failed') {
      const reason = REASON_FOR_ISSUE[extraction.issue!.code] ?? 'parse_failed';
      skipped.push(skippedItem({ ...f, reason, message: extraction.issue!.message }, locale));
      return;
    }
    const classification = classifyRules({
      filename: f.filename,
      mimeType: extraction.mimeType,
      snippet: extraction.text,
      snippetSource: f.isMessageBody ? 'email_text' : extraction.snippetSource,
      locale,
      extractionIssue: extraction.issue ?? null,
    });
    parts.push({
      filename: f.filename,
      path_in_container: f.path,
      source_container: f.sourceContainer,
      recursion_depth: f.depth,
      mime_type: f.isMessageBody ? 'text/plain' : extraction.mimeType,
      classification,
    });
  };

  await walkContainer(
    input.bytes,
    input.filename,
    { file: onFile, skip: (s) => skipped.push(skippedItem(s, locale)), wantsMessageBodies: true },
    limits,
  );

  return {
    source_container: sanitiseEntryName(input.filename, 'upload').basename,
    recursion_limit: limits.maxDepth,
    parts,
    skipped,
  };
}
