/**
 * The Union acts the currency rules know: how a citation is reduced to the act's key, the act's name,
 * whether notified bodies exist under it, and what the act itself says when a harmonised standard the
 * manufacturer relied on stops giving presumption of conformity. These are facts of Union law, kept in
 * code (the data snapshots hold only the Official Journal's lists).
 */

export interface ActInfo {
  key: string;
  short: string;
  title: string;
  /** Notified bodies are notified under it (a body cited for an act without any is flagged elsewhere). */
  notifiedBodies: boolean;
  /**
   * When the presumption from a cited standard ceased: 'blocker_without_nb' where the act allows the
   * manufacturer's own check (module A) only on harmonised standards, so a declaration without a notified
   * body rests on no valid procedure; 'warning' where the act leaves module A open whatever the standards.
   */
  cessation: 'blocker_without_nb' | 'warning';
  /** The provision behind that choice. */
  cessationBasis: string;
  /** Under the RED, only standards for these provisions make module A conditional (Art. 17(3)). */
  conditionalArticles?: string[];
}

export const ACTS: readonly ActInfo[] = [
  {
    key: '2014/35/EU',
    short: 'LVD',
    title: 'Directive 2014/35/EU (low voltage)',
    notifiedBodies: false,
    cessation: 'warning',
    cessationBasis:
      'Directive 2014/35/EU Art. 12 (presumption only from standards published in the OJ); Annex III module A stays open, so the safety objectives must be shown otherwise (Art. 14)',
  },
  {
    key: '2014/30/EU',
    short: 'EMC',
    title: 'Directive 2014/30/EU (electromagnetic compatibility)',
    notifiedBodies: true,
    cessation: 'warning',
    cessationBasis:
      'Directive 2014/30/EU Art. 13 (presumption); Art. 14 leaves module A open, with the EMC assessment made without the standard',
  },
  {
    key: '2014/53/EU',
    short: 'RED',
    title: 'Directive 2014/53/EU (radio equipment)',
    notifiedBodies: true,
    cessation: 'blocker_without_nb',
    cessationBasis:
      'Directive 2014/53/EU Art. 17(3): for Art. 3(2) and 3(3) requirements not covered by applied harmonised standards, module A is not allowed (EU-type examination or full quality assurance by a notified body)',
    conditionalArticles: ['3(2)', '3(3)'],
  },
  {
    key: '2009/48/EC',
    short: 'Toys',
    title: 'Directive 2009/48/EC (toy safety)',
    notifiedBodies: true,
    cessation: 'blocker_without_nb',
    cessationBasis:
      'Directive 2009/48/EC Art. 19(2)-(3): internal production control only where harmonised standards covering all safety requirements were applied; otherwise EC-type examination by a notified body',
  },
  {
    key: '2006/42/EC',
    short: 'Machinery',
    title: 'Directive 2006/42/EC (machinery)',
    notifiedBodies: true,
    cessation: 'warning',
    cessationBasis:
      'Directive 2006/42/EC Art. 7(2) (presumption); for Annex IV machinery Art. 12(3)-(4) requires a notified body where harmonised standards do not cover all requirements (the SKU data does not say whether it is Annex IV)',
  },
  {
    key: '2023/1230',
    short: 'Machinery Regulation',
    title: 'Regulation (EU) 2023/1230 (machinery)',
    notifiedBodies: true,
    cessation: 'warning',
    cessationBasis:
      'Regulation (EU) 2023/1230 Art. 20 (presumption); Art. 25(3) for Annex I Part B machinery (not decided from the SKU data)',
  },
  {
    key: '2016/425',
    short: 'PPE',
    title: 'Regulation (EU) 2016/425 (personal protective equipment)',
    notifiedBodies: true,
    cessation: 'warning',
    cessationBasis:
      'Regulation (EU) 2016/425 Art. 14 (presumption); category II and III already need EU-type examination (Art. 19), category I module A stays open',
  },
  {
    key: '2016/426',
    short: 'GAR',
    title: 'Regulation (EU) 2016/426 (appliances burning gaseous fuels)',
    notifiedBodies: true,
    cessation: 'warning',
    cessationBasis: 'Regulation (EU) 2016/426 Art. 13 (presumption); Art. 14 requires a notified body in every case',
  },
  {
    key: '2011/65/EU',
    short: 'RoHS',
    title: 'Directive 2011/65/EU (hazardous substances in EEE)',
    notifiedBodies: false,
    cessation: 'warning',
    cessationBasis: 'Directive 2011/65/EU Art. 16(2) (presumption)',
  },
  {
    key: '2023/988',
    short: 'GPSR',
    title: 'Regulation (EU) 2023/988 (general product safety)',
    notifiedBodies: false,
    cessation: 'warning',
    cessationBasis: 'Regulation (EU) 2023/988 Art. 7 (presumption of safety)',
  },
];

const BY_KEY = new Map(ACTS.map((a) => [a.key, a]));

export const actInfo = (key: string): ActInfo | null => BY_KEY.get(key) ?? null;

/** The act's name for a message: "Directive 2014/35/EU (low voltage)", or the key itself. */
export const actTitle = (key: string) => actInfo(key)?.title ?? key;

/**
 * "Directive 2014/35/EU", "2014/35/EU", "Regulation (EU) 2016/425", "Directive (EU) 2015/863",
 * "Regulation (EC) No 1907/2006" -> "2014/35/EU", "2016/425", "2015/863", "1907/2006". Directives
 * before 2015 keep their suffix (their number alone is ambiguous); acts from 2015 are "year/number".
 */
export function actKey(citation: string): string | null {
  const s = citation.replace(/\s+/g, ' ').trim();
  const old = /\b(\d{2,4})\/(\d{1,4})\/(EU|EC|EEC|CE|EG|EWG|CEE|UE)\b/i.exec(s);
  if (old) {
    const suffix = old[3].toUpperCase();
    const org =
      suffix === 'EU' || suffix === 'UE'
        ? 'EU'
        : suffix === 'EEC' || suffix === 'EWG' || suffix === 'CEE'
          ? 'EEC'
          : 'EC';
    return Number(old[1]) >= 2015 && org === 'EU' ? `${old[1]}/${old[2]}` : `${old[1]}/${old[2]}/${org}`;
  }
  const numbered = /\((?:EU|EC|UE|CE|EG)\)\s*(?:No\.?\s*)?(\d{1,4})\/(\d{1,4})\b/i.exec(s);
  if (numbered) return `${numbered[1]}/${numbered[2]}`;
  const bare = /^(\d{4})\/(\d{1,4})$/.exec(s);
  return bare ? `${bare[1]}/${bare[2]}` : null;
}
