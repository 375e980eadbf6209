import { checkGtin } from '@/lib/gtin';
import type { FactSet, Line } from './lines';

/**
 * What identifies the product: model/type (without the batch or date written next to it), the batch
 * or lot, and GTINs (one rule, lib/gtin). Also every identifier the text states, for finding the SKUs a
 * document belongs to (lib/evidence/sku-matching.ts).
 */

const MODEL_LABEL =
  /(?:^|[\s(;,])(?:product model|model(?:\/| or )type(?: reference)?|type(?:\/| )model|model(?:l|e|o)?|model no\.?|model number|modellnummer|modellbezeichnung|typ(?:e)?(?:nbezeichnung| designation| reference| no\.?| number)?|art(?:ikel)?[-. ]?nr\.?|artikelnummer|article number|item number|numero d'article|item no\.?|article no\.?|reference|referencia|riferimento|ref\.|codice|cod\.)\s*[:#]\s*([^\n]{1,80})/;
// On the folded line: "model BW-DL40", "modèle JL-TP-300", "item no. KT-RB7" (the value is cut from the original line).
const MODEL_INLINE =
  /\b(?:model(?:l|e|o)?|(?:item|article|art\.?|artikel)\s+(?:no\.?|nr\.?|number))\s+([a-z0-9][a-z0-9._/-]*\d[a-z0-9._/-]*)/;
const MODEL_TOKEN = /^[A-Za-z0-9][A-Za-z0-9._/-]*\d[A-Za-z0-9._/-]*$/;
/** Where the model ends and the batch, date or another label begins. */
export const AFTER_MODEL =
  /\s*(?:[,;(]\s*)?\b(?:batch|lot|los|charge|chargen?(?:nummer|-nr\.?)?|serial|serie|s\/n|sn|date|datum|production|produktion|year|jahr|gtin|ean|upc|brand|marke|marque|marca)\b.*$/i;
export const DATE_LIKE =
  /^(?:\d{4}[-./]\d{1,2}(?:[-./]\d{1,2})?|\d{1,2}[-./]\d{4}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}|(?:19|20)\d{2}|w\d{1,2}[-/]\d{2,4}|\d{2}\/\d{2})$/i;
const NOT_MODEL_LINE =
  /\b(?:report|bericht|rapport|informe|rapporto|certificate|zertifikat|certificat|declaration|erklarung|doc|invoice|order|auftrag|page|seite)\s*(?:no|nr|n°|number|nummer|numero|reference|ref)\b/i;

const BARE_MODEL_ROW =
  /^(?:Model Number|Model No\.?|Model|Type designation|Modellnummer|Typ)\s+([A-Za-z0-9][A-Za-z0-9._/-]{1,40})$/i;
const DECLARED_PRODUCT =
  /\b(?:the|this) product\s*[,:]?\s*([a-z0-9][a-z0-9._/-]{0,30})\s*,?(\s+to which this declaration relates)/;

/**
 * A label misspelt by one letter ("Model reterence:", "Model refrence:"): typed by hand or misread by OCR,
 * it still says what the value is. Only "model" followed by a word one edit from "reference".
 */
const MODEL_TYPO = /^model\s+([a-z]{7,10})\s*[:：]\s*(.{1,80})$/;
function oneEditFrom(word: string, target: string): boolean {
  if (Math.abs(word.length - target.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < word.length && j < target.length) {
    if (word[i] === target[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (word.length > target.length) i++;
    else if (word.length < target.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (word.length - i) + (target.length - j) <= 1;
}

/**
 * A declaration that identifies its object by designation, the label alone on its line and the
 * designation(s) below it: "Beschreibung des Gerätes:" / "Description of the device:" then "PAN-C v2", or
 * a list of them. Each value line short and name-like (no sentence, no label).
 */
const DESIGNATION_LABEL =
  /^(?:description of the (?:device|product|apparatus|equipment)|designation of the (?:device|product|apparatus|equipment)|(?:beschreibung|bezeichnung) des (?:gerat(?:e?s)?|produkt(?:e?s)?)|geratebeschreibung|geratebezeichnung|(?:description|designation) de l'(?:appareil|equipement)|(?:description|designation) du produit)\s*:$/;
const DESIGNATION_VALUE = /^[\p{Lu}\d][\p{L}\d ._/+-]{1,48}$/u;
/** A designation reads like one (a digit, a hyphenated or capitalised code): "PAN-C v2", "LAP-TEQ PLUS", not "Liquid". */
const CODE_LIKE = /\d|\p{Lu}{2}|\p{L}-\p{L}/u;

export function modelTokens(value: string): string[] {
  return value
    .replace(AFTER_MODEL, '')
    .split(/\s*(?:,|;|\/(?=\s)|\s\/\s|\sor\s|\sund\s|\set\s|\sy\s|\se\s|\soder\s|\sou\s|\so\s)\s*/)
    .flatMap((part) =>
      part
        .split(/\s+/)
        .map((t) => t.replace(/^[("']+|[.,;:)"']+$/g, ''))
        .filter((t) => MODEL_TOKEN.test(t)),
    )
    .filter(
      (t) =>
        !DATE_LIKE.test(t) &&
        !/^(?:\d{1,4}(?:[.,]\d+)?)(?:v|w|hz|mm|cm|kg|g|l|mah|ah|a)$/i.test(t) &&
        !/^\d{8,14}$/.test(t),
    )
    .slice(0, 6);
}

const BATCH =
  /\b(?:batch|lot|charge|chargennummer|chargen-nr\.?|los-?nr\.?|numero de lot|n° de lot|lote|lotto)\s*(?:no\.?|nr\.?|number|n°|code)?\s*[:#]\s*([A-Za-z0-9][A-Za-z0-9 ./-]{0,30}[A-Za-z0-9])/i;

const GTIN_LABELLED =
  /\b(?:gtin(?:-?1[234]|-?8)?|ean(?:-?13|-?8)?(?:[- ]code)?|upc(?:-a)?|barcode|bar code|code-barres|code barre|codigo de barras|codice a barre|strichcode)\b\s*(?:no\.?|nr\.?|number|nummer)?\s*[:#]?\s*((?:\d[ -]?){7,13}\d)\b/gi;
const GTIN_BARE = /(?<![\d/.,-])(\d{13}|\d{8}|\d{12}|\d{14})(?![\d/.,-])/g;
const NOT_GTIN_LINE =
  /\b(?:report|bericht|rapport|informe|rapporto|tel|fax|phone|iban|bic|vat|ust|siret|siren|order|invoice|auftrag|rechnung|account|konto|registration|handelsregister|hrb)\b/i;

export function readProduct(lines: Line[], facts: FactSet) {
  for (const line of lines) {
    GTIN_LABELLED.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = GTIN_LABELLED.exec(line.text))) {
      const checked = checkGtin(m[1]);
      if (checked.ok) facts.add('gtin', checked.value, [line], 0.9);
    }
  }
  if (!facts.has('gtin')) {
    for (const line of lines) {
      if (NOT_GTIN_LINE.test(line.norm)) continue;
      GTIN_BARE.lastIndex = 0;
      const m = GTIN_BARE.exec(line.text);
      if (m && m[1].length === 13 && checkGtin(m[1]).ok) {
        facts.add('gtin', m[1], [line], 0.4);
        break;
      }
    }
  }

  for (const line of lines) {
    if (NOT_MODEL_LINE.test(line.norm)) continue;
    // Matched on the folded line (accents: "référence"), read from the original at the same place.
    const m = MODEL_LABEL.exec(line.norm);
    if (m) {
      const tokens = modelTokens(line.text.slice(m.index + m[0].length - m[1].length, m.index + m[0].length));
      if (tokens.length) {
        facts.add('model_number', tokens.join(', '), [line], 0.85);
        continue;
      }
    }
    const typo = MODEL_TYPO.exec(line.norm);
    if (typo && oneEditFrom(typo[1], 'reference')) {
      const tokens = modelTokens(line.text.slice(line.text.length - typo[2].length));
      if (tokens.length) {
        facts.add('model_number', tokens.join(', '), [line], 0.75);
        continue;
      }
    }
    if (DESIGNATION_LABEL.test(line.norm)) {
      const values: Line[] = [];
      for (const l of lines.slice(line.index + 1, line.index + 5)) {
        if (l.page !== line.page || (values.length && l.blankBefore)) break;
        if (!DESIGNATION_VALUE.test(l.text) || l.text.split(' ').length > 6 || !CODE_LIKE.test(l.text)) break;
        values.push(l);
      }
      if (values.length) facts.add('model_number', values.map((l) => l.text).join(', '), [line, ...values], 0.7);
      continue;
    }
    // A table row whose column rule was lost: "Model Number ESP32-RAINBOW-01", the code alone after the label.
    const bareRow = BARE_MODEL_ROW.exec(line.text);
    if (bareRow && MODEL_TOKEN.test(bareRow[1]) && !DATE_LIKE.test(bareRow[1])) {
      facts.add('model_number', bareRow[1], [line], 0.75);
      continue;
    }
    // The declaration's own sentence: "… that the product, P2, to which this declaration relates …".
    const declared = DECLARED_PRODUCT.exec(line.norm);
    if (declared) {
      const at = declared.index + declared[0].indexOf(declared[1], declared[0].indexOf('product') + 7);
      const tokens = modelTokens(line.text.slice(at, at + declared[1].length));
      if (tokens.length === 1) {
        facts.add('model_number', tokens[0], [line], 0.75);
        continue;
      }
    }
    const inline = MODEL_INLINE.exec(line.norm);
    if (inline && !DATE_LIKE.test(inline[1])) {
      const at = inline.index + inline[0].length - inline[1].length;
      facts.add('model_number', line.text.slice(at, at + inline[1].length).replace(/[.,;:]+$/, ''), [line], 0.7);
    }
  }

  // A manual or leaflet names its model in its title: "Instructions for use – Magnetic building set MB-64",
  // "SPCW130". Only the title's last word, only a code (letters and digits), only when nothing else said it.
  const title = lines[0];
  if (!facts.has('model_number') && title && title.text.length <= 120) {
    const last = title.text
      .split(/\s+/)
      .pop()!
      .replace(/[.,;:)]+$/, '');
    if (MODEL_TOKEN.test(last) && /[A-Za-z]/.test(last) && /\d/.test(last) && last.length >= 3 && !DATE_LIKE.test(last))
      if (modelTokens(last).length === 1 && /^[A-Z0-9._/-]+$/.test(last)) facts.add('model_number', last, [title], 0.6);
  }

  for (const line of lines) {
    const b = BATCH.exec(line.text);
    if (b && !/^(?:no|nr|number|n°)$/i.test(b[1])) facts.add('batch', b[1].trim(), [line], 0.8);
  }
}

/** Every identifier a text states: GTINs (valid ones only) and code-like tokens, for SKU matching. */
export function identifiersIn(text: string): { gtins: string[]; tokens: Set<string> } {
  const gtins = new Set<string>();
  for (const line of text.slice(0, 400_000).split(/\r?\n/)) {
    for (const re of [GTIN_LABELLED, GTIN_BARE]) {
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line))) {
        const c = checkGtin(m[1]);
        if (c.ok) gtins.add(c.value.padStart(14, '0'));
      }
    }
  }
  const tokens = new Set<string>();
  for (const t of text.slice(0, 400_000).split(/[\s,;:()[\]{}"'<>|]+/)) {
    const v = t.replace(/[.]+$/, '').toUpperCase();
    if (v.length >= 3 && v.length <= 50 && /\d/.test(v) && /^[A-Z0-9][A-Z0-9._/-]*$/.test(v)) tokens.add(v);
  }
  return { gtins: [...gtins], tokens };
}
