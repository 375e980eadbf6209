/**
 * The import template (GET /api/import/template): a header row in one of the five languages and one
 * example row, as CSV (UTF-8 with a BOM, the delimiter spreadsheet programs of that language expect) or
 * XLSX. Every header is one of the importer's own header synonyms (lib/imports/synonyms.ts) or the
 * catalogue's field label that folds to one, so the importer maps its own template back column for
 * column; tests/unit/imports/template.test.ts holds that true for every language. Cells are formula-safe.
 */
import * as XLSX from '@e965/xlsx';
import { csvCell } from '@/lib/text/csv';
import type { SynonymLanguage } from './synonyms';

export const TEMPLATE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const satisfies readonly SynonymLanguage[];
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export const TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

type PerLanguage = Record<TemplateLanguage, string>;
const same = (s: string): PerLanguage => ({ en: s, de: s, fr: s, es: s, it: s });

export interface TemplateColumn {
  /** the SKU column or dossier field key the importer maps the header to; "{lang}" is the template's language */
  target: string;
  header: PerLanguage;
  example: PerLanguage;
}

/** The template's columns, in order: identification, texts, compliance, operators. */
export const TEMPLATE_COLUMNS: readonly TemplateColumn[] = [
  {
    target: 'sku_code',
    header: { en: 'SKU', de: 'Artikelnummer', fr: 'Référence', es: 'Referencia', it: 'Codice articolo' },
    example: same('TRAIN-01'),
  },
  {
    target: 'product_name',
    header: {
      en: 'Product name',
      de: 'Produktname',
      fr: 'Nom du produit',
      es: 'Nombre del producto',
      it: 'Nome prodotto',
    },
    example: {
      en: 'Wooden toy train',
      de: 'Holzeisenbahn',
      fr: 'Train en bois',
      es: 'Tren de madera',
      it: 'Trenino in legno',
    },
  },
  { target: 'gtin', header: same('GTIN'), example: same('4006381333931') },
  {
    target: 'category_code',
    header: { en: 'Category', de: 'Kategorie', fr: 'Catégorie', es: 'Categoría', it: 'Categoria' },
    example: same('toys'),
  },
  {
    target: 'brand',
    header: { en: 'Brand', de: 'Marke', fr: 'Marque', es: 'Marca', it: 'Marchio' },
    example: same('Kiddo'),
  },
  {
    target: 'model_number',
    header: {
      en: 'Model number',
      de: 'Modellnummer',
      fr: 'Numéro de modèle',
      es: 'Número de modelo',
      it: 'Numero di modello',
    },
    example: same('KT-2024'),
  },
  {
    target: 'product_description',
    header: { en: 'Description', de: 'Beschreibung', fr: 'Description', es: 'Descripción', it: 'Descrizione' },
    example: {
      en: 'Wooden train with three wagons, painted with water-based colours.',
      de: 'Holzzug mit drei Waggons, mit Farben auf Wasserbasis lackiert.',
      fr: "Train en bois avec trois wagons, peint avec des couleurs à l'eau.",
      es: 'Tren de madera con tres vagones, pintado con colores al agua.',
      it: "Treno in legno con tre vagoni, dipinto con colori all'acqua.",
    },
  },
  {
    target: 'safety_warnings_{lang}',
    header: { en: 'Warnings', de: 'Warnhinweise', fr: 'Avertissements', es: 'Advertencias', it: 'Avvertenze' },
    example: {
      en: 'Warning: Not suitable for children under 3 years. Small parts. Choking hazard.',
      de: 'Achtung: Nicht für Kinder unter 3 Jahren geeignet. Kleine Teile. Erstickungsgefahr.',
      fr: 'Attention : Ne convient pas aux enfants de moins de 3 ans. Petits éléments. Danger d’étouffement.',
      es: 'Advertencia: No conviene para niños menores de 3 años. Piezas pequeñas. Peligro de asfixia.',
      it: 'Attenzione: Non adatto a bambini di età inferiore a 3 anni. Piccole parti. Pericolo di soffocamento.',
    },
  },
  {
    target: 'instructions_{lang}',
    header: {
      en: 'Instructions for use',
      de: 'Gebrauchsanweisung',
      fr: "Mode d'emploi",
      es: 'Instrucciones de uso',
      it: "Istruzioni per l'uso",
    },
    example: {
      en: 'Clean with a damp cloth only.',
      de: 'Nur mit einem feuchten Tuch reinigen.',
      fr: 'Nettoyer uniquement avec un chiffon humide.',
      es: 'Limpiar solo con un paño húmedo.',
      it: 'Pulire solo con un panno umido.',
    },
  },
  {
    target: 'target_markets',
    header: {
      en: 'Target markets',
      de: 'Zielmärkte',
      fr: 'Marchés cibles',
      es: 'Mercados de destino',
      it: 'Mercati di destinazione',
    },
    example: same('DE,AT,FR'),
  },
  {
    target: 'country_of_origin',
    header: {
      en: 'Country of origin',
      de: 'Ursprungsland',
      fr: "Pays d'origine",
      es: 'País de origen',
      it: 'Paese di origine',
    },
    example: same('CN'),
  },
  {
    target: 'ce_marking',
    header: { en: 'CE marking', de: 'CE-Kennzeichnung', fr: 'Marquage CE', es: 'Marcado CE', it: 'Marcatura CE' },
    example: same('yes'),
  },
  {
    target: 'product_image_url',
    header: { en: 'Image URL', de: 'Bild URL', fr: 'URL image', es: 'Imagen', it: 'URL immagine' },
    example: same('https://example.com/images/train-01.jpg'),
  },
  {
    target: 'manufacturer_name',
    header: { en: 'Manufacturer', de: 'Hersteller', fr: 'Fabricant', es: 'Fabricante', it: 'Produttore' },
    example: same('Kiddo Toys Co., Ltd.'),
  },
  {
    target: 'manufacturer_address',
    header: {
      en: 'Manufacturer address',
      de: 'Hersteller Adresse',
      fr: 'Adresse du fabricant',
      es: 'Dirección del fabricante',
      it: 'Indirizzo del produttore',
    },
    example: same('88 Industrial Road, 518000 Shenzhen, China'),
  },
  {
    target: 'manufacturer_email',
    header: {
      en: 'Manufacturer email',
      de: 'Hersteller E-Mail',
      fr: 'Courriel du fabricant',
      es: 'Correo electrónico del fabricante',
      it: 'Email del produttore',
    },
    example: same('compliance@kiddo-toys.example'),
  },
  {
    target: 'responsible_person_name',
    header: {
      en: 'EU responsible person',
      de: 'Verantwortliche Person',
      fr: 'Personne responsable',
      es: 'Persona responsable',
      it: 'Persona responsabile',
    },
    example: same('Kiddo Europe GmbH'),
  },
  {
    target: 'responsible_person_address',
    header: {
      en: 'Responsible person address',
      de: 'Verantwortliche Person Adresse',
      fr: 'Adresse de la personne responsable',
      es: 'Dirección de la persona responsable',
      it: 'Indirizzo della persona responsabile',
    },
    example: same('Hauptstraße 5, 10115 Berlin, Germany'),
  },
  {
    target: 'responsible_person_email',
    header: {
      en: 'Responsible person email',
      de: 'Verantwortliche Person E-Mail',
      fr: 'Courriel de la personne responsable',
      es: 'Correo electrónico de la persona responsable',
      it: 'Email della persona responsabile',
    },
    example: same('gpsr@kiddo-europe.example'),
  },
];

/** The column's target in a template of this language ("safety_warnings_{lang}" -> "safety_warnings_de"). */
export const templateTarget = (c: TemplateColumn, lang: TemplateLanguage) => c.target.replace('{lang}', lang);

/** Header and example row of the template in one language. */
export function templateRows(lang: TemplateLanguage): { headers: string[]; example: string[] } {
  return {
    headers: TEMPLATE_COLUMNS.map((c) => c.header[lang]),
    example: TEMPLATE_COLUMNS.map((c) => c.example[lang]),
  };
}

/** Where a comma is the decimal separator, spreadsheet programs split CSV on semicolons. */
const DELIMITER: Record<TemplateLanguage, ',' | ';'> = { en: ',', de: ';', fr: ';', es: ';', it: ';' };

function csvOf(rows: string[][], delimiter: ',' | ';'): string {
  const cell = (s: string) => {
    // csvCell neutralises formulas and quotes for commas; a semicolon delimiter needs its own quoting.
    const c = csvCell(s);
    return delimiter === ';' && !c.startsWith('"') && c.includes(';') ? `"${c}"` : c;
  };
  return '\ufeff' + rows.map((r) => r.map(cell).join(delimiter)).join('\r\n') + '\r\n';
}

/** A cell a spreadsheet would read as a formula, prefixed with an apostrophe (as csvCell does). */
const formulaSafe = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export interface TemplateFile {
  filename: string;
  contentType: string;
  body: Uint8Array;
}

export function buildImportTemplate(lang: TemplateLanguage, format: TemplateFormat): TemplateFile {
  const { headers, example } = templateRows(lang);
  const filename = `import-template-${lang}.${format}`;
  if (format === 'csv') {
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      body: new TextEncoder().encode(csvOf([headers, example], DELIMITER[lang])),
    };
  }
  // Every cell a string cell (t: 's'): a GTIN stays digits, never a number in scientific notation.
  const sheet = XLSX.utils.aoa_to_sheet([headers.map(formulaSafe), example.map(formulaSafe)], { cellDates: false });
  for (const addr of Object.keys(sheet)) {
    if (addr.startsWith('!')) continue;
    const c = sheet[addr] as XLSX.CellObject;
    c.t = 's';
    c.v = String(c.v);
  }
  sheet['!cols'] = headers.map((h, i) => ({ wch: Math.min(60, Math.max(h.length, example[i].length, 10) + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'SKUs');
  const out = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: new Uint8Array(out),
  };
}
