import type {
  CurrencyCode,
  CurrencyFinding,
  CurrencyFindingParams,
  CurrencyLegalBasisCode,
  CurrencySeverity,
} from './types';

/**
 * A finding's sentence and legal basis as codes and values, read from what the rules record in its
 * details (the same for a finding just evaluated and one stored by an earlier run), so a reader can say
 * them in its own language. The English message and legal_basis stay as they are.
 */

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

export function findingParams(
  code: CurrencyCode,
  severity: CurrencySeverity,
  details: Record<string, unknown>,
  notifiedBodiesVersion: string,
): CurrencyFindingParams {
  switch (code) {
    case 'STANDARD_PRESUMPTION_CEASED':
    case 'STANDARD_PRESUMPTION_ENDS':
      return {
        standard: text(details.standard),
        act: text(details.act),
        cessation_on: text(details.cessation_on),
        replaced_by: textOrNull(details.replaced_by),
        ...(code === 'STANDARD_PRESUMPTION_CEASED' ? { without_notified_body: severity === 'blocker' } : {}),
      };
    case 'STANDARD_EDITION_NOT_STATED':
      return { standard: text(details.base) };
    case 'NOTIFIED_BODY_UNKNOWN':
    case 'NOTIFIED_BODY_UNVERIFIED':
      return {
        notified_body: text(details.notified_body),
        number: textOrNull(details.number),
        version: notifiedBodiesVersion,
      };
    case 'NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT':
      return {
        number: textOrNull(details.number),
        name: text(details.name),
        country: text(details.country),
        cited_acts: texts(details.cited_acts),
        body_acts: texts(details.body_acts),
      };
  }
}

export function legalBasisOf(
  code: CurrencyCode,
  details: Record<string, unknown>,
): { legal_basis_code: CurrencyLegalBasisCode; legal_basis_params: { act?: string } } {
  switch (code) {
    case 'STANDARD_PRESUMPTION_CEASED':
    case 'STANDARD_PRESUMPTION_ENDS':
      return { legal_basis_code: 'act_presumption', legal_basis_params: { act: text(details.act) } };
    case 'STANDARD_EDITION_NOT_STATED':
      return { legal_basis_code: 'declaration_standards', legal_basis_params: {} };
    case 'NOTIFIED_BODY_UNKNOWN':
      // Without a number the rule is that the number follows the CE marking; with one, that it is notified.
      return {
        legal_basis_code: typeof details.number === 'string' ? 'notified_body_scope' : 'notified_body_number',
        legal_basis_params: {},
      };
    case 'NOTIFIED_BODY_UNVERIFIED':
    case 'NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT':
      return { legal_basis_code: 'notified_body_scope', legal_basis_params: {} };
  }
}

/** The finding with its params and legal basis code. */
export function withFindingParams(
  f: Omit<CurrencyFinding, 'params' | 'legal_basis_code' | 'legal_basis_params'>,
  notifiedBodiesVersion: string,
): CurrencyFinding {
  return {
    ...f,
    params: findingParams(f.code, f.severity, f.details, notifiedBodiesVersion),
    ...legalBasisOf(f.code, f.details),
  };
}

/** The NANDO version inside a stored finding's data_version ("standards X; notified bodies Y"). */
export const notifiedBodiesVersionOf = (dataVersion: string) =>
  /notified bodies (\S+)\s*$/.exec(dataVersion)?.[1] ?? dataVersion;
