/**
 * The project's labelled classification set: coverage of every type and five languages, overall and per-type
 * accuracy floors.
 */
import { describe, expect, it } from 'vitest';
import { classifyRules } from '@/lib/classify/rules';
import { DOCUMENT_TYPES } from '@/lib/classify/schemas';
import { HOLDOUT, LABELLED, snippetSourceFor, type LabelledDocument } from '@/tests/fixtures/documents/labelled';
import { expectClassification } from './helpers';

/**
 * Accuracy of the rules engine on the labelled documents. Threshold: 90 % overall and 80 % per type and
 * per language. 90 % is what the held-out set scored on its first, untuned measurement (18/20); the
 * suite is in-sample now (rules were extended afterwards), so it guards against regressions rather
 * than estimating field accuracy. Misclassified documents must also carry a low confidence.
 */

const run = (docs: LabelledDocument[]) =>
  docs.map((doc) => {
    const r = expectClassification(
      classifyRules({ filename: doc.filename, snippet: doc.text, snippetSource: snippetSourceFor(doc.filename) }),
    );
    const got = r.file_intent === 'product_csv' ? 'product_csv' : r.document_type;
    return { doc, r, ok: got === doc.expected };
  });

const all = run([...LABELLED, ...HOLDOUT]);
const accuracy = (rows: typeof all) => rows.filter((x) => x.ok).length / rows.length;

describe('labelled set', () => {
  it('has at least 60 documents covering every type and the five languages', () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(60);
    for (const t of DOCUMENT_TYPES) expect(LABELLED.some((d) => d.expected === t)).toBe(true);
    for (const l of ['en', 'de', 'fr', 'es', 'it'])
      expect(LABELLED.filter((d) => d.language === l).length).toBeGreaterThanOrEqual(12);
    expect(new Set(LABELLED.map((d) => d.id)).size).toBe(LABELLED.length);
  });

  it('overall accuracy >= 90 %', () => expect(accuracy(all)).toBeGreaterThanOrEqual(0.9));

  it('per type accuracy >= 80 %', () => {
    for (const t of [...DOCUMENT_TYPES, 'product_csv']) {
      const rows = all.filter((x) => x.doc.expected === t);
      expect.soft(accuracy(rows), t).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('per language accuracy >= 80 %', () => {
    for (const l of ['en', 'de', 'fr', 'es', 'it'])
      expect.soft(accuracy(all.filter((x) => x.doc.language === l)), l).toBeGreaterThanOrEqual(0.8);
  });

  it('wrong answers come with low confidence (below 0.6)', () => {
    for (const x of all.filter((x) => !x.ok)) expect.soft(x.r.confidence, x.doc.id).toBeLessThan(0.6);
  });

  it('detects the language of the documents', () => {
    const docs = all.filter((x) => x.doc.expected !== 'product_csv');
    const right = docs.filter((x) => x.r.detected_language === x.doc.language).length;
    expect(right / docs.length).toBeGreaterThanOrEqual(0.95);
  });
});
