import type { FactSet, Line } from './lines';
import { looksLikeSds } from './kind';
import { blockOf, COMPANY_SUFFIX, readBlock } from './parties';

/**
 * A safety data sheet's own facts, read from its sections: the classification of the mixture under CLP
 * (Regulation (EC) No 1272/2008) in section 2 — its hazard classes ("Flam. Liq. 2", "Eye Irrit. 2") and
 * hazard statements (H225, EUH066) — which sets the dossier's clp_hazardous ("yes" when it is classified,
 * "no" when section 2 says it is not). Hazard statements of the ingredients (section 3) and the full texts
 * of section 16 are not the mixture's classification and are not read.
 */

const SECTION_2 =
  /hazards? identification|gefahrenidentifizierung|mogliche gefahren|identification des dangers|identificacion de (?:los )?peligros|identificazione dei pericoli|identificatie van de gevaren|farliga egenskaper|identificacao (?:dos|de) perigos|identyfikacja zagrozen/;
const SECTION_3 =
  /composition|zusammensetzung|composicion|composizione|samenstelling|sammansattning|composicao|sklad\/informacja/;
const NOT_CLASSIFIED =
  /\b(?:not classified|is not (?:classified|considered) (?:as )?(?:hazardous|dangerous)|does not meet the criteria for classification|no classification|nicht als gefahrlich eingestuft|keine einstufung|nicht eingestuft|non classe|n'est pas classe|ne repond pas aux criteres de classification|no (?:esta )?clasificad[ao]|no se clasifica|non (?:e )?classificat[ao]|niet ingedeeld|niet geclassificeerd|inte klassificerad|nao classificad[ao]|nie (?:jest )?sklasyfikowan)/;
const H_CODE = /\b(?:EUH\s?\d{3}|H\s?[234]\d{2}(?:[FfDd]{1,2}|i)?)\b/g;
const HAZARD_CLASS =
  /\b(?:Flam\.\s?(?:Liq|Sol|Gas|Aerosol)\.?|Aerosol|Acute\s?Tox\.|Skin\s?Corr\.|Skin\s?Irrit\.|Eye\s?Dam\.|Eye\s?Irrit\.|Resp\.\s?Sens\.|Skin\s?Sens\.|Muta\.|Carc\.|Repr\.|Lact\.|STOT\s?(?:SE|RE)|Asp\.\s?Tox\.|Aquatic\s?(?:Acute|Chronic)|Ox\.\s?(?:Liq|Sol|Gas)\.?|Press\.\s?Gas|Met\.\s?Corr\.|Self-react\.|Org\.\s?Perox\.|Pyr\.\s?(?:Liq|Sol)\.?|Expl\.|Unst\.\s?Expl\.)\s?(?:\d[A-C]?|[A-F])?\b/g;

/** The lines of section 2: from its heading to the heading of section 3 (at most 80 lines). */
function section2(lines: Line[]): Line[] {
  const start = lines.findIndex((l) => l.norm.length < 140 && SECTION_2.test(l.norm) && /\b2\b|^[^\d]*$/.test(l.norm));
  if (start < 0) return [];
  const out: Line[] = [];
  for (const l of lines.slice(start + 1, start + 81)) {
    if (
      l.norm.length < 140 &&
      SECTION_3.test(l.norm) &&
      /^(?:\W*(?:section|abschnitt|rubrique|seccion|sezione|rubriek|avsnitt|secao|sekcja)?\s*3\b)/.test(l.norm)
    )
      break;
    out.push(l);
  }
  return out;
}

export function readSds(lines: Line[], facts: FactSet, documentType: string | null | undefined) {
  if (!looksLikeSds(lines, documentType)) return;
  const sec = section2(lines);
  if (!sec.length) return;
  const codes: string[] = [];
  const classes: string[] = [];
  const codeLines: Line[] = [];
  let notClassified: Line | null = null;
  for (const l of sec) {
    const found = (l.text.match(H_CODE) ?? []).map((c) => c.replace(/\s/g, '').toUpperCase());
    // The precautionary statements (P…) of the label come with the hazard statements; only H and EUH codes count.
    for (const c of found) if (!codes.includes(c)) codes.push(c);
    for (const c of l.text.match(HAZARD_CLASS) ?? []) {
      const v = c.replace(/\s+/g, ' ').trim();
      if (!classes.includes(v)) classes.push(v);
    }
    if (found.length && codeLines.length < 4) codeLines.push(l);
    if (!notClassified && NOT_CLASSIFIED.test(l.norm)) notClassified = l;
  }
  // EUH statements are supplemental labelling, not a classification on their own.
  const hazardCodes = codes.filter((c) => c.startsWith('H'));
  if (hazardCodes.length) {
    facts.add('clp_hazardous', 'yes', codeLines, 0.8);
    facts.add('hazard_statements', codes.join(', '), codeLines, 0.8);
    if (classes.length) facts.add('clp_classification', classes.join('; '), codeLines, 0.75);
  } else if (notClassified) {
    facts.add('clp_hazardous', 'no', [notClassified], 0.8);
    facts.add('clp_classification', 'not classified', [notClassified], 0.75);
  }
}

/**
 * The supplier of the sheet (section 1.3): an operator candidate, taken as the manufacturer's at a low
 * confidence when the sheet names no manufacturer (a supplier may be the importer or a distributor: a
 * person confirms it). "Supplier: X", "Lieferant X" (a table without its rule), "Supplied by: X".
 */
const SUPPLIER =
  /^(?:\d(?:\.\d)*\.?\s*)?(?:supplier|supplied by|company(?:\/undertaking)?|manufacturer\/supplier|lieferant|hersteller\/lieferant|fournisseur|proveedor|fornitore|leverancier|leverantor|fornecedor|dostawca)\s*[:：]?\s*(\S.*)?$/;

export function readSdsSupplier(lines: Line[], facts: FactSet, documentType: string | null | undefined) {
  if (facts.has('manufacturer_name') || !looksLikeSds(lines, documentType)) return;
  for (const line of lines) {
    const m = SUPPLIER.exec(line.norm);
    if (!m) continue;
    const value = m[1] ? line.text.slice(line.text.length - m[1].length).trim() : '';
    if (value && !/^\p{Lu}|^\d/u.test(value)) continue;
    const party = readBlock('manufacturer', line, value, blockOf(lines, line, Boolean(value)));
    if (!party || party.name.length < 3 || !COMPANY_SUFFIX.test(party.name)) continue;
    facts.add('manufacturer_name', party.name.replace(/^[:：\s]+/, ''), party.lines, 0.6);
    if (party.address) facts.add('manufacturer_address', party.address, party.lines, 0.55);
    if (party.parts?.country) facts.add('manufacturer_country', party.parts.country, party.lines, 0.5);
    if (party.email) facts.add('manufacturer_email', party.email, party.lines, 0.55);
    return;
  }
}

/**
 * The product a sheet is about when no label gives it: the line that heads the sheet and its pages
 * ("Terrac Extra MF" first, then "Terrac Extra MF Seite: 2/17" on every page), not a title of the form.
 */
const FORM_TITLE =
  /^(?:material )?safety data sheet|sicherheitsdatenblatt|fiche de donnees de securite|ficha de datos de seguridad|scheda (?:di )?dati di sicurezza|veiligheidsinformatieblad|sakerhetsdatablad|ficha de dados de seguranca|karta charakterystyki|page|seite|version|revision|.*\bfax\b/;

export function readSdsProduct(lines: Line[], facts: FactSet, documentType: string | null | undefined) {
  if (facts.has('product_name') || !looksLikeSds(lines, documentType)) return;
  const first = lines[0];
  if (!first || first.text.length > 80 || FORM_TITLE.test(first.norm) || !/\p{L}{3}/u.test(first.text)) return;
  const repeats = lines.filter((l) => l !== first && l.text.startsWith(first.text)).length;
  if (repeats >= 1) facts.add('product_name', first.text, [first], 0.6);
}
