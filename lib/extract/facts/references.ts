import type { FactSet, Line } from './lines';

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
  /(?:article|art\.?|artikel|articolo|articulo|annex|anhang|annexe|allegato|anexo)\s*[\dIVX]+[a-z]?(?:\(\d+\))?(?:\s*(?:of|der|des|du|de la|del|della|de)\s*(?:the\s*)?)?$|(?:as amended by|amended by|geandert durch|modifiee par|modificad[ao] por|modificat[ao] da|repealing|replacing|ersetzt|abroge|within the meaning of|im sinne der|au sens du|as defined in|pursuant to|gemass|conformement a|ai sensi del|de acuerdo con el articulo)\s*(?:the\s*)?$/;

function isMention(normLine: string, at: number): boolean {
  return MENTION_BEFORE.test(normLine.slice(Math.max(0, at - 60), at).trimEnd());
}

export function legislationIn(normLine: string): string[] {
  const out: string[] = [];
  DIRECTIVE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = DIRECTIVE.exec(normLine))) {
    // "Decision No 768/2008/EC" (the marketing framework) has the directive number form but is none.
    if (
      FRAMEWORK.has(`${m[1]}/${m[2]}`) ||
      /\b(?:decision|beschluss|decisione)\s*$/.test(normLine.slice(0, m.index).trimEnd()) ||
      isMention(normLine, m.index)
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
    if (FRAMEWORK.has(`${m[2]}/${m[3]}`) || isMention(normLine, m.index)) continue;
    const org = ORG_NAME[m[1].toLowerCase()];
    out.push(org === 'EU' ? `Regulation (EU) ${m[2]}/${m[3]}` : `Regulation (${org}) No ${m[2]}/${m[3]}`);
  }
  EU_NUMBERED.lastIndex = 0;
  while ((m = EU_NUMBERED.exec(normLine))) {
    const number = `${m[3]}/${m[4]}`;
    if (FRAMEWORK.has(number) || isMention(normLine, m.index)) continue;
    const word = m[1]?.toLowerCase();
    // The word, when there, says what the act is; without it only a known act is taken.
    const kind = word ? (DIRECTIVE_WORD.test(word) ? 'Directive' : 'Regulation') : KNOWN_EU_ACTS[number];
    if (!kind) continue;
    const ref = `${kind} (EU) ${number}`;
    if (!out.includes(ref)) out.push(ref);
  }
  return out;
}

// EN [IEC|ISO|ISO/IEC] number[-part...] [Vx.y.z][:year][+A1:year][/A11:year]
const STANDARD =
  /\b(?:(?:din|bs|nf|une|uni|onorm|ove|ss|cei|nen|sn|pn|csn|etsi|i\.s\.)\s+)?en\s+(iec\s+|iso\/iec\s+|iso\s+)?(\d{2,5}(?: \d{3})?(?:-\d{1,3})*)(\s+v\d+\.\d+\.\d+)?(?:\s?:\s?(\d{4}))?((?:\s?[+/]\s?(?:ac|aa|is|a)\d{0,2}(?:\s?:\s?\d{4})?)*)/gi;

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

export function standardsIn(line: string): string[] {
  const found: {
    at: number;
    end: number;
    family: string;
    number: string;
    version: string;
    year: string;
    amendments: string;
  }[] = [];
  const folded = line.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  STANDARD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = STANDARD.exec(line))) {
    // "IEC EN 63000" is the same standard as "EN IEC 63000", written the other way round.
    const iecBefore = !m[1] && /\biec\s+$/i.test(line.slice(Math.max(0, m.index - 4), m.index));
    const family = m[1] ? m[1].trim().toUpperCase() + ' ' : iecBefore ? 'IEC ' : '';
    const version = m[3] ? ` ${m[3].trim().toUpperCase()}` : '';
    const amendments = (m[5] ?? '').replace(/\s+/g, '').toUpperCase();
    if (/^(?:170\d\d|450\d\d|1702|4501)$/.test(m[2])) continue;
    const main = mainNumber(m[2]);
    if (MANAGEMENT_ALWAYS.test(main)) continue;
    if (
      MANAGEMENT_CERTIFIED.test(main) &&
      CERTIFICATION_WORDS.test(folded.slice(Math.max(0, m.index - 80), m.index + m[0].length + 40))
    )
      continue;
    const end = m.index + m[0].length;
    found.push({ at: m.index, end, family, number: m[2], version, year: m[4] ?? '', amendments });
    // "EN 455-1, -2, -3:2000": the bare parts after it are standards of the same number.
    if (!m[4] && !amendments && !version) {
      const more = MORE_PARTS.exec(line.slice(end));
      if (more) {
        const year = more[2] ?? '';
        const main0 = m[2].replace(/-\d{1,3}(?:-\d{1,3})*$/, '');
        found[found.length - 1].year = year;
        for (const part of more[1].match(/-\d{1,3}(?:-\d{1,3})*/g) ?? [])
          found.push({ at: end, end, family, number: `${main0}${part}`, version: '', year, amendments: '' });
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
      JOINER.test(line.slice(a.end, b.at))
    )
      a.year = b.year;
  }
  return found.map((f) => `EN ${f.family}${f.number}${f.version}${f.year ? `:${f.year}` : ''}${f.amendments}`);
}

/** "EN 71-1:2014+A1:2018" -> "EN 71-1" (the standard without edition), for comparing lists. */
export const standardBase = (s: string) =>
  s
    .split(':')[0]
    .replace(/ V\d.*$/, '')
    .trim();

export function readReferences(lines: Line[], facts: FactSet) {
  const legislation: string[] = [];
  const legislationLines: Line[] = [];
  const standards = new Map<string, string>();
  const standardLines: Line[] = [];
  for (const line of lines) {
    const found = legislationIn(line.norm);
    if (found.length) {
      for (const f of found) if (!legislation.includes(f)) legislation.push(f);
      legislationLines.push(line);
    }
    const stds = standardsIn(line.text);
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
  if (standards.size)
    facts.add('harmonised_standards', [...standards.values()].join('; '), standardLines.slice(0, 4), 0.8);
}
