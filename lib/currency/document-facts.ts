import { currentCurrencyData } from './data';
import { evaluateDocumentCurrency, type DocumentFactsInput } from './rules';
import type { CurrencyData, DocumentCurrency } from './types';

/**
 * What the currency rules read of a stored document: its type, its validity date, and the facts of its
 * latest extraction (harmonised_standards, applicable_legislation, notified_body; lib/extract/facts).
 */

type Fact = Record<string, unknown>;

export interface StoredDocument {
  id: string;
  documentType: string;
  validUntil: string | null;
}

const listOf = (facts: readonly Fact[], key: string) =>
  facts
    .filter((f) => f.field_key === key)
    .flatMap((f) => String(f.value ?? '').split(/;\s*/))
    .map((s) => s.trim())
    .filter(Boolean);

export function currencyInputOf(doc: StoredDocument, facts: readonly Fact[]): DocumentFactsInput {
  const nb = facts.find((f) => f.field_key === 'notified_body');
  return {
    id: doc.id,
    document_type: doc.documentType,
    standards: [...new Set(listOf(facts, 'harmonised_standards'))],
    legislation: [...new Set(listOf(facts, 'applicable_legislation'))],
    notified_body: nb ? String(nb.value ?? '') || null : null,
    valid_until: doc.validUntil ? doc.validUntil.slice(0, 10) : null,
  };
}

/** The facts of each document's latest extraction. */
export function latestFactsByDocument(
  rows: readonly { documentId: string; facts: Fact[] | null; createdAt: Date }[],
): Map<string, Fact[]> {
  const latest = new Map<string, { at: number; facts: Fact[] }>();
  for (const r of rows) {
    const at = r.createdAt.getTime();
    const seen = latest.get(r.documentId);
    if (!seen || at >= seen.at) latest.set(r.documentId, { at, facts: r.facts ?? [] });
  }
  return new Map([...latest].map(([id, v]) => [id, v.facts]));
}

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function currencyOfStoredDocument(
  doc: StoredDocument,
  facts: readonly Fact[],
  now: Date = new Date(),
  data: CurrencyData = currentCurrencyData(),
): DocumentCurrency {
  return evaluateDocumentCurrency(currencyInputOf(doc, facts), data, isoDay(now));
}
