/**
 * Words the vault shows for the API's codes: document types, diagnostics and what to do about them,
 * container skip reasons, per-file upload errors, snippet sources and signals. Every diagnostic is
 * explained in plain words, because "scanned_or_empty_text" means nothing to a compliance manager.
 */
import type { Diagnostic, DocumentType } from './types';

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  declaration_of_conformity: 'Declaration of conformity',
  test_report: 'Test report',
  risk_assessment: 'Risk assessment',
  cpsr: 'Cosmetic product safety report',
  safety_data_sheet: 'Safety data sheet',
  manual: 'Manual',
  certificate: 'Certificate',
  other: 'Other',
};

export function documentTypeLabel(t: string | null | undefined): string {
  if (!t) return 'Unclassified';
  return DOCUMENT_TYPE_LABELS[t as DocumentType] ?? t.replace(/_/g, ' ');
}

/** The short badge next to a type whose classification took a fallback path. */
export function diagnosticBadge(d: Pick<Diagnostic, 'code' | 'source'>): string {
  switch (d.code) {
    case 'scanned_or_empty_text':
      return d.source === 'ocr_text' || d.source === 'vision_ocr' ? 'scanned — OCR text' : 'scanned — no text';
    case 'text_extraction_failed_filename_only':
      return 'filename only';
    case 'ai_unavailable_fallback':
      return 'AI unavailable — rules';
    case 'unsupported_file_type':
      return 'unsupported type';
    case 'low_confidence_other':
      return 'low confidence';
    default:
      return String(d.code).replace(/_/g, ' ');
  }
}

/** What happened, in a sentence, for the detail panel and tooltips. */
export function diagnosticExplanation(d: Pick<Diagnostic, 'code' | 'source'>): string {
  switch (d.code) {
    case 'scanned_or_empty_text':
      return d.source === 'ocr_text' || d.source === 'vision_ocr'
        ? 'The file has no text layer (it is a scan or a photo), so its text was read by OCR. OCR can misread characters, so check the facts against the preview.'
        : 'The file has no text layer (it is a scan or a photo), so it could only be classified from its name. Extraction reads its text by OCR, which can correct the type; if it stays wrong, choose the type yourself.';
    case 'text_extraction_failed_filename_only':
      return 'No text could be read from the file (it may be damaged, password-protected or in a format without text), so the type was guessed from the filename alone.';
    case 'ai_unavailable_fallback':
      return 'The AI classifier did not answer in time, so the rules engine decided on its own. Its result is usually good, but worth a glance.';
    case 'unsupported_file_type':
      return 'This kind of file cannot be read, so nothing beyond its name is known.';
    case 'low_confidence_other':
      return 'The text did not clearly match any document type, so it was filed as "Other".';
    default:
      return 'The classification took a fallback path.';
  }
}

export const NEXT_ACTION_LABELS: Record<string, string> = {
  choose_document_type: 'Choose the document type yourself.',
  reselect_file: 'Check that this is the right file, and upload it again if not.',
  convert_or_ocr_upload_again:
    'If you have a text PDF (or can run OCR on the scan), upload that version so its facts can be read.',
  confirm_or_choose_type: 'Confirm the suggested type, or choose the right one.',
};

export function nextActionLabel(a: string | null | undefined): string | null {
  if (!a) return null;
  return NEXT_ACTION_LABELS[a] ?? a.replace(/_/g, ' ');
}

export const SKIP_REASON_LABELS: Record<string, string> = {
  encrypted_archive: 'Password-protected: unpack it yourself and upload the files',
  unsupported_format: 'Format not supported (for example 7z, RAR or TAR)',
  recursion_limit_exceeded: 'Nested more than 3 levels deep',
  opaque_p7m_envelope: 'Encrypted .p7m envelope: it cannot be opened without the recipient’s key',
  non_parseable_msg: 'Outlook .msg file: save it as .eml, or save its attachments and upload them',
  parse_failed: 'Damaged or unreadable',
  empty_container: 'Empty: nothing inside to store',
};

/** The short badge of a skip reason; the server's own sentence follows it. */
export const SKIP_REASON_SHORT: Record<string, string> = {
  encrypted_archive: 'password-protected',
  unsupported_format: 'unsupported format',
  recursion_limit_exceeded: 'nested too deep',
  opaque_p7m_envelope: 'encrypted envelope',
  non_parseable_msg: 'Outlook .msg',
  parse_failed: 'damaged',
  empty_container: 'empty',
};

/** Per-file error codes of POST /api/documents/bulk (plus skip reasons, which bundles report as errors). */
export const UPLOAD_ERROR_LABELS: Record<string, string> = {
  EMPTY_FILE: 'The file is empty.',
  FILE_TOO_LARGE: 'The file is larger than 20 MB.',
  UNSUPPORTED_FILE_TYPE: 'This file type is not accepted.',
  STORAGE_FAILED: 'The file could not be stored. Try again.',
  STORAGE_LIMIT_EXCEEDED: 'Your plan’s storage is full.',
  ...Object.fromEntries(Object.entries(SKIP_REASON_LABELS).map(([k, v]) => [k, `${v}.`])),
};

export function uploadErrorLabel(code: string | undefined, message: string | undefined): string {
  if (message) return message;
  if (code && UPLOAD_ERROR_LABELS[code]) return UPLOAD_ERROR_LABELS[code];
  return code ? code.replace(/_/g, ' ').toLowerCase() : 'The file could not be uploaded.';
}

export const SNIPPET_SOURCE_LABELS: Record<string, string> = {
  pdf_first_page: 'PDF text (first pages)',
  csv_rows: 'table rows',
  filename_only: 'the filename only',
  html_text: 'web page text',
  docx_text: 'Word document text',
  plain_text: 'plain text',
  email_text: 'e-mail text',
  xml_text: 'XML text',
  ocr_text: 'OCR of the scanned image',
  vision_ocr: 'OCR of the image (vision model)',
  office_text: 'Office document text',
  raw_text: 'raw text',
};

export function snippetSourceLabel(s: string | null | undefined): string {
  if (!s) return 'unknown';
  return SNIPPET_SOURCE_LABELS[s] ?? s.replace(/_/g, ' ');
}

export const SIGNAL_LABELS: Record<string, string> = {
  filename: 'Filename',
  mime_type: 'File type',
  content_snippet: 'Content',
};

export const SOURCE_LABELS: Record<string, string> = {
  rule: 'rules',
  llm: 'AI',
  manual: 'manual',
};

export const STATUS_FILTER_LABELS: Record<string, string> = {
  expired: 'Expired',
  needs_review: 'Needs review',
  low_confidence: 'Low confidence',
  unreadable: 'Unreadable',
};

export const STATUS_FILTER_HINTS: Record<string, string> = {
  expired: 'Validity date in the past: these count as missing evidence.',
  needs_review: 'Classified on a fallback path (scan, filename only, AI unavailable): check the type.',
  low_confidence: 'The classifier was not sure of the type (under 60 %).',
  unreadable: 'No text could be read from these files.',
};

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

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'upload.classified': 'Classified',
  'upload.routed': 'Routed',
  'upload.needs_review': 'Needs review',
};

export const DESTINATION_LABELS: Record<string, string> = {
  documentVault: 'Document vault',
  importWizard: 'Import wizard',
  reviewQueue: 'Review queue',
};
