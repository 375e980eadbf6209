import type { T } from '@/lib/i18n/ui';
import { currencyMessages } from '@/lib/i18n/ui/currency';
import type { DocumentCurrencyJson } from '@/lib/currency/schemas';

/**
 * The currency rules' sentences (a finding, its legal basis, an end and the "why") said in the UI's
 * language from the codes and values the API gives beside its English (params, legal_basis_code,
 * ends[].params). In English they read as the API's own sentences.
 */

type Key = keyof (typeof currencyMessages)['en'] & string;
export type CurrencyT = T<(typeof currencyMessages)['en']>;
/** Says an ISO day (YYYY-MM-DD) in the reader's format. */
export type DayText = (isoDay: string) => string;

type Finding = Pick<
  DocumentCurrencyJson['findings'][number],
  'code' | 'params' | 'legal_basis_code' | 'legal_basis_params'
>;
type End = DocumentCurrencyJson['ends'][number];

const known = (key: string): key is Key => Object.hasOwn(currencyMessages.en, key);

/** The act's name ("Richtlinie 2009/48/EG (Sicherheit von Spielzeug)"), or its key when the app does not know it. */
export function actName(act: string | undefined, t: CurrencyT): string {
  const key = `act.${act}`;
  return known(key) ? t(key) : (act ?? '');
}

function replacement(replacedBy: string | null | undefined, t: CurrencyT): string {
  return replacedBy ? t('replacement.named', { replaced_by: replacedBy }) : t('replacement.none');
}

/** Why the document stops proving compliance on the end's day; past when that day is today or earlier. */
export function endReasonText(e: End, t: CurrencyT, day: DayText, today: string): string {
  if (e.kind === 'validity') return t('end.validity', { date: day(e.date) });
  return t(e.date <= today ? 'end.cessation_past' : 'end.cessation_ahead', {
    standard: e.params.standard ?? '',
    act: actName(e.params.act, t),
    date: day(e.date),
    replacement: replacement(e.params.replaced_by, t),
  });
}

/** The "why" sentence of the earliest end (the API's summary). */
export function whyText(first: End, t: CurrencyT, day: DayText, today: string): string {
  return t(first.date <= today ? 'why.stopped' : 'why.stops', {
    date: day(first.date),
    reason: endReasonText(first, t, day, today),
  });
}

export function findingText(f: Finding, t: CurrencyT, day: DayText): string {
  const p = f.params;
  switch (f.code) {
    case 'STANDARD_PRESUMPTION_CEASED': {
      const action = p.without_notified_body
        ? p.replaced_by
          ? t('finding.STANDARD_PRESUMPTION_CEASED.blocker', { replaced_by: p.replaced_by })
          : t('finding.STANDARD_PRESUMPTION_CEASED.blocker_none')
        : p.replaced_by
          ? t('finding.STANDARD_PRESUMPTION_CEASED.reassess', { replaced_by: p.replaced_by })
          : t('finding.STANDARD_PRESUMPTION_CEASED.reassess_none');
      return t('finding.STANDARD_PRESUMPTION_CEASED', {
        standard: p.standard ?? '',
        act: actName(p.act, t),
        date: p.cessation_on ? day(p.cessation_on) : '',
        replacement: replacement(p.replaced_by, t),
        action,
      });
    }
    case 'STANDARD_PRESUMPTION_ENDS':
      return t('finding.STANDARD_PRESUMPTION_ENDS', {
        standard: p.standard ?? '',
        act: actName(p.act, t),
        date: p.cessation_on ? day(p.cessation_on) : '',
        replacement: replacement(p.replaced_by, t),
      });
    case 'STANDARD_EDITION_NOT_STATED':
      return t('finding.STANDARD_EDITION_NOT_STATED', { standard: p.standard ?? '' });
    case 'NOTIFIED_BODY_UNKNOWN':
      return p.number
        ? t('finding.NOTIFIED_BODY_UNKNOWN', { number: p.number, version: p.version ?? '' })
        : t('finding.NOTIFIED_BODY_UNKNOWN.no_number', { notified_body: p.notified_body ?? '' });
    case 'NOTIFIED_BODY_UNVERIFIED':
      return t('finding.NOTIFIED_BODY_UNVERIFIED', { number: p.number ?? '', version: p.version ?? '' });
    case 'NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT': {
      const cited = p.cited_acts ?? [];
      const bodyActs = p.body_acts ?? [];
      return t('finding.NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT', {
        count: cited.length,
        number: p.number ?? '',
        name: p.name ?? '',
        country: p.country ?? '',
        acts: cited.map((a) => actName(a, t)).join(', '),
        body_acts: bodyActs.map((a) => actName(a, t)).join(', ') || t('finding.no_act'),
      });
    }
  }
}

export function legalBasisText(f: Pick<Finding, 'legal_basis_code' | 'legal_basis_params'>, t: CurrencyT): string {
  if (f.legal_basis_code !== 'act_presumption') return t(`basis.${f.legal_basis_code}`);
  const key = `basis.act.${f.legal_basis_params.act}`;
  return known(key) ? t(key) : t('basis.act', { act: actName(f.legal_basis_params.act, t) });
}
