import { parseAddress, type PostalAddress } from '@/lib/address/parse';
import { countryCode } from '@/lib/address/country';
import { editDistance } from './edit-distance';
import { countryOfPlace } from './places';
import type { FactSet, Line } from './lines';

/**
 * Economic operators read by section: the manufacturer block gives the manufacturer's name, address and
 * e-mail, the EU responsible person (or authorised representative, or importer) block gives theirs. A
 * block starts at its label ("2. Name and address of the manufacturer:", "Hersteller / Manufacturer",
 * "EU Responsible Person (Art. 4 Regulation (EU) 2019/1020):") and runs over its continuation lines up to
 * a blank line, the next label, the next numbered item or section, or a page break; nothing is read from
 * a neighbouring block. Each operator found is also an entity candidate (lib/extract/facts.ts).
 */

export type Party = 'manufacturer' | 'importer' | 'responsible_person';

export interface PartyFound {
  role: Party;
  name: string;
  address: string | null;
  parts: PostalAddress | null;
  email: string | null;
  /** The operator's website, when its block or the document's letterhead names one. */
  url?: string | null;
  lines: Line[];
  confidence: number;
}

const N = '(?:\\d{1,2}(?:\\.\\d{1,2})*[.)]?\\s+)?';
const TAIL = '\\s*(?:\\((?:[^()]|\\([^()]*\\)){0,80}\\))?\\s*(?:[:\\-–]\\s*|$)';
const alt = (words: string[]) => `(?:${words.join('|')})`;

const PARTY_WORDS: [Party, string[]][] = [
  [
    'manufacturer',
    [
      'name and (?:postal )?address of (?:the )?manufacturer(?: or (?:his|its) authori[sz]ed representative)?',
      "manufacturer'?s? (?:name and address|details|information)",
      'manufacturer',
      'manufactured by',
      'made by',
      'producer',
      'name und anschrift des herstellers',
      'hersteller(?:angaben|informationen)?',
      'hergestellt von',
      'nom et adresse du fabricant',
      'fabricant',
      'fabrique par',
      'nombre y direccion del fabricante',
      'fabricante',
      'fabricado por',
      'nome e indirizzo del fabbricante',
      'fabbricante',
      'produttore',
      'prodotto da',
    ],
  ],
  [
    'importer',
    [
      '(?:eu[- ])?importer',
      '(?:eu[- ])?importeur',
      'importateur',
      'importador',
      'importatore',
      'imported by',
      'importiert von',
      'importe par',
      'importado por',
      'importato da',
    ],
  ],
  [
    'responsible_person',
    [
      '(?:eu[- ]|eu-|european )?responsible (?:economic operator|person)(?: in the eu| in the (?:european )?union)?',
      '(?:eu[- ]|european )?authori[sz]ed representative(?: in the (?:eu|european union|community))?',
      '(?:eu[- ])?(?:verantwortliche person|verantwortlicher wirtschaftsakteur)(?: in der eu)?',
      '(?:eu[- ])?bevollmachtigter(?: in der eu)?',
      "personne responsable(?: dans l'ue| dans l'union europeenne)?",
      'operateur economique responsable',
      "mandataire(?: etabli dans l'ue)?",
      'persona responsable',
      'representante autorizado',
      'persona responsabile',
      'mandatario',
    ],
  ],
];

const PARTY_LABELS: [Party, RegExp][] = PARTY_WORDS.map(([p, w]) => [
  p,
  new RegExp(`^${N}(?:[a-z ]{0,20}\\s?/\\s?)?${alt(w)}(?:\\s?/\\s?[a-z' ]{2,40})?${TAIL}`),
]);
/**
 * A representative's label misspelt ("EU authorand Regresentative:", typed by hand on an exporter's
 * template): read as one only after "EU", "EC" or "European", when the two words together are within a
 * fifth of the label's letters of "authorised representative" or "responsible person", each word starts
 * like its model and is no other word that stands there ("EU sales representative", "EC contact person").
 */
const FUZZY_RP = new RegExp(`^${N}(?:eu|ec|european)[- ]+([a-z]{4,14})\\s+([a-z]{4,16})${TAIL}`);
const RP_MODELS: [string, string][] = [
  ['authorised', 'representative'],
  ['authorized', 'representative'],
  ['responsible', 'person'],
];
const NOT_RP_WORD =
  /^(?:sales|trade|trading|commercial|technical|service|customer|contact|marketing|regional|legal|area|country|company|authority|authorities|author|account|business|local|official|responsive|reasonable|possible|personal|presentative)$/;
function fuzzyRepresentativeLabel(normLine: string): RegExpExecArray | null {
  const m = FUZZY_RP.exec(normLine);
  if (!m || NOT_RP_WORD.test(m[1]) || NOT_RP_WORD.test(m[2])) return null;
  const [w1, w2] = [m[1], m[2].replace(/s$/, '')];
  const near = RP_MODELS.some(([t1, t2]) => {
    const d1 = editDistance(w1, t1);
    const d2 = editDistance(w2, t2);
    return (
      w1[0] === t1[0] &&
      w2[0] === t2[0] &&
      d1 <= t1.length / 2 &&
      d2 <= t2.length / 2 &&
      d1 + d2 <= Math.floor((t1.length + 1 + t2.length) / 5)
    );
  });
  return near ? m : null;
}

/** The party label a line opens with, exact or a misspelt representative's label. */
function partyLabel(normLine: string): [Party, RegExpExecArray] | null {
  for (const [role, re] of PARTY_LABELS) {
    const m = re.exec(normLine);
    if (m) return [role, m];
  }
  const fuzzy = fuzzyRepresentativeLabel(normLine);
  return fuzzy ? ['responsible_person', fuzzy] : null;
}

/** Operators of other kinds: their blocks end a party block and are never read as one. */
const OTHER_PARTY = new RegExp(
  `^${N}${alt(['applicant', 'client', 'customer', 'antragsteller', 'auftraggeber', 'kunde', 'demandeur', 'client', 'solicitante', 'richiedente', 'supplier', 'lieferant', 'fournisseur', 'proveedor', 'fornitore', 'distributor', 'vertrieb', 'distributeur', 'testing laborator(?:y|ies)', 'test lab(?:oratory)?', 'laboratory', 'prufstelle', 'prufinstitut', 'laboratoire', 'notified body', 'benannte stelle', 'organisme notifie', 'certification body', 'issued by', 'signed (?:for and on behalf of|by)', 'unterzeichnet'])}${TAIL}`,
);
const CONTACT_LABEL =
  /^(?:tel|phone|telephone|telefon|fon|fax|mobile|mob|e-?mail|mail|courriel|correo(?: electronico)?|web(?:site)?|www|internet|url|contact|kontakt)\b\.?\s*(?:\([^)]*\))?\s*[:.]?/;
const SUBFIELD_LABEL =
  /^(?:name|company(?: name)?|firma|firmenname|raison sociale|nom|nombre|nome|ragione sociale|address|adresse|anschrift|postanschrift|direccion|indirizzo|street|strasse|city|stadt|ort|ville|country|land|pays|pais|paese|postcode|zip|plz)\s*:/;
// "Product: X", and "Product:X" as some exporters write it (a letter right after the colon).
const ANY_LABEL = /^[\p{L}][\p{L}\p{N} .'/()&-]{1,60}[:：]+(?:\s|$|(?=\p{L}))/u;
const NUMBERED = /^\d{1,2}(?:\.\d{1,2})+\.?\s+\S|^\d{1,2}[.)]\s+\S/;
const SECTION = /^(?:section|abschnitt|rubrique|seccion|sezione)\s+\d/;
const NEGATIVE =
  /^(?:same as (?:the )?(?:applicant|client|above|manufacturer)|(?:for and )?on behalf of|signed by|authori[sz]ed by|the manufacturer\b|see above|siehe oben|wie oben|wie auftraggeber|wie antragsteller|der hersteller\b|identique (?:au demandeur|au fabricant)|le fabricant\b|el fabricante\b|il fabbricante\b|idem|n\/?a|none|not applicable|nicht zutreffend|keine?|voir ci-dessus|-+)\b/i;

export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

export const COMPANY_SUFFIX =
  /\b(?:gmbh(?: & co\.? kg)?|ag|kg|ohg|s\.?l\.?u\.?|s\.?a\.?u\.?|ug(?: \(haftungsbeschrankt\))?|e\.k\.|ltd\.?|limited|llc|inc\.?|corp\.?|co\.,? ?ltd\.?|company|co\.|plc|s\.?a\.?s\.?|sarl|s\.?a\.?|s\.?l\.?|s\.?r\.?l\.?|s\.?p\.?a\.?|s\.?n\.?c\.?|b\.?v\.?|n\.?v\.?|oy|ab|a\/s|aps|sp\. z o\.o\.|sp\. [jk]\.|spol\. s r\.o\.|s\.r\.o\.|a\.s\.|k\.s\.|se|kft\.?|zrt\.?|nyrt\.?|d\.o\.o\.|d\.d\.|oyj|sia|uab|eood|ood|lda|ltda|pty\.? ltd\.?|pte\.? ltd\.?)(?=[\s,.;]|$)/i;

/** "Acme GmbH, Street 1, 12345 Town" -> name "Acme GmbH", address "Street 1, 12345 Town". */
export function splitNameAddress(value: string): { name: string; address: string | null } {
  const v = value
    .replace(EMAIL, '')
    .replace(/\b(?:e-?mail|tel\.?|phone|fax|web)\s*:?\s*[+\d ()/.-]*$/i, '')
    .replace(/[,;\s]+$/, '')
    .trim();
  const suffix = COMPANY_SUFFIX.exec(v);
  if (suffix) {
    let end = suffix.index + suffix[0].length;
    // "Invent-abling LLC dba Teknikio": the trading name belongs to the name.
    const dba = /^\s+(?:dba|d\/b\/a|t\/a|trading as)\s+[^,;]{2,60}/i.exec(v.slice(end));
    if (dba) end += dba[0].length;
    const rest = v
      .slice(end)
      .replace(/^[\s.,;·|-]+/, '')
      // "CMG Research Ltd (atomic14), Flat 3, …": a brand in brackets is not the address.
      .replace(/^\([^()]{1,40}\)[\s,;]*/, '')
      .trim();
    return { name: v.slice(0, end).trim(), address: /\d/.test(rest) && rest.length > 4 ? rest : null };
  }
  const parts = v.split(/\s*[,;·|]\s*/);
  if (parts.length > 1 && /\d/.test(parts.slice(1).join(' ')))
    return { name: parts[0], address: parts.slice(1).join(', ') };
  return { name: v, address: null };
}

const ADDRESS_ROW = /^(?:address|adresse|anschrift|direccion|indirizzo|add)\s*[:：]/;
const EMPTY_ADDRESS_ROW = /^(?:address|adresse|anschrift|direccion|indirizzo|add)\s*[:：]+$/;

const startsBlock = (l: Line): boolean =>
  partyLabel(l.norm) !== null ||
  NAME_ONLY.test(l.norm) ||
  ADDRESS_ONLY.test(l.norm) ||
  OTHER_PARTY.test(l.norm) ||
  NUMBERED.test(l.text) ||
  SECTION.test(l.norm);

const INTRODUCES =
  /^(?:the|our|der|die|unser|le|la|notre|el|il)\b.{10,160}\b(?:is|are|ist|sind|est|sont|es|son|e|sono)\s*:$/;

/** The lines of the block a label opens: the label line and its continuation lines. */
export function blockOf(lines: Line[], label: Line, hasValue: boolean): Line[] {
  const block: Line[] = [];
  for (let i = label.index + 1; i < lines.length && block.length < 7; i++) {
    const l = lines[i];
    if (l.page !== label.page) break;
    // A blank line ends a block, except right under a bare heading ("Manufacturer" then a blank line), and
    // between a lone company name under a bare heading and its address ("Advena Limited", a blank line,
    // "Tower Business Centre, 2nd Floor, …"): such an address must then name its country (readBlock).
    if (l.blankBefore && (hasValue || block.length > 0)) {
      const loneName =
        !hasValue && block.length === 1 && COMPANY_SUFFIX.test(block[0].text) && !/\d/.test(block[0].text);
      // A form's "Address:" row below its name row, a blank line between them, is the same block; so is
      // the address below an "Address:" row left empty on its line.
      const addressRow = block.length === 0 && ADDRESS_ROW.test(l.norm);
      const emptyAddressRow = block.length > 0 && EMPTY_ADDRESS_ROW.test(block[block.length - 1].norm);
      if (!addressRow && !emptyAddressRow && (!loneName || !/\d/.test(l.text))) break;
    }
    if (startsBlock(l)) break;
    // "The European Authorized Representative for X is:" introduces the block below it; it is not in it.
    if (!block.length && INTRODUCES.test(l.norm)) continue;
    if (ANY_LABEL.test(l.text) && !CONTACT_LABEL.test(l.norm) && !SUBFIELD_LABEL.test(l.norm)) break;
    if (
      /^(?:we|wir|nous|nosotros|noi)\b/.test(l.norm) ||
      /\b(?:declare|erklaren|declarons|declaramos|dichiariamo|hereby|hiermit)\b/.test(l.norm)
    )
      break;
    // Prose ("Keep these instructions for future reference.") is not part of an address block.
    if (
      /[.!]$/.test(l.text) &&
      !/\d/.test(l.text) &&
      l.text.split(/\s+/).filter((w) => /^\p{Ll}/u.test(w)).length >= 3 &&
      !l.text.includes('@')
    )
      break;
    block.push(l);
  }
  return block;
}

/**
 * An address's parts, its country read from its last place when it writes none ("…, Baoan District,
 * Shenzhen": China; lib/extract/facts/places.ts).
 */
function placed(parts: PostalAddress, address: string): PostalAddress {
  if (parts.country) return parts;
  const country = countryOfPlace(address);
  return country ? { ...parts, country } : parts;
}

export function readBlock(role: Party, labelLine: Line, value: string, block: Line[]): PartyFound | null {
  const content: string[] = [];
  let email: string | null = null;
  let name: string | null = null;
  const addressParts: string[] = [];
  const used: Line[] = [labelLine];
  const consider = (text: string) => {
    const mail = text.match(EMAIL)?.[0];
    if (mail && !email) email = mail.toLowerCase();
    const n = text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
    if (CONTACT_LABEL.test(n) || EMPTY_ADDRESS_ROW.test(n)) return;
    // "Name: X", and "Name X" as a table row that lost its rule ("Name Osprey Systems Engineering").
    const sub =
      /^(name|company(?: name)?|firma|firmenname|raison sociale|nom|nombre|nome|ragione sociale)\s*:\s*(.+)$/i.exec(
        text,
      ) ?? /^(Name|Company|Company name|Firma|Nom|Nombre|Nome)\s+(\p{Lu}.+)$/u.exec(text);
    if (sub) {
      name ??= sub[2].trim();
      return;
    }
    const addr =
      /^(?:address|adresse|anschrift|postanschrift|direccion|indirizzo|street|strasse|city|stadt|ort|ville|country|land|pays|pais|paese|postcode|zip|plz)\s*:\s*(.+)$/i.exec(
        text,
      ) ?? /^(?:Address|Adresse|Anschrift|Indirizzo|Dirección|Direccion)\s+([\p{Lu}\d].+)$/u.exec(text);
    const t = (addr ? addr[1] : text)
      .replace(EMAIL, '')
      .replace(/\b(?:e-?mail|tel\.?|phone|fax)\s*:?\s*[+\d ()/.-]*$/i, '')
      .replace(/[,;\s]+$/, '')
      .trim();
    if (t) content.push(t);
  };
  if (value) consider(value);
  for (const l of block) {
    consider(l.text);
    used.push(l);
  }
  if (!content.length && !name) return null;
  if (name) addressParts.push(...content);
  else if (/^[\p{Script=Han}\s（）()]+$/u.test(content[0]) && content[1] && COMPANY_SUFFIX.test(content[1])) {
    // A bilingual block: the Chinese name, then the same company in Latin letters, as dossiers keep it.
    const latin = splitNameAddress(content[1]);
    name = latin.name;
    if (latin.address) addressParts.push(latin.address);
    addressParts.push(...content.slice(2).filter((c) => !/^[\p{Script=Han}\s\d（）()#,.-]+$/u.test(c)));
  } else {
    const first = splitNameAddress(content[0]);
    name = first.name;
    if (first.address) addressParts.push(first.address);
    addressParts.push(...content.slice(1));
  }
  // OCR's stray marks before a value ("! Same as applicant.") are not part of it.
  const nm = (name as string)
    .replace(/[,;:]+$/, '')
    .replace(/^[^\p{L}\p{N}[(<]+/u, '')
    .trim();
  if (nm.length < 2 || nm.length > 120 || NEGATIVE.test(nm) || !/\p{L}{2}/u.test(nm)) return null;
  // A lone country line is part of the address; a name that is only a country is no name.
  if (countryCode(nm)) return null;
  const address = addressParts.join(', ').trim() || null;
  const parts = address ? placed(parseAddress(address), address) : null;
  // An address must look like one: digits (house number or postcode) or a recognised country; one read
  // across a blank line below its name must name its country (a page break may have cut it).
  const acrossBlank = block.slice(1).some((l) => l.blankBefore);
  const credible = Boolean(address && (/\d/.test(address) || parts?.country) && (!acrossBlank || parts?.country));
  return {
    role,
    name: nm,
    address: credible ? address : null,
    parts: credible ? parts : null,
    email,
    lines: used,
    confidence: 0.85,
  };
}

/**
 * "Manufacturer name: X" with its own "Manufacturer address: Y" line below: the name is the value of its
 * line alone, the address that of the address label and its continuation lines. Unlabelled lines between
 * the two are not read: the labels say which line is what.
 */
const MAKER = "(?:manufacturer'?s?|hersteller|fabricant|fabricante|fabbricante)";
const NAME_ONLY = new RegExp(`^${N}${MAKER}\\s*(?:name|company name|firmenname|nom|nombre|nome)\\s*[:\\-–]\\s*\\S`);
const ADDRESS_ONLY = new RegExp(
  `^(?:${N}${MAKER}\\s*(?:address|adresse|anschrift|direccion|indirizzo)|address of the manufacturer|anschrift des herstellers|adresse du fabricant|direccion del fabricante|indirizzo del fabbricante)\\s*[:\\-–]\\s*`,
);
const valueAfterLabel = (text: string) => {
  const colon = text.search(/[:：]/);
  return text.slice((colon >= 0 ? colon : text.search(/[-–]/)) + 1).trim();
};

function labelledNameAddress(lines: Line[], nameLine: Line): PartyFound | null {
  const name = valueAfterLabel(nameLine.text)
    .replace(/[,;:]+$/, '')
    .trim();
  if (name.length < 2 || name.length > 120 || NEGATIVE.test(name) || !/\p{L}{2}/u.test(name) || countryCode(name))
    return null;
  const used = [nameLine];
  let address: string | null = null;
  for (let i = nameLine.index + 1; i < Math.min(lines.length, nameLine.index + 5); i++) {
    const l = lines[i];
    if (l.page !== nameLine.page || NAME_ONLY.test(l.norm)) break;
    if (!ADDRESS_ONLY.test(l.norm)) continue;
    const parts = [valueAfterLabel(l.text), ...blockOf(lines, l, true).map((b) => b.text)]
      .map((t) =>
        t
          .replace(EMAIL, '')
          .replace(/[,;\s]+$/, '')
          .trim(),
      )
      .filter(Boolean);
    used.push(l, ...blockOf(lines, l, true));
    address = parts.join(', ') || null;
    break;
  }
  const parts = address ? placed(parseAddress(address), address) : null;
  const credible = Boolean(address && (/\d/.test(address) || parts?.country));
  const email =
    used
      .map((l) => l.text.match(EMAIL)?.[0])
      .find(Boolean)
      ?.toLowerCase() ?? null;
  return {
    role: 'manufacturer',
    name,
    address: credible ? address : null,
    parts: credible ? parts : null,
    email,
    lines: used,
    confidence: 0.85,
  };
}

export function findParties(lines: Line[]): PartyFound[] {
  const found: PartyFound[] = [];
  for (const line of lines) {
    if (NAME_ONLY.test(line.norm)) {
      const party = labelledNameAddress(lines, line);
      if (party) found.push(party);
      continue;
    }
    // A company named with its role after it: "KinderLab Robotics, Inc. (Manufacturer)", its address below.
    const marked = ROLE_AFTER_NAME.exec(line.text);
    if (marked && COMPANY_SUFFIX.test(marked[1])) {
      const role = roleOfWord(marked[2]);
      const party = role ? readBlock(role, line, marked[1], blockOf(lines, line, true)) : null;
      if (party) found.push(party);
      continue;
    }
    // A table row whose column rule the PDF lost: "Manufacturer CMG Research Ltd (atomic14), Flat 3, …".
    const bare = BARE_MAKER.exec(line.text);
    if (bare && COMPANY_SUFFIX.test(bare[1].slice(0, 80))) {
      const party = readBlock('manufacturer', line, bare[1], []);
      if (party) found.push(party);
      continue;
    }
    const label = partyLabel(line.norm);
    if (label) {
      const [role, m] = label;
      // The label matched on the folded text; the value is the rest of the original line.
      const value = line.text.slice(Math.min(line.text.length, m[0].length)).trim();
      // A sentence that merely names the role ("issued under the sole responsibility of the manufacturer") is no label.
      const sentence = !value && !/[:\-–]\s*$/.test(line.text) && line.text.length > 60;
      if (!sentence && !(value && NEGATIVE.test(value))) {
        const block = blockOf(lines, line, Boolean(value));
        const party = readBlock(role, line, value, block);
        if (party) found.push(latinTwin(lines, party));
      }
    }
    // "Hereby, <name> declares that ..." (the simplified declaration of the radio equipment directive).
    const hereby =
      /^(?:hereby|hiermit erklart|par la presente|por la presente|con la presente)\s*,?\s*(.{3,120}?)\s*,?\s*(?:declares|erklart|declare|declara|dichiara)\b/.exec(
        line.norm,
      );
    if (hereby && /^(?:hereby|par la presente|por la presente|con la presente)/.test(line.norm)) {
      const start = line.norm.indexOf(hereby[1]);
      const name = line.text.slice(start, start + hereby[1].length).replace(/[,\s]+$/, '');
      if (name.length >= 2 && !/^(?:we|wir|nous)$/i.test(name))
        found.push({
          role: 'manufacturer',
          name,
          address: null,
          parts: null,
          email: null,
          lines: [line],
          confidence: 0.6,
        });
    }
    // "We, <name>, <address> declare ..." in the five languages.
    const we =
      /^(?:we|nous|wir|nosotros|noi)\s*,\s*(.{3,200}?)\s*,?\s*(?:hereby\s+|hiermit\s+)?(?:declare|declares|declarons|erklaren|declaramos|dichiariamo)\b/.exec(
        line.norm,
      );
    if (we) {
      const start = line.text.indexOf(',') + 1;
      const value = line.text
        .slice(start, we[0].length)
        .replace(/\s*(?:hereby\s+|hiermit\s+)?(?:declare|declares|déclarons|erklären|declaramos|dichiariamo)\s*$/i, '')
        .replace(/[,\s]+$/, '');
      const { name, address } = splitNameAddress(value);
      if (name.length >= 2) {
        const parts = address ? placed(parseAddress(address), address) : null;
        found.push({ role: 'manufacturer', name, address, parts, email: null, lines: [line], confidence: 0.65 });
      }
    }
  }
  found.push(...weBlocks(lines, found));
  found.push(...sameAsApplicant(lines, found));
  found.push(...declarantCompanyBlocks(lines, found));
  addMakerEmail(lines, found);
  addWebsites(lines, found);
  return found;
}

/**
 * An unlabelled operator block after "We" ("We, the manufacturer" / "Lobaro GmbH" / "Stadtdeich 7" /
 * "20097 Hamburg" / "Germany" / "declare on our sole responsibility…"), in the EU languages: the block
 * between the pronoun and the declaration is the declarant, the manufacturer (or its representative when
 * the line says so).
 */
const WE_LINE =
  /^(?:we|wir|nous|noi|nosotros|nosotras|wij|vi|my|nos)\s*,?\s*(?:\(?(?:the |der |die |le |la |il |el |de )?(manufacturer|hersteller|fabricant|fabbricante|fabricante|fabrikant|authori[sz]ed representative|importer|importeur|importateur)\)?)?\s*[,:]?$/;

function weBlocks(lines: Line[], found: PartyFound[]): PartyFound[] {
  if (found.some((p) => p.role === 'manufacturer' && p.confidence >= 0.8)) return [];
  const out: PartyFound[] = [];
  for (const line of lines) {
    const m = WE_LINE.exec(line.norm);
    if (!m) continue;
    const role: Party = /represent/.test(m[1] ?? '')
      ? 'responsible_person'
      : /import/.test(m[1] ?? '')
        ? 'importer'
        : 'manufacturer';
    const block = blockOf(lines, line, false);
    if (!block.length) continue;
    const party = readBlock(role, line, '', block);
    if (party) out.push({ ...party, confidence: 0.8 });
    break;
  }
  return out;
}

/**
 * "Manufacturer ....: Same as applicant": the applicant's block (its name and the address below it) is the
 * manufacturer's, as a test report's cover says.
 */
const SAME_AS_APPLICANT =
  /^(?:manufacturer'?s?(?: name)?|hersteller|fabricant|fabricante|fabbricante)\s*[:：][^\p{L}]*(?:same as (?:the )?(?:applicant|client)|wie (?:antragsteller|auftraggeber)|identique au demandeur|igual que el solicitante|come il richiedente)\b/u;
const APPLICANT_LABEL =
  /^(?:applicant(?:'?s)?(?: name)?|client|antragsteller|auftraggeber|demandeur|solicitante|richiedente)\s*[:：]\s*(\S.*)$/;

/**
 * A certificate's or test report's applicant, when the document names no manufacturer at all: the
 * manufacturer's candidate at a low confidence (the applicant is usually the maker; a person confirms).
 */
export function applicantAsMaker(lines: Line[]): PartyFound | null {
  if (lines.some((l) => MAKER_NAMED.test(l.norm))) return null;
  for (const line of lines) {
    if (!APPLICANT_LABEL.test(line.norm)) continue;
    const value = line.text.replace(/^[^:：]*[:：]\s*/, '').trim();
    const party = readBlock('manufacturer', line, value, blockOf(lines, line, true));
    if (party && COMPANY_SUFFIX.test(party.name)) return { ...party, confidence: 0.6 };
  }
  // Without an applicant, a certificate's holder ("Certificate's" / "Holder:", its name and address on the
  // lines below): the holder a certificate is issued to is the maker as often as the applicant is.
  for (const line of lines) {
    const m = HOLDER_LABEL.exec(line.norm);
    if (!m) continue;
    const value = m[1] ? line.text.replace(/^[^:：]*[:：]\s*/, '').trim() : '';
    const party = readBlock('manufacturer', line, value, withNameSuffix(blockOf(lines, line, Boolean(value)), value));
    if (party && COMPANY_SUFFIX.test(party.name)) return { ...party, confidence: 0.6 };
  }
  return null;
}

/** A manufacturer's label or heading (not prose: "Manufacturer is responsible to start the procedure"). */
const MAKER_NAMED =
  /^(?:manufacturer|hersteller|fabricant|fabricante|fabbricante|factory)(?:'?s)?(?:\s*\/\s*\p{L}+)?(?:\s+(?:name|address|information|details|company|anschrift|adresse|nom|nombre|nome))?\s*(?:[:：(.\-–]|$)/u;
const HOLDER_LABEL =
  /^(?:certificate'?s?\s+)?holder(?:\s+of\s+(?:the\s+|this\s+)?certificate)?(?:'?s)?(?:\s+name)?\s*[:：]\s*(.*)$|^(?:zertifikatsinhaber|inhaber des zertifikats|titulaire(?: du certificat)?|titular(?: del certificado)?|titolare(?: del certificato)?)\s*[:：]\s*(.*)$/;
/** A company's legal form alone on its line ("Co., Ltd."): the end of the name above it, cut at a wrap. */
const SUFFIX_ONLY =
  /^(?:co\.,?\s?ltd\.?|company limited|co\.|ltd\.?|limited|gmbh(?: & co\.? kg)?|ag|inc\.?|llc|corp\.?|plc|s\.?r\.?l\.?|s\.?p\.?a\.?|s\.?a\.?|s\.?l\.?|b\.?v\.?|n\.?v\.?|a\.s\.|s\.r\.o\.|sp\. z o\.o\.|pty\.? ltd\.?|pte\.? ltd\.?)[.,]?$/i;

/** A block whose name line is cut before its legal form ("Chongqing Zaisheng Technology" / "Co., Ltd."): one line. */
function withNameSuffix(block: Line[], value: string): Line[] {
  const [first, second] = value ? [null, block[0]] : [block[0], block[1]];
  if (!second || !SUFFIX_ONLY.test(second.text.trim())) return block;
  if (!first) return block;
  return [{ ...first, text: `${first.text} ${second.text}` }, ...block.slice(2)];
}

function sameAsApplicant(lines: Line[], found: PartyFound[]): PartyFound[] {
  if (found.some((p) => p.role === 'manufacturer')) return [];
  if (!lines.some((l) => SAME_AS_APPLICANT.test(l.norm))) return [];
  for (const line of lines) {
    if (!APPLICANT_LABEL.test(line.norm)) continue;
    const value = line.text.replace(/^[^:：]*[:：]\s*/, '').trim();
    const party = readBlock('manufacturer', line, value, blockOf(lines, line, true));
    return party ? [{ ...party, confidence: 0.75 }] : [];
  }
  return [];
}

/**
 * A bilingual form gives the operator's Chinese name, then (after a blank line) the same company in Latin
 * letters: the Latin name is the one a dossier keeps.
 */
function latinTwin(lines: Line[], party: PartyFound): PartyFound {
  if (!/^[\p{Script=Han}\s（）()]+$/u.test(party.name)) return party;
  const last = party.lines.at(-1)!;
  const twin = lines
    .slice(last.index + 1, last.index + 4)
    .find(
      (l) => l.page === last.page && COMPANY_SUFFIX.test(l.text) && /^[\p{Script=Latin}\d\s.,&()'-]+$/u.test(l.text),
    );
  return twin ? { ...party, name: splitNameAddress(twin.text).name, lines: [...party.lines, twin] } : party;
}

const ROLE_AFTER_NAME =
  /^(\p{Lu}.{1,100}?)\s*\((manufacturer|hersteller|fabricant|fabricante|fabbricante|fabrikant|importer|importeur|importateur|importador|importatore|authori[sz]ed representative|eu authori[sz]ed representative|bevollmächtigter|mandataire)\)\s*$/iu;
function roleOfWord(word: string): Party | null {
  const w = word.toLowerCase();
  if (/import/.test(w)) return 'importer';
  if (/authori|bevoll|mandat/.test(w)) return 'responsible_person';
  return 'manufacturer';
}

const BARE_MAKER = /^(?:Manufacturer|Hersteller|Fabricant|Fabricante|Fabbricante)\s+(\p{Lu}.{2,200})$/u;

/**
 * The manufacturer's e-mail when its block gives none: the one address elsewhere in the document (a
 * footer "e-mail: hello@teknikio.com", a "Contact Email" row) whose domain or line carries the
 * manufacturer's name, and that no other operator's block holds.
 */
function addMakerEmail(lines: Line[], found: PartyFound[]) {
  const maker = found.filter((p) => p.role === 'manufacturer').sort((a, b) => b.confidence - a.confidence)[0];
  if (!maker || maker.email) return;
  const word = firstWord(maker.name);
  if (word.length < 3) return;
  const taken = new Set(found.map((p) => p.email).filter(Boolean));
  const hits = new Map<string, Line>();
  for (const line of lines) {
    for (const mail of line.text.match(EMAIL) ?? []) {
      const email = mail.toLowerCase();
      const domain = email
        .split('@')[1]
        .replace(/\.[a-z]{2,}$/, '')
        .replace(/[.-]/g, '');
      if (taken.has(email)) continue;
      if (domain.includes(word) || line.norm.includes(word)) hits.set(email, line);
    }
  }
  if (hits.size !== 1) return;
  const [[email, line]] = [...hits];
  maker.email = email;
  maker.lines = [...maker.lines, line];
}

const COMPANY_NAME = /^(?:company name|company|firmenname|firma|raison sociale|ragione sociale|razon social)\s*:\s*\S/;
const COMPANY_ADDRESS = /^(?:company address|address|adresse|anschrift|firmenanschrift|indirizzo|direccion)\s*:\s*\S/;
const firstWord = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .match(/\p{L}{3,}/u)?.[0] ?? '';

/**
 * A "Company information" block ("Company name: …", "Company address: …", often a datasheet's table)
 * names no role; it is the manufacturer's when the document's declaration ("Hereby, <name> declares",
 * "We, <name>, declare") is made by that company.
 */
function declarantCompanyBlocks(lines: Line[], found: PartyFound[]): PartyFound[] {
  const declarants = new Set(
    found.filter((p) => p.role === 'manufacturer' && p.confidence < 0.7).map((p) => firstWord(p.name)),
  );
  declarants.delete('');
  if (!declarants.size) return [];
  const out: PartyFound[] = [];
  for (const line of lines) {
    if (!COMPANY_NAME.test(line.norm)) continue;
    const name = valueAfterLabel(line.text)
      .replace(/[,;:]+$/, '')
      .trim();
    if (!declarants.has(firstWord(name)) || name.length > 120) continue;
    const next = lines
      .slice(line.index + 1, line.index + 4)
      .find((l) => l.page === line.page && COMPANY_ADDRESS.test(l.norm));
    const address = next
      ? valueAfterLabel(next.text)
          .replace(EMAIL, '')
          .replace(/[,;\s]+$/, '')
          .trim()
      : null;
    const parts = address ? placed(parseAddress(address), address) : null;
    const credible = Boolean(address && (/\d/.test(address) || parts?.country));
    const email =
      [line, ...(next ? [next] : [])]
        .map((l) => l.text.match(EMAIL)?.[0])
        .find(Boolean)
        ?.toLowerCase() ?? null;
    out.push({
      role: 'manufacturer',
      name,
      address: credible ? address : null,
      parts: credible ? parts : null,
      email,
      lines: next ? [line, next] : [line],
      confidence: 0.8,
    });
  }
  return out;
}

export const WEBSITE =
  /\b(?:https?:\/\/)?(?:www\.)[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/[^\s,;]*)?|\bhttps?:\/\/[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/[^\s,;]*)?/gi;

/**
 * Each operator's website: the one in its own block, else the one website anywhere in the document
 * (letterhead, footer) whose domain carries the operator's name ("KinderLab Robotics, Inc." and
 * www.kinderlabrobotics.com) and no other operator's block holds.
 */
function addWebsites(lines: Line[], found: PartyFound[]) {
  const hostHas = (u: string, word: string) =>
    word.length >= 3 &&
    u
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .split('/')[0]
      .replace(/[.-]/g, '')
      .includes(word);
  // In its own block: on a contact line ("Web: …", "www.…" alone) or carrying the operator's name.
  const own = (p: PartyFound) =>
    p.lines
      .flatMap((l) =>
        (l.text.match(WEBSITE) ?? []).filter(
          (u) =>
            hostHas(u, firstWord(p.name)) ||
            /^(?:web(?:site)?|internet|url|homepage|www|https?)\b/i.test(l.text.trim()),
        ),
      )
      .at(0) ?? null;
  for (const p of found) p.url = own(p);
  const taken = new Set(found.map((p) => p.url).filter(Boolean));
  for (const p of found) {
    if (p.url) continue;
    const word = firstWord(p.name);
    if (word.length < 3) continue;
    const hits = new Map<string, Line>();
    for (const line of lines)
      for (const u of line.text.match(WEBSITE) ?? []) {
        if (!taken.has(u) && hostHas(u, word)) hits.set(u.replace(/[.)]+$/, ''), line);
      }
    if (hits.size !== 1) continue;
    const [[url, line]] = [...hits];
    p.url = url;
    p.lines = [...p.lines, line];
  }
}

/** "Particle Industries,Inc" as written in print: a space after a comma inside a name. */
const tidyName = (name: string) => name.replace(/,(?=\p{L})/gu, ', ');

/** A British postcode ("EH3 9GD", "SW1A 1AA") ending an address without a country: the UK. */
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}$/;

/**
 * A name ending in a German legal form (GmbH, AG, KG, UG, OHG, e.K.) with a five-digit postcode and no
 * country: Germany.
 * The forms are also Austrian, Swiss and Liechtenstein ones, but those countries' postcodes have four
 * digits, so the two together name one country. ("TEQSAS GmbH, Otto-Hahn-Straße 20a, 50354 Hürth")
 */
const GERMAN_FORM =
  /(?:^|[\s,])(?:GmbH|GMBH|mbH|AG|KG|KGaA|UG(?: \(haftungsbeschränkt\))?|OHG|GbR|e\.\s?K\.)(?:\s*&\s*Co\.?\s*KG(?:aA)?)?\.?$/;

/**
 * A template's blank, not a name: "[Firmenname]", "[TODO]", "xxxx", "<Company>", "TBD", "N/A".
 * Declarations published as templates keep these where the operator goes.
 */
const PLACEHOLDER = /^(?:\[[^\]]*\]|<[^>]*>|\{[^}]*\}|x{3,}|todo|tbd|tbc|n\/?a|none|-+|\.{3,}|_+)$/i;
export const isPlaceholder = (value: string) => PLACEHOLDER.test(value.trim().replace(/[,;:.]+$/, ''));
/**
 * A pointer to another party, not a name: "Same as applicant", "as above", "wie Antragsteller", "siehe
 * oben", "identique au demandeur", "idem" (a certificate's manufacturer field; OCR may add a stray mark
 * before it). The party it points to is read under its own label.
 */
const BACK_REFERENCE =
  /^(?:(?:the\s+)?same\s+as|identical\s+(?:to|with)|as|see|wie|siehe|gleich\s+wie|identique\s+(?:au|a|à)|voir|come|como|vedi|idem|ídem|dito)\b.{0,30}$/i;
export const isBackReference = (value: string) =>
  BACK_REFERENCE.test(
    value
      .trim()
      .replace(/^[^\p{L}]+/u, '')
      .replace(/[,;:.!]+$/, ''),
  ) && !/\b(?:gmbh|ltd|inc|llc|s\.?a\.?|s\.?r\.?l|co\.)\b/i.test(value);

export function addPartyFacts(parties: PartyFound[], facts: FactSet) {
  for (const p of parties) {
    if (isPlaceholder(p.name) || isBackReference(p.name)) continue;
    if (
      p.address &&
      p.parts &&
      !p.parts.country &&
      GERMAN_FORM.test(p.name) &&
      /^\d{5}$/.test(p.parts.postal_code ?? '')
    )
      p.parts = { ...p.parts, country: 'DE' };
    if (p.address && p.parts && !p.parts.country && UK_POSTCODE.test(p.address.trim()))
      p.parts = { ...p.parts, country: 'GB' };
    facts.add(`${p.role}_name`, tidyName(p.name), p.lines, p.confidence);
    if (p.address) facts.add(`${p.role}_address`, p.address, p.lines, p.confidence - 0.05);
    if (p.parts?.country) facts.add(`${p.role}_country`, p.parts.country, p.lines, p.confidence - 0.1);
    if (p.email) {
      const at = p.lines.find((l) => l.text.toLowerCase().includes(p.email!)) ?? p.lines[0];
      facts.add(`${p.role}_email`, p.email, [at], p.confidence - 0.05);
    }
    if (p.url) {
      const at = p.lines.find((l) => l.text.includes(p.url!)) ?? p.lines[0];
      facts.add(`${p.role}_url`, p.url, [at], p.confidence - 0.05);
    }
  }
}
