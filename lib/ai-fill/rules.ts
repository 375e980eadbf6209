import { normalizeFieldValue } from '@/lib/model/catalogue';
import { extractFacts } from '@/lib/extract/facts';
import type { Evidence } from './evidence';
import type { CheckedSuggestion } from './suggest';

/**
 * The fill without a model: the rules extractor (lib/extract/facts) over each linked document's pages,
 * plus the facts its extraction already stored, for the requested fields only. Quotes are the source
 * lines the rules read, so every value stays cited.
 */
export function rulesSuggestions(evidence: Evidence, fields: readonly string[]): CheckedSuggestion[] {
  const wanted = new Set(fields);
  const out: CheckedSuggestion[] = [];
  const add = (s: CheckedSuggestion) => {
    const n = normalizeFieldValue(s.field_key, s.value);
    if (!n.ok) return;
    if (out.some((o) => o.field_key === s.field_key && o.value === n.value)) return;
    out.push({ ...s, value: n.value });
  };
  for (const doc of evidence.documents) {
    if (!doc.id) continue; // the web page: the rules read documents only
    const found = doc.pages.length
      ? extractFacts({
          pages: doc.pages.map((text, i) => ({ page: i + 1, text })),
          documentType: doc.documentType === 'other' ? null : doc.documentType,
        })
      : [];
    const stored = evidence.facts.filter((f) => f.document_id === doc.id);
    for (const f of [...found, ...stored]) {
      if (!wanted.has(f.field_key) || !f.quote) continue;
      add({
        field_key: f.field_key,
        value: f.value,
        confidence: Math.min(f.confidence, 0.9),
        reasoning: `Read by the rules extractor from ${doc.filename}${f.page ? `, page ${f.page}` : ''}.`.slice(0, 300),
        document_id: doc.id,
        document_name: doc.filename,
        source_url: null,
        page: f.page ?? 1,
        quote: f.quote.slice(0, 2000),
      });
    }
  }
  return out;
}
