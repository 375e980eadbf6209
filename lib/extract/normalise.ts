import type { ExtractionIssue, ExtractionResult, FileFormat, SnippetSource } from './types';
import { MIME_BY_FORMAT } from './sniff';

/** Whitespace-normalised text: \n line breaks, no control characters, no runs of blank lines. */
export function normaliseText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0085\u00ad\u200b\ufeff]/g, (c) =>
      c === '\u000c' || c === '\u0085' ? '\n' : '',
    )
    .replace(/[ \t\u00a0\u2000-\u200a\u202f\u3000]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cuts text at maxChars (on a whitespace boundary when one is near). */
export function bound(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  let cut = text.slice(0, maxChars);
  const lastSpace = cut.search(/\s\S*$/);
  if (lastSpace > maxChars * 0.9) cut = cut.slice(0, lastSpace);
  return { text: cut, truncated: true };
}

/** Counts letters and digits: what a reader would see as text. */
export function visibleChars(s: string): number {
  return (s.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

export function failure(
  format: FileFormat,
  issue: ExtractionIssue,
  extra: Partial<ExtractionResult> = {},
): ExtractionResult {
  return {
    status: 'failed',
    text: '',
    snippetSource: 'filename_only',
    mimeType: MIME_BY_FORMAT[format],
    format,
    truncated: false,
    issue,
    warnings: [],
    ...extra,
  };
}

export function noText(
  format: FileFormat,
  issue: ExtractionIssue,
  extra: Partial<ExtractionResult> = {},
): ExtractionResult {
  return { ...failure(format, issue, extra), status: 'no_text' };
}

/** Builds an ok result, or a no_text one when the extracted text holds nothing readable. */
export function textResult(
  format: FileFormat,
  source: SnippetSource,
  rawText: string,
  maxChars: number,
  extra: Partial<ExtractionResult> = {},
): ExtractionResult {
  const normalised = normaliseText(rawText);
  if (visibleChars(normalised) === 0) {
    return noText(format, { code: 'scanned_or_empty_text', message: 'The file was read but contains no text.' }, extra);
  }
  const { text, truncated } = bound(normalised, maxChars);
  return {
    status: 'ok',
    text,
    snippetSource: source,
    mimeType: MIME_BY_FORMAT[format],
    format,
    truncated: truncated || (extra.truncated ?? false),
    warnings: [],
    ...extra,
    ...(extra.truncated || truncated ? { truncated: true } : {}),
  };
}

export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);
