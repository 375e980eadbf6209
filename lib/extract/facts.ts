import type { PageText } from './types';

/**
 * Dossier field suggestions from document text, by rules: labelled fields of declarations of
 * conformity, test reports and certificates in English, German, French, Spanish and Italian
 * (manufacturer / importer / responsible person names, addresses and e-mails; GTINs with a valid check
 * digit; model or type; directives and regulations; harmonised EN standards; dates of issue and validity
 * in European and ISO forms). Each suggestion carries the page and the source line as quote. Field keys
 * are the canonical dossier keys; values follow the catalogue's formats (ISO dates, "; "-separated
 * lists, ISO 3166 alpha-2 countries).
 */

export interface FactSuggestion {
  field_key: string;
  value: string;
  /** 1-based page the value was found on; null when the text has no pages. */
  page: number | null;
  /** The source line (or lines) the value was read from. */
  quote: string;
  confidence: number;
}

export interface ExtractFactsInput {
  text?: string;
  pages?: PageText[];
  /** When known, dates are attributed by document type (issue date of a declaration, validity of a certificate). */
  documentType?: string | null;
}

interface Line {
  text: string;
  norm: string;
  page: number | null;
  index: number;
}

const norm = (s: string) =>
  s
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'");

function toLines(input: ExtractFactsInput): Line[] {
  const sources: { page: number | null; text: string }[] = input.pages?.length
    ? input.pages.map((p) => ({ page: p.page, text: p.text }))
    : [{ page: null, text: input.text ?? '' }];
  const lines: Line[] = [];
  for (const src of sources) {
    for (const raw of src.text.slice(0, 400_000).split(/\r?\n/)) {
      const text = raw.replace(/\s+/g, ' ').trim();
      if (!text) continue;
      lines.push({ text, norm: norm(text), page: src.page, index: lines.length });
    }
  }
  return lines;
}

const quoteOf = (lines: Line[]) => lines.map((l) => l.text).join(' … ').slice(0, 300);

// ---------------------------------------------------------------------------------------------------
// Dates

const MONTHS: Record<string, number> = {};
const monthNames: [number, string[]][] = [
  [1, ['january', 'jan', 'januar', 'janvier', 'enero', 'gennaio', 'janner']],
  [2, ['february', 'feb', 'februar', 'fevrier', 'febrero', 'febbraio']],
  [3, ['march', 'mar', 'marz', 'mars', 'marzo']],
  [4, ['april', 'apr', 'avril', 'abril', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'maggio']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno']],
  [7, ['july', 'jul', 'juli', 'juillet', 'julio', 'luglio']],
  [8, ['august', 'aug', 'aout', 'agosto']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre']],
  [10, ['october', 'oct', 'oktober', 'octobre', 'octubre', 'ottobre']],
  [11, ['november', 'nov', 'novembre', 'noviembre']],
  [12, ['december', 'dec', 'dezember', 'decembre', 'diciembre', 'dicembre']],
];
for (const [n, names] of monthNames) for (const name of names) MONTHS[name] = n;
const MONTH_ALT = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

const DATE_PATTERNS: { re: RegExp; parse: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{4})[-./](\d{1,2})[-./](\d{1,2})\b/g, parse: (m) => [+m[1], +m[2], +m[3]] }, // ISO / 2022.06.18
  { re: /\b(\d{1,2})[./-](\d{1,2})[./-](\d{4})\b/g, parse: (m) => [+m[3], +m[2], +m[1]] }, // European dd.mm.yyyy
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er|°|º)?\\.?\\s+(?:de\\s+)?(${MONTH_ALT})\\.?\\s+(?:de\\s+)?(\\d{4})\\b`, 'g'),
    parse: (m) => [+m[3], MONTHS[m[2]], +m[1]],
  },
  { re: new RegExp(`\\b(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'g'), parse: (m) => [+m[3], MONTHS[m[1]], +m[2]] },
];

interface FoundDate {
  iso: string;
  index: number;
}

/** Dates in a normalised line, in order of position. */
export function findDates(normLine: string): FoundDate[] {
  const out: FoundDate[] = [];
  for (const p of DATE_PATTERNS) {
    p.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = p.re.exec(normLine))) {
      const [y, mo, d] = p.parse(m);
      if (y < 1970 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31) continue;
      const date = new Date(Date.UTC(y, mo - 1, d));
      if (date.getUTCDate() !== d) continue; // 31.02. and the like
      if (out.some((o) => Math.abs(o.index - m!.index) < 3)) continue;
      out.push({ iso: `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`, index: m.index });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

const ISSUE_LABEL =
  /(?:date of issue|issue date|issued on|date issued|place and date of issue|date of declaration|ausstellungsdatum|ort und datum(?: der ausstellung)?|datum der ausstellung|ausgestellt am|date d'emission|date de delivrance|lieu et date(?: d'emission)?|fait a [^,]{1,40},? le|fecha de (?:emision|expedicion)|lugar y fecha(?: de expedicion)?|data di (?:emissione|rilascio)|luogo e data(?: di emissione)?|rilasciato il)/g;
const VALID_LABEL =
  /(?:valid until|valid through|valid to|expiry date|date of expiry|expiration date|expires on|gultig bis|gultigkeit bis|ablaufdatum|valable jusqu'au|date d'expiration|fin de validite|valido hasta|fecha de (?:caducidad|vencimiento)|valido fino al?|data di scadenza|scadenza)/g;
const SIGNATURE_PLACE_DATE = /^(?:[a-z][a-z .'-]{1,30}),\s*(?:le |den |am |a |il |el )?(?=\d|[a-z]+\s+\d)/;

// ---------------------------------------------------------------------------------------------------
// Parties

type Party = 'manufacturer' | 'importer' | 'responsible_person';

const PARTY_LABELS: [Party, RegExp][] = [
  [
    'manufacturer',
    /^(?:\d{1,2}[.)]\s*)?(?:(?:name and address of the manufacturer(?: or his authori[sz]ed representative)?|manufacturer'?s? name and address|manufacturer|manufactured by|made by|hersteller|name und anschrift des herstellers|hergestellt von|fabricant|nom et adresse du fabricant|fabrique par|fabricante|nombre y direccion del fabricante|fabricado por|fabbricante|produttore|nome e indirizzo del fabbricante|prodotto da))\s*(?:\([^)]*\))?\s*[:\-–]\s*/,
  ],
  ['importer', /^(?:\d{1,2}[.)]\s*)?(?:(?:eu[- ])?(?:importer|importeur|importateur|importador|importatore)|imported by|importiert von|importe par|importado por|importato da)\s*(?:\([^)]*\))?\s*[:\-–]\s*/],
  [
    'responsible_person',
    /^(?:\d{1,2}[.)]\s*)?(?:(?:eu )?responsible person|authori[sz]ed representative(?: in the eu)?|verantwortliche person|bevollmachtigter|personne responsable|mandataire|persona responsable|representante autorizado|persona responsabile|mandatario)\s*(?:\([^)]*\))?\s*[:\-–]\s*/,
  ],
];

const COMPANY_SUFFIX = /\b(?:gmbh(?: & co\.? kg)?|ag|kg|ohg|ug|e\.k\.|ltd\.?|limited|llc|inc\.?|corp\.?|co\.,? ?ltd\.?|co\.|plc|s\.?a\.?s\.?|sarl|s\.?a\.?|s\.?l\.?|s\.?r\.?l\.?|s\.?p\.?a\.?|s\.?n\.?c\.?|b\.?v\.?|n\.?v\.?|oy|ab|a\/s|aps|sp\. z o\.o\.|s\.r\.o\.|se|kft\.?|d\.o\.o\.)(?=[\s,.;]|$)/i;

const COUNTRIES: [string, RegExp][] = [
  ['DE', /\b(germany|deutschland|allemagne|alemania|germania)\b/],
  ['FR', /\b(france|frankreich|francia)\b/],
  ['IT', /\b(italy|italien|italie|italia)\b/],
  ['ES', /\b(spain|spanien|espagne|espana|spagna)\b/],
  ['NL', /\b(netherlands|the netherlands|niederlande|pays-bas|paises bajos|paesi bassi|nederland|holland)\b/],
  ['BE', /\b(belgium|belgien|belgique|belgica|belgio|belgie)\b/],
  ['AT', /\b(austria|osterreich|autriche)\b/],
  ['PL', /\b(poland|polen|pologne|polonia|polska)\b/],
  ['CZ', /\b(czech republic|czechia|tschechien|republique tcheque|republica checa|repubblica ceca)\b/],
  ['DK', /\b(denmark|danemark|dinamarca|danimarca|danmark)\b/],
  ['SE', /\b(sweden|schweden|suede|suecia|svezia|sverige)\b/],
  ['FI', /\b(finland|finnland|finlande|finlandia|suomi)\b/],
  ['IE', /\b(ireland|irland|irlande|irlanda)\b/],
  ['PT', /\b(portugal|portogallo)\b/],
  ['GR', /\b(greece|griechenland|grece|grecia)\b/],
  ['HU', /\b(hungary|ungarn|hongrie|hungria|ungheria)\b/],
  ['RO', /\b(romania|rumanien|roumanie|rumania)\b/],
  ['LU', /\b(luxembourg|luxemburg|lussemburgo|luxemburgo)\b/],
  ['GB', /\b(united kingdom|great britain|england|scotland|wales|vereinigtes konigreich|royaume-uni|reino unido|regno unito|u\.k\.|uk)\b/],
  ['CH', /\b(switzerland|schweiz|suisse|suiza|svizzera)\b/],
  ['NO', /\b(norway|norwegen|norvege|noruega|norvegia)\b/],
  ['CN', /\b(china|p\.?\s?r\.?\s?china|people'?s republic of china|chine|cina|vr china)\b/],
  ['HK', /\b(hong kong)\b/],
  ['TW', /\b(taiwan)\b/],
  ['JP', /\b(japan|japon|giappone)\b/],
  ['KR', /\b(south korea|korea|republic of korea|coree du sud|corea del sur|corea del sud)\b/],
  ['VN', /\b(vietnam|viet nam)\b/],
  ['IN', /\b(india|indien|inde)\b/],
  ['TR', /\b(turkey|turkiye|turkei|turquie|turquia|turchia)\b/],
  ['US', /\b(usa|u\.s\.a\.|united states(?: of america)?|vereinigte staaten|etats-unis|estados unidos|stati uniti)\b/],
];

export function countryOf(address: string): string | null {
  const n = norm(address);
  let best: { code: string; at: number } | null = null;
  for (const [code, re] of COUNTRIES) {
    const m = re.exec(n);
    if (m && (!best || m.index > best.at)) best = { code, at: m.index };
  }
  return best?.code ?? null;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** "Acme GmbH, Street 1, 12345 Town" -> name "Acme GmbH", address "Street 1, 12345 Town". */
export function splitNameAddress(value: string): { name: string; address: string | null } {
  const v = value.replace(EMAIL, '').replace(/\b(?:e-?mail|tel\.?|phone|fax)\s*:?\s*[+\d ()/-]*$/i, '').replace(/[,;\s]+$/, '').trim();
  const suffix = COMPANY_SUFFIX.exec(v);
  if (suffix) {
    const end = suffix.index + suffix[0].length;
    const rest = v.slice(end).replace(/^[\s.,;·|-]+/, '').trim();
    return { name: v.slice(0, end).trim(), address: /\d/.test(rest) && rest.length > 4 ? rest : null };
  }
  const parts = v.split(/\s*[,;·|]\s*/);
  if (parts.length > 1 && /\d/.test(parts.slice(1).join(' '))) return { name: parts[0], address: parts.slice(1).join(', ') };
  return { name: v, address: null };
}

// ---------------------------------------------------------------------------------------------------
// GTIN

export function isValidGtin(digits: string): boolean {
  if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) return false;
  if (/^0+$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    const d = +body[body.length - 1 - i];
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10 === +digits[digits.length - 1];
}

const GTIN_LABELLED = /\b(?:gtin(?:-?1[234]|-?8)?|ean(?:-?13|-?8)?(?:[- ]code)?|upc(?:-a)?|barcode|bar code|code-barres|code barre|codigo de barras|codice a barre|strichcode)\b\s*(?:no\.?|nr\.?|number)?\s*[:#]?\s*((?:\d[ -]?){7,13}\d)\b/gi;
const GTIN_BARE = /(?<![\d/.,-])(\d{13})(?![\d/.,-])/g;

// ---------------------------------------------------------------------------------------------------
// Legislation and standards

const DIRECTIVE = /\b(?:(?:directive|richtlinie|directiva|direttiva|richtlijn|dyrektywa|smernice)s?\s+)?(?:\(?(?:eu|ue|ec|ce|eg|eec|ewg|cee)\)?\s+)?(?:n[°º.o]?\s*|nr\.?\s*|no\.?\s*)?(\d{2,4})\/(\d{1,4})\/(eu|ue|ec|ce|eg|eec|ewg|cee)\b/gi;
const REGULATION = /\b(?:regulation|verordnung|reglement|reglamento|regolamento|rozporzadzenie)\s*\((eu|ue|ec|ce|eg|ewg|eec|cee)\)\s*(?:n[°º.o]?\.?\s*|nr\.?\s*|no\.?\s*)?(\d{2,4})\/(\d{1,4})\b/gi;

const ORG_NAME: Record<string, string> = { eu: 'EU', ue: 'EU', ec: 'EC', ce: 'EC', eg: 'EC', eec: 'EEC', ewg: 'EEC', cee: 'EEC' };

function legislationIn(normLine: string): string[] {
  const out: string[] = [];
  DIRECTIVE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = DIRECTIVE.exec(normLine))) out.push(`Directive ${m[1]}/${m[2]}/${ORG_NAME[m[3].toLowerCase()]}`);
  REGULATION.lastIndex = 0;
  while ((m = REGULATION.exec(normLine))) {
    const org = ORG_NAME[m[1].toLowerCase()] === 'EEC' ? 'EEC' : ORG_NAME[m[1].toLowerCase()];
    out.push(org === 'EU' ? `Regulation (EU) ${m[2]}/${m[3]}` : `Regulation (${org}) No ${m[2]}/${m[3]}`);
  }
  return out;
}

// EN [IEC|ISO|ISO/IEC] number[-part...] [Vx.y.z][:year][+A1:year][/A11:year]
const STANDARD =
  /\b(?:(?:din|bs|nf|une|uni|onorm|ove|ss|cei|nen|sn|pn|csn|etsi|i\.s\.)\s+)?en\s+(iec\s+|iso\/iec\s+|iso\s+)?(\d{2,5}(?: \d{3})?(?:-\d{1,3})*)(\s+v\d+\.\d+\.\d+)?(?:\s?:\s?(\d{4}))?((?:\s?[+/]\s?(?:ac|aa|is|a)\d{0,2}(?:\s?:\s?\d{4})?)*)/gi;

function standardsIn(line: string): string[] {
  const out: string[] = [];
  STANDARD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = STANDARD.exec(line))) {
    const family = m[1] ? m[1].trim().toUpperCase() + ' ' : '';
    const version = m[3] ? ` ${m[3].trim().toUpperCase()}` : '';
    const year = m[4] ? `:${m[4]}` : '';
    const amendments = (m[5] ?? '')
      .replace(/\s+/g, '')
      .toUpperCase()
      .replace(/([+/])/g, '$1');
    // Conformity-assessment standards (accreditation of labs and certifiers) are not product standards.
    if (/^(?:1702\d|1706\d|1705\d|1702|4501\d|4501)$/.test(m[2]) || /^170\d\d$/.test(m[2]) || /^450\d\d$/.test(m[2])) continue;
    out.push(`EN ${family}${m[2]}${version}${year}${amendments}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Model / type

const MODEL_LABEL =
  /(?:^|[\s(;,])(?:product model|model(?:\/| or )type(?: reference)?|type(?:\/| )model|model(?:l|e|o)?|model no\.?|model number|modellnummer|modellbezeichnung|typ(?:e)?(?:nbezeichnung| designation| reference| no\.?| number)?|art(?:ikel)?[-. ]?nr\.?|ref(?:erence|erencia|\.)?|codice|cod\.|item no\.?|article no\.?)\s*[:#]\s*([^\n]{1,80})/i;
const MODEL_INLINE = /\bmodel(?:l|e|o)?\s+([A-Z0-9][A-Za-z0-9._/-]*\d[A-Za-z0-9._/-]*)/;
const MODEL_TOKEN = /^[A-Za-z0-9][A-Za-z0-9._/-]*\d[A-Za-z0-9._/-]*$/;

function modelTokens(value: string): string[] {
  return value
    .split(/\s*(?:,|;|\/(?=\s)|\s\/\s|\sor\s|\sund\s|\set\s|\sy\s|\se\s)\s*/)
    .flatMap((part) => part.split(/\s+/).filter((t) => MODEL_TOKEN.test(t.replace(/[.,;:]+$/, ''))).map((t) => t.replace(/[.,;:]+$/, '')))
    .filter((t) => !/^\d{4}$/.test(t) && !/^(?:\d{1,3}(?:[.,]\d+)?)(?:v|w|hz|mm|cm|kg|g|l)$/i.test(t))
    .slice(0, 6);
}

// ---------------------------------------------------------------------------------------------------

export function extractFacts(input: ExtractFactsInput): FactSuggestion[] {
  const lines = toLines(input);
  const out: FactSuggestion[] = [];
  const add = (field_key: string, value: string, at: Line[], confidence: number) => {
    const v = value.trim();
    if (!v) return;
    const existing = out.find((s) => s.field_key === field_key);
    if (existing && existing.confidence >= confidence) return;
    if (existing) out.splice(out.indexOf(existing), 1);
    out.push({ field_key, value: v, page: at[0]?.page ?? null, quote: quoteOf(at), confidence: Math.round(confidence * 100) / 100 });
  };

  // Parties: label with the value on the same line, or on the following lines.
  for (const line of lines) {
    for (const [party, re] of PARTY_LABELS) {
      const m = re.exec(line.norm);
      if (!m) continue;
      let value = line.text.slice(m[0].length).trim();
      const used = [line];
      if (value.length < 3) {
        // Value on the next lines, up to a blank or another label.
        const next = lines.slice(line.index + 1, line.index + 4).filter((l) => l.page === line.page);
        const block: Line[] = [];
        for (const l of next) {
          if (PARTY_LABELS.some(([, r]) => r.test(l.norm)) || /^\d{1,2}[.)]\s/.test(l.text)) break;
          block.push(l);
        }
        if (!block.length) continue;
        value = block.map((l) => l.text).join(', ');
        used.push(...block);
      }
      if (/^(?:same as applicant|see above|siehe oben|idem)/i.test(value)) continue;
      const { name, address } = splitNameAddress(value);
      if (name.length >= 2 && name.length <= 120) add(`${party}_name`, name, used, 0.85);
      if (address) {
        add(`${party}_address`, address, used, 0.8);
        const country = countryOf(address);
        if (country) add(`${party}_country`, country, used, 0.75);
      }
      // E-mail in the block or on the next line.
      const nearby = [...used, ...lines.slice(used[used.length - 1].index + 1, used[used.length - 1].index + 2)];
      for (const l of nearby) {
        const email = l.text.match(EMAIL)?.[0];
        if (email) {
          add(`${party}_email`, email.toLowerCase(), [l], 0.8);
          break;
        }
      }
    }
    // "We, <name>, <address> declare ..." in the five languages.
    const we = /^(?:we|nous|wir|nosotros|noi)\s*,\s*(.{3,200}?)\s*,?\s*(?:hereby\s+)?(?:declare|declares|declarons|erklaren|declaramos|dichiariamo)\b/.exec(line.norm);
    if (we) {
      const value = line.text.slice(we.index + we[0].indexOf(',') + 1, we.index + we[0].length).replace(/\s*(?:hereby\s+)?(?:declare|declares|déclarons|erklären|declaramos|dichiariamo)\s*$/i, '');
      const { name, address } = splitNameAddress(value);
      if (name.length >= 2) add('manufacturer_name', name, [line], 0.65);
      if (address) {
        add('manufacturer_address', address, [line], 0.6);
        const country = countryOf(address);
        if (country) add('manufacturer_country', country, [line], 0.55);
      }
    }
  }

  // GTIN: labelled first; a bare 13-digit number with a valid check digit is only a weak hint.
  for (const line of lines) {
    GTIN_LABELLED.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = GTIN_LABELLED.exec(line.text))) {
      const digits = m[1].replace(/[ -]/g, '');
      if (isValidGtin(digits)) add('gtin', digits, [line], 0.9);
    }
  }
  if (!out.some((s) => s.field_key === 'gtin')) {
    for (const line of lines) {
      if (/\b(?:report|bericht|rapport|informe|rapporto|tel|fax|phone|iban|vat|ust|siret|order|invoice|auftrag)\b/i.test(line.norm)) continue;
      GTIN_BARE.lastIndex = 0;
      const m = GTIN_BARE.exec(line.text);
      if (m && isValidGtin(m[1])) {
        add('gtin', m[1], [line], 0.4);
        break;
      }
    }
  }

  // Model / type.
  for (const line of lines) {
    const m = MODEL_LABEL.exec(line.text);
    if (m) {
      const tokens = modelTokens(m[1]);
      if (tokens.length) {
        add('model_number', tokens.join(', '), [line], 0.85);
        continue;
      }
    }
    const inline = MODEL_INLINE.exec(line.text);
    if (inline) add('model_number', inline[1], [line], 0.7);
  }

  // Legislation and harmonised standards, aggregated over the document.
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
        const key = s.split(':')[0].replace(/ V\d.*$/, '');
        const previous = standards.get(key);
        if (!previous || s.length > previous.length) standards.set(key, s);
      }
      standardLines.push(line);
    }
  }
  if (legislation.length) add('applicable_legislation', legislation.join('; '), legislationLines.slice(0, 4), 0.85);
  if (standards.size) add('harmonised_standards', [...standards.values()].join('; '), standardLines.slice(0, 4), 0.8);

  // Dates.
  const issueOk = !input.documentType || input.documentType === 'declaration_of_conformity';
  const validOk = !input.documentType || input.documentType === 'certificate';
  for (const line of lines) {
    const dates = findDates(line.norm);
    const nextDates = () => {
      const next = lines[line.index + 1];
      return next && next.page === line.page ? { dates: findDates(next.norm), line: next } : null;
    };
    for (const [labelRe, key, ok] of [
      [ISSUE_LABEL, 'doc_issue_date', issueOk],
      [VALID_LABEL, 'certificate_valid_until', validOk],
    ] as const) {
      if (!ok) continue;
      labelRe.lastIndex = 0;
      const m = labelRe.exec(line.norm);
      if (!m) continue;
      const after = dates.find((d) => d.index >= m.index + m[0].length - 2);
      if (after) add(key, after.iso, [line], 0.85);
      else if (dates.length === 0) {
        const n = nextDates();
        if (n?.dates.length) add(key, n.dates[0].iso, [line, n.line], 0.75);
      }
    }
    // "Hamm, 02.11.2023" / "Lyon, le 12 mars 2024" signature lines of declarations.
    if (issueOk && dates.length && SIGNATURE_PLACE_DATE.test(line.norm) && line.text.length < 90) {
      add('doc_issue_date', dates[0].iso, [line], 0.6);
    }
  }

  // Category-pack fields that appear in these documents.
  for (const line of lines) {
    const ufi = /\bUFI\s*:?\s*([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(line.text);
    if (ufi) add('ufi_code', ufi[1], [line], 0.95);
    const cpnp = /\bCPNP\b[^0-9]{0,30}(\d{5,9})\b/i.exec(line.text);
    if (cpnp) add('cpnp_number', cpnp[1], [line], 0.75);
    const voltage = /\b(?:rated (?:voltage|input)|ratings?|nennspannung|bemessungsspannung|tension (?:nominale|assignee)|tension nominal|tensione nominale|alimentazione|alimentation|input)\s*:?\s*(\d{1,3}(?:[-–]\d{2,3})?\s?V(?:\s?(?:~|ac|dc|d\.c\.|a\.c\.))?(?:\s*,?\s*\d{2}(?:\/\d{2})?\s?Hz)?)/i.exec(line.text);
    if (voltage) add('rated_voltage', voltage[1].replace(/\s+/g, ' ').replace('–', '-'), [line], 0.75);
  }

  return out;
}
