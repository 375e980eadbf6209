/**
 * The shapes of the evidence-currency data (the Official Journal's harmonised standards per act, the
 * NANDO list of notified bodies) and of what the rules conclude about one document. Pure types: the
 * requirements engine, the API and the client read them.
 */

/** One harmonised standard's reference under one act, with the dates the Official Journal gives it. */
export interface StandardEntry {
  /** The reference as the list writes it, edition and amendments included ("EN 60950-1:2006+A2:2013"). */
  reference: string;
  /** The act's key: "2014/35/EU", "2016/425" (see actKey in ./acts). */
  act: string;
  /** The day the reference was first published in the Official Journal (presumption from then). */
  published_on: string | null;
  /** The day the reference was withdrawn from (or marked as superseded in) the Official Journal. */
  withdrawn_on: string | null;
  /** The date of cessation of presumption of conformity: from this day the edition no longer gives it. */
  cessation_on: string | null;
  /** The reference that replaces it, as the list writes it; null when the list names none. */
  replaced_by: string | null;
  /** Where the act requires it: the provisions the standard covers ("3(2)" under the RED). */
  articles?: string[];
  /** The publication or decision the dates come from (OJ reference, implementing decision). */
  oj?: string | null;
  /** Where this entry was verified (a URL or a document). */
  source: string;
}

/** A versioned snapshot: its date, where it came from, and whether it lists everything. */
export interface SnapshotHeader {
  version: string;
  /** Published source(s) and how the snapshot was made, in words. */
  source: string;
  /**
   * 'complete': a number or standard missing from it does not exist there; 'partial': absence proves
   * nothing (a hand-verified extract), so the rules say "could not be checked" instead of "unknown".
   */
  coverage: 'complete' | 'partial';
}

export interface StandardsSnapshot extends SnapshotHeader {
  kind: 'harmonised-standards';
  standards: StandardEntry[];
}

export interface NotifiedBody {
  /** The four-digit identification number the Commission assigned. */
  number: string;
  name: string;
  /** ISO 3166-1 alpha-2 of the notifying state. */
  country: string;
  /** Act keys the body is notified for. */
  acts: string[];
  source?: string;
}

export interface NotifiedBodiesSnapshot extends SnapshotHeader {
  kind: 'notified-bodies';
  bodies: NotifiedBody[];
}

export interface CurrencyData {
  standards: StandardsSnapshot;
  bodies: NotifiedBodiesSnapshot;
}

/** blocker: the law makes it stop approval; warning: a person must act; notice: information with a date. */
export type CurrencySeverity = 'blocker' | 'warning' | 'notice';

export type CurrencyCode =
  | 'STANDARD_PRESUMPTION_CEASED'
  | 'STANDARD_PRESUMPTION_ENDS'
  | 'STANDARD_EDITION_NOT_STATED'
  | 'NOTIFIED_BODY_UNKNOWN'
  | 'NOTIFIED_BODY_UNVERIFIED'
  | 'NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT';

/**
 * The values a finding's sentence names, for saying it in the reader's language (the code says which
 * sentence): the cited standard, the act's key, dates, the replacement, the notified body and the lists.
 */
export interface CurrencyFindingParams {
  /** The standard as cited (STANDARD_EDITION_NOT_STATED: the reference without edition). */
  standard?: string;
  act?: string;
  cessation_on?: string;
  /** The replacement the list names; null when it names none. */
  replaced_by?: string | null;
  /** STANDARD_PRESUMPTION_CEASED: the act allows the manufacturer's own check only on the standard and no notified body is cited (the blocker). */
  without_notified_body?: boolean;
  /** The notified_body fact as written. */
  notified_body?: string;
  /** The four-digit number; null when the fact has none. */
  number?: string | null;
  /** The NANDO snapshot's version. */
  version?: string;
  name?: string;
  country?: string;
  cited_acts?: string[];
  body_acts?: string[];
}

/**
 * Which provision a finding's legal_basis names: act_presumption (the act's rule on presumption of
 * conformity, params.act), declaration_standards (Decision 768/2008/EC Annex III item 6),
 * notified_body_number (765/2008 Art. 30(3), 768/2008 R12), notified_body_scope (765/2008 Art. 30(3), R23).
 */
export type CurrencyLegalBasisCode =
  'act_presumption' | 'declaration_standards' | 'notified_body_number' | 'notified_body_scope';

export interface CurrencyFinding {
  code: CurrencyCode;
  /** Unique per document: "code:qualifier". */
  key: string;
  severity: CurrencySeverity;
  message: string;
  /** The provision that makes it matter (and, for a blocker, the one that makes it one). */
  legal_basis: string;
  details: Record<string, unknown>;
  /** message as its values (with code: the sentence). */
  params: CurrencyFindingParams;
  /** legal_basis as a code and its values. */
  legal_basis_code: CurrencyLegalBasisCode;
  legal_basis_params: { act?: string };
}

/** The values an end's reason names: for a standard's cessation the standard, the act and the replacement. */
export interface CurrencyEndParams {
  standard?: string;
  act?: string;
  replaced_by?: string | null;
}

/** Why a document stops proving compliance on a day. */
export interface CurrencyEnd {
  date: string;
  kind: 'validity' | 'standard_cessation';
  reason: string;
  /** reason as its values (kind says which sentence; the date is `date`). */
  params: CurrencyEndParams;
}

export type NotCheckedItem =
  | { code: 'document_type_standards'; params: { document_type: string } }
  | { code: 'partial_standards_snapshot'; params: { version: string } };

export interface DocumentCurrency {
  /** The earliest day the document stops proving compliance; null when no end is known. */
  stops_proving_on: string | null;
  /** Every known end, earliest first. */
  ends: CurrencyEnd[];
  /** One sentence: the earliest end and why, or why no end is known. */
  summary: string;
  findings: CurrencyFinding[];
  /** What was not checked, in words (a conclusion says what it did not check). */
  not_checked: string[];
  /** The same as codes with the values they name, for saying it in the reader's language. */
  not_checked_items: NotCheckedItem[];
  data_versions: { standards: string; notified_bodies: string };
}
