import { parseAddress } from '@/lib/address/parse';
import { findDates } from './date-parse';
import type { FactSet, Line } from './lines';
import { COMPANY_SUFFIX } from './parties';

/**
 * The signature of a declaration or certificate, read as a person reads it: the place and date line
 * ("Hamburg, 14.06.2019", "In Liberec, September 30, 2022", "Dec 23, 2024, Nepean, Ontario, Canada",
 * "Taiwan Jul. 22nd, 2019" above "(Place) (Date)"), the signatory's name and function below or beside a
 * signature anchor ("Signature:", "Signed on behalf of … by:", "Place and date of issue Dipl.-Ing. X",
 * "Deren Guler, CEO", "Johnny Huang/Manager, Certification Center", a function line above or below the
 * name), and "Place of issue:" given as an address (its city is the place).
 */

const TITLE = '(?:(?:Dr|Prof|Dipl|Ing|Mr|Mrs|Ms|Mag|Herr|Frau|Mme|Sr|Sra|Sig|Dott|Eng)\\.?(?:[-.]?\\s?Ing\\.?)?\\s+)';
const NAME_WORD = "\\p{Lu}[\\p{Ll}'’-]+(?:-\\p{Lu}[\\p{Ll}]+)?";
const PERSON = new RegExp(`^${TITLE}*(?:${NAME_WORD}|\\p{Lu}\\.)(?:\\s+(?:${NAME_WORD}|\\p{Lu}\\.)){1,3}$`, 'u');
/** Words that make a capitalised pair no one's name ("Managing Director", "Test Report", "United Kingdom"). */
const NOT_NAME_WORDS = new Set(
  (
    'the for and on of by behalf date place signature signed page report test directive european union declaration ' +
    'conformity product products certificate standard standards technology limited street road park building kingdom ' +
    'republic china states america germany france italy spain taiwan district city province company group industrial ' +
    'zone centre center quality compliance manager director managing general technical engineering department office ' +
    'officer chief executive president ceo cto coo cfo head sales marketing service services electronics electronic ' +
    'laboratory testing lab inspection certification international system systems model type name function title position ' +
    'issue issued authorized authorised representative manufacturer importer stamp seal annex section note notes ' +
    'unterschrift datum ort geschaftsfuhrer leiter fonction signature lieu firma fecha lugar luogo data firmato ' +
    'document history revision version page'
  ).split(' '),
);
const FUNCTION =
  /\b(?:director|manager|manger|ceo|cto|cfo|coo|president|engineer|officer|head of|chief|owner|founder|partner|geschaftsfuhrer|geschaeftsfuehrer|leiter|prokurist|inhaber|vorstand|gerant|directeur|directrice|responsable|presidente|amministratore|direttore|gerente|responsabile|supervisor|authori[sz]ed (?:signatory|person)|legal representative)\b/i;

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export function isPersonName(text: string): boolean {
  const t = text.trim().replace(/[,;:：]+$/, '');
  if (t.length < 4 || t.length > 60 || !PERSON.test(t)) return false;
  if (COMPANY_SUFFIX.test(t) || FUNCTION.test(t)) return false;
  const words = fold(t)
    .replace(/[^a-z\s'-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return !words.some((w) => NOT_NAME_WORDS.has(w));
}

const isFunction = (text: string) => {
  const t = text.trim().replace(/[,;:：]+$/, '');
  if (/[:：()]/.test(t)) return false;
  return t.length >= 2 && t.length <= 70 && t.split(/\s+/).length <= 8 && FUNCTION.test(t) && !/\d/.test(t);
};

const cleanFunction = (fn: string) =>
  fn
    .replace(/\s+(?:date|datum|signature|place|fecha|data)\s*[:：]?$/i, '')
    .replace(/[,;:：]+$/, '')
    .trim();

/** Lines after which the signatory is named. */
const ANCHOR =
  /^(?:date of issue|issue date|signature|signed|sign\b|unterschrift|unterzeichnet|signe|firma(?:do)?|for and on behalf|on behalf of|im auftrag|pour le compte|en nombre de|per conto|place and date|date and place|ort und datum|lieu et date|lugar y fecha|luogo e data|\(name|name\s*\/|authori[sz]ed by|approved by|issued by)|\b(?:signed|signature)\b.{0,40}$/;
/** The roles of a report's sign-off, each with its own person. */
const SIGN_OFF_ROLE =
  /^(?:compiled|prepared|checked|reviewed|supervised|tested|written|verified|inspected|approved|authori[sz]ed)\s+by\b/;
const SIGN_OFF_COLUMN =
  /\b(compiled|prepared|checked|reviewed|supervised|tested|written|verified|inspected|approved|authori[sz]ed)\s+by\s*[:：]/g;
/** A name before "/ its function", in a row of them. */
const NAME_SLASH = /(?<![\p{L}])(\p{Lu}[\p{Ll}'-]+(?:\s\p{Lu}[\p{Ll}'-]+){1,2})\s*\/\s*/gu;
/** The role whose person signs for the document (below a certain value's confidence all the same). */
const APPROVER = /^(?:approved|authori[sz]ed)\s+by\b/;
/** A label before the name on its line: "Place and date of issue Dipl.-Ing. X", "Signature: X". */
const LEAD_LABEL =
  /^(?:place and date of issue|date and place of issue|place and date|date and place|signature|signed by|name|unterschrift|ort und datum|lieu et date|lugar y fecha|luogo e data)\s*[:：]?\s*/i;

/** "Name, Function", "Name/Function", "Name – Function", or a name alone. */
function nameAndFunction(text: string): { name: string; fn: string | null } | null {
  const t = text
    .replace(LEAD_LABEL, '')
    // A form's bracketed label before its value: "(position+printedname+signature): X".
    .replace(/^\([^()]{2,60}\)\s*[:：]\s*/, '')
    .replace(/[：:]\s*$/, '')
    .trim();
  if (isPersonName(t)) return { name: t, fn: null };
  const bracket = /^(.{4,60}?)\s*\(([^()]{2,60})\)$/.exec(t);
  if (bracket && isPersonName(bracket[1]) && isFunction(bracket[2]))
    return { name: bracket[1].trim(), fn: bracket[2].trim() };
  const m = /^(.{4,60}?)\s*(?:,|\/|\s[-–]\s|\s\|\s)\s*(.{2,70})$/.exec(t);
  if (m && isPersonName(m[1]) && isFunction(m[2])) return { name: m[1].trim(), fn: m[2].trim() };
  // "RF Manager Hans Hu": the function, then the name (a report's "position + printed name" row).
  const words = t.split(/\s+/);
  for (let i = 1; i < words.length - 1 && i <= 5; i++) {
    const fn = words.slice(0, i).join(' ');
    const name = words.slice(i).join(' ');
    if (isFunction(fn) && !FUNCTION.test(name) && isPersonName(name)) return { name, fn };
  }
  return null;
}

const PLACE_WORD = /^[\p{Lu}][\p{L}.'’ -]{1,40}$/u;
/** "Hamburg, 14.06.2019", "In Liberec, September 30, 2022", "Fait à Lyon, le 3 mars 2024". */
const PLACE_BEFORE_DATE =
  /^(?:(?:in|at|fait a|en|a|in|done at|issued at|ausgestellt in)\s+)?(.+?)\s*,?\s*(?:le|den|am|il|el|on|the)?\s*$/i;

function placeOfDateLine(line: Line): string | null {
  const dates = findDates(line.norm);
  if (dates.length !== 1 || line.text.length > 90) return null;
  const d = dates[0];
  const before = line.text.slice(0, d.index).trim();
  const after = line.text
    .slice(d.index)
    .replace(/^.*?(?:19|20)\d{2}(?!\d)\s*,?\s*/, '')
    .trim();
  if (before) {
    // "Hamburg, 14.06.2019": the date ends the line, the place is all before it.
    if (after || /\b(?:of|from|since|vom|du|del|dal)\s*$/i.test(before)) return null;
    const m = PLACE_BEFORE_DATE.exec(before.replace(/,\s*$/, ''));
    const p = m?.[1]?.replace(/[,\s]+$/, '').trim();
    if (
      p &&
      PLACE_WORD.test(p) &&
      p.split(/\s+/).length <= 4 &&
      !/\b(?:date|datum|fecha|data|issued?|valid|dated?|since|from|until|to|by|von|par|por|da|prepared|approved|checked|revised|reviewed|signed|author|page|version|rev)\b/i.test(
        p,
      )
    )
      return p;
    return null;
  }
  if (after && PLACE_WORD.test(after.replace(/,/g, '')) && after.split(/\s+/).length <= 6) return after;
  return null;
}

export function readSignature(lines: Line[], facts: FactSet, documentType: string | null | undefined) {
  const signed =
    !documentType ||
    ['declaration_of_conformity', 'certificate', 'test_report', 'risk_assessment'].includes(documentType);
  if (!signed) return;
  const isDoc = !documentType || documentType === 'declaration_of_conformity';
  for (const line of lines) {
    // "Place of issue:" written as an address: its city is the place.
    if (
      /^(?:\d{1,2}[.)]\s*)?(?:place of issue|ausstellungsort|ort der ausstellung|lieu d'emission|lugar de emision|luogo di emissione)\s*[:：]?/.test(
        line.norm,
      )
    ) {
      const rest = line.text.replace(/^[^:：]*[:：]?\s*/, '').trim();
      const block = [
        rest,
        ...lines
          .slice(line.index + 1, line.index + 7)
          .filter((l) => l.page === line.page)
          .map((l) => l.text),
      ]
        .filter(Boolean)
        .filter((t) => !/^\d{1,2}[.)]\s/.test(t));
      const stop = block.findIndex((t) => /[:：]\s*$|^(?:signature|date|name)\b/i.test(t));
      const address = (stop >= 0 ? block.slice(0, stop) : block).slice(0, 5).join(', ');
      const parsed = parseAddress(address);
      const city = parsed.city;
      // An address has a postcode or a country; the city is a short name.
      if (
        city &&
        (parsed.postal_code || parsed.country) &&
        /\p{L}{3}/u.test(city) &&
        city.length <= 40 &&
        city.split(/\s+/).length <= 4 &&
        !COMPANY_SUFFIX.test(city)
      )
        facts.add('place_of_issue', city.replace(/\s+[A-Z]{1,2}\d[\dA-Z]?\s?\d[A-Z]{2}$/, ''), [line], 0.8);
    }
    const place = placeOfDateLine(line);
    const nextLine = lines[line.index + 1];
    if (place && (isDoc || documentType === 'certificate')) {
      facts.add('place_of_issue', place, [line], 0.7);
      if (isDoc) facts.add('doc_issue_date', findDates(line.norm)[0].iso, [line], 0.6);
    }
    // "Taiwan Jul. 22nd, 2019" above "(Place) (Date)".
    if (nextLine && /^\(place\)\s*\(date\)$/.test(nextLine.norm)) {
      const d = findDates(line.norm)[0];
      const p = d ? line.text.slice(0, d.index).trim() : '';
      if (d && p && PLACE_WORD.test(p)) {
        facts.add('place_of_issue', p, [line, nextLine], 0.75);
        facts.add(isDoc ? 'doc_issue_date' : 'issued_on', d.iso, [line, nextLine], 0.75);
      }
    }

    // A certificate's or declaration's date alone on its line beside the signatory's function ("Manager" / "Sept. 22, 2023").
    if ((isDoc || documentType === 'certificate') && line.text.length <= 30) {
      const only = findDates(line.norm);
      const rest = line.norm.replace(/[^a-z]/g, '');
      if (only.length === 1 && rest.length <= 9) {
        const near = lines
          .slice(Math.max(0, line.index - 2), line.index + 3)
          .filter((l) => l !== line && l.page === line.page);
        const fnLine = near.find((l) => isFunction(l.text) && l.text.split(/\s+/).length <= 5);
        if (fnLine) {
          facts.add(isDoc ? 'doc_issue_date' : 'issued_on', only[0].iso, [line], 0.6);
          facts.add('signatory_function', cleanFunction(fnLine.text), [fnLine], 0.6);
        }
      }
    }

    // A sign-off row of columns ("Compiled by: Supervised by: Approved by:") over the row of their people
    // ("Coco Lin / File Administrator Max Wu/ Engineer Gavin Liang / Manager"): the approver's column.
    const roles = [...line.norm.matchAll(SIGN_OFF_COLUMN)].map((r) => r[1]);
    if (roles.length >= 2) {
      const k = roles.findIndex((r) => /^(?:approved|authori[sz]ed)$/.test(r));
      const people = lines.slice(line.index + 1, line.index + 3).find((l) => l.page === line.page);
      // The words of the function before it may run into a name ("Engineer Jonas Weber /"): the name is the
      // shortest tail that is one.
      const names = people
        ? [...people.text.matchAll(NAME_SLASH)].map((n) => {
            const words = n[1].split(/\s+/);
            while (words.length > 2 && !isPersonName(words.join(' '))) words.shift();
            return words.join(' ');
          })
        : [];
      if (k >= 0 && names.length === roles.length && isPersonName(names[k]) && people)
        facts.add('signatory_name', names[k], [line, people], 0.78);
    }

    // The signatory: on the anchor's line or in the few lines below it (a function line beside the name).
    if (!ANCHOR.test(line.norm) && !(place && isDoc)) continue;
    const below = lines.slice(line.index + 1, line.index + 7).filter((l) => l.page === line.page);
    // A report's sign-off names several people, each below a role of their own ("Compiled by", "Supervised
    // by", "Approved by"): the zone ends at the next role, and the one who approves is the signatory.
    const otherRole = below.findIndex((l) => SIGN_OFF_ROLE.test(l.norm));
    const zone = [line, ...(otherRole >= 0 ? below.slice(0, otherRole) : below)];
    const confidence = APPROVER.test(line.norm) ? 0.78 : 0.75;
    let found = false;
    for (let i = 0; i < zone.length; i++) {
      const l = zone[i];
      const nf = nameAndFunction(l.text);
      if (!nf) continue;
      facts.add('signatory_name', nf.name.replace(/[,;]+$/, ''), [line, l], confidence);
      let fn = nf.fn;
      let at = l;
      if (!fn) {
        const below = zone[i + 1];
        const above = zone[i - 1];
        if (below && isFunction(below.text)) [fn, at] = [below.text, below];
        else if (above && above !== line && isFunction(above.text)) [fn, at] = [above.text, above];
      }
      if (fn) facts.add('signatory_function', cleanFunction(fn), [line, at], confidence);
      found = true;
      break;
    }
    // A function without a name beside the signature ("Signature:" then "Quality Manager").
    if (!found) {
      const fnLine = zone.slice(1, 4).find((l) => isFunction(l.text) && l.text.split(/\s+/).length <= 5);
      if (fnLine) facts.add('signatory_function', cleanFunction(fnLine.text), [line, fnLine], 0.6);
    }
  }
}
