import type { FactSet, Line } from './lines';
import { looksLikeSds } from './kind';

/**
 * Union legislation and harmonised standards the document declares. A reference only mentioned (the
 * market-surveillance regulation in an "Art. 4 of Regulation (EU) 2019/1020" heading, "as amended by",
 * "according to Article ...") is not declared conformity; nor are the framework acts that never are a
 * product's legislation (accreditation, standardisation, market surveillance), nor the conformity-
 * assessment standards of laboratories and certifiers (EN ISO/IEC 17025, 17065, 45011).
 */

const DIRECTIVE =
  /\b(?:(?:directive|richtlinie|directiva|direttiva|richtlijn|dyrektywa|smernice)s?\s+)?(?:\(?(?:eu|ue|ec|ce|eg|eec|ewg|cee)\)?\s+)?(?:n[°º.o]?\s*|nr\.?\s*|no\.?\s*)?(\d{2,4})\/(\d{1,4})\/(eu|ue|ec|ce|eg|eec|ewg|cee)\b/gi;
const REGULATION =
  /\b(?:regulation|verordnung|reglement|reglamento|regolamento|rozporzadzenie)\s*\((eu|ue|ec|ce|eg|ewg|eec|cee)\)\s*(?:n[°º.o]?\.?\s*|nr\.?\s*|no\.?\s*)?(\d{2,4})\s?\/\s?(\d{1,4})\b/gi;
/**
 * "(EU) 2016/425" or "Directive (EU) 2015/863": since 2015 regulations and directives share this form,
 * so a reference without its word is taken only when the act is one of these product acts (what each is
 * is a fact of Union law, not of a document).
 */
const EU_NUMBERED =
  /(?:\b(regulation|verordnung|reglement|reglamento|regolamento|directive|richtlinie|directiva|direttiva|richtlijn|commission delegated directive|delegated directive)\s*)?(?:\((eu|ue)\)|(?<=(?:directive|richtlinie|directiva|direttiva|richtlijn)\s))\s*(?:n[°º.o]?\.?\s*|nr\.?\s*|no\.?\s*)?(20\d{2})\/(\d{1,4})\b(?!\s*\/)/gi;
const KNOWN_EU_ACTS: Record<string, 'Regulation' | 'Directive'> = {
  '2015/863': 'Directive',
  '2017/2102': 'Directive',
  '2016/425': 'Regulation',
  '2016/426': 'Regulation',
  '2017/745': 'Regulation',
  '2017/746': 'Regulation',
  '2019/1009': 'Regulation',
  '2023/988': 'Regulation',
  '2023/1230': 'Regulation',
  '2023/1542': 'Regulation',
  '2024/1689': 'Regulation',
  '2024/1781': 'Regulation',
  '2024/2847': 'Regulation',
  '2019/2020': 'Regulation',
  '2019/2021': 'Regulation',
  '2022/2380': 'Directive',
};
const DIRECTIVE_WORD =
  /^(?:directive|richtlinie|directiva|direttiva|richtlijn|commission delegated directive|delegated directive)$/;

const ORG_NAME: Record<string, string> = {
  eu: 'EU',
  ue: 'EU',
  ec: 'EC',
  ce: 'EC',
  eg: 'EC',
  eec: 'EEC',
  ewg: 'EEC',
  cee: 'EEC',
};

/** Framework acts: never what a product declares conformity with. */
const FRAMEWORK = new Set(['2019/1020', '765/2008', '1025/2012', '768/2008']);
/** Words right before a reference that make it a mention, not a declaration. */
const MENTION_BEFORE =
  /(?:article|art\.?|artikel|articolo|articulo|annex|anhang|annexe|allegato|anexo)\s*[\divx]+(?:\.\d+)*[a-z]?(?:\([\da-z]+\))*(?:\s*(?:of|der|des|du|de la|del|della|de)\s*(?:the\s*)?)?$|(?:as amended by|amended by|and amending|amending|\bsee|\bsiehe|\bvoir|\bvease|\bvedi|\bcf\.?|formerly known as|formerly|zur anderung der|modifiant|que modifica|che modifica|geandert durch|modifiee par|modificad[ao] por|modificat[ao] da|repealing|replacing|ersetzt|abroge|within the meaning of|im sinne der|au sens du|as defined in|pursuant to|gemass|conformement a|ai sensi del|de acuerdo con el articulo)\s*(?:the\s*)?$/;

/**
 * An act introduced as an amendment of the act before it ("REACH (EC) No 1907/2006 … and amendment
 * Commission Regulation (EU) No 276/2010", "and its amendments", "with Amendment No."): it is read as part
 * of its parent act, which the list already names, not as an act of its own. The amending acts that
 * declarations list as acts of their own (the known product acts, such as the RoHS delegated directive
 * (EU) 2015/863 "and amendment (EU) 2015/863") stay.
 */
const AMENDMENT_BEFORE = new RegExp(
  [
    '(?:\\bamendments?|\\bamending acts?|\\banderung(?:en)?|\\banderungsverordnung|\\bmodifications?|\\bmodifiche|\\bmodificaciones|\\benmiendas?|\\bwijziging(?:en)?)',
    '(?:\\s+(?:no|nr|n°)\\.?)?',
    // the amending acts listed before this one, each with its joiner ("amendments Regulation (EU) No 326/2015 and")
    '(?:\\s*(?:(?:commission|council)\\s+)?(?:regulation|directive|verordnung|richtlinie|reglement|directiva|reglamento|regolamento|direttiva)?\\s*(?:\\((?:eu|ec|ue|ce|eg)\\))?\\s*(?:no|nr|n°)?\\.?\\s*\\d{2,4}\\/\\d{1,4}(?:\\/(?:eu|ec|eec|ce|ue|eg))?\\s*(?:,|\\band\\b|\\bund\\b|\\bet\\b|\\by\\b|\\be\\b|\\ben\\b))*',
    '\\s*$',
  ].join(''),
);
const ACT_QUALIFIERS_AT_END =
  /(?:\b(?:european|eu|commission|council|delegated|implementing|parliament|the|kommission|commissione|comision|delegierte|delegata|delegada|del(?:la)?|de la|der|des|du)\s*)+$/;
const isAmendment = (normLine: string, at: number, before: string, number: string): boolean => {
  if (KNOWN_EU_ACTS[number]) return false;
  // The act's qualifiers before its word ("Commission" of "Commission Regulation") are its own words.
  const own = normLine.slice(0, at).replace(ACT_QUALIFIERS_AT_END, '');
  // "and Regulation (EU) No …" opening a line goes on with the list of the line above.
  const opensLine = !own
    .replace(ACT_WORDS_AT_END, '')
    .replace(/^\s*(?:,|and|und|et|y|e|en)?\s*$/, '')
    .trim();
  const tail = `${opensLine ? before : ''} ${own}`.slice(-90).trimEnd();
  return AMENDMENT_BEFORE.test(tail) || AMENDMENT_BEFORE.test(tail.replace(ACT_WORDS_AT_END, '').trimEnd());
};

/** The act's own words right before its number ("Commission Regulation", "Council Directive"). */
const ACT_WORDS_AT_END =
  /(?:\b(?:european|eu|commission|council|delegated|implementing|parliament|and|the|of|des|der|du|de|del|della)\s+)*(?:directive|richtlinie|directiva|direttiva|richtlijn|regulation|verordnung|reglement|reglamento|regolamento)s?\s*$/;
/** Acts that are no legislation a product conforms to: a recommendation, a decision. */
const NOT_AN_ACT_BEFORE =
  /\b(?:decision|beschluss|decisione|decisao|recommendation|empfehlung|recommandation|recomendacion|raccomandazione|aanbeveling)\s*(?:(?:no|nr|n°)\.?\s*)?$/;

/**
 * An act named as the one replaced, with up to three words (its short name, "outdated") and an opening
 * parenthesis between: "RED (2014/53/EU) replacing outdated R&TTE directive (1999/5/EC)". The act that
 * replaces it is the declared one.
 */
const REPLACED_BEFORE =
  /\b(?:replacing|replaces|replaced|repealing|repeals|repealed|superseding|supersedes|superseded|outdated|obsolete|ersetzt|ersetzte|aufgehoben|abroge[es]?|remplace|remplacant|sustituye|sostituisce|vervangt)(?:\s+[^\s()]+){0,3}\s*\(?\s*$/;

/**
 * A reference only mentioned: the words before it (on its line, or at the end of the line before when it
 * opens its line: "…restricted within the EU: see Directive" / "2011/65/EU.") say so.
 */
function isMention(normLine: string, at: number, before = ''): boolean {
  const own = normLine.slice(0, at);
  // The line above counts only for a reference that opens its line (its own words aside).
  const opensLine = !own.replace(ACT_WORDS_AT_END, '').trim();
  const tail = `${opensLine ? before : ''} ${own}`.slice(-90).trimEnd();
  if (NOT_AN_ACT_BEFORE.test(tail) || REPLACED_BEFORE.test(tail)) return true;
  return MENTION_BEFORE.test(tail) || MENTION_BEFORE.test(tail.replace(ACT_WORDS_AT_END, '').trimEnd());
}

/**
 * A UK statutory instrument by its number, as UKCA declarations cite them: "S.I. 2016/1101", "SI 2016 No.
 * 1091", or the list form of legislation.gov.uk, "2016 No. 1101 The Electrical Equipment (Safety)
 * Regulations 2016" (year and number opening the line, the title after them). Written as "UK SI 2016/1101".
 * A regulation named by its title alone is not taken: a document printing an EU and a UK declaration
 * together is read for its acts by number.
 */
const UK_SI =
  /(?:\b(?:uk\s+)?s\.?\s?i\.?|\bstatutory instrument)\s*(?:no\.?\s*)?((?:19|20)\d{2})\s*(?:\/|\s+no\.?\s*)(\d{1,4})\b|^((?:19|20)\d{2})\s+no\.?\s*(\d{1,4})\s+(?=the\b|.*\bregulations\b)/g;

/**
 * The acts a line declares. `before` is the end of the line above (folded), read only to tell a mention
 * ("see Directive" / "2011/65/EU") from a declaration.
 */
export function legislationIn(normLine: string, before = ''): string[] {
  const out: string[] = [];
  DIRECTIVE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = DIRECTIVE.exec(normLine))) {
    // "Decision No 768/2008/EC" (the marketing framework) has the directive number form but is none.
    if (
      FRAMEWORK.has(`${m[1]}/${m[2]}`) ||
      isMention(normLine, m.index, before) ||
      isAmendment(normLine, m.index, before, `${m[1]}/${m[2]}`)
    )
      continue;
    // From 2015 an act is numbered "(EU) year/number"; "2015/863/EU" is that act cited the old way.
    const ref =
      Number(m[1]) >= 2015 && ORG_NAME[m[3].toLowerCase()] === 'EU'
        ? `Directive (EU) ${m[1]}/${m[2]}`
        : `Directive ${m[1]}/${m[2]}/${ORG_NAME[m[3].toLowerCase()]}`;
    if (!out.includes(ref)) out.push(ref);
  }
  REGULATION.lastIndex = 0;
  while ((m = REGULATION.exec(normLine))) {
    if (
      FRAMEWORK.has(`${m[2]}/${m[3]}`) ||
      isMention(normLine, m.index, before) ||
      isAmendment(normLine, m.index, before, `${m[2]}/${m[3]}`)
    )
      continue;
    const org = ORG_NAME[m[1].toLowerCase()];
    out.push(org === 'EU' ? `Regulation (EU) ${m[2]}/${m[3]}` : `Regulation (${org}) No ${m[2]}/${m[3]}`);
  }
  EU_NUMBERED.lastIndex = 0;
  while ((m = EU_NUMBERED.exec(normLine))) {
    const number = `${m[3]}/${m[4]}`;
    if (FRAMEWORK.has(number) || isMention(normLine, m.index, before) || isAmendment(normLine, m.index, before, number))
      continue;
    const word = m[1]?.toLowerCase();
    // The word, when there, says what the act is; without it only a known act is taken.
    const kind = word ? (DIRECTIVE_WORD.test(word) ? 'Directive' : 'Regulation') : KNOWN_EU_ACTS[number];
    if (!kind) continue;
    const ref = `${kind} (EU) ${number}`;
    if (!out.includes(ref)) out.push(ref);
  }
  UK_SI.lastIndex = 0;
  while ((m = UK_SI.exec(normLine))) {
    if (isMention(normLine, m.index, before)) continue;
    const ref = `UK SI ${m[1] ?? m[3]}/${m[2] ?? m[4]}`;
    if (!out.includes(ref)) out.push(ref);
  }
  return out;
}

/**
 * A standard by its grammar: an optional national adoption (BS, DIN, NF, UNE…), the body (EN, EN IEC,
 * EN ISO, EN ISO/IEC, IEC EN, IEC/EN, ETSI EN, IEC, ISO, ISO/IEC), the number (ETSI's "301 489" with or
 * without its space) and its parts, a version (V2.2.2), an edition ("ed.3"), the year (":2019", ": 2019",
 * "-2013") and amendments ("+A1:2018", "/A11:2017", "+AC:2012", "+ Cor.:2015"), written with or without
 * spaces ("EN55032:2015", "EN60601-1-2:2007"). The body is matched in capitals only: "en" is a word in
 * Dutch, French and Spanish ("tussen de 0 en 100 W").
 */
const STANDARD = new RegExp(
  [
    '(?<![A-Za-z0-9/])',
    '(?:(?:BS|DIN|NF|UNE|UNI|ÖNORM|OVE|SS|CEI|NEN|SN|PN|ČSN|CSN|DS|SFS|NBN|I\\.S\\.)\\s+)?',
    '(ETSI\\s+EN|EN(?:\\s+IEC|\\s+ISO(?:\\s*\\/\\s*IEC)?)?|IEC(?:\\s*\\/\\s*EN|\\s+EN)?|ISO(?:\\s*\\/\\s*IEC)?(?:\\s+EN)?)',
    '\\s?(\\d{3}\\s\\d{3}(?!\\d)|\\d{2,6}(?!\\d))',
    '((?:\\s?-\\s?\\d{1,3}(?!\\d))*)',
    '(\\s*V\\s?[\\dIl]{1,2}\\.\\d{1,2}\\.\\d{1,2})?',
    '(?:\\s*ed(?:ition)?\\.?\\s?\\d(?:\\.\\d)?)?',
    '(?:\\s?[:\\-]\\s?((?:19|20)\\d{2})(?!\\d))?',
    '(?:\\s*\\((?:Ed(?:ition)?\\.?\\s?\\d(?:\\.\\d)?|(?:First|Second|Third) Edition)\\))?',
    '((?:\\s?[+/]\\s?(?:AC|AA|IS|A|Cor\\.?)\\s?\\d{0,2}(?:\\s?[:\\-]\\s?(?:19|20)\\d{2})?(?!\\d))*)',
  ].join(''),
  'g',
);
/** What a number followed by a unit or a waste code's pairs of digits is: never a standard. */
const NOT_STANDARD_AFTER = /^(?:[A-Za-z_]|\s?(?:%|°|W\b|V\b|A\b|mm\b|cm\b|kg\b|Hz\b|\d{2}\s\d{2}\b))/;

/**
 * Management-system standards certify the maker's organisation, not the product: a declaration that names
 * one ("Quality Management System certification to EN ISO 13485:2016", "certified to EN ISO 9001:2015")
 * gives the basis of its procedure, not a standard the product was made to. ISO 9001, 14001, 45001, 50001,
 * 22000 and ISO/IEC 27001 never are a product's standard; EN ISO 13485 is harmonised under the medical
 * device regulations, so it is left out only where it is cited as a certification or management system.
 */
const MANAGEMENT_ALWAYS = /^(?:9001|14001|45001|50001|22000|27001|27701)$/;
const MANAGEMENT_CERTIFIED = /^13485$/;
const CERTIFICATION_WORDS =
  /\b(?:certif\w*|zertifi\w*|management ?system\w*|managementsystem\w*|qms|qualitatsmanagement\w*|systeme de management|sistema de gestion|sistema di gestione)\b/;

/**
 * Parts sharing one edition: "EN 455-2 & EN 455-3:2015" (the year after the last standard of one number)
 * and "EN 455-1, -2, -3:2000" (the parts after the first, each only "-N"): the year applies to each.
 */
const MORE_PARTS = /^((?:\s*(?:,|&|\/|\band\b|\bund\b|\bet\b)\s*-\d{1,3}(?:-\d{1,3})*)+)(?:\s?:\s?(\d{4}))?/i;
const JOINER = /^\s*(?:,|&|\/|\band\b|\bund\b|\bet\b)\s*$/i;
const mainNumber = (number: string) => number.split('-')[0];

/** The body as the list writes it: "EN", "EN IEC", "EN ISO", "IEC", "ISO/IEC" (a national prefix dropped). */
function bodyOf(raw: string): { family: string; en: boolean } {
  const b = raw
    .replace(/\s+/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .toUpperCase();
  const en = /\bEN\b/.test(b);
  if (!en) return { family: `${b} `, en };
  // "IEC EN 63000" and "IEC/EN 62368-1" are the European standard of that number: "EN IEC", "EN".
  if (b === 'ETSI EN' || b === 'EN' || b === 'IEC/EN') return { family: '', en };
  if (b === 'IEC EN') return { family: 'IEC ', en };
  if (b === 'ISO EN') return { family: 'ISO ', en };
  return { family: b.replace(/^EN /, '') + ' ', en };
}

export function standardsIn(line: string): string[] {
  const found: {
    at: number;
    end: number;
    en: boolean;
    family: string;
    number: string;
    version: string;
    year: string;
    amendments: string;
  }[] = [];
  // Typographic hyphens between digits ("61000‐3‐2") are hyphens.
  const text = line.replace(/(?<=\d)\s?[‐‑–]\s?(?=\d)/g, '-').replace(/\b[lI1]EC(?=\s?\d)/g, 'IEC');
  const folded = text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  STANDARD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = STANDARD.exec(text))) {
    const end = m.index + m[0].length;
    if (NOT_STANDARD_AFTER.test(text.slice(end)) && !m[4] && !m[5]) continue;
    const { family, en } = bodyOf(m[1]);
    // ETSI's numbers are two groups of three digits: "301489-1" is "301 489-1".
    const digits = m[2].replace(/\s/g, '');
    const main = digits.length === 6 ? `${digits.slice(0, 3)} ${digits.slice(3)}` : digits;
    const number = main + (m[3] ?? '').replace(/\s/g, '');
    const version = m[4] ? ` ${m[4].trim().replace(/\s/g, '').replace(/[Il]/g, '1').toUpperCase()}` : '';
    const amendments = (m[6] ?? '')
      .replace(/\s+/g, '')
      .replace(/Cor\.?/gi, 'AC')
      .replace(/-(?=(?:19|20)\d{2})/g, ':')
      .toUpperCase();
    if (/^(?:170\d\d|450\d\d|1702|4501)$/.test(digits)) continue;
    if (MANAGEMENT_ALWAYS.test(digits)) continue;
    if (
      MANAGEMENT_CERTIFIED.test(digits) &&
      CERTIFICATION_WORDS.test(folded.slice(Math.max(0, m.index - 80), end + 40))
    )
      continue;
    found.push({ at: m.index, end, en, family, number, version, year: m[5] ?? '', amendments });
    // "EN 455-1, -2, -3:2000": the bare parts after it are standards of the same number.
    if (!m[5] && !amendments && !version) {
      const more = MORE_PARTS.exec(text.slice(end));
      if (more) {
        const year = more[2] ?? '';
        // The last part is the one the list goes on with: "EN 455-1, -2" (455-2), "EN61000-3-2,-3" (61000-3-3).
        const main0 = number.replace(/-\d{1,3}$/, '');
        found[found.length - 1].year = year;
        for (const part of more[1].match(/-\d{1,3}(?:-\d{1,3})*/g) ?? [])
          found.push({ at: end, end, en, family, number: `${main0}${part}`, version: '', year, amendments: '' });
        STANDARD.lastIndex = end + more[0].length;
      }
    }
  }
  // "EN 455-2 & EN 455-3:2015": a standard without a year joined to the next part of the same number (parts
  // of one level, the year alone) takes its year; "EN 60335-1 & EN 60335-2-54:2008" are editions apart.
  for (let i = found.length - 2; i >= 0; i--) {
    const a = found[i];
    const b = found[i + 1];
    if (
      !a.year &&
      b.year &&
      !a.version &&
      !a.amendments &&
      !b.amendments &&
      a.family === b.family &&
      mainNumber(a.number) === mainNumber(b.number) &&
      a.number.split('-').length === b.number.split('-').length &&
      b.at > a.end &&
      JOINER.test(text.slice(a.end, b.at))
    )
      a.year = b.year;
  }
  return found.map(
    (f) => `${f.en ? 'EN ' : ''}${f.family}${f.number}${f.version}${f.year ? `:${f.year}` : ''}${f.amendments}`,
  );
}

/** "EN 71-1:2014+A1:2018" -> "EN 71-1" (the standard without edition), for comparing lists. */
export const standardBase = (s: string) =>
  s
    .split(':')[0]
    .replace(/ V\d.*$/, '')
    .trim();

const DECLARES =
  /\b(?:declar\w*|erklar\w*|konformit\w*|conformit\w*|conformidad|harmoni[sz]ed standards?|standards? applied|applied standards?|angewandte normen|normes appliquees|normas aplicadas|norme applicate)\b/;

/** A line that ends inside a standard's reference ("EN 71-3:2019+", "EN 71-", "EN") runs on in the next. */
const CUT_STANDARD = /(?:\b(?:EN|IEC|ISO|ETSI)(?:\s+(?:EN|IEC|ISO))?|\d[-+:/]|[+/]\s?A\d{0,2}:?)\s*$/;
const CONTINUES_STANDARD = /^(?:\d|A\d|AC|[+:/-]\s?\d)/;

/**
 * A test report's own statement of what it tested against: the cover's "Standard ....: EN 55032:2015" (and
 * the standards on the lines below it), "Test specification:", "Test standard(s):", or a section's "The
 * tests were performed according to the following standards:" with one standard opening each line after
 * it. A report cites many more (its methods, equipment, clauses, references); only these are the tested
 * ones.
 */
const TESTED_LABEL =
  /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?(?:(?:test(?:ing)?|applied|applicable|reference)\s+)?(?:standards?|norms?|normen|normes|normas|norme|test specifications?|prufgrundlagen?|test basis)(?:\s*\(s\))?(?:\s+(?:applied|used))?\s*[:：]\s*(.*)$/;
const TESTED_HEADING =
  /\b(?:according to|in accordance with|performed to|tested to|tested against|against)\s+(?:the\s+)?(?:following|below|these)\s+(?:standards?|specifications?|norms?)\b|\b(?:nach|gemass)\s+(?:den\s+)?folgenden\s+normen\b|\bselon les normes suivantes\b|\bsegun las (?:siguientes )?normas\b|\bsecondo le (?:seguenti )?norme\b/;
/** A line that opens with a standard's reference. */
const OPENS_WITH_STANDARD =
  /^(?:draft\s+)?(?:(?:BS|DIN|NF|UNE|UNI|CEI|NEN|SS|SN|PN|DS|SFS|NBN|ÖNORM|OVE)\s+)?(?:ETSI\s+EN|EN|IEC|ISO)(?:\s*\/\s*(?:IEC|EN)|\s+(?:IEC|ISO|EN)(?:\s*\/\s*IEC)?)?\s?\d/;
const LABEL_LIKE = /^[\p{L}][\p{L}\p{N} .'/()&-]{1,60}[:：]/u;
const HEADING_NUMBER = /^\d{1,2}(?:\.\d{1,2})*\.?\s+\p{L}/u;

/** The lines of a test report that state its tested standards; empty when it states none. */
export function testedStandardLines(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const label = TESTED_LABEL.exec(line.norm);
    const heading = !label && TESTED_HEADING.test(line.norm);
    if (!label && !heading) continue;
    if (label && label[1] && standardsIn(line.text.slice(line.text.length - label[1].length)).length) out.push(line);
    else if (label && label[1]) continue;
    for (let i = line.index + 1; i < Math.min(lines.length, line.index + 30); i++) {
      const l = lines[i];
      if (l.page !== line.page) break;
      if (OPENS_WITH_STANDARD.test(l.text)) {
        out.push(l);
        continue;
      }
      // A standard's title running on below it; a blank line, a label or a heading ends the list.
      if (l.blankBefore || HEADING_NUMBER.test(l.text) || (LABEL_LIKE.test(l.text) && !/;/.test(l.text))) break;
    }
  }
  return [...new Set(out)];
}

/** REACH by its name, in capitals as the regulation's short name is written (never the verb "reach"). */
const REACH_NAME = /(?<![\p{L}\p{N}-])REACH(?![\p{L}\p{N}-])/u;
const REACH = 'Regulation (EC) No 1907/2006';

/** A declaration's title alone on its line: the page is a declaration, whatever the document is filed as. */
const DOC_TITLE =
  /^(?:(?:eu|ec|ce|ue|eg)[- ])?(?:declaration of conformity|konformitatserklarung|declaration (?:(?:ue|ce) )?de conformite|declaracion (?:(?:ue|ce) )?de conformidad|dichiarazione (?:(?:ue|ce) )?di conformita|conformiteitsverklaring)$/;

export function readReferences(lines: Line[], facts: FactSet, documentType?: string | null) {
  const legislation: string[] = [];
  const legislationLines: Line[] = [];
  const standards = new Map<string, string>();
  const standardLines: Line[] = [];
  // A safety data sheet declares no product standard: the standards it cites are for protective equipment
  // (section 8), test methods and transport.
  const sds = looksLikeSds(lines, documentType);
  // A declaration printed with other pages (a data sheet, test results): its standards are those of its
  // declaration pages, the pages that declare ("declare", "conformity", "standards applied").
  // So is a declaration printed inside a document filed as something else, its title on a later page (a
  // data sheet followed by the declaration).
  const declaring = new Set<number | null>();
  const pages = new Set(lines.map((l) => l.page));
  if (
    pages.size > 1 &&
    (documentType === 'declaration_of_conformity' ||
      (documentType !== 'test_report' &&
        lines.some((l) => l.page !== lines[0].page && DOC_TITLE.test(l.norm.replace(/[^a-z ]+$/, '').trim()))))
  )
    for (const l of lines) if (DECLARES.test(l.norm)) declaring.add(l.page);
  // A test report's tested standards are those it states as such (testedStandardLines); without such a
  // statement, those of its cover page, below the confidence of a certain value.
  const tested = documentType === 'test_report' ? testedStandardLines(lines) : [];
  const firstPage = lines[0]?.page ?? null;
  const readFrom =
    documentType !== 'test_report'
      ? null
      : tested.length
        ? new Set(tested.map((l) => l.index))
        : new Set(lines.filter((l) => l.page === firstPage).map((l) => l.index));
  // A declaration or certificate may name REACH by its name alone ("REACH" in the directive column).
  const declares = documentType === 'declaration_of_conformity' || documentType === 'certificate';
  for (const line of lines) {
    const above = lines[line.index - 1];
    const found = legislationIn(line.norm, above && above.page === line.page ? above.norm : '');
    if (declares && REACH_NAME.test(line.text) && !isMention(line.norm, line.norm.indexOf('reach')))
      if (!found.includes(REACH)) found.push(REACH);
    if (found.length) {
      for (const f of found) if (!legislation.includes(f)) legislation.push(f);
      legislationLines.push(line);
    }
    if (sds || (declaring.size && !declaring.has(line.page)) || (readFrom && !readFrom.has(line.index))) continue;
    const next = lines[line.index + 1];
    const joined =
      next && next.page === line.page && CUT_STANDARD.test(line.text) && CONTINUES_STANDARD.test(next.text)
        ? `${line.text}${/[-+:/]$/.test(line.text) ? '' : ' '}${next.text}`
        : null;
    const stds = standardsIn(joined ?? line.text);
    if (stds.length) {
      for (const s of stds) {
        const key = standardBase(s);
        const previous = standards.get(key);
        if (!previous || s.length > previous.length) standards.set(key, s);
      }
      standardLines.push(line);
    }
  }
  if (legislation.length)
    facts.add('applicable_legislation', legislation.join('; '), legislationLines.slice(0, 4), 0.85);
  // A test report names the standards it tested against beside every standard its methods, equipment and
  // references cite, and the text alone does not tell them apart: its list is offered below the confidence
  // at which a value is presented as certain (measured on real reports, about half the standards they cite
  // were not the ones tested).
  if (standards.size)
    facts.add(
      'harmonised_standards',
      [...standards.values()].join('; '),
      standardLines.slice(0, 4),
      documentType === 'test_report' && !tested.length ? TEST_REPORT_STANDARDS_CONFIDENCE : 0.8,
    );
}

/** Below the 0.8 at which the review presents a value as certain. */
export const TEST_REPORT_STANDARDS_CONFIDENCE = 0.6;
