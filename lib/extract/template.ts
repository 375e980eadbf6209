/**
 * Unfilled templates (issue 34: a DoC template in Markdown with "[Company Name]", "Manufactured by: xxx"
 * came out as a declaration). A template has a document type's form, but its names, places and dates
 * are placeholders, so it declares, certifies or reports nothing: the classifier calls it "other", and the
 * fact readers (lib/extract/facts.ts) present none of its values as certain.
 *
 * Placeholders counted (each distinct one once):
 * - a bracketed slot naming what belongs there, in any of the classifier's languages: "[Company Name]",
 *   "[PLZ Ort]", "<Insert manufacturer's name>", "{{date}}", "[Nom du fabricant]"; bracketed
 *   abbreviations and references ("[CLP]", "[4.1]") are not slots;
 * - a run of x standing alone as a value ("xxx", "XXXXXXXX"), not inside a model code ("TX-XXX").
 */

const SLOT_WORDS =
  '(?:name|company|firm|manufacturer|address|street|city|postal|post code|zip|country|date|place|position|title|signature|function|role|phone|e-?mail|number|model|product|article|serial|insert|enter|your|firmenname|hersteller|anschrift|strasse|straße|hausnummer|plz|ort|datum|unterschrift|funktion|artikelnummer|seriennummer|nom|societe|société|fabricant|adresse|rue|ville|lieu|fonction|nombre|empresa|fabricante|direccion|dirección|ciudad|fecha|lugar|firma|cargo|nome|azienda|fabbricante|indirizzo|citta|città|luogo|data|naam|bedrijf|fabrikant|adres|plaats|datum|handtekening|functie)';

const SLOT = new RegExp(
  `\\[[^\\]\\n]{0,40}\\b${SLOT_WORDS}\\b[^\\]\\n]{0,40}\\](?!\\()|<[^>\\n]{0,40}\\b${SLOT_WORDS}\\b[^>\\n]{0,40}>|\\{\\{[^}\\n]{1,40}\\}\\}`,
  'giu',
);
const X_RUN = /(?<![\p{L}\p{N}-])x{3,}(?![\p{L}\p{N}-])/giu;

/** Distinct placeholders in a text (lower-cased). */
export function templatePlaceholders(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(SLOT)) found.add(m[0].toLowerCase());
  for (const m of text.matchAll(X_RUN)) found.add(m[0].toLowerCase());
  return [...found];
}

/** Distinct placeholders from which a text is a template. */
export const TEMPLATE_MIN_PLACEHOLDERS = 3;
