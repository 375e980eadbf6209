/**
 * The vault's words for the API's codes: document types, diagnostics and what to do about them,
 * container skip reasons, per-file upload errors, snippet sources and signals. Every diagnostic is
 * explained in plain words, because "scanned_or_empty_text" means nothing to a compliance manager.
 */
import type { T, UiLocale } from '@/lib/i18n/ui';
import { docTypeLabel } from '@/lib/i18n/ui/doc-types';
import { documentMessages } from '@/lib/i18n/ui/documents';
import type { Diagnostic } from './types';

export type DocT = T<(typeof documentMessages)['en']>;

/** A type's name in the UI language, "Unclassified" without one. */
export function documentTypeLabel(type: string | null | undefined, t: DocT, locale: UiLocale): string {
  return type ? docTypeLabel(type, locale) : t('type.unclassified');
}

/** The short badge next to a type whose classification took a fallback path. */
export function diagnosticBadge(d: Pick<Diagnostic, 'code' | 'source'>, t: DocT): string {
  switch (d.code) {
    case 'scanned_or_empty_text':
      return isOcr(d) ? t('diag.badge.scanned_ocr') : t('diag.badge.scanned');
    case 'text_extraction_failed_filename_only':
      return t('diag.badge.filename_only');
    case 'ai_unavailable_fallback':
      return t('diag.badge.ai_unavailable');
    case 'unsupported_file_type':
      return t('diag.badge.unsupported');
    case 'low_confidence_other':
      return t('diag.badge.low_confidence');
    default:
      return String(d.code).replace(/_/g, ' ');
  }
}

function isOcr(d: Pick<Diagnostic, 'source'>): boolean {
  return d.source === 'ocr_text' || d.source === 'vision_ocr';
}

/** What happened, in a sentence, for the detail panel and tooltips. */
export function diagnosticExplanation(d: Pick<Diagnostic, 'code' | 'source'>, t: DocT): string {
  switch (d.code) {
    case 'scanned_or_empty_text':
      return isOcr(d) ? t('diag.explain.scanned_ocr') : t('diag.explain.scanned');
    case 'text_extraction_failed_filename_only':
      return t('diag.explain.filename_only');
    case 'ai_unavailable_fallback':
      return t('diag.explain.ai_unavailable');
    case 'unsupported_file_type':
      return t('diag.explain.unsupported');
    case 'low_confidence_other':
      return t('diag.explain.low_confidence');
    default:
      return t('diag.explain.other');
  }
}

/** Looks `<prefix>.<code>` up in the dictionary; codes it does not know are shown in words. */
function coded(t: DocT, prefix: string, code: string): string | null {
  const key = `${prefix}.${code}`;
  return key in documentMessages.en ? t(key as keyof (typeof documentMessages)['en']) : null;
}

export function nextActionLabel(a: string | null | undefined, t: DocT): string | null {
  if (!a) return null;
  return coded(t, 'next', a) ?? a.replace(/_/g, ' ');
}

/** The sentence of a container skip reason. */
export function skipReasonLabel(reason: string, t: DocT): string {
  return coded(t, 'skip', reason) ?? reason.replace(/_/g, ' ');
}

/** The short badge of a skip reason; the server's own sentence follows it. */
export function skipReasonShort(reason: string, t: DocT): string {
  return coded(t, 'skip_short', reason) ?? reason.replace(/_/g, ' ');
}

/** Per-file error codes of POST /api/documents/bulk (plus skip reasons, which bundles report as errors). */
export function uploadErrorLabel(code: string | undefined, message: string | undefined, t: DocT): string {
  if (message) return message;
  if (code) {
    const known = coded(t, 'upload_error', code) ?? coded(t, 'skip', code);
    if (known) return known.endsWith('.') ? known : `${known}.`;
    return code.replace(/_/g, ' ').toLowerCase();
  }
  return t('upload_error.unknown');
}

export function snippetSourceLabel(s: string | null | undefined, t: DocT): string {
  if (!s) return t('snippet.unknown');
  return coded(t, 'snippet', s) ?? s.replace(/_/g, ' ');
}

export function signalLabel(s: string, t: DocT): string {
  return coded(t, 'signal', s) ?? s;
}

export function classificationSourceLabel(s: string | null | undefined, t: DocT): string {
  if (!s) return '—';
  return coded(t, 'source', s) ?? s;
}

/** Classification confidence under which a person should look at the type (review queue). */
export const REVIEW_CONFIDENCE = 0.6;

export function confidenceTone(c: number | null | undefined): 'success' | 'warning' | 'danger' | 'neutral' {
  if (typeof c !== 'number') return 'neutral';
  if (c >= 0.8) return 'success';
  if (c >= REVIEW_CONFIDENCE) return 'warning';
  return 'danger';
}

export function formatConfidence(c: number | null | undefined): string {
  return typeof c === 'number' && Number.isFinite(c) ? `${Math.round(c * 100)} %` : '—';
}

/** Labels of extracted fact keys the dossier catalogue may not know (fallback: the key in words). */
export function humanizeKey(key: string): string {
  const s = key.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
