/**
 * Provenance of each passport value: which dossier field it came from, how it got there (document,
 * import row, supplier answer, entered by a person) and who confirmed it. A quote or page from a document
 * that is not public is readable only from the legitimate-interest tier up; the name of the person who
 * confirmed a value only by authorities (it is personal data the public does not need).
 */
import { tier } from './tagged';
import type { PassportSource, SourceField } from './source';

export interface ProvenanceRecorder {
  /** The confirmed value of a dossier field, recording where it is used in the passport. */
  take(fieldKey: string, passportPath: string): string | null;
  entries(): unknown[];
}

function entryOf(src: PassportSource, fieldKey: string, field: SourceField, passportPath: string) {
  const p = field.provenance ?? {};
  const doc = p.document_id ? src.documents.find((d) => d.id === p.document_id) : undefined;
  const docTier = doc?.is_public ? 'public' : 'legitimate_interest';
  const document = p.document_id
    ? tier(docTier, {
        id: p.document_id,
        name: p.document_name ?? doc?.name ?? null,
        ...(doc ? { linkURL: doc.url, hashDigest: doc.sha256, hashMethod: 'SHA-256' } : {}),
        ...(p.page !== undefined ? { page: p.page } : {}),
        ...(p.quote ? { quote: p.quote } : {}),
      })
    : undefined;
  return {
    type: ['FieldProvenance'],
    path: passportPath,
    dossierField: fieldKey,
    source: field.source,
    ...(document ? { document } : {}),
    ...(p.batch_id ? { importRow: tier('legitimate_interest', { batch: p.batch_id, row: p.row ?? null }) } : {}),
    ...(p.entity_id ? { operatorRecord: true } : {}),
    ...(field.confirmed_at ? { confirmedAt: field.confirmed_at } : {}),
    ...(field.confirmed_by ? { confirmedBy: tier('authority', field.confirmed_by) } : {}),
  };
}

export function provenanceRecorder(src: PassportSource): ProvenanceRecorder {
  const out: unknown[] = [];
  return {
    take(fieldKey, passportPath) {
      const f = src.fields[fieldKey];
      if (!f) return null;
      out.push(entryOf(src, fieldKey, f, passportPath));
      return f.value;
    },
    entries: () => out,
  };
}
