import { COMPANY_SUFFIX, splitNameAddress } from './parties';
import type { FactSet, Line } from './lines';

/**
 * Statements about marks and bodies: CE marking stated (yes/no, "affixed"), the notified body and its
 * four-digit number, the body that issued a test report or certificate, the age grading of a toy, the
 * languages the warnings are written in, and the category-pack fields (UFI, CPNP, rated voltage).
 * Only explicit statements count: a heading that names "CE marking" says nothing about the product.
 */

const CE_WORD =
  '(?:ce[- ]?(?:marking|mark|marked|kennzeichnung|kennzeichen|zeichen)|marquage ce|marcado ce|marcatura ce|marchio ce)';
/** A certification summary's row: "CE/RED (Europe): Yes", "CE (EU): yes" (the label names the EU). */
const CE_SUMMARY = '(?:^|\\s)ce(?:\\s*/\\s*(?:red|emc|lvd|rohs))?\\s*\\((?:europe|eu|ue|eea|eu/eea)\\)';
const CE_ANSWER = new RegExp(
  `(?:${CE_WORD}|${CE_SUMMARY})\\s*(?:\\([^)]*\\))?\\s*[:\\-–]?\\s*(yes|ja|oui|si|sí|vorhanden|affixed|angebracht|appose|no|nein|non)\\b`,
);
const CE_AFFIXED = new RegExp(
  `(?:${CE_WORD}[^.]{0,40}\\b(?:is|was|has been|wurde|ist|est|a ete|e stat[ao]|ha sido|fue)\\s+(?:affixed|applied|angebracht|appose|apposee|fijado|colocado|apposta|apposto))|(?:(?:bears|carries|tragt|porte|lleva|reca)\\s+(?:the\\s+|das\\s+|die\\s+|le\\s+|el\\s+|la\\s+|il\\s+)?${CE_WORD})|(?:year (?:of|in which) (?:the )?ce marking (?:was )?affixed|jahr der anbringung der ce-kennzeichnung)`,
);
/** The CE mark alone on its line (capitals, as the mark is drawn; "ce" in running text is no mark). */
const CE_ALONE = /^C\s?E$/;
const YES = /^(?:yes|ja|oui|si|sí|vorhanden|affixed|angebracht|appose)$/;

const NB =
  /\b(?:notified body|benannte stelle|organisme notifie|organismo notificado|organismo notificato)\b(?:\s*\([^)]{0,40}\))?\s*[:\-–]?\s*(.{0,120})$/;
const NB_NUMBER =
  /\b(?:nb|no\.?|nr\.?|number|nummer|numero|n°|kenn-?nummer|id)\s*[:#]?\s*(\d{4})\b|\((\d{4})\)|\b(\d{4})\b(?!\s*[/:-]\s*\d)/i;
const NB_NONE =
  /^(?:none|not (?:applicable|involved|required)|n\/?a|nicht (?:zutreffend|beteiligt|erforderlich)|keine|aucun|sans objet|ninguno|nessuno|-+)\b/i;

const ISSUER =
  /^(?:\d{1,2}[.)]\s*)?(?:testing laborator(?:y|ies)|test(?:ing)? lab(?:oratory)?|laboratory|issued by|issuing body|certification body|certified by|tested by|prufstelle|prufinstitut|pruflabor|prufinstitution|ausgestellt von|zertifizierungsstelle|laboratoire(?: d'essais)?|delivre par|emis par|organisme de certification|laboratorio(?: de ensayo| di prova)?|emitido por|organismo de certificacion|rilasciato da|organismo di certificazione)\s*[:\-–]\s*(.{3,160})$/;

const AGE_LABEL =
  /\b(?:age grading|age range|recommended age|age group|suitable for ages?|altersangabe|altersempfehlung|empfohlenes alter|alter|age recommande|tranche d'age|edad recomendada|edad|eta consigliata|fascia d'eta|eta)\s*[:\-–]\s*(.{1,60})$/;
const AGE_VALUE =
  /^(?:(?:from|ab|des|a partir de|dai?)\s+)?(\d{1,2})\s*(?:\+|years?\s*\+?|jahren?|ans|anos|anni|y\+?)(?:\s*(?:and up|und alter|et plus|y mas|e oltre|\+))?|^(\d{1,2})\s*\+|^(\d{1,2})\s*[-–]\s*(\d{1,2})\s*(?:years|jahre|ans|anos|anni)|^(?:(?:from|ab|des|a partir de|dai?)\s+)?(\d{1,2})\s*(?:months?|monate?n?|mois|meses|mesi)\s*\+?/;
const AGE_INLINE =
  /\b(?:ages?|for ages)\s+(\d{1,2})\s*(?:\+|and up|years and up)|\bab\s+(\d{1,2})\s+jahren\b(?!.*\bnicht\b)|\bdes\s+(\d{1,2})\s+ans\b/;

const WARNING_WORDS: [string, RegExp][] = [
  ['en', /^(?:warning|warnings|caution)\b/],
  ['de', /^(?:achtung|warnung|warnhinweise?|vorsicht)\b/],
  ['fr', /^(?:avertissement|avertissements|mise en garde|attention\s*[!:])/],
  ['es', /^(?:advertencia|advertencias|atencion|precaucion)\b/],
  ['it', /^(?:avvertenza|avvertenze|attenzione)\b/],
  ['nl', /^(?:waarschuwing|let op)\b/],
  ['pl', /^(?:ostrzezenie|uwaga)\b/],
  ['pt', /^(?:aviso|advertencia|atencao)\b/],
  ['sv', /^(?:varning)\b/],
  ['da', /^(?:advarsel)\b/],
  ['cs', /^(?:varovani|upozorneni)\b/],
];

/** "CE Marking (EU):" heading a list of the directives declared (the answer is the list below it). */
const CE_HEADING = new RegExp(`^${CE_WORD}\\s*(?:\\([^)]*\\))?\\s*:$`);
const ACT =
  /\b(?:directive|richtlinie|directiva|direttiva|regulation|verordnung|reglement|reglamento|regolamento)\b.{0,40}\d{2,4}\/\d{1,4}/;

export function readMarks(lines: Line[], facts: FactSet) {
  const languages = new Map<string, Line>();
  for (const line of lines) {
    if (CE_HEADING.test(line.norm)) {
      const next = lines.slice(line.index + 1, line.index + 3).find((l) => l.page === line.page && ACT.test(l.norm));
      if (next) facts.add('ce_marking', 'yes', [line, next], 0.8);
    }
    // The mark itself, on a line of its own: a logo's text layer, a Markdown image "![CE](ce.png)" or a
    // "# CE" heading set large, as declarations print it beside or below the signature.
    if (CE_ALONE.test(line.text)) facts.add('ce_marking', 'yes', [line], 0.7);
    const answer = CE_ANSWER.exec(line.norm);
    if (answer) facts.add('ce_marking', YES.test(answer[1]) ? 'yes' : 'no', [line], 0.9);
    else if (CE_AFFIXED.test(line.norm)) facts.add('ce_marking', 'yes', [line], 0.85);

    const nb = NB.exec(line.norm);
    if (nb && !NB_NONE.test(nb[1].trim())) {
      const raw = line.text.slice(line.text.length - nb[1].length).trim();
      const num = NB_NUMBER.exec(raw);
      const number = num ? (num[1] ?? num[2] ?? num[3]) : null;
      const name = splitNameAddress(
        raw.replace(/\(?\b(?:nb|no\.?|nr\.?|number|n°)?\s*[:#]?\s*\d{4}\)?/gi, '').replace(/[,;\s-]+$/, ''),
      ).name;
      // "SATRA Technology Europe Ltd., Ireland" then "Notified Body Number: 2777": the body is the line above.
      const prev = lines[line.index - 1];
      const above =
        !/\p{L}{3}/u.test(name) && prev?.page === line.page && COMPANY_SUFFIX.test(prev.text) && prev.text.length <= 120
          ? splitNameAddress(prev.text).name
          : null;
      if (number && above) facts.add('notified_body', `${above} (${number})`, [prev, line], 0.8);
      else if (number)
        facts.add('notified_body', /\p{L}{3}/u.test(name) ? `${name} (${number})` : number, [line], 0.85);
    }

    const issuer = ISSUER.exec(line.norm);
    if (issuer) {
      const raw = line.text.slice(line.text.length - issuer[1].length).trim();
      const { name } = splitNameAddress(raw);
      if (name.length >= 3 && /\p{L}{3}/u.test(name) && !/^(?:see|siehe|voir)\b/i.test(name))
        facts.add('issuing_body', name, [line], 0.8);
    }

    const age = AGE_LABEL.exec(line.norm);
    if (age) {
      const v = AGE_VALUE.exec(age[1].trim());
      if (v) {
        const value = v[5] ? `${v[5]} months+` : v[4] ? `${v[3]}-${v[4]} years` : `${v[1] ?? v[2]}+`;
        facts.add('age_grading', value, [line], 0.85);
      }
    } else {
      const inline = AGE_INLINE.exec(line.norm);
      if (inline) facts.add('age_grading', `${inline[1] ?? inline[2] ?? inline[3]}+`, [line], 0.7);
    }

    const head = line.norm.replace(/^[^\p{L}]+/u, '');
    for (const [lang, re] of WARNING_WORDS) if (re.test(head) && !languages.has(lang)) languages.set(lang, line);

    const ufi = /\bUFI\s*:?\s*([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(line.text);
    if (ufi) facts.add('ufi_code', ufi[1], [line], 0.95);
    const cpnp = /\bCPNP\b[^0-9]{0,30}(\d{5,9})\b/i.exec(line.text);
    if (cpnp) facts.add('cpnp_number', cpnp[1], [line], 0.75);
    const voltage = ratedVoltage(lines, line);
    if (voltage) facts.add('rated_voltage', voltage.value, voltage.at, 0.75);
  }
  if (languages.size) {
    const codes = [...languages.keys()].sort();
    facts.add('warning_languages', codes.join(', '), [...languages.values()].slice(0, 4), 0.8);
  }
}

/**
 * The rated voltage under its label, as written ("100-240V~", "DC 3.6V", "3.6Vd.c", "230 V AC", with the
 * frequency right after it: "220-240 V~, 50/60 Hz"): on the
 * label's line ("Ratings ....: Internal battery 3.6Vd.c, 7.7 Ah", "Power supply: DC 3.6V") or, the label
 * alone on its line, at the start of the next ("Power Supply :" / "100-240V~, 8.0A Max, 50/60Hz").
 */
const VOLTAGE_LABEL =
  /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?(?:rated (?:voltage|input)|ratings?|nominal voltage|power supply|supply voltage|input voltage|input|nennspannung|bemessungsspannung|versorgungsspannung|spannungsversorgung|tension (?:nominale|assignee|d'alimentation)|alimentation|alimentazione|tensione (?:nominale|di alimentazione)|tension nominal|voltaje nominal|alimentacion)(?:\s*\([^)]{0,10}\))?\s*[:：]\s*(.*)$/;
const VOLTAGE =
  /(?<![\w.])((?:(?:DC|AC)\s?)?\d{1,3}(?:[.,]\d{1,2})?(?:\s?[-–/]\s?\d{1,3}(?:[.,]\d{1,2})?)?\s?V(?:~|\s?(?:d\.c|a\.c|dc|ac)(?![a-z]))?(?:\s*,?\s*\d{2}(?:\/\d{2})?\s?Hz)?)(?![a-zA-Z])/i;

export function ratedVoltage(lines: Line[], line: Line): { value: string; at: Line[] } | null {
  const label = VOLTAGE_LABEL.exec(line.norm);
  if (!label) return null;
  const own = line.text.slice(line.text.length - label[1].length);
  const here = own.trim() ? VOLTAGE.exec(own) : null;
  if (here) return { value: tidyVoltage(here[1]), at: [line] };
  if (own.trim()) return null;
  const next = lines[line.index + 1];
  const below = next && next.page === line.page ? VOLTAGE.exec(next.text) : null;
  return below && below.index === 0 ? { value: tidyVoltage(below[1]), at: [line, next] } : null;
}

const tidyVoltage = (v: string) => v.replace(/\s+/g, ' ').replace('–', '-').trim();
