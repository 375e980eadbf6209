import { actInfo, actKey, actTitle } from './acts';
import { withFindingParams } from './finding-params';
import { parseStandardRef, sameEdition, type StandardRef } from './standard-ref';
import type {
  CurrencyData,
  CurrencyEnd,
  CurrencyFinding,
  DocumentCurrency,
  NotCheckedItem,
  NotifiedBody,
  StandardEntry,
} from './types';

/**
 * The currency rules: whether what a document cites still proves compliance on a day, against a
 * snapshot of the Official Journal's lists and of NANDO. Pure: the same document, data and day give the
 * same answer (the daily job compares answers to find what changed).
 *
 * - A cited edition whose date of cessation of presumption has passed: a warning naming the replacement;
 *   a blocker where the act allows the manufacturer's own check only on harmonised standards and no
 *   notified body is cited (RED Art. 17(3) for Art. 3(2)/(3) standards, toys Art. 19(3); lib/currency/acts.ts).
 * - A cessation date still ahead: a notice with the date (the document's end).
 * - A notified-body number the NANDO snapshot does not have (flagged as unknown only when the snapshot is
 *   complete), or a body not notified for any act the document cites that has notified bodies.
 */

export interface DocumentFactsInput {
  id?: string;
  document_type: string;
  /** Harmonised standards as extracted ("EN 71-1:2014+A1:2018"). */
  standards: readonly string[];
  /** Union acts as extracted ("Directive 2009/48/EC"). */
  legislation: readonly string[];
  /** The notified_body fact ("TÜV SÜD Product Service GmbH (0123)" or "0123"); null when none. */
  notified_body: string | null;
  /** YYYY-MM-DD */
  valid_until: string | null;
}

/** Documents whose standards are those the product was made to (a test report's list mixes in its methods'). */
const DECLARING_TYPES = new Set(['declaration_of_conformity', 'certificate']);

/** The four-digit number in a notified_body fact. */
export function notifiedBodyNumber(fact: string | null): string | null {
  if (!fact) return null;
  const m = /(?:^|\D)(\d{4})(?!\d)/.exec(fact);
  return m ? m[1] : null;
}

/**
 * The list's entries for a cited edition, under the acts the document cites (under every act when it
 * cites none). An entry for the same edition with the same amendments wins; else one for the edition
 * without amendments (the list often gives a date for the edition as a whole).
 */
function entriesFor(cited: StandardRef, acts: Set<string>, data: CurrencyData): StandardEntry[] {
  const candidates = data.standards.standards.filter((e) => acts.size === 0 || acts.has(e.act));
  const out: StandardEntry[] = [];
  const byAct = new Map<string, StandardEntry[]>();
  for (const e of candidates) {
    const ref = parseStandardRef(e.reference);
    if (!ref || ref.base !== cited.base || ref.edition !== cited.edition) continue;
    byAct.set(e.act, [...(byAct.get(e.act) ?? []), e]);
  }
  for (const list of byAct.values()) {
    const exact = list.find((e) => sameEdition(parseStandardRef(e.reference)!, cited));
    const whole = list.find((e) => parseStandardRef(e.reference)!.amendments.length === 0);
    const pick = exact ?? whole;
    if (pick) out.push(pick);
  }
  return out;
}

function listedBase(base: string, data: CurrencyData): boolean {
  return data.standards.standards.some((e) => parseStandardRef(e.reference)?.base === base);
}

export function evaluateDocumentCurrency(doc: DocumentFactsInput, data: CurrencyData, today: string): DocumentCurrency {
  const findings: Omit<CurrencyFinding, 'params' | 'legal_basis_code' | 'legal_basis_params'>[] = [];
  const ends: CurrencyEnd[] = [];
  const notChecked: string[] = [];
  const notCheckedItems: NotCheckedItem[] = [];
  const acts = new Set(doc.legislation.map(actKey).filter((k): k is string => Boolean(k)));
  const nbNumber = notifiedBodyNumber(doc.notified_body);

  if (doc.valid_until)
    ends.push({
      date: doc.valid_until,
      kind: 'validity',
      reason: `the document's own validity ends (valid until ${doc.valid_until})`,
      params: {},
    });

  if (DECLARING_TYPES.has(doc.document_type)) {
    for (const text of doc.standards) {
      const cited = parseStandardRef(text);
      if (!cited) continue;
      if (!cited.edition) {
        if (listedBase(cited.base, data))
          findings.push({
            code: 'STANDARD_EDITION_NOT_STATED',
            key: `STANDARD_EDITION_NOT_STATED:${cited.base}`,
            severity: 'notice',
            message: `${cited.base} is cited without its edition, so whether it still gives presumption of conformity cannot be told; the declaration must name the edition applied.`,
            legal_basis:
              'Decision No 768/2008/EC Annex III (EU declaration of conformity, item 6: references of the standards used)',
            details: { standard: text, base: cited.base },
          });
        continue;
      }
      for (const entry of entriesFor(cited, acts, data)) {
        if (!entry.cessation_on) continue;
        const act = actInfo(entry.act);
        const replacement = entry.replaced_by ? `${entry.replaced_by} replaces it` : 'the list names no replacement';
        if (entry.cessation_on > today) {
          ends.push({
            date: entry.cessation_on,
            kind: 'standard_cessation',
            reason: `${text} stops giving presumption of conformity under ${actTitle(entry.act)} on ${entry.cessation_on}; ${replacement}`,
            params: { standard: text, act: entry.act, replaced_by: entry.replaced_by },
          });
          findings.push({
            code: 'STANDARD_PRESUMPTION_ENDS',
            key: `STANDARD_PRESUMPTION_ENDS:${cited.base}:${cited.edition}:${entry.act}`,
            severity: 'notice',
            message: `${text} gives presumption of conformity under ${actTitle(entry.act)} until ${entry.cessation_on} (date of cessation); ${replacement}.`,
            legal_basis: act?.cessationBasis ?? `${actTitle(entry.act)} (presumption of conformity)`,
            details: detailsOf(entry, text),
          });
          continue;
        }
        ends.push({
          date: entry.cessation_on,
          kind: 'standard_cessation',
          reason: `${text} stopped giving presumption of conformity under ${actTitle(entry.act)} on ${entry.cessation_on}; ${replacement}`,
          params: { standard: text, act: entry.act, replaced_by: entry.replaced_by },
        });
        const conditional =
          act?.cessation === 'blocker_without_nb' &&
          !nbNumber &&
          (!act.conditionalArticles || (entry.articles ?? []).some((a) => act.conditionalArticles!.includes(a)));
        findings.push({
          code: 'STANDARD_PRESUMPTION_CEASED',
          key: `STANDARD_PRESUMPTION_CEASED:${cited.base}:${cited.edition}:${entry.act}`,
          severity: conditional ? 'blocker' : 'warning',
          message:
            `${text} has not given presumption of conformity under ${actTitle(entry.act)} since ${entry.cessation_on}; ${replacement}. Units placed on the market from that day are not covered by it. ` +
            (conditional
              ? `Without a notified body the declaration rests on no allowed procedure: assess against ${entry.replaced_by ?? 'a current standard'} or have a notified body examine the product.`
              : `Assess the product against ${entry.replaced_by ?? 'a current standard or the essential requirements directly'} and reissue the declaration.`),
          legal_basis: act?.cessationBasis ?? `${actTitle(entry.act)} (presumption of conformity)`,
          details: detailsOf(entry, text),
        });
      }
    }
  } else if (doc.standards.length) {
    notChecked.push(
      `The standards of a ${doc.document_type.replace(/_/g, ' ')} are not checked: its list mixes the standards tested with those its methods cite.`,
    );
    notCheckedItems.push({ code: 'document_type_standards', params: { document_type: doc.document_type } });
  }

  if (nbNumber) findings.push(...bodyFindings(nbNumber, doc.notified_body!, acts, data));
  else if (doc.notified_body)
    findings.push({
      code: 'NOTIFIED_BODY_UNKNOWN',
      key: `NOTIFIED_BODY_UNKNOWN:${doc.notified_body.slice(0, 40)}`,
      severity: 'warning',
      message: `The notified body "${doc.notified_body}" is cited without a four-digit identification number.`,
      legal_basis:
        "Regulation (EC) No 765/2008 Art. 30(3) and Decision No 768/2008/EC Annex I R12 (the notified body's number follows the CE marking)",
      details: { notified_body: doc.notified_body },
    });

  if (data.standards.coverage === 'partial') {
    notChecked.push(
      `The harmonised-standards snapshot ${data.standards.version} is a partial extract: a cited standard it does not list was not checked.`,
    );
    notCheckedItems.push({ code: 'partial_standards_snapshot', params: { version: data.standards.version } });
  }
  ends.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = ends[0] ?? null;
  const summary = first
    ? `${first.date <= today ? 'Stopped' : 'Stops'} proving compliance on ${first.date}: ${first.reason}.`
    : 'No end date known: the document has no validity date and none of the standards it cites has a date of cessation in the lists.';
  // A standard cited twice (two lines of one declaration) is one finding.
  const unique = [...new Map(findings.map((f) => [f.key, f])).values()].map((f) =>
    withFindingParams(f, data.bodies.version),
  );
  return {
    stops_proving_on: first?.date ?? null,
    ends,
    summary,
    findings: unique,
    not_checked: notChecked,
    not_checked_items: notCheckedItems,
    data_versions: { standards: data.standards.version, notified_bodies: data.bodies.version },
  };
}

function detailsOf(entry: StandardEntry, cited: string): Record<string, unknown> {
  return {
    standard: cited,
    act: entry.act,
    listed_reference: entry.reference,
    published_on: entry.published_on,
    withdrawn_on: entry.withdrawn_on,
    cessation_on: entry.cessation_on,
    replaced_by: entry.replaced_by,
    source: entry.source,
  };
}

function bodyFindings(
  number: string,
  fact: string,
  acts: Set<string>,
  data: CurrencyData,
): Omit<CurrencyFinding, 'params' | 'legal_basis_code' | 'legal_basis_params'>[] {
  const body: NotifiedBody | undefined = data.bodies.bodies.find((b) => b.number === number);
  const basis =
    'Regulation (EC) No 765/2008 Art. 30(3); Decision No 768/2008/EC Art. R23 (only bodies notified for the act may act under it)';
  if (!body) {
    return data.bodies.coverage === 'complete'
      ? [
          {
            code: 'NOTIFIED_BODY_UNKNOWN',
            key: `NOTIFIED_BODY_UNKNOWN:${number}`,
            severity: 'warning',
            message: `Notified body number ${number} is not in the NANDO list (${data.bodies.version}): no body of that number is notified.`,
            legal_basis: basis,
            details: { number, notified_body: fact },
          },
        ]
      : [
          {
            code: 'NOTIFIED_BODY_UNVERIFIED',
            key: `NOTIFIED_BODY_UNVERIFIED:${number}`,
            severity: 'notice',
            message: `Notified body number ${number} is not in the NANDO snapshot ${data.bodies.version}, a partial extract: check it in NANDO.`,
            legal_basis: basis,
            details: { number, notified_body: fact },
          },
        ];
  }
  const withBodies = [...acts].filter((a) => actInfo(a)?.notifiedBodies ?? true);
  if (!withBodies.length || withBodies.some((a) => body.acts.includes(a))) return [];
  return [
    {
      code: 'NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT',
      key: `NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT:${number}`,
      severity: 'warning',
      message: `Notified body ${number} (${body.name}, ${body.country}) is not notified for ${withBodies.map(actTitle).join(', ')}, the act${withBodies.length > 1 ? 's' : ''} the document cites; it is notified for ${body.acts.map(actTitle).join(', ') || 'no act in the snapshot'}.`,
      legal_basis: basis,
      details: { number, name: body.name, country: body.country, body_acts: body.acts, cited_acts: withBodies },
    },
  ];
}
