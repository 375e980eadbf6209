import { normaliseForMatch } from './text-match';

/**
 * Recognises a product data table (catalogue export, SKU list) from its header row, in the five
 * languages: an identifier column (SKU, EAN/GTIN/UPC, Artikelnummer, référence, codice articolo...) next
 * to other product columns (name, brand, price, category...). The header may sit below title rows, so
 * the first lines are all tried.
 */

const IDENTIFIER = new RegExp(
  '^(?:' +
    [
      'sku(?: ?(?:code|id|no|nr|number))?',
      'external sku id',
      'ean(?: ?(?:13|8|code|nr|number|no))?',
      'gtin(?: ?(?:13|14|8|12))?',
      'upc(?: ?(?:a|code))?',
      'bar ?code|barcode|strichcode|codigo de barras|codice a barre|code(?:-| )barres?',
      'article (?:no|nr|number|id)|art(?:ikel)?(?: |-|\\. ?)?(?:nr|no|nummer)\\.?|artikelnummer|artikel-nr\\.?',
      'item (?:no|nr|number|code|id)',
      'product (?:code|id|no|nr|number)|produkt(?:nummer|code| ?id)|prod(?:uct)? ?id',
      'mpn|asin|isbn|herstellernummer|hersteller-artikelnummer',
      'ref(?:erence|\\.)?|reference (?:article|produit)|referencia|riferimento',
      'codice(?: articolo| prodotto)?|cod\\.? ?art(?:icolo)?\\.?|codigo(?: de articulo| de producto)?',
      'numero de articulo|n(?:o|um|umero)?\\.? ?(?:d.)?(?:article|articulo|articolo)',
      'model(?:l)?(?: ?(?:no|nr|number|nummer))?|modele|modelo|modello|type ?(?:no|number)|typ(?:enbezeichnung)?',
    ].join('|') +
    ')$',
);

const PRODUCT_COLUMN = new RegExp(
  '^(?:' +
    [
      '(?:product |item |article )?(?:name|title|description)|produktname|artikelname|bezeichnung|artikelbezeichnung|beschreibung|produktbeschreibung',
      'designation|libelle|nom(?: du produit)?|description du produit|nombre(?: del producto)?|descripcion|denominacion|nome(?: prodotto)?|descrizione|denominazione',
      'brand|vendor|marke|marque|marca|manufacturer|hersteller|fabricant|fabricante|produttore|fabbricante|supplier|lieferant|fournisseur|proveedor|fornitore',
      '(?:unit |retail |net )?price|preis|vk(?:-| )?preis|prix|precio|prezzo|cost|rrp|uvp|msrp',
      'category|kategorie|warengruppe|categorie|categoria|product type|produktart|category code',
      'qty|quantity|menge|stock|bestand|lagerbestand|quantite|cantidad|quantita|inventory',
      'weight|grams|gewicht|poids|peso|dimensions?|abmessungen|size|grosse|taille|talla|taglia',
      'colou?r|farbe|couleur|colore|material|materiau|materiale',
      'hs code|hs-code|customs tariff|zolltarifnummer|taric|nomenclature douaniere|codigo arancelario|codice doganale',
      'country of origin|ursprungsland|herkunftsland|pays d.origine|pais de origen|paese di origine|origin|coo',
      'currency|wahrung|devise|moneda|valuta|vat|mwst|tva|iva|unit|einheit|unite|unidad|unita',
      'image(?: url)?|bild(?: url)?|photo|foto|url|link',
      'age(?: grading| group)?|altersangabe|altersempfehlung|ce(?: mark(?:ing)?)?|voltage|spannung|battery|batterie',
      'product name|sku name|variant|variante|handle|title',
    ].join('|') +
    ')$',
);

export interface ProductTableMatch {
  headerLine: number;
  columns: string[];
  identifierColumns: string[];
  productColumns: string[];
  confidence: number;
}

/** Splits one CSV/TSV line on the delimiter that occurs most, honouring double quotes. */
export function splitDelimitedLine(line: string): string[] {
  const counts = [',', ';', '\t', '|'].map((d) => ({ d, n: line.split(d).length - 1 }));
  const best = counts.sort((a, b) => b.n - a.n)[0];
  if (best.n === 0) return [line];
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === best.d && !quoted) {
      cells.push(cur);
      cur = '';
    } else cur += c;
  }
  cells.push(cur);
  return cells.map((c) => c.trim());
}

const cleanHeader = (c: string) =>
  normaliseForMatch(c)
    .replace(/[*:#"'()[\]]/g, ' ')
    .replace(/[_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function detectProductTable(text: string): ProductTableMatch | null {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim())
    .slice(0, 15);
  let best: ProductTableMatch | null = null;
  lines.forEach((line, index) => {
    const cells = splitDelimitedLine(line);
    if (cells.length < 2 || cells.length > 400) return;
    const identifierColumns: string[] = [];
    const productColumns: string[] = [];
    for (const raw of cells) {
      const c = cleanHeader(raw);
      if (!c || c.length > 40) continue;
      // Shop exports qualify columns ("Variant SKU", "Product Category"): the last words decide.
      const tail = c.replace(
        /^(?:variant|product|item|article|artikel|produit|producto|prodotto|main|parent|child) /,
        '',
      );
      if (IDENTIFIER.test(c) || IDENTIFIER.test(tail)) identifierColumns.push(raw);
      else if (PRODUCT_COLUMN.test(c) || PRODUCT_COLUMN.test(tail)) productColumns.push(raw);
    }
    const strongEnough =
      (identifierColumns.length >= 1 && identifierColumns.length + productColumns.length >= 2) ||
      productColumns.length >= 4;
    if (!strongEnough) return;
    const confidence = Math.min(
      0.97,
      0.62 + 0.1 * Math.min(identifierColumns.length, 3) + 0.04 * Math.min(productColumns.length, 5),
    );
    if (!best || confidence > best.confidence) {
      best = { headerLine: index + 1, columns: cells, identifierColumns, productColumns, confidence };
    }
  });
  return best;
}
