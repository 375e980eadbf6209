/**
 * Structured legal citations of requirement rules: which Union act, article, paragraph, point and
 * annex a rule comes from. Rules cite through LegalRef (data), and the prose `legal_basis` of a blocker
 * and the /docs/requirements page are both rendered from it, so the two cannot drift apart.
 */

export interface LegalAct {
  /** Official title form, e.g. "Regulation (EU) 2023/988". */
  title: string;
  /** The usual short name, e.g. "GPSR". */
  short: string;
  /** EUR-Lex ELI link of the act as adopted. */
  url: string;
  /** What the act governs, one line for the documentation page. */
  subject: string;
}

export const LEGAL_ACTS = {
  gpsr: {
    title: 'Regulation (EU) 2023/988',
    short: 'GPSR',
    url: 'https://eur-lex.europa.eu/eli/reg/2023/988/oj',
    subject: 'General product safety',
  },
  msr: {
    title: 'Regulation (EU) 2019/1020',
    short: 'Market Surveillance Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2019/1020/oj',
    subject: 'Market surveillance and compliance of products',
  },
  nlf: {
    title: 'Decision No 768/2008/EC',
    short: 'New Legislative Framework',
    url: 'https://eur-lex.europa.eu/eli/dec/2008/768/oj',
    subject: 'Common framework for the marketing of products',
  },
  blue_guide: {
    title: 'Commission Notice 2022/C 247/01',
    short: 'Blue Guide 2022',
    url: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:52022XC0629(04)',
    subject: 'Guide on the implementation of EU product rules',
  },
  tsd: {
    title: 'Directive 2009/48/EC',
    short: 'Toy Safety Directive',
    url: 'https://eur-lex.europa.eu/eli/dir/2009/48/oj',
    subject: 'Safety of toys',
  },
  tsr: {
    title: 'Regulation (EU) 2025/2509',
    short: 'Toy Safety Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2025/2509/oj',
    subject: 'Safety of toys (replaces Directive 2009/48/EC)',
  },
  cpr: {
    title: 'Regulation (EC) No 1223/2009',
    short: 'Cosmetics Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2009/1223/oj',
    subject: 'Cosmetic products',
  },
  lvd: {
    title: 'Directive 2014/35/EU',
    short: 'LVD',
    url: 'https://eur-lex.europa.eu/eli/dir/2014/35/oj',
    subject: 'Electrical equipment within certain voltage limits',
  },
  emc: {
    title: 'Directive 2014/30/EU',
    short: 'EMC Directive',
    url: 'https://eur-lex.europa.eu/eli/dir/2014/30/oj',
    subject: 'Electromagnetic compatibility',
  },
  red: {
    title: 'Directive 2014/53/EU',
    short: 'RED',
    url: 'https://eur-lex.europa.eu/eli/dir/2014/53/oj',
    subject: 'Radio equipment',
  },
  rohs: {
    title: 'Directive 2011/65/EU',
    short: 'RoHS',
    url: 'https://eur-lex.europa.eu/eli/dir/2011/65/oj',
    subject: 'Hazardous substances in electrical and electronic equipment',
  },
  weee: {
    title: 'Directive 2012/19/EU',
    short: 'WEEE',
    url: 'https://eur-lex.europa.eu/eli/dir/2012/19/oj',
    subject: 'Waste electrical and electronic equipment',
  },
  batt: {
    title: 'Regulation (EU) 2023/1542',
    short: 'Batteries Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2023/1542/oj',
    subject: 'Batteries and waste batteries',
  },
  batt_dir: {
    title: 'Directive 2006/66/EC',
    short: 'Batteries Directive',
    url: 'https://eur-lex.europa.eu/eli/dir/2006/66/oj',
    subject: 'Batteries (repealed by Regulation (EU) 2023/1542)',
  },
  md: {
    title: 'Directive 2006/42/EC',
    short: 'Machinery Directive',
    url: 'https://eur-lex.europa.eu/eli/dir/2006/42/oj',
    subject: 'Machinery (until 19 January 2027)',
  },
  mr: {
    title: 'Regulation (EU) 2023/1230',
    short: 'Machinery Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2023/1230/oj',
    subject: 'Machinery (from 20 January 2027)',
  },
  reach: {
    title: 'Regulation (EC) No 1907/2006',
    short: 'REACH',
    url: 'https://eur-lex.europa.eu/eli/reg/2006/1907/oj',
    subject: 'Chemicals: registration, evaluation, authorisation',
  },
  clp: {
    title: 'Regulation (EC) No 1272/2008',
    short: 'CLP',
    url: 'https://eur-lex.europa.eu/eli/reg/2008/1272/oj',
    subject: 'Classification, labelling and packaging of substances and mixtures',
  },
  textile: {
    title: 'Regulation (EU) No 1007/2011',
    short: 'Textile Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2011/1007/oj',
    subject: 'Textile fibre names and labelling',
  },
  ecodesign_ls: {
    title: 'Commission Regulation (EU) 2019/2020',
    short: 'Ecodesign light sources',
    url: 'https://eur-lex.europa.eu/eli/reg/2019/2020/oj',
    subject: 'Ecodesign requirements for light sources and separate control gears',
  },
  energy_label_ls: {
    title: 'Commission Delegated Regulation (EU) 2019/2015',
    short: 'Energy labelling of light sources',
    url: 'https://eur-lex.europa.eu/eli/reg_del/2019/2015/oj',
    subject: 'Energy label and product information sheet of light sources',
  },
  energy_label: {
    title: 'Regulation (EU) 2017/1369',
    short: 'Energy Labelling Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2017/1369/oj',
    subject: 'Framework for energy labelling and the product database (EPREL)',
  },
  ecodesign: {
    title: 'Directive 2009/125/EC',
    short: 'Ecodesign Directive',
    url: 'https://eur-lex.europa.eu/eli/dir/2009/125/oj',
    subject: 'Ecodesign framework (its measures stay in force under Regulation (EU) 2024/1781)',
  },
  ppe: {
    title: 'Regulation (EU) 2016/425',
    short: 'PPE Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2016/425/oj',
    subject: 'Personal protective equipment',
  },
  ppwr: {
    title: 'Regulation (EU) 2025/40',
    short: 'Packaging and Packaging Waste Regulation',
    url: 'https://eur-lex.europa.eu/eli/reg/2025/40/oj',
    subject: 'Packaging and packaging waste, producer registers and extended producer responsibility',
  },
  gs1: {
    title: 'GS1 General Specifications',
    short: 'GS1',
    url: 'https://www.gs1.org/standards/barcodes-epcrfid-id-keys/gs1-general-specifications',
    subject: 'Not law: the GTIN check digit rule',
  },
} as const satisfies Record<string, LegalAct>;

export type LegalActCode = keyof typeof LEGAL_ACTS;

export interface LegalRef {
  act: LegalActCode;
  /** "19"; omitted when the annex alone is cited. */
  article?: string;
  /** "1" → Art. 19(1). */
  paragraph?: string;
  /** "a" → Art. 19(1)(a), or Art. 19(a) without a paragraph. */
  point?: string;
  /** "VI, Part A". */
  annex?: string;
  /** A section of a guidance document ("4.4" of the Blue Guide). */
  section?: string;
  /**
   * Set when this citation was written from knowledge of the text and not re-read against it, or the
   * text leaves room for doubt; shown on the documentation page so an auditor knows what to verify.
   */
  unsure?: string;
}

/** "Art. 19(1)(a), Annex VI" — the part after the act's name. */
export function formatLocation(ref: LegalRef): string {
  const parts: string[] = [];
  if (ref.article)
    parts.push(`Art. ${ref.article}${ref.paragraph ? `(${ref.paragraph})` : ''}${ref.point ? `(${ref.point})` : ''}`);
  if (ref.annex) parts.push(`Annex ${ref.annex}`);
  if (ref.section) parts.push(`section ${ref.section}`);
  return parts.join(', ');
}

/** "Regulation (EU) 2023/988 (GPSR) Art. 19(a)". */
export function formatLegalRef(ref: LegalRef): string {
  const act = LEGAL_ACTS[ref.act];
  const where = formatLocation(ref);
  return `${act.title} (${act.short})${where ? ` ${where}` : ''}`;
}

/** Several citations in one line; citations of the same act are grouped. */
export function formatLegalRefs(refs: readonly LegalRef[]): string {
  const byAct = new Map<LegalActCode, string[]>();
  for (const r of refs) {
    const list = byAct.get(r.act) ?? [];
    const where = formatLocation(r);
    if (where) list.push(where);
    byAct.set(r.act, list);
  }
  return [...byAct]
    .map(
      ([act, wheres]) =>
        `${LEGAL_ACTS[act].title} (${LEGAL_ACTS[act].short})${wheres.length ? ` ${wheres.join(', ')}` : ''}`,
    )
    .join('; ');
}

/** Anchor of a rule on /docs/requirements: one section per category, one entry per rule. */
export function ruleAnchor(category: string, ruleId: string): string {
  return `rule-${category}-${ruleId.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
}

export const REQUIREMENTS_DOC_PATH = '/docs/requirements';

export function ruleDocUrl(category: string, ruleId: string): string {
  return `${REQUIREMENTS_DOC_PATH}#${ruleAnchor(category, ruleId)}`;
}
