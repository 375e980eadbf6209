import { pairedColumns, type FactSet, type Line } from './lines';
import { findDates } from './date-parse';

/**
 * Dates of issue and of validity, taken only next to their label ("Date of issue", "Ausstellungsdatum",
 * "valid until", "gültig bis", "valable jusqu'au"...) or from a declaration's signature line
 * ("Hamm, 02.11.2023"). The field key follows the document type: a declaration's date of issue is the
 * dossier's doc_issue_date, a certificate's validity its certificate_valid_until; other documents'
 * dates go to the document only (issued_on / valid_until facts).
 */

const ISSUE_LABEL =
  /(?:date of issue|issued? date|revision date|date of revision|fecha de revision|data di revisione|data revisione|herzieningsdatum|datum van herziening|revisionsdatum|data de revisao|date de mise a jour|aktualisiert am|uberarbeitet am|uberarbeitungsdatum|date de revision|issued on|date issued|date of report|report date|place (?:and|&) date(?: of [a-z][a-z ]{1,24}?)?(?=\s*[:,])|date (?:and|&) place(?: of issue)?|date of declaration|ausstellungsdatum|ausgabedatum|ort und datum(?: der ausstellung)?|datum der ausstellung|ausgestellt am|date d'emission|date de delivrance|date du rapport|lieu et date(?: d'emission)?|fait a [^,]{1,40},? le|fecha de (?:emision|expedicion)|lugar y fecha(?: de expedicion)?|data di (?:emissione|rilascio)|luogo e data(?: di emissione)?|rilasciato il)/g;
const VALID_LABEL =
  /(?:validity(?: of (?:this|the) [a-z]{3,20})?(?=\s*:)|gultigkeit(?: dieser [a-z]{3,20})?(?=\s*:)|validite(?: de (?:cette|ce) [a-z]{3,20})?(?=\s*:)|valid until|valid through|valid to|valid till|expiry date|date of expiry|expiration date|expires on|expires|gultig bis|gultigkeit bis|ablaufdatum|valable jusqu'au|valable jusqu'a|date d'expiration|fin de validite|valido hasta|fecha de (?:caducidad|vencimiento)|valido fino al?|data di scadenza|scadenza)/g;
const VALID_RANGE =
  /\b(?:effective|valid|validity|gultig|gultigkeit|valable|valido|valida|vigente)\b[^.]{0,20}?\b(?:from|vom|ab|du|desde|dal|de)\b.{4,40}?\b(?:through|until|till|to|bis|au|jusqu'au|hasta|al|fino al)\b/;
const SIGNATURE_PLACE_DATE = /^(?:[a-z][a-z .'-]{1,30}),\s*(?:le |den |am |a |il |el )?(?=\d|[a-z]+\s+\d)/;

export function readDates(lines: Line[], facts: FactSet, documentType: string | null | undefined) {
  const isDoc = !documentType || documentType === 'declaration_of_conformity';
  const isCert = !documentType || documentType === 'certificate';
  const issueKey = isDoc ? 'doc_issue_date' : 'issued_on';
  const validKey = isCert ? 'certificate_valid_until' : 'valid_until';
  // A column of labels over the column of their values is read pair by pair (lines.ts pairedColumns).
  for (const line of [...lines, ...pairedColumns(lines)]) {
    const dates = findDates(line.norm);
    // A validity range: "effective from July 01, 2024 through June 30, 2025", "gültig vom … bis …".
    const range = VALID_RANGE.exec(line.norm);
    if (range && dates.length >= 2) {
      const from = dates.find((d) => d.index >= range.index);
      const to = from && dates.find((d) => d.index > from.index);
      if (from && to && to.iso > from.iso) facts.add(validKey, to.iso, [line], 0.8);
    }
    const next = lines[line.index + 1];
    for (const [labelRe, key] of [
      [ISSUE_LABEL, issueKey],
      [VALID_LABEL, validKey],
    ] as const) {
      labelRe.lastIndex = 0;
      const m = labelRe.exec(line.norm);
      if (!m) continue;
      const following = dates.filter((d) => d.index >= m.index + m[0].length - 2);
      // "Validity: 12.03.2024 – 11.03.2027" is a period: it is valid until its end.
      const after = /^(?:validity|gultigkeit|validite)/.test(m[0]) ? following.at(-1) : following[0];
      if (after) {
        // "Issued: 2024-02-20, valid until 2028-02-19": the issue date is the one before the validity label.
        if (key === issueKey) {
          VALID_LABEL.lastIndex = 0;
          const v = VALID_LABEL.exec(line.norm);
          if (v && v.index > m.index && after.index > v.index) continue;
        }
        facts.add(key, after.iso, [line], 0.85);
      } else if (dates.length === 0 && next && next.page === line.page) {
        const nd = findDates(next.norm);
        if (nd.length && nd[0].index < 3) facts.add(key, nd[0].iso, [line, next], 0.75);
        else {
          // A date wrapped over two lines: "29th" / "January 2025".
          const after = lines[line.index + 2];
          const joined = after && after.page === line.page ? findDates(`${next.norm} ${after.norm}`) : [];
          if (joined.length && joined[0].index < 3 && next.norm.length <= 12)
            facts.add(key, joined[0].iso, [line, next, after], 0.7);
        }
      }
    }
    if (isDoc && dates.length && SIGNATURE_PLACE_DATE.test(line.norm) && line.text.length < 90)
      facts.add(issueKey, dates[0].iso, [line], 0.6);
    // A bare "Date: 9 January 2024" line of a declaration is its date of issue.
    // Also mid-line, beside the signatory: "Name: Louis Qi Date: 2021-7-30".
    const bare = /(?:^|\s)(?:date|datum|date de signature|fecha|data)\s*:/.exec(line.norm);
    const bareDate = bare ? dates.find((d) => d.index >= bare.index) : undefined;
    if (isDoc && bareDate && line.text.length < 90) facts.add(issueKey, bareDate.iso, [line], 0.6);
  }
}
