import type { CurrencyFinding } from './types';

/** The parts of the requirement engine's document input and blocker this reads and makes (its shapes). */
interface EvidenceDocument {
  id: string;
  name: string;
  type: string;
  evidence_status?: string;
  currency?: readonly CurrencyFinding[];
}
interface CurrencyBlocker {
  code: string;
  key: string;
  severity: 'blocker' | 'warning';
  message: string;
  required_fields: string[];
  required_document_types: string[];
  fix: { kind: 'document'; target: string };
  rule_id: string;
  legal_basis: string;
  doc_url: string;
  waivable: boolean;
  details: Record<string, unknown>;
}

/**
 * The currency findings of a SKU's evidence documents as entries of its requirement evaluation: a
 * warning (or, where the act makes it one, a blocker) per finding of an accepted document. Notices (a
 * cessation still ahead, an unverified number) stay on the document and the watch page. The findings are
 * computed where the document's facts are loaded (lib/skus/requirement-input.ts), so the engine stays
 * pure and needs no data files.
 */
export function currencyBlockers<D extends EvidenceDocument>(
  documents: readonly D[],
): (CurrencyBlocker & { required_document_types: D['type'][] })[] {
  const out: (CurrencyBlocker & { required_document_types: D['type'][] })[] = [];
  for (const doc of documents) {
    if (doc.evidence_status !== undefined && doc.evidence_status !== 'accepted') continue;
    for (const f of doc.currency ?? []) {
      if (f.severity === 'notice') continue;
      out.push({
        code: f.code,
        key: `${f.key}:${doc.id}`,
        severity: f.severity as 'blocker' | 'warning',
        message: `"${doc.name}": ${f.message}`,
        required_fields: [],
        required_document_types: [doc.type],
        fix: { kind: 'document', target: doc.id },
        rule_id: 'builtin.evidence_currency',
        legal_basis: f.legal_basis,
        doc_url: '/docs/currency',
        waivable: true,
        details: { document_id: doc.id, ...f.details },
      });
    }
  }
  return out;
}
