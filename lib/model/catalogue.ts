/**
 * The dossier field catalogue: every canonical field key with its section, labels in the five UI
 * locales, value kind, normaliser, whether it is per language, whether it is shown on the public
 * safety page (the GPSR Art. 19 block) and a short help text in English and German. Pure: no database, no HTTP.
 *
 * Values are stored as strings in a canonical form (dates YYYY-MM-DD, countries ISO alpha-2, country
 * lists "DE,FR,AT", lists "a; b", yes/no), so comparisons, exports and blockers see one spelling.
 */
import { acceptGtin } from '@/lib/gtin';
import { z } from 'zod';
import { LOCALES, isLocale, type Locale, type LocalizedText } from '@/lib/i18n/locales';
import {
  SAFETY_INFO_LANGUAGES,
  isSafetyInfoLanguage,
  languageName,
  type SafetyInfoLanguage,
} from '@/lib/i18n/languages';
import type { UiLocale } from '@/lib/i18n/ui';
import type { CategoryCode } from '@/lib/model/categories';
import { EEA_STATES, EU_MEMBER_STATES, normalizeCountryCode } from '@/lib/model/countries';

export const FIELD_SECTIONS = ['identification', 'entities', 'safety', 'compliance', 'category'] as const;
export type FieldSection = (typeof FIELD_SECTIONS)[number];

export const FIELD_KINDS = [
  'text',
  'multiline',
  'email',
  'url',
  'date',
  'country',
  'country_list',
  'gtin',
  'enum',
  'list',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export type EntityFieldRole = 'manufacturer' | 'importer' | 'responsible_person';
export type EntityFieldAttribute = 'name' | 'address' | 'country' | 'email' | 'url';

export type NormalizeResult = { ok: true; value: string } | { ok: false; message: string };

export interface FieldDefinition {
  /** The canonical key; for per-language fields the base ("safety_warnings"), concrete keys add "_<lang>". */
  key: string;
  section: FieldSection;
  kind: FieldKind;
  labels: LocalizedText;
  /** Per-language field: concrete keys are `<key>_<lang>` for every safety-information language. */
  localized: boolean;
  /**
   * Translatable text: the plain key holds the source text, and `<key>_<locale>` holds its text in each
   * of the five page locales (en, de, fr, es, it), which a person confirms (AI translations are only
   * suggestions). The public page shows the visitor's locale, else English, else the source.
   */
  translated?: boolean;
  /** Shown on the public safety page (GPSR Art. 19 block) once published. */
  public: boolean;
  /** English help: the API, the OpenAPI description and the AI prompt read it. */
  help: string;
  /** German help for the German UI (`fieldHelp`). */
  helpDe: string;
  /** Only for kind enum. */
  enum_values?: readonly string[];
  /** The category pack that asks for this field, for category fields. */
  category?: CategoryCode;
  /** Entity fields: which linked entity and attribute the value mirrors (entity sync). */
  entity?: { role: EntityFieldRole; attribute: EntityFieldAttribute };
  /** An extra check after the kind's normaliser (format of an HS code, a UFI...). */
  refine?: (value: string) => NormalizeResult;
}

const MAX_LENGTH: Record<FieldKind, number> = {
  text: 500,
  multiline: 20_000,
  email: 254,
  url: 2048,
  date: 10,
  country: 2,
  country_list: 1000,
  gtin: 14,
  enum: 3,
  list: 4000,
};
const MAX_LIST_ITEMS = 100;

// ---------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------

function entityFields(
  role: EntityFieldRole,
  labels: Record<'name' | 'address' | 'country' | 'email' | 'url', LocalizedText | undefined>,
  isPublic: boolean,
  /** The entity in the help texts: English noun, and German genitive ("des Herstellers"). */
  who: { en: string; deGenitive: string },
): FieldDefinition[] {
  const kinds: Record<EntityFieldAttribute, FieldKind> = {
    name: 'text',
    address: 'multiline',
    country: 'country',
    email: 'email',
    url: 'url',
  };
  const helps: Record<EntityFieldAttribute, string> = {
    name: `Legal or registered trade name of the ${who.en}.`,
    address: `Postal address of the ${who.en}: street and number, postcode, city (a PO box is not enough).`,
    country: `Country of the ${who.en}'s postal address (ISO 3166-1 alpha-2, e.g. DE).`,
    email: `Electronic address of the ${who.en} for consumers and authorities.`,
    url: `Website or contact page of the ${who.en}.`,
  };
  const helpsDe: Record<EntityFieldAttribute, string> = {
    name: `Firmenname oder eingetragener Handelsname ${who.deGenitive}.`,
    address: `Postanschrift ${who.deGenitive}: Straße und Hausnummer, PLZ, Ort (ein Postfach genügt nicht).`,
    country: `Land der Postanschrift ${who.deGenitive} (ISO 3166-1 alpha-2, z. B. DE).`,
    email: `Elektronische Adresse ${who.deGenitive} für Verbraucher und Behörden.`,
    url: `Website oder Kontaktseite ${who.deGenitive}.`,
  };
  const out: FieldDefinition[] = [];
  for (const attribute of ['name', 'address', 'country', 'email', 'url'] as const) {
    const l = labels[attribute];
    if (!l) continue;
    out.push({
      key: `${role}_${attribute}`,
      section: 'entities',
      kind: kinds[attribute],
      labels: l,
      localized: false,
      public: isPublic,
      help: helps[attribute],
      helpDe: helpsDe[attribute],
      entity: { role, attribute },
    });
  }
  return out;
}

/** "1234567": EPREL registration numbers are digits. */
function refineEprel(value: string): NormalizeResult {
  const v = value.replace(/\s/g, '');
  return /^\d{4,10}$/.test(v)
    ? { ok: true, value: v }
    : { ok: false, message: 'An EPREL registration number is 4 to 10 digits, e.g. 1234567.' };
}

/** "0197": a notified body's identification number (NANDO) has four digits. */
function refineNotifiedBody(value: string): NormalizeResult {
  const v = value.replace(/^(nb|notified body)\s*/i, '').trim();
  return /^\d{4}$/.test(v)
    ? { ok: true, value: v }
    : { ok: false, message: 'A notified body number has four digits, e.g. 0197.' };
}

/**
 * "de: WEEE-Reg.-Nr. DE 12345678; FR: FR0123" → "DE: WEEE-Reg.-Nr. DE 12345678; FR: FR0123": every entry names the
 * country whose register issued it, since each Member State keeps its own register.
 */
function refineRegistrations(value: string): NormalizeResult {
  const out: string[] = [];
  for (const entry of value.split(/;\s*/)) {
    const m = /^([A-Za-z]{2})\s*[:=]\s*(\S.*)$/.exec(entry.trim());
    const country = m ? normalizeCountryCode(m[1]) : null;
    if (!m || !country)
      return {
        ok: false,
        message: `"${entry}" names no country: write "<ISO code>: <number>", e.g. "DE: WEEE-Reg.-Nr. DE 12345678".`,
      };
    out.push(`${country}: ${m[2].trim()}`);
  }
  return { ok: true, value: out.join('; ') };
}

function refineHsCode(value: string): NormalizeResult {
  const digits = value.replace(/[\s.]/g, '');
  if (!/^\d{6,10}$/.test(digits))
    return { ok: false, message: 'An HS code has 6 to 10 digits (e.g. 9503 00 or 95030070).' };
  return { ok: true, value: digits };
}

function refineUfi(value: string): NormalizeResult {
  const compact = value
    .toUpperCase()
    .replace(/^UFI\s*:?\s*/, '')
    .replace(/[\s-]/g, '');
  if (!/^[0-9A-Z]{16}$/.test(compact))
    return { ok: false, message: 'A UFI has 16 letters and digits in four groups, e.g. "UFI: N1QV-R02N-F00K-4CNX".' };
  return { ok: true, value: compact.match(/.{4}/g)!.join('-') };
}

const DEFINITIONS: FieldDefinition[] = [
  // identification
  {
    key: 'gtin',
    section: 'identification',
    kind: 'gtin',
    localized: false,
    public: true,
    help: 'Global Trade Item Number (EAN/UPC): 8, 12, 13 or 14 digits with a valid check digit.',
    helpDe: 'Global Trade Item Number (EAN/UPC): 8, 12, 13 oder 14 Ziffern mit gültiger Prüfziffer.',
    labels: { en: 'GTIN / EAN', de: 'GTIN / EAN', fr: 'GTIN / EAN', es: 'GTIN / EAN', it: 'GTIN / EAN' },
  },
  {
    key: 'model_number',
    section: 'identification',
    kind: 'text',
    localized: false,
    public: true,
    help: 'Type or model designation that identifies the product (GPSR Art. 9(5), Art. 19(c)).',
    helpDe: 'Typ- oder Modellbezeichnung, die das Produkt identifiziert (GPSR Art. 9(5), Art. 19(c)).',
    labels: {
      en: 'Model / type number',
      de: 'Modell- / Typnummer',
      fr: 'Référence du modèle / type',
      es: 'Número de modelo / tipo',
      it: 'Numero di modello / tipo',
    },
  },
  {
    key: 'batch_or_serial_scheme',
    section: 'identification',
    kind: 'text',
    localized: false,
    translated: true,
    public: true,
    help: 'How batch or serial numbers are marked on the product, e.g. "LOT yyww-nnn on the base".',
    helpDe: 'Wie Chargen- oder Seriennummern auf dem Produkt angegeben sind, z. B. „LOT yyww-nnn am Boden“.',
    labels: {
      en: 'Batch or serial number scheme',
      de: 'Chargen- oder Seriennummernschema',
      fr: 'Système de numéro de lot ou de série',
      es: 'Esquema de número de lote o de serie',
      it: 'Schema del numero di lotto o di serie',
    },
  },
  {
    key: 'product_image_url',
    section: 'identification',
    kind: 'url',
    localized: false,
    public: true,
    help: 'Link to a picture of the product; Art. 19(c) asks for one on every online offer.',
    helpDe: 'Link zu einem Bild des Produkts; Art. 19(c) verlangt eines bei jedem Online-Angebot.',
    labels: {
      en: 'Product picture (URL)',
      de: 'Produktbild (URL)',
      fr: 'Photo du produit (URL)',
      es: 'Imagen del producto (URL)',
      it: 'Immagine del prodotto (URL)',
    },
  },
  {
    key: 'brand',
    section: 'identification',
    kind: 'text',
    localized: false,
    public: true,
    help: 'Brand or trade mark under which the product is sold.',
    helpDe: 'Marke oder Handelsmarke, unter der das Produkt vertrieben wird.',
    labels: { en: 'Brand', de: 'Marke', fr: 'Marque', es: 'Marca', it: 'Marchio' },
  },
  {
    key: 'product_description',
    section: 'identification',
    kind: 'multiline',
    localized: false,
    translated: true,
    public: true,
    help: 'General description and essential safety characteristics (technical documentation, GPSR Art. 9(2)).',
    helpDe: 'Allgemeine Beschreibung und wesentliche Sicherheitseigenschaften (technische Unterlagen, GPSR Art. 9(2)).',
    labels: {
      en: 'Product description',
      de: 'Produktbeschreibung',
      fr: 'Description du produit',
      es: 'Descripción del producto',
      it: 'Descrizione del prodotto',
    },
  },

  // entities
  ...entityFields(
    'manufacturer',
    {
      name: {
        en: 'Manufacturer name',
        de: 'Name des Herstellers',
        fr: 'Nom du fabricant',
        es: 'Nombre del fabricante',
        it: 'Nome del fabbricante',
      },
      address: {
        en: 'Manufacturer postal address',
        de: 'Postanschrift des Herstellers',
        fr: 'Adresse postale du fabricant',
        es: 'Dirección postal del fabricante',
        it: 'Indirizzo postale del fabbricante',
      },
      country: {
        en: 'Manufacturer country',
        de: 'Land des Herstellers',
        fr: 'Pays du fabricant',
        es: 'País del fabricante',
        it: 'Paese del fabbricante',
      },
      email: {
        en: 'Manufacturer email',
        de: 'E-Mail des Herstellers',
        fr: 'E-mail du fabricant',
        es: 'Correo electrónico del fabricante',
        it: 'E-mail del fabbricante',
      },
      url: {
        en: 'Manufacturer website',
        de: 'Website des Herstellers',
        fr: 'Site web du fabricant',
        es: 'Sitio web del fabricante',
        it: 'Sito web del fabbricante',
      },
    },
    true,
    { en: 'manufacturer', deGenitive: 'des Herstellers' },
  ),
  ...entityFields(
    'importer',
    {
      name: {
        en: 'Importer name',
        de: 'Name des Importeurs',
        fr: "Nom de l'importateur",
        es: 'Nombre del importador',
        it: "Nome dell'importatore",
      },
      address: {
        en: 'Importer postal address',
        de: 'Postanschrift des Importeurs',
        fr: "Adresse postale de l'importateur",
        es: 'Dirección postal del importador',
        it: "Indirizzo postale dell'importatore",
      },
      country: {
        en: 'Importer country',
        de: 'Land des Importeurs',
        fr: "Pays de l'importateur",
        es: 'País del importador',
        it: "Paese dell'importatore",
      },
      email: {
        en: 'Importer email',
        de: 'E-Mail des Importeurs',
        fr: "E-mail de l'importateur",
        es: 'Correo electrónico del importador',
        it: "E-mail dell'importatore",
      },
      url: undefined,
    },
    false,
    { en: 'importer', deGenitive: 'des Importeurs' },
  ),
  ...entityFields(
    'responsible_person',
    {
      name: {
        en: 'EU responsible person',
        de: 'Verantwortliche Person in der EU',
        fr: "Personne responsable dans l'UE",
        es: 'Persona responsable en la UE',
        it: "Persona responsabile nell'UE",
      },
      address: {
        en: 'Postal address of the EU responsible person',
        de: 'Postanschrift der verantwortlichen Person in der EU',
        fr: "Adresse postale de la personne responsable dans l'UE",
        es: 'Dirección postal de la persona responsable en la UE',
        it: "Indirizzo postale della persona responsabile nell'UE",
      },
      country: {
        en: 'Country of the EU responsible person',
        de: 'Land der verantwortlichen Person in der EU',
        fr: "Pays de la personne responsable dans l'UE",
        es: 'País de la persona responsable en la UE',
        it: "Paese della persona responsabile nell'UE",
      },
      email: {
        en: 'Email of the EU responsible person',
        de: 'E-Mail der verantwortlichen Person in der EU',
        fr: "E-mail de la personne responsable dans l'UE",
        es: 'Correo electrónico de la persona responsable en la UE',
        it: "E-mail della persona responsabile nell'UE",
      },
      url: undefined,
    },
    true,
    { en: 'EU responsible person', deGenitive: 'der verantwortlichen Person in der EU' },
  ),

  // safety (per language)
  {
    key: 'safety_warnings',
    section: 'safety',
    kind: 'multiline',
    localized: true,
    public: true,
    help: 'Warnings and safety information in this language (GPSR Art. 9(7), Art. 19(d)).',
    helpDe: 'Warnhinweise und Sicherheitsinformationen in dieser Sprache (GPSR Art. 9(7), Art. 19(d)).',
    labels: {
      en: 'Safety warnings',
      de: 'Sicherheitshinweise',
      fr: 'Avertissements de sécurité',
      es: 'Advertencias de seguridad',
      it: 'Avvertenze di sicurezza',
    },
  },
  {
    key: 'instructions',
    section: 'safety',
    kind: 'multiline',
    localized: true,
    public: true,
    help: 'Instructions for use in this language, where the product needs them.',
    helpDe: 'Gebrauchsanleitung in dieser Sprache, sofern das Produkt eine benötigt.',
    labels: {
      en: 'Instructions for use',
      de: 'Gebrauchsanleitung',
      fr: "Mode d'emploi",
      es: 'Instrucciones de uso',
      it: "Istruzioni per l'uso",
    },
  },

  // compliance
  {
    key: 'target_markets',
    section: 'compliance',
    kind: 'country_list',
    localized: false,
    public: false,
    help: 'Countries where the product is offered, e.g. "DE,FR,AT" ("EU" expands to the 27 member states). Decides the required languages.',
    helpDe:
      'Länder, in denen das Produkt angeboten wird, z. B. „DE,FR,AT“ („EU“ steht für alle 27 Mitgliedstaaten). Bestimmt die erforderlichen Sprachen.',
    labels: {
      en: 'Target markets',
      de: 'Zielmärkte',
      fr: 'Marchés cibles',
      es: 'Mercados de destino',
      it: 'Mercati di destinazione',
    },
  },
  {
    key: 'ce_marking',
    section: 'compliance',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    localized: false,
    public: false,
    help: 'Whether the product carries the CE marking.',
    helpDe: 'Ob das Produkt die CE-Kennzeichnung trägt.',
    labels: { en: 'CE marking', de: 'CE-Kennzeichnung', fr: 'Marquage CE', es: 'Marcado CE', it: 'Marcatura CE' },
  },
  {
    key: 'other_marks',
    section: 'compliance',
    kind: 'list',
    localized: false,
    public: false,
    help: 'Other marks on the product or packaging, separated by semicolons (e.g. "UKCA; crossed-out wheeled bin").',
    helpDe:
      'Weitere Kennzeichen auf Produkt oder Verpackung, durch Semikolons getrennt (z. B. „UKCA; durchgestrichene Mülltonne“).',
    labels: {
      en: 'Other marks',
      de: 'Weitere Kennzeichnungen',
      fr: 'Autres marquages',
      es: 'Otros marcados',
      it: 'Altre marcature',
    },
  },
  {
    key: 'applicable_legislation',
    section: 'compliance',
    kind: 'list',
    localized: false,
    public: false,
    help: 'EU legislation the product complies with, separated by semicolons.',
    helpDe: 'EU-Rechtsvorschriften, die das Produkt erfüllt, durch Semikolons getrennt.',
    labels: {
      en: 'Applicable legislation',
      de: 'Anwendbare Rechtsvorschriften',
      fr: 'Législation applicable',
      es: 'Legislación aplicable',
      it: 'Normativa applicabile',
    },
  },
  {
    key: 'harmonised_standards',
    section: 'compliance',
    kind: 'list',
    localized: false,
    public: false,
    help: 'Harmonised or other standards applied, with their edition, separated by semicolons.',
    helpDe: 'Angewandte harmonisierte oder sonstige Normen mit Ausgabestand, durch Semikolons getrennt.',
    labels: {
      en: 'Harmonised standards applied',
      de: 'Angewandte harmonisierte Normen',
      fr: 'Normes harmonisées appliquées',
      es: 'Normas armonizadas aplicadas',
      it: 'Norme armonizzate applicate',
    },
  },
  {
    key: 'country_of_origin',
    section: 'compliance',
    kind: 'country',
    localized: false,
    public: false,
    help: 'Country where the product was made (ISO alpha-2).',
    helpDe: 'Land, in dem das Produkt hergestellt wurde (ISO alpha-2).',
    labels: {
      en: 'Country of origin',
      de: 'Ursprungsland',
      fr: "Pays d'origine",
      es: 'País de origen',
      it: 'Paese di origine',
    },
  },
  {
    key: 'hs_code',
    section: 'compliance',
    kind: 'text',
    localized: false,
    public: false,
    help: 'Customs tariff number (Harmonized System), 6 to 10 digits.',
    helpDe: 'Zolltarifnummer (Harmonisiertes System), 6 bis 10 Ziffern.',
    refine: refineHsCode,
    labels: {
      en: 'HS code (customs tariff number)',
      de: 'Zolltarifnummer (HS-Code)',
      fr: 'Code SH (nomenclature douanière)',
      es: 'Código SA (arancel aduanero)',
      it: 'Codice SA (tariffa doganale)',
    },
  },
  {
    key: 'age_grading',
    section: 'compliance',
    kind: 'text',
    localized: false,
    translated: true,
    public: true,
    help: 'Age the product is intended for, e.g. "3+" or "not suitable for children under 36 months".',
    helpDe: 'Alter, für das das Produkt bestimmt ist, z. B. „3+“ oder „Nicht für Kinder unter 36 Monaten geeignet“.',
    labels: { en: 'Age grading', de: 'Altersangabe', fr: 'Âge recommandé', es: 'Edad recomendada', it: "Fascia d'età" },
  },
  {
    key: 'placed_on_market_date',
    section: 'compliance',
    kind: 'date',
    localized: false,
    public: false,
    help: 'First placed on the EU market (YYYY-MM-DD); technical documentation is kept 10 years from then.',
    helpDe:
      'Erstes Inverkehrbringen auf dem EU-Markt (JJJJ-MM-TT); ab dann werden die technischen Unterlagen 10 Jahre aufbewahrt.',
    labels: {
      en: 'Date placed on the market',
      de: 'Datum des Inverkehrbringens',
      fr: 'Date de mise sur le marché',
      es: 'Fecha de introducción en el mercado',
      it: 'Data di immissione sul mercato',
    },
  },
  {
    key: 'doc_issue_date',
    section: 'compliance',
    kind: 'date',
    localized: false,
    public: false,
    help: 'Date the EU declaration of conformity was issued (YYYY-MM-DD).',
    helpDe: 'Ausstellungsdatum der EU-Konformitätserklärung (JJJJ-MM-TT).',
    labels: {
      en: 'Date of issue of the declaration of conformity',
      de: 'Ausstellungsdatum der Konformitätserklärung',
      fr: "Date d'émission de la déclaration de conformité",
      es: 'Fecha de emisión de la declaración de conformidad',
      it: 'Data di emissione della dichiarazione di conformità',
    },
  },
  {
    key: 'certificate_valid_until',
    section: 'compliance',
    kind: 'date',
    localized: false,
    public: false,
    help: 'End of validity of the certificate or test report (YYYY-MM-DD).',
    helpDe: 'Ende der Gültigkeit des Zertifikats oder Prüfberichts (JJJJ-MM-TT).',
    labels: {
      en: 'Certificate valid until',
      de: 'Zertifikat gültig bis',
      fr: "Certificat valable jusqu'au",
      es: 'Certificado válido hasta',
      it: 'Certificato valido fino al',
    },
  },

  // facts that decide whether a conditional requirement applies (lib/requirements/facts.ts)
  {
    key: 'instructions_needed',
    section: 'compliance',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    localized: false,
    public: false,
    help: 'Whether the product needs instructions to be used safely and as intended (GPSR Art. 9(7) exempts products that do not).',
    helpDe:
      'Ob das Produkt eine Anleitung braucht, um sicher und bestimmungsgemäß verwendet zu werden (Produkte ohne diesen Bedarf nimmt GPSR Art. 9(7) aus).',
    labels: {
      en: 'Instructions needed',
      de: 'Gebrauchsanleitung erforderlich',
      fr: "Mode d'emploi nécessaire",
      es: 'Instrucciones necesarias',
      it: 'Istruzioni necessarie',
    },
  },
  {
    key: 'electrically_powered',
    section: 'compliance',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    localized: false,
    public: false,
    help: 'Whether the product works with electric current (mains, batteries, USB): then the EMC and RoHS Directives and the WEEE symbol apply too.',
    helpDe:
      'Ob das Produkt mit elektrischem Strom betrieben wird (Netz, Batterien, USB): dann gelten zusätzlich die EMV- und die RoHS-Richtlinie sowie das WEEE-Symbol.',
    labels: {
      en: 'Electrically powered',
      de: 'Elektrisch betrieben',
      fr: 'Alimenté électriquement',
      es: 'Funciona con electricidad',
      it: 'Alimentato elettricamente',
    },
  },
  {
    key: 'radio_equipment',
    section: 'compliance',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    localized: false,
    public: false,
    help: 'Whether the product intentionally emits or receives radio waves (Wi-Fi, Bluetooth, NFC, radio remote control): then Directive 2014/53/EU (RED) applies instead of LVD and EMC.',
    helpDe:
      'Ob das Produkt absichtlich Funkwellen sendet oder empfängt (WLAN, Bluetooth, NFC, Funkfernbedienung): dann gilt die Richtlinie 2014/53/EU (RED) anstelle der Niederspannungs- und der EMV-Richtlinie.',
    labels: {
      en: 'Radio equipment',
      de: 'Funkanlage',
      fr: 'Équipement radioélectrique',
      es: 'Equipo radioeléctrico',
      it: 'Apparecchiatura radio',
    },
  },

  // category packs
  {
    key: 'rated_voltage',
    section: 'category',
    kind: 'text',
    category: 'electrical',
    localized: false,
    public: false,
    help: 'Rated voltage and frequency, e.g. "230 V~ 50 Hz".',
    helpDe: 'Nennspannung und Frequenz, z. B. „230 V~ 50 Hz“.',
    labels: {
      en: 'Rated voltage',
      de: 'Nennspannung',
      fr: 'Tension nominale',
      es: 'Tensión nominal',
      it: 'Tensione nominale',
    },
  },
  {
    key: 'battery_type',
    section: 'category',
    kind: 'text',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Chemistry, voltage and capacity, e.g. "Li-ion 3.7 V 2000 mAh".',
    helpDe: 'Zellchemie, Spannung und Kapazität, z. B. „Li-Ion 3,7 V 2000 mAh“.',
    labels: {
      en: 'Battery type',
      de: 'Batterietyp',
      fr: 'Type de pile ou batterie',
      es: 'Tipo de pila o batería',
      it: 'Tipo di batteria',
    },
  },
  {
    key: 'cpnp_number',
    section: 'category',
    kind: 'text',
    category: 'cosmetics',
    localized: false,
    public: false,
    help: 'Reference of the notification in the Cosmetic Products Notification Portal.',
    helpDe: 'Referenz der Notifizierung im Notifizierungsportal für kosmetische Mittel (CPNP).',
    labels: {
      en: 'CPNP notification number',
      de: 'CPNP-Notifizierungsnummer',
      fr: 'Numéro de notification CPNP',
      es: 'Número de notificación CPNP',
      it: 'Numero di notifica CPNP',
    },
  },
  {
    key: 'ingredients_inci',
    section: 'category',
    kind: 'multiline',
    category: 'cosmetics',
    localized: false,
    public: false,
    help: 'Ingredient list with INCI names, in descending order of weight.',
    helpDe: 'Liste der Bestandteile mit INCI-Bezeichnungen, in absteigender Reihenfolge ihres Gewichtsanteils.',
    labels: {
      en: 'Ingredients (INCI)',
      de: 'Bestandteile (INCI)',
      fr: 'Ingrédients (INCI)',
      es: 'Ingredientes (INCI)',
      it: 'Ingredienti (INCI)',
    },
  },
  {
    key: 'ufi_code',
    section: 'category',
    kind: 'text',
    category: 'chemicals',
    localized: false,
    public: false,
    help: 'Unique formula identifier of a hazardous mixture (CLP Annex VIII), e.g. "N1QV-R02N-F00K-4CNX".',
    helpDe:
      'Eindeutiger Rezepturidentifikator (UFI) eines gefährlichen Gemischs (CLP Anhang VIII), z. B. „N1QV-R02N-F00K-4CNX“.',
    refine: refineUfi,
    labels: {
      en: 'Unique formula identifier (UFI)',
      de: 'Eindeutiger Rezepturidentifikator (UFI)',
      fr: 'Identifiant unique de formulation (UFI)',
      es: 'Identificador único de fórmula (UFI)',
      it: 'Identificatore unico di formula (UFI)',
    },
  },
  {
    key: 'fibre_composition',
    section: 'category',
    kind: 'text',
    category: 'textiles',
    localized: false,
    public: false,
    help: 'Fibre names and percentages by weight (Regulation (EU) No 1007/2011), e.g. "80% cotton, 20% polyester".',
    helpDe:
      'Faserbezeichnungen und Gewichtsanteile in Prozent (Verordnung (EU) Nr. 1007/2011), z. B. „80 % Baumwolle, 20 % Polyester“.',
    labels: {
      en: 'Fibre composition',
      de: 'Faserzusammensetzung',
      fr: 'Composition en fibres',
      es: 'Composición de fibras',
      it: 'Composizione fibrosa',
    },
  },
  {
    key: 'fibre_label_languages',
    section: 'category',
    kind: 'list',
    category: 'textiles',
    localized: false,
    public: false,
    help: 'Languages the fibre composition label is printed in, as ISO 639-1 codes separated by semicolons (e.g. "de; fr; it"); Regulation (EU) No 1007/2011 Art. 16(3).',
    helpDe:
      'Sprachen, in denen das Etikett mit der Faserzusammensetzung gedruckt ist, als ISO-639-1-Codes durch Semikolons getrennt (z. B. „de; fr; it“); Verordnung (EU) Nr. 1007/2011 Art. 16(3).',
    labels: {
      en: 'Fibre label languages',
      de: 'Sprachen des Faseretiketts',
      fr: "Langues de l'étiquette de composition",
      es: 'Idiomas de la etiqueta de composición',
      it: "Lingue dell'etichetta di composizione",
    },
  },
  {
    key: 'contains_animal_parts',
    section: 'category',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    category: 'textiles',
    localized: false,
    public: false,
    help: 'Whether the textile product contains non-textile parts of animal origin (Regulation (EU) No 1007/2011 Art. 12).',
    helpDe:
      'Ob das Textilerzeugnis nichttextile Teile tierischen Ursprungs enthält (Verordnung (EU) Nr. 1007/2011 Art. 12).',
    labels: {
      en: 'Non-textile parts of animal origin',
      de: 'Nichttextile Teile tierischen Ursprungs',
      fr: "Parties non textiles d'origine animale",
      es: 'Partes no textiles de origen animal',
      it: 'Parti non tessili di origine animale',
    },
  },
  {
    key: 'clp_hazardous',
    section: 'category',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    category: 'chemicals',
    localized: false,
    public: false,
    help: 'Whether the mixture is classified as hazardous under Regulation (EC) No 1272/2008 (CLP).',
    helpDe: 'Ob das Gemisch nach Verordnung (EG) Nr. 1272/2008 (CLP) als gefährlich eingestuft ist.',
    labels: {
      en: 'Classified as hazardous (CLP)',
      de: 'Als gefährlich eingestuft (CLP)',
      fr: 'Classé dangereux (CLP)',
      es: 'Clasificado como peligroso (CLP)',
      it: 'Classificato come pericoloso (CLP)',
    },
  },
  {
    key: 'battery_cd_pb_above_limit',
    section: 'category',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Whether the battery contains more than 0.002 % cadmium or 0.004 % lead by weight (then the Cd or Pb symbol is required).',
    helpDe:
      'Ob die Batterie mehr als 0,002 % Cadmium oder 0,004 % Blei (Gewichtsanteil) enthält (dann ist das Symbol Cd bzw. Pb vorgeschrieben).',
    labels: {
      en: 'Cadmium/lead above the marking limit',
      de: 'Cadmium/Blei über der Kennzeichnungsgrenze',
      fr: 'Cadmium/plomb au-dessus du seuil de marquage',
      es: 'Cadmio/plomo por encima del umbral de marcado',
      it: 'Cadmio/piombo oltre la soglia di marcatura',
    },
  },
  {
    key: 'eprel_registration_number',
    section: 'category',
    kind: 'text',
    category: 'electrical',
    localized: false,
    public: false,
    help: 'Registration number of the model in the European product database for energy labelling (EPREL), e.g. "1234567" (Regulation (EU) 2017/1369 Art. 4).',
    helpDe:
      'Registriernummer des Modells in der Europäischen Produktdatenbank für die Energieverbrauchskennzeichnung (EPREL), z. B. „1234567“ (Verordnung (EU) 2017/1369 Art. 4).',
    refine: refineEprel,
    labels: {
      en: 'EPREL registration number',
      de: 'EPREL-Registriernummer',
      fr: "Numéro d'enregistrement EPREL",
      es: 'Número de registro EPREL',
      it: 'Numero di registrazione EPREL',
    },
  },
  {
    key: 'is_light_source',
    section: 'category',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    category: 'electrical',
    localized: false,
    public: false,
    help: 'Whether the product is itself a light source placed on the market as such (bulb, LED lamp, tube, module), rather than a luminaire or other product containing one (Regulation (EU) 2019/2020 Art. 2).',
    helpDe:
      'Ob das Produkt selbst eine Lichtquelle ist, die als solche in Verkehr gebracht wird (Lampe, LED-Lampe, Röhre, Modul), und nicht eine Leuchte oder ein anderes Produkt, das eine enthält (Verordnung (EU) 2019/2020 Art. 2).',
    labels: {
      en: 'Light source sold as such',
      de: 'Lichtquelle als solche',
      fr: 'Source lumineuse vendue en tant que telle',
      es: 'Fuente luminosa vendida como tal',
      it: 'Sorgente luminosa venduta come tale',
    },
  },
  {
    key: 'weee_registration_numbers',
    section: 'compliance',
    kind: 'list',
    localized: false,
    public: false,
    help: 'Registration numbers per country, one entry per country as "<ISO code>: <number>" separated by semicolons, e.g. "DE: WEEE-Reg.-Nr. DE 12345678; FR: FR012345_05ABCD" (WEEE Directive 2012/19/EU Art. 16: the national producer registers).',
    helpDe:
      'Registrierungsnummern je Land, ein Eintrag je Land als „<ISO-Code>: <Nummer>“, durch Semikolons getrennt, z. B. „DE: WEEE-Reg.-Nr. DE 12345678; FR: FR012345_05ABCD“ (WEEE-Richtlinie 2012/19/EU Art. 16: die nationalen Herstellerregister).',
    refine: refineRegistrations,
    labels: {
      en: 'WEEE registration numbers',
      de: 'WEEE-Registrierungsnummern',
      fr: "Numéros d'enregistrement DEEE",
      es: 'Números de registro RAEE',
      it: 'Numeri di iscrizione RAEE',
    },
  },
  {
    key: 'battery_registration_numbers',
    section: 'compliance',
    kind: 'list',
    localized: false,
    public: false,
    help: 'Registration numbers per country, one entry per country as "<ISO code>: <number>" separated by semicolons, e.g. "DE: DE 12345678; FR: FR012345_08ABCD" (Batteries Regulation (EU) 2023/1542 Art. 55: the producer register of each Member State).',
    helpDe:
      'Registrierungsnummern je Land, ein Eintrag je Land als „<ISO-Code>: <Nummer>“, durch Semikolons getrennt, z. B. „DE: DE 12345678; FR: FR012345_08ABCD“ (Batterieverordnung (EU) 2023/1542 Art. 55: das Herstellerregister jedes Mitgliedstaats).',
    refine: refineRegistrations,
    labels: {
      en: 'Battery registration numbers',
      de: 'Batterie-Registrierungsnummern',
      fr: "Numéros d'enregistrement piles et batteries",
      es: 'Números de registro de pilas y baterías',
      it: 'Numeri di iscrizione pile e accumulatori',
    },
  },
  {
    key: 'packaging_registration_numbers',
    section: 'compliance',
    kind: 'list',
    localized: false,
    public: false,
    help: 'Registration numbers per country, one entry per country as "<ISO code>: <number>" separated by semicolons, e.g. "DE: DE5123456789012 (LUCID); FR: FR012345_01ABCD" (Packaging Regulation (EU) 2025/40: the producer register of each Member State).',
    helpDe:
      'Registrierungsnummern je Land, ein Eintrag je Land als „<ISO-Code>: <Nummer>“, durch Semikolons getrennt, z. B. „DE: DE5123456789012 (LUCID); FR: FR012345_01ABCD“ (Verpackungsverordnung (EU) 2025/40: das Herstellerregister jedes Mitgliedstaats).',
    refine: refineRegistrations,
    labels: {
      en: 'Packaging registration numbers',
      de: 'Verpackungs-Registrierungsnummern',
      fr: "Numéros d'enregistrement emballages",
      es: 'Números de registro de envases',
      it: 'Numeri di iscrizione imballaggi',
    },
  },
  {
    key: 'ppe_category',
    section: 'category',
    kind: 'enum',
    enum_values: ['i', 'ii', 'iii'],
    category: 'ppe',
    localized: false,
    public: false,
    help: 'Risk category of the personal protective equipment under Regulation (EU) 2016/425 Annex I: i, ii or iii.',
    helpDe: 'Risikokategorie der persönlichen Schutzausrüstung nach Verordnung (EU) 2016/425 Anhang I: i, ii oder iii.',
    labels: {
      en: 'PPE risk category',
      de: 'PSA-Risikokategorie',
      fr: 'Catégorie de risque EPI',
      es: 'Categoría de riesgo EPI',
      it: 'Categoria di rischio DPI',
    },
  },
  {
    key: 'notified_body_number',
    section: 'category',
    kind: 'text',
    category: 'ppe',
    localized: false,
    public: false,
    help: 'Four-digit identification number of the notified body that issued the EU type-examination certificate (NANDO), e.g. "0197".',
    helpDe:
      'Vierstellige Kennnummer der notifizierten Stelle, die die EU-Baumusterprüfbescheinigung ausgestellt hat (NANDO), z. B. „0197“.',
    refine: refineNotifiedBody,
    labels: {
      en: 'Notified body number',
      de: 'Kennnummer der notifizierten Stelle',
      fr: "Numéro de l'organisme notifié",
      es: 'Número del organismo notificado',
      it: "Numero dell'organismo notificato",
    },
  },
  {
    key: 'nominal_content',
    section: 'category',
    kind: 'text',
    category: 'cosmetics',
    localized: false,
    public: false,
    help: 'Nominal content at the time of packaging, by weight or volume, e.g. "50 ml" (Regulation (EC) No 1223/2009 Art. 19(1)(b)).',
    helpDe:
      'Nenninhalt zum Zeitpunkt der Abfüllung nach Gewicht oder Volumen, z. B. „50 ml“ (Verordnung (EG) Nr. 1223/2009 Art. 19(1)(b)).',
    labels: {
      en: 'Nominal content',
      de: 'Nenninhalt',
      fr: 'Contenu nominal',
      es: 'Contenido nominal',
      it: 'Contenuto nominale',
    },
  },
  {
    key: 'minimum_durability_or_pao',
    section: 'category',
    kind: 'text',
    category: 'cosmetics',
    localized: false,
    public: false,
    help: 'Date of minimum durability ("best before end of 06/2027") when it is 30 months or less, otherwise the period after opening, e.g. "12M" (Regulation (EC) No 1223/2009 Art. 19(1)(c)).',
    helpDe:
      'Mindesthaltbarkeitsdatum („mindestens haltbar bis Ende 06/2027“) bei höchstens 30 Monaten, sonst die Verwendungsdauer nach dem Öffnen, z. B. „12M“ (Verordnung (EG) Nr. 1223/2009 Art. 19(1)(c)).',
    labels: {
      en: 'Minimum durability or period after opening',
      de: 'Mindesthaltbarkeit oder Verwendungsdauer nach dem Öffnen',
      fr: "Date de durabilité minimale ou durée d'utilisation après ouverture",
      es: 'Fecha de duración mínima o período después de la apertura',
      it: 'Data di durata minima o periodo post-apertura',
    },
  },
  {
    key: 'cosmetic_function',
    section: 'category',
    kind: 'text',
    category: 'cosmetics',
    localized: false,
    public: false,
    help: 'The function of the cosmetic product, e.g. "moisturising day cream" (Regulation (EC) No 1223/2009 Art. 19(1)(f)).',
    helpDe:
      'Die Funktion des kosmetischen Mittels, z. B. „feuchtigkeitsspendende Tagescreme“ (Verordnung (EG) Nr. 1223/2009 Art. 19(1)(f)).',
    labels: {
      en: 'Function of the cosmetic',
      de: 'Verwendungszweck des kosmetischen Mittels',
      fr: 'Fonction du produit cosmétique',
      es: 'Función del producto cosmético',
      it: 'Funzione del prodotto cosmetico',
    },
  },
  {
    key: 'cosmetic_small_pack',
    section: 'category',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    category: 'cosmetics',
    localized: false,
    public: false,
    help: 'Whether the cosmetic is a pack of less than 5 g or 5 ml, a free sample or a single-application pack (then the nominal content may be left off, Art. 19(1)(b)).',
    helpDe:
      'Ob das kosmetische Mittel eine Packung unter 5 g oder 5 ml, eine Gratisprobe oder eine Einmalpackung ist (dann darf der Nenninhalt fehlen, Art. 19(1)(b)).',
    labels: {
      en: 'Small pack or sample',
      de: 'Kleinpackung oder Probe',
      fr: 'Petit emballage ou échantillon',
      es: 'Envase pequeño o muestra',
      it: 'Confezione piccola o campione',
    },
  },
  {
    key: 'cosmetic_function_evident',
    section: 'category',
    kind: 'enum',
    enum_values: ['yes', 'no'],
    category: 'cosmetics',
    localized: false,
    public: false,
    help: 'Whether the function of the cosmetic is clear from its presentation (then it need not be stated, Art. 19(1)(f)).',
    helpDe:
      'Ob der Verwendungszweck des kosmetischen Mittels aus der Aufmachung hervorgeht (dann muss er nicht angegeben werden, Art. 19(1)(f)).',
    labels: {
      en: 'Function clear from presentation',
      de: 'Verwendungszweck aus der Aufmachung ersichtlich',
      fr: 'Fonction évidente de la présentation',
      es: 'Función evidente por la presentación',
      it: 'Funzione evidente dalla presentazione',
    },
  },
  // Battery passport fields (issue 37): Regulation (EU) 2023/1542 Annex VI Part A and Annex XIII.
  {
    key: 'battery_category',
    section: 'category',
    kind: 'enum',
    enum_values: ['portable', 'lmt', 'sli', 'industrial', 'ev'],
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Battery category under Regulation (EU) 2023/1542 Art. 3: portable, lmt (light means of transport), sli (starting, lighting, ignition), industrial or ev. LMT, industrial (over 2 kWh) and EV batteries need a battery passport (Art. 77).',
    helpDe:
      'Batteriekategorie nach Verordnung (EU) 2023/1542 Art. 3: portable (Gerätebatterie), lmt (leichte Verkehrsmittel), sli (Starter), industrial oder ev. LV-, Industrie- (über 2 kWh) und Elektrofahrzeugbatterien brauchen einen Batteriepass (Art. 77).',
    labels: {
      en: 'Battery category',
      de: 'Batteriekategorie',
      fr: 'Catégorie de batterie',
      es: 'Categoría de la batería',
      it: 'Categoria della batteria',
    },
  },
  {
    key: 'battery_chemistry',
    section: 'category',
    kind: 'text',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Cell chemistry as a short name, e.g. "LFP", "NMC 811", "NiMH" (battery passport, Annex XIII 1(b)).',
    helpDe: 'Zellchemie als Kurzname, z. B. „LFP“, „NMC 811“, „NiMH“ (Batteriepass, Anhang XIII 1(b)).',
    labels: {
      en: 'Battery chemistry',
      de: 'Batteriechemie',
      fr: 'Composition chimique de la batterie',
      es: 'Química de la batería',
      it: 'Composizione chimica della batteria',
    },
  },
  {
    key: 'battery_rated_capacity_ah',
    section: 'category',
    kind: 'text',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Rated capacity in ampere-hours, e.g. "14 Ah" (Annex XIII 1(g)).',
    helpDe: 'Nennkapazität in Amperestunden, z. B. „14 Ah“ (Anhang XIII 1(g)).',
    labels: {
      en: 'Rated capacity (Ah)',
      de: 'Nennkapazität (Ah)',
      fr: 'Capacité nominale (Ah)',
      es: 'Capacidad nominal (Ah)',
      it: 'Capacità nominale (Ah)',
    },
  },
  {
    key: 'battery_nominal_voltage_v',
    section: 'category',
    kind: 'text',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Nominal voltage in volts, e.g. "48 V" (Annex XIII 1(h)).',
    helpDe: 'Nennspannung in Volt, z. B. „48 V“ (Anhang XIII 1(h)).',
    labels: {
      en: 'Nominal voltage (V)',
      de: 'Nennspannung (V)',
      fr: 'Tension nominale (V)',
      es: 'Tensión nominal (V)',
      it: 'Tensione nominale (V)',
    },
  },
  {
    key: 'battery_weight_kg',
    section: 'category',
    kind: 'text',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Weight of the battery in kilograms, e.g. "3.2 kg" (Annex VI Part A).',
    helpDe: 'Gewicht der Batterie in Kilogramm, z. B. „3,2 kg“ (Anhang VI Teil A).',
    labels: {
      en: 'Battery weight (kg)',
      de: 'Batteriegewicht (kg)',
      fr: 'Poids de la batterie (kg)',
      es: 'Peso de la batería (kg)',
      it: 'Peso della batteria (kg)',
    },
  },
  {
    key: 'battery_manufacturing_date',
    section: 'category',
    kind: 'date',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Date of manufacture (YYYY-MM-DD; for a model passport the first production date) (Annex VI Part A).',
    helpDe: 'Herstellungsdatum (JJJJ-MM-TT; für einen Modellpass das erste Produktionsdatum) (Anhang VI Teil A).',
    labels: {
      en: 'Date of manufacture',
      de: 'Herstellungsdatum',
      fr: 'Date de fabrication',
      es: 'Fecha de fabricación',
      it: 'Data di fabbricazione',
    },
  },
  {
    key: 'battery_manufacturing_place',
    section: 'category',
    kind: 'multiline',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Address of the plant where the battery is made: street, postcode, city (Annex VI Part A); the country is the country of origin.',
    helpDe:
      'Anschrift des Werks, in dem die Batterie hergestellt wird: Straße, PLZ, Ort (Anhang VI Teil A); das Land ist das Ursprungsland.',
    labels: {
      en: 'Place of manufacture',
      de: 'Herstellungsort',
      fr: 'Lieu de fabrication',
      es: 'Lugar de fabricación',
      it: 'Luogo di fabbricazione',
    },
  },
  {
    key: 'operator_identifier',
    section: 'category',
    kind: 'text',
    category: 'batteries',
    localized: false,
    public: false,
    help: "The manufacturer's unique operator identifier (EORI, VAT or GS1 GLN). The battery passport shows it only to persons with a legitimate interest and authorities.",
    helpDe:
      'Eindeutige Kennung des Herstellers als Wirtschaftsakteur (EORI, USt-IdNr. oder GS1 GLN). Der Batteriepass zeigt sie nur Personen mit berechtigtem Interesse und Behörden.',
    labels: {
      en: 'Unique operator identifier',
      de: 'Eindeutige Kennung des Wirtschaftsakteurs',
      fr: 'Identifiant unique de l’opérateur',
      es: 'Identificador único del operador',
      it: 'Identificativo unico dell’operatore',
    },
  },
  {
    key: 'battery_carbon_footprint',
    section: 'category',
    kind: 'text',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Carbon footprint per functional unit in kg CO₂e per kWh, as in the carbon footprint declaration (Art. 7, Annex XIII 1(c)).',
    helpDe:
      'CO₂-Fußabdruck je funktioneller Einheit in kg CO₂e pro kWh, wie in der Erklärung zum CO₂-Fußabdruck (Art. 7, Anhang XIII 1(c)).',
    labels: {
      en: 'Carbon footprint (kg CO₂e/kWh)',
      de: 'CO₂-Fußabdruck (kg CO₂e/kWh)',
      fr: 'Empreinte carbone (kg CO₂e/kWh)',
      es: 'Huella de carbono (kg CO₂e/kWh)',
      it: 'Impronta di carbonio (kg CO₂e/kWh)',
    },
  },
  {
    key: 'battery_carbon_footprint_class',
    section: 'category',
    kind: 'enum',
    enum_values: ['a', 'b', 'c', 'd', 'e'],
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Carbon footprint performance class (Art. 7(2), Annex XIII 1(c)).',
    helpDe: 'Leistungsklasse des CO₂-Fußabdrucks (Art. 7 Abs. 2, Anhang XIII 1(c)).',
    labels: {
      en: 'Carbon footprint performance class',
      de: 'Leistungsklasse des CO₂-Fußabdrucks',
      fr: 'Classe de performance en matière d’empreinte carbone',
      es: 'Clase de rendimiento de la huella de carbono',
      it: 'Classe di prestazione relativa all’impronta di carbonio',
    },
  },
  {
    key: 'battery_recycled_content',
    section: 'category',
    kind: 'text',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Recycled content per material as pre-consumer/post-consumer percent, e.g. "Cobalt 12/4; Lithium 6/0; Nickel 6/0; Lead 85/0" (Art. 8, Annex XIII 1(e)).',
    helpDe:
      'Rezyklatanteil je Material als Pre-Consumer/Post-Consumer-Prozent, z. B. „Cobalt 12/4; Lithium 6/0; Nickel 6/0; Lead 85/0“ (Art. 8, Anhang XIII 1(e)).',
    labels: {
      en: 'Recycled content (pre-/post-consumer %)',
      de: 'Rezyklatanteil (Pre-/Post-Consumer %)',
      fr: 'Contenu recyclé (% pré-/post-consommation)',
      es: 'Contenido reciclado (% preconsumo/posconsumo)',
      it: 'Contenuto riciclato (% pre-/post-consumo)',
    },
  },
  {
    key: 'battery_due_diligence_report_url',
    section: 'category',
    kind: 'url',
    category: 'batteries',
    localized: false,
    public: false,
    help: 'Link to the supply chain due diligence report (Art. 52(3), Annex XIII 1(d)).',
    helpDe: 'Link zum Bericht über die Sorgfaltspflichten in der Lieferkette (Art. 52 Abs. 3, Anhang XIII 1(d)).',
    labels: {
      en: 'Supply chain due diligence report',
      de: 'Bericht über die Sorgfaltspflichten in der Lieferkette',
      fr: 'Rapport sur le devoir de diligence à l’égard de la chaîne d’approvisionnement',
      es: 'Informe de diligencia debida en la cadena de suministro',
      it: 'Relazione sul dovere di diligenza nella catena di approvvigionamento',
    },
  },
  {
    key: 'facility_identifier',
    section: 'compliance',
    kind: 'text',
    localized: false,
    public: false,
    help: 'Unique identifier of the facility where the product is made, preferably its GS1 GLN (ESPR Art. 12; the EU DPP registry record names it).',
    helpDe:
      'Eindeutige Kennung der Produktionsstätte, vorzugsweise ihre GS1 GLN (ESPR Art. 12; der Eintrag im EU-Register für digitale Produktpässe nennt sie).',
    labels: {
      en: 'Facility identifier (GLN)',
      de: 'Kennung der Produktionsstätte (GLN)',
      fr: 'Identifiant de l’installation (GLN)',
      es: 'Identificador de la instalación (GLN)',
      it: 'Identificativo dello stabilimento (GLN)',
    },
  },
];

/** The catalogue in display order; per-language fields appear once under their base key. */
export const FIELD_CATALOGUE: readonly FieldDefinition[] = DEFINITIONS;

const BY_KEY = new Map<string, FieldDefinition>(DEFINITIONS.map((d) => [d.key, d]));

export const LOCALIZED_FIELD_BASES = ['safety_warnings', 'instructions'] as const;
export type LocalizedFieldBase = (typeof LOCALIZED_FIELD_BASES)[number];

/** Fields with a source text and a confirmed text per page locale (`product_description_de`). */
export const TRANSLATED_FIELD_BASES = ['product_description', 'batch_or_serial_scheme', 'age_grading'] as const;
export type TranslatedFieldBase = (typeof TRANSLATED_FIELD_BASES)[number];

export function isTranslatedFieldBase(key: unknown): key is TranslatedFieldBase {
  return typeof key === 'string' && (TRANSLATED_FIELD_BASES as readonly string[]).includes(key);
}

/** "product_description" + "de" → "product_description_de". */
export function translatedFieldKey(base: TranslatedFieldBase, locale: Locale): string {
  return `${base}_${locale}`;
}

// ---------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------

/** "safety_warnings" + "fr" → "safety_warnings_fr". */
export function localizedFieldKey(base: LocalizedFieldBase, language: SafetyInfoLanguage): string {
  return `${base}_${language}`;
}

/** Every concrete key of a per-language field: safety_warnings_bg ... safety_warnings_no. */
export function localizedFieldKeys(base: LocalizedFieldBase): string[] {
  return SAFETY_INFO_LANGUAGES.map((l) => localizedFieldKey(base, l));
}

export interface ParsedFieldKey {
  key: string;
  definition: FieldDefinition;
  /** Set for per-language keys (and for the per-locale keys of translated fields). */
  language: SafetyInfoLanguage | null;
}

const LOCALIZED_KEY = /^(safety_warnings|instructions)_([a-z]{2})$/;
const TRANSLATED_KEY = /^(product_description|batch_or_serial_scheme|age_grading)_(en|de|fr|es|it)$/;

/** Resolves a concrete key to its definition (and language), or null when the key is not canonical. */
export function parseFieldKey(key: unknown): ParsedFieldKey | null {
  if (typeof key !== 'string' || key.length > 64) return null;
  const direct = BY_KEY.get(key);
  if (direct && !direct.localized) return { key, definition: direct, language: null };
  const m = LOCALIZED_KEY.exec(key);
  if (m && isSafetyInfoLanguage(m[2])) return { key, definition: BY_KEY.get(m[1])!, language: m[2] };
  const tr = TRANSLATED_KEY.exec(key);
  if (tr && isLocale(tr[2]) && isSafetyInfoLanguage(tr[2]))
    return { key, definition: BY_KEY.get(tr[1])!, language: tr[2] };
  return null;
}

export function isKnownFieldKey(key: unknown): key is string {
  return parseFieldKey(key) !== null;
}

export function fieldDefinition(key: string): FieldDefinition | null {
  return parseFieldKey(key)?.definition ?? null;
}

/**
 * All concrete keys: the plain ones plus each per-language base for each language (or the given ones),
 * and the per-locale keys of translated fields.
 */
export function allFieldKeys(languages: readonly SafetyInfoLanguage[] = SAFETY_INFO_LANGUAGES): string[] {
  const out: string[] = [];
  for (const d of DEFINITIONS) {
    if (d.localized) for (const l of languages) out.push(`${d.key}_${l}`);
    else out.push(d.key);
    if (d.translated) for (const l of LOCALES) out.push(`${d.key}_${l}`);
  }
  return out;
}

export function isPublicField(key: string): boolean {
  return parseFieldKey(key)?.definition.public ?? false;
}

/** Label of a concrete key in a locale; per-language keys read "Safety warnings (French)". */
export function fieldLabel(key: string, locale: Locale): string {
  const parsed = parseFieldKey(key);
  if (!parsed) return key;
  const base = parsed.definition.labels[locale] ?? parsed.definition.labels.en;
  return parsed.language ? `${base} (${languageName(parsed.language, locale)})` : base;
}

/** Help text of a field in a UI language. */
export function fieldHelp(def: FieldDefinition, locale: UiLocale): string {
  return locale === 'de' ? def.helpDe : def.help;
}

// ---------------------------------------------------------------------------------------------
// Normalisers per kind
// ---------------------------------------------------------------------------------------------

const fail = (message: string): NormalizeResult => ({ ok: false, message });
const ok = (value: string): NormalizeResult => ({ ok: true, value });

/** Strings and finite numbers (spreadsheets hand numbers) become text; anything else is refused. */
function asText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return null;
}

// C0/C1 control characters except tab and newline; BOM and zero-width characters too.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\ufeff]/g;

function singleLine(s: string): string {
  return s
    .replace(CONTROL, '')
    .replace(/[\s\u2028\u2029]+/g, ' ')
    .trim();
}

function normalizeText(raw: unknown, max = MAX_LENGTH.text): NormalizeResult {
  const s = asText(raw);
  if (s === null) return fail('Expected text.');
  if (s.length > max * 4) return fail(`At most ${max} characters.`);
  const v = singleLine(s);
  if (!v) return fail('The value is empty.');
  if (v.length > max) return fail(`At most ${max} characters (got ${v.length}).`);
  return ok(v);
}

function normalizeMultiline(raw: unknown): NormalizeResult {
  const s = asText(raw);
  if (s === null) return fail('Expected text.');
  const max = MAX_LENGTH.multiline;
  if (s.length > max * 2) return fail(`At most ${max} characters.`);
  const v = s
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(CONTROL, '')
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.replace(/ +$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!v) return fail('The value is empty.');
  if (v.length > max) return fail(`At most ${max} characters (got ${v.length}).`);
  return ok(v);
}

const emailSchema = z.email();

function normalizeEmail(raw: unknown): NormalizeResult {
  const s = asText(raw);
  if (s === null) return fail('Expected an email address.');
  const v = singleLine(s).replace(/^mailto:/i, '');
  if (!v) return fail('The value is empty.');
  if (v.length > MAX_LENGTH.email) return fail(`At most ${MAX_LENGTH.email} characters.`);
  const at = v.lastIndexOf('@');
  const normalized = at > 0 ? `${v.slice(0, at)}@${v.slice(at + 1).toLowerCase()}` : v;
  if (!emailSchema.safeParse(normalized).success) return fail('Not a valid email address (e.g. safety@example.com).');
  return ok(normalized);
}

function normalizeUrl(raw: unknown): NormalizeResult {
  const s = asText(raw);
  if (s === null) return fail('Expected a URL.');
  let v = singleLine(s);
  if (!v) return fail('The value is empty.');
  if (v.length > MAX_LENGTH.url) return fail(`At most ${MAX_LENGTH.url} characters.`);
  // "www.example.com/x" is how people write a website; anything else without a scheme is refused.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(v)) {
    if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(v)) v = `https://${v}`;
    else return fail('Not a URL: use an address starting with https:// .');
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return fail('Not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('Only http and https URLs are accepted.');
  if (url.username || url.password) return fail('A URL must not contain credentials.');
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return fail('The URL has no valid host name.');
  return ok(url.toString());
}

function isValidCalendarDate(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function normalizeDate(raw: unknown): NormalizeResult {
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return fail('Not a valid date.');
    return ok(`${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`);
  }
  const s = asText(raw);
  if (s === null) return fail('Expected a date (YYYY-MM-DD).');
  const v = singleLine(s);
  if (!v) return fail('The value is empty.');
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(v))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v))) {
    // German/Central European day.month.year is unambiguous; slash dates (US or EU order?) are not.
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return fail('Use the date format YYYY-MM-DD (or DD.MM.YYYY).');
  }
  if (!isValidCalendarDate(y, m, d)) return fail('Not a valid calendar date.');
  return ok(`${pad(y, 4)}-${pad(m)}-${pad(d)}`);
}

function normalizeCountry(raw: unknown): NormalizeResult {
  const s = asText(raw);
  if (s === null) return fail('Expected a country code.');
  if (!singleLine(s)) return fail('The value is empty.');
  const code = normalizeCountryCode(s);
  return code
    ? ok(code)
    : fail(`Unknown country "${singleLine(s).slice(0, 40)}": use an ISO 3166-1 alpha-2 code such as DE.`);
}

const COUNTRY_GROUPS: Record<string, readonly string[]> = {
  EU: EU_MEMBER_STATES,
  EEA: EEA_STATES,
  EWR: EEA_STATES,
  EWG: EU_MEMBER_STATES,
};

function normalizeCountryList(raw: unknown): NormalizeResult {
  const values = Array.isArray(raw) ? raw : [raw];
  const parts: string[] = [];
  for (const item of values) {
    const s = asText(item);
    if (s === null) return fail('Expected country codes separated by commas.');
    if (s.length > MAX_LENGTH.country_list * 4) return fail('Too many countries.');
    parts.push(...s.split(/[,;|/\n]+/));
  }
  const out: string[] = [];
  const add = (c: string) => {
    if (!out.includes(c)) out.push(c);
  };
  for (const part of parts.map((p) => singleLine(p)).filter(Boolean)) {
    const group = COUNTRY_GROUPS[part.toUpperCase()];
    if (group) {
      group.forEach(add);
      continue;
    }
    const code = normalizeCountryCode(part);
    if (code) {
      add(code);
      continue;
    }
    // "DE FR AT": codes separated by spaces only.
    const words = part.split(' ');
    const codes: (readonly string[] | null)[] = words.map((w) => {
      const group = COUNTRY_GROUPS[w.toUpperCase()];
      if (group) return group;
      const c = normalizeCountryCode(w);
      return c ? [c] : null;
    });
    if (words.length > 1 && codes.every((c) => c !== null)) {
      for (const c of codes) c!.forEach(add);
      continue;
    }
    return fail(
      `Unknown country "${part.slice(0, 40)}": use ISO 3166-1 alpha-2 codes separated by commas, e.g. "DE,FR,AT".`,
    );
  }
  if (out.length === 0) return fail('The value is empty.');
  return ok(out.join(','));
}

export function normalizeGtin(raw: unknown): NormalizeResult {
  let s: string;
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw) || raw < 0)
      return fail('A GTIN must be written as digits (it is too long to be a number).');
    s = String(raw);
  } else if (typeof raw === 'string') {
    s = raw;
  } else {
    return fail('Expected a GTIN.');
  }
  const v = singleLine(s);
  if (!v) return fail('The value is empty.');
  // Digits and length only: a wrong check digit is kept and becomes the SKU's GTIN_CHECK_DIGIT_INVALID warning.
  const checked = acceptGtin(v);
  return checked.ok ? ok(checked.value) : fail(checked.message);
}

const YES = new Set(['yes', 'y', 'true', '1', 'ja', 'j', 'oui', 'si', 'sí', 'x', 'ce']);
const NO = new Set(['no', 'n', 'false', '0', 'nein', 'non', '-']);

function normalizeEnum(raw: unknown, values: readonly string[] = ['yes', 'no']): NormalizeResult {
  if (typeof raw === 'boolean') raw = raw ? 'yes' : 'no';
  const s = asText(raw);
  if (s === null) return fail(`Expected one of: ${values.join(', ')}.`);
  const v = singleLine(s).toLowerCase();
  if (!v) return fail('The value is empty.');
  if (values.includes(v)) return ok(v);
  if (values.includes('yes') && YES.has(v)) return ok('yes');
  if (values.includes('no') && NO.has(v)) return ok('no');
  return fail(`Expected one of: ${values.join(', ')}.`);
}

function normalizeList(raw: unknown): NormalizeResult {
  const values = Array.isArray(raw) ? raw : [raw];
  const items: string[] = [];
  for (const item of values) {
    const s = asText(item);
    if (s === null) return fail('Expected entries separated by semicolons.');
    if (s.length > MAX_LENGTH.list * 4) return fail(`At most ${MAX_LENGTH.list} characters.`);
    for (const part of s.split(/[;\n\r]+/)) {
      const v = singleLine(part);
      if (v && !items.some((i) => i.toLowerCase() === v.toLowerCase())) items.push(v);
    }
  }
  if (items.length === 0) return fail('The value is empty.');
  if (items.length > MAX_LIST_ITEMS) return fail(`At most ${MAX_LIST_ITEMS} entries.`);
  const joined = items.join('; ');
  if (joined.length > MAX_LENGTH.list) return fail(`At most ${MAX_LENGTH.list} characters.`);
  return ok(joined);
}

/** The normaliser of each kind. */
export const KIND_NORMALIZERS: Readonly<Record<FieldKind, (raw: unknown) => NormalizeResult>> = {
  text: (raw) => normalizeText(raw),
  multiline: normalizeMultiline,
  email: normalizeEmail,
  url: normalizeUrl,
  date: normalizeDate,
  country: normalizeCountry,
  country_list: normalizeCountryList,
  gtin: normalizeGtin,
  enum: (raw) => normalizeEnum(raw),
  list: normalizeList,
};

function toZod(normalize: (raw: unknown) => NormalizeResult): z.ZodType<string> {
  return z.unknown().transform((raw, ctx) => {
    const r = normalize(raw);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    return r.value;
  }) as unknown as z.ZodType<string>;
}

/** A zod schema per kind: parses raw input into the canonical string, or fails with a readable message. */
export const FIELD_KIND_SCHEMAS: Readonly<Record<FieldKind, z.ZodType<string>>> = Object.fromEntries(
  FIELD_KINDS.map((k) => [k, toZod(KIND_NORMALIZERS[k])]),
) as Record<FieldKind, z.ZodType<string>>;

/** Validates and normalises a raw value for a field key. Never throws. */
export function normalizeFieldValue(key: string, raw: unknown): NormalizeResult {
  const parsed = parseFieldKey(key);
  if (!parsed) return fail(`Unknown dossier field "${String(key).slice(0, 64)}".`);
  const d = parsed.definition;
  if (raw === null || raw === undefined) return fail('The value is empty.');
  try {
    const base = d.kind === 'enum' ? normalizeEnum(raw, d.enum_values) : KIND_NORMALIZERS[d.kind](raw);
    if (!base.ok || !d.refine) return base;
    return d.refine(base.value);
  } catch {
    // Normalisers are written not to throw; this keeps the promise even for an exotic input.
    return fail('The value could not be read.');
  }
}

/** A zod schema for one field key (kind normaliser plus the field's own refinement). */
export function fieldValueSchema(key: string): z.ZodType<string> {
  return toZod((raw) => normalizeFieldValue(key, raw));
}

/** A zod schema that accepts any canonical field key. */
export const fieldKeySchema = z.string().refine((k) => isKnownFieldKey(k), { message: 'Unknown dossier field key.' });
