/**
 * Maps catalogue columns to SKU columns and dossier field keys: by header synonyms in five languages,
 * by operator role + attribute ("Hersteller E-Mail", "Adresse du fabricant"), by the column's neighbours
 * ("E-Mail" right of "Hersteller"), and by content (a column of valid GTINs is the GTIN). An explicit
 * mapping from the caller wins over all of it. Every decision carries a confidence and a reason.
 */
import { isKnownFieldKey } from '@/lib/model/catalogue';
import { normalizeLanguageCode } from '@/lib/i18n/languages';
import {
  entityFieldParts,
  explicitMappingSchema,
  isMappingTarget,
  type EntityAttribute,
  type EntityRole,
  type ExplicitMapping,
} from './fields';
import { isGtinLike } from './normalize';
import {
  ATTRIBUTE_WORDS,
  LANGUAGE_WORDS,
  LOCALIZED_SYNONYMS,
  ROLE_WORDS,
  TARGET_SYNONYMS,
  foldHeader,
} from './synonyms';

export type MappingReason =
  | 'explicit'
  | 'explicit_ignore'
  | 'exact_key'
  | 'header_synonym'
  | 'header_partial'
  | 'header_role_attribute'
  | 'neighbour_role'
  | 'attribute_without_role'
  | 'content_gtin'
  | 'content_email'
  | 'content_image_url'
  | 'fallback_product_name'
  | 'no_match'
  | 'duplicate_target'
  | 'content_mismatch'
  | 'empty_column';

export interface ColumnMapping {
  index: number;
  header: string;
  target: string | null;
  /** 0 to 1 */
  confidence: number;
  reason: MappingReason;
  detail: string;
  /** per-language fields: the language of the column */
  language?: string;
}

export interface MappingIssue {
  column: string;
  code: 'unknown_column' | 'duplicate_target' | 'invalid_mapping';
  message: string;
}

export interface MappingResult {
  columns: ColumnMapping[];
  /** target key -> column index */
  targets: Record<string, number>;
  unmapped: { index: number; header: string; reason: MappingReason; detail: string }[];
  /** required SKU columns no column maps to */
  missing_required: ('sku_code' | 'product_name')[];
  errors: MappingIssue[];
}

export interface MapColumnsInput {
  headers: string[];
  /** sample rows (cells per header) for content checks; the first few hundred are enough */
  sampleRows?: string[][];
  explicit?: unknown;
}

interface Candidate {
  target: string;
  confidence: number;
  reason: MappingReason;
  detail: string;
  language?: string;
}

const STOP_WORDS = new Set([
  'des',
  'der',
  'die',
  'das',
  'du',
  'de',
  'la',
  'le',
  'les',
  'del',
  'della',
  'dello',
  'of',
  'the',
  'eu',
  'ue',
  'im',
  'in',
  'dell',
  'd',
  'l',
  'en',
  'el',
  'il',
  'von',
  'vom',
  'and',
  'und',
  'et',
  'y',
  'e',
  'for',
  'fur',
  'pour',
  'para',
  'per',
  'no',
  'nr',
]);

interface SynonymEntry {
  target: string;
  tokens: string[];
  text: string;
  language?: string;
}

let synonymIndex: SynonymEntry[] | null = null;

function synonyms(): SynonymEntry[] {
  if (synonymIndex) return synonymIndex;
  const out: SynonymEntry[] = [];
  for (const [target, list] of Object.entries(TARGET_SYNONYMS)) {
    for (const s of list) {
      const text = foldHeader(s);
      if (text) out.push({ target, tokens: text.split(' '), text });
    }
  }
  for (const [base, byLang] of Object.entries(LOCALIZED_SYNONYMS)) {
    for (const [language, list] of Object.entries(byLang)) {
      for (const s of list) {
        const text = foldHeader(s);
        out.push({ target: base, tokens: text.split(' '), text, language });
      }
    }
  }
  synonymIndex = out;
  return out;
}

function indexOfSequence(tokens: string[], seq: string[]): number {
  outer: for (let i = 0; i + seq.length <= tokens.length; i++) {
    for (let j = 0; j < seq.length; j++) if (tokens[i + j] !== seq[j]) continue outer;
    return i;
  }
  return -1;
}

/** An explicit language in a header: "(FR)", "_de", "français", "Warnings IT". */
function languageInHeader(tokens: string[], excluded: Set<number>): string | null {
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (excluded.has(i)) continue;
    const t = tokens[i];
    if (LANGUAGE_WORDS[t]) return LANGUAGE_WORDS[t];
    if (t.length === 2) {
      const code = normalizeLanguageCode(t);
      if (code) return code;
    }
  }
  return null;
}

function isLanguageToken(t: string): boolean {
  return Boolean(LANGUAGE_WORDS[t]) || (t.length === 2 && normalizeLanguageCode(t) !== null);
}

// ------------------------------------------------------------------------------ header candidates

function roleIn(
  tokens: string[],
): { role: EntityRole; start: number; length: number; compoundAttribute: EntityAttribute | null } | null {
  for (const [role, words] of Object.entries(ROLE_WORDS) as [EntityRole, string[]][]) {
    for (const w of words) {
      const seq = foldHeader(w).split(' ');
      const at = indexOfSequence(tokens, seq);
      if (at >= 0) return { role, start: at, length: seq.length, compoundAttribute: null };
    }
  }
  // German compounds and inflections: "herstelleradresse", "herstellername", "herstellers".
  for (const [role, words] of Object.entries(ROLE_WORDS) as [EntityRole, string[]][]) {
    for (const w of words) {
      if (w.includes(' ') || w.length < 6) continue;
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i];
        if (!t.startsWith(w) || t === w) continue;
        const rest = t.slice(w.length);
        if (['s', 'n', 'in', 'innen', 'es', 'en'].includes(rest))
          return { role, start: i, length: 1, compoundAttribute: null };
        const attr = attributeOfWord(rest) ?? attributeOfWord(rest.replace(/^s/, ''));
        if (attr) return { role, start: i, length: 1, compoundAttribute: attr };
      }
    }
  }
  return null;
}

function attributeOfWord(word: string): EntityAttribute | null {
  for (const [attr, words] of Object.entries(ATTRIBUTE_WORDS) as [EntityAttribute, string[]][]) {
    if (words.some((w) => foldHeader(w).replace(/ /g, '') === word)) return attr;
  }
  return null;
}

function attributeIn(tokens: string[]): { attribute: EntityAttribute; start: number; length: number } | null {
  let best: { attribute: EntityAttribute; start: number; length: number } | null = null;
  for (const [attr, words] of Object.entries(ATTRIBUTE_WORDS) as [EntityAttribute, string[]][]) {
    for (const w of words) {
      const seq = foldHeader(w).split(' ');
      const at = indexOfSequence(tokens, seq);
      if (at >= 0 && (!best || seq.length > best.length)) best = { attribute: attr, start: at, length: seq.length };
    }
  }
  return best;
}

export function headerCandidates(header: string): Candidate[] {
  const folded = foldHeader(header);
  if (!folded) return [];
  const tokens = folded.split(' ');
  const out: Candidate[] = [];

  const asKey = folded.replace(/ /g, '_');
  if (isMappingTarget(asKey))
    return [{ target: asKey, confidence: 1, reason: 'exact_key', detail: `The header is the field key "${asKey}".` }];

  // Operator role (+ attribute): "Hersteller", "Hersteller E-Mail", "Adresse du fabricant", "Herstelleradresse".
  const role = roleIn(tokens);
  if (role) {
    const rest = tokens.filter((_, i) => i < role.start || i >= role.start + role.length);
    const attr = role.compoundAttribute
      ? { attribute: role.compoundAttribute, start: -1, length: 0 }
      : attributeIn(rest);
    const attribute: EntityAttribute = attr?.attribute ?? 'name';
    const leftover = rest.filter(
      (t, i) => !(attr && i >= attr.start && i < attr.start + attr.length) && !STOP_WORDS.has(t),
    );
    const key = `${role.role}_${attribute}`;
    if (isKnownFieldKey(key) && leftover.length === 0) {
      const viaImporter = role.role === 'importer' && tokens.some((t) => t.startsWith('inverkehrbringer'));
      out.push({
        target: key,
        confidence: viaImporter ? 0.75 : 0.9,
        reason: 'header_role_attribute',
        detail: viaImporter
          ? `"Inverkehrbringer" (the operator placing the product on the market) read as the importer; map it to manufacturer_${attribute} if the brand owner makes the product.`
          : `Role "${role.role}" and attribute "${attribute}" in the header.`,
      });
    }
  }

  const entries = synonyms();
  for (const e of entries) {
    if (e.text === folded) {
      out.push(
        localizedOrDirect(
          e,
          tokens,
          new Set(e.tokens.map((_, i) => i)),
          0.95,
          'header_synonym',
          `The header matches "${e.text}".`,
        ),
      );
    }
  }
  if (out.some((c) => c.reason === 'header_synonym' || c.reason === 'header_role_attribute'))
    return sortCandidates(out);

  // Partial: the synonym's words appear in the header ("EAN Code 13-stellig", "Produktname DE").
  let best: { e: SynonymEntry; at: number } | null = null;
  for (const e of entries) {
    if (e.text.length < 3) continue;
    const at = indexOfSequence(tokens, e.tokens);
    if (at < 0) continue;
    if (!best || e.text.length > best.e.text.length) best = { e, at };
  }
  if (best) {
    const covered = new Set(best.e.tokens.map((_, i) => best!.at + i));
    const meaningful =
      tokens.filter((t, i) => !STOP_WORDS.has(t) && !(best!.e.language && !covered.has(i) && isLanguageToken(t)))
        .length || 1;
    const conf = 0.6 + 0.25 * Math.min(1, best.e.tokens.length / meaningful);
    out.push(
      localizedOrDirect(best.e, tokens, covered, conf, 'header_partial', `The header contains "${best.e.text}".`),
    );
  }
  return sortCandidates(out);
}

function localizedOrDirect(
  e: SynonymEntry,
  tokens: string[],
  covered: Set<number>,
  confidence: number,
  reason: MappingReason,
  detail: string,
): Candidate {
  if (!e.language) return { target: e.target, confidence, reason, detail };
  const explicit = languageInHeader(tokens, covered);
  const language = explicit ?? e.language;
  return {
    target: `${e.target}_${language}`,
    confidence,
    reason,
    language,
    detail: explicit
      ? `${detail} Language ${language} named in the header.`
      : `${detail} Language ${language} from the header's own language.`,
  };
}

function sortCandidates(c: Candidate[]): Candidate[] {
  return c.filter((x) => isMappingTarget(x.target)).sort((a, b) => b.confidence - a.confidence);
}

// ---------------------------------------------------------------------------------- content checks

const EMAIL = /^[^\s@<>(),;:]+@[^\s@<>(),;:]+\.[a-z]{2,}$/i;
const IMAGE_URL = /^https?:\/\/\S+\.(jpe?g|png|webp|gif|avif)(\?\S*)?$/i;

function columnValues(rows: string[][], index: number): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const v = (r[index] ?? '').trim();
    if (v) out.push(v);
  }
  return out;
}

function share(values: string[], test: (v: string) => boolean): number {
  if (!values.length) return 0;
  let n = 0;
  for (const v of values) if (test(v)) n++;
  return n / values.length;
}

// --------------------------------------------------------------------------------------- the mapper

export function mapColumns(input: MapColumnsInput): MappingResult {
  const headers = input.headers;
  const rows = (input.sampleRows ?? []).slice(0, 500);
  const errors: MappingIssue[] = [];
  const columns: ColumnMapping[] = headers.map((header, index) => ({
    index,
    header,
    target: null,
    confidence: 0,
    reason: 'no_match',
    detail: 'No header synonym or content rule matched.',
  }));

  // 1. Header candidates, vetted by content where content can be checked.
  const candidates: Candidate[][] = headers.map((h) => headerCandidates(h));
  headers.forEach((_, i) => {
    const values = columnValues(rows, i);
    candidates[i] = candidates[i].map((c) => vetByContent(c, values));
  });
  headers.forEach((_, i) => {
    const c = candidates[i][0];
    if (c)
      Object.assign(columns[i], {
        target: c.target,
        confidence: c.confidence,
        reason: c.reason,
        detail: c.detail,
        language: c.language,
      });
  });

  // 2. Attribute-only headers take the role of the nearest operator column on their left.
  headers.forEach((h, i) => {
    if (columns[i].target) return;
    const tokens = foldHeader(h).split(' ').filter(Boolean);
    const attr = attributeIn(tokens);
    if (!attr) return;
    const leftover = tokens.filter((t, k) => !(k >= attr.start && k < attr.start + attr.length) && !STOP_WORDS.has(t));
    if (leftover.length) return;
    const role = neighbourRole(columns, i);
    const values = columnValues(rows, i);
    if (role && isKnownFieldKey(`${role}_${attr.attribute}`)) {
      setColumn(columns[i], `${role}_${attr.attribute}`, 0.7, 'neighbour_role', `"${h}" follows the ${role} columns.`);
    } else if (attr.attribute === 'country') {
      setColumn(
        columns[i],
        'country_of_origin',
        0.5,
        'attribute_without_role',
        `"${h}" names no operator; read as the country of origin.`,
      );
    } else if (attr.attribute === 'url' && share(values, (v) => IMAGE_URL.test(v)) >= 0.8) {
      setColumn(columns[i], 'product_image_url', 0.6, 'content_image_url', 'The links point to images.');
    } else if (attr.attribute !== 'name') {
      setColumn(
        columns[i],
        `manufacturer_${attr.attribute}`,
        0.4,
        'attribute_without_role',
        `"${h}" names no operator; assumed to be the manufacturer's.`,
      );
    }
  });

  // 3. Content for columns the headers did not explain.
  headers.forEach((h, i) => {
    if (columns[i].target) return;
    const values = columnValues(rows, i);
    if (values.length === 0) {
      if (rows.length)
        Object.assign(columns[i], { reason: 'empty_column', detail: 'The column has no values in the rows read.' });
      return;
    }
    if (values.length >= 2 && share(values, (v) => /\d{7}/.test(v.replace(/\D/g, '')) && isGtinLike(v)) >= 0.8) {
      setColumn(columns[i], 'gtin', 0.7, 'content_gtin', 'Its values are valid GTINs (check digits verify).');
    } else if (share(values, (v) => EMAIL.test(v)) >= 0.8) {
      const role = neighbourRole(columns, i) ?? 'manufacturer';
      setColumn(
        columns[i],
        `${role}_email`,
        role === 'manufacturer' && !neighbourRole(columns, i) ? 0.5 : 0.65,
        'content_email',
        `Its values are email addresses${neighbourRole(columns, i) ? ` next to the ${role} columns` : ''}.`,
      );
    } else if (share(values, (v) => IMAGE_URL.test(v)) >= 0.8) {
      setColumn(columns[i], 'product_image_url', 0.6, 'content_image_url', 'Its values are links to images.');
    }
  });

  // 4. One column per target: the most confident keeps it.
  resolveDuplicates(columns);

  // 5. No name column but a description of short texts: use it as the product name.
  if (!columns.some((c) => c.target === 'product_name')) {
    const desc = columns.find((c) => c.target === 'product_description');
    if (desc) {
      const values = columnValues(rows, desc.index);
      const lengths = values.map((v) => v.length).sort((a, b) => a - b);
      const median = lengths.length ? lengths[Math.floor(lengths.length / 2)] : 0;
      if (median > 0 && median <= 120) {
        setColumn(
          desc,
          'product_name',
          0.5,
          'fallback_product_name',
          `No product-name column; "${desc.header}" holds short texts (median ${median} characters) and is used as the name.`,
        );
      }
    }
  }

  // 6. The caller's explicit mapping wins.
  if (input.explicit !== undefined && input.explicit !== null) applyExplicit(columns, input.explicit, errors);

  const targets: Record<string, number> = {};
  for (const c of columns) if (c.target) targets[c.target] = c.index;
  const unmapped = columns
    .filter((c) => !c.target)
    .map((c) => ({ index: c.index, header: c.header, reason: c.reason, detail: c.detail }));
  const missing_required = (['sku_code', 'product_name'] as const).filter((k) => targets[k] === undefined);
  return { columns, targets, unmapped, missing_required, errors };
}

function setColumn(c: ColumnMapping, target: string, confidence: number, reason: MappingReason, detail: string) {
  c.target = target;
  c.confidence = confidence;
  c.reason = reason;
  c.detail = detail;
  delete c.language;
}

/** GTIN and email columns whose values mostly fail the check are probably something else. */
function vetByContent(c: Candidate, values: string[]): Candidate {
  if (values.length < 3) return c;
  if (c.target === 'gtin') {
    const ok = share(values, isGtinLike);
    if (ok < 0.6)
      return {
        ...c,
        confidence: Math.min(c.confidence, 0.3),
        detail: `${c.detail} But only ${Math.round(ok * 100)}% of its values are valid GTINs.`,
      };
  }
  const parts = entityFieldParts(c.target);
  if (parts?.attribute === 'email') {
    const ok = share(values, (v) => EMAIL.test(v));
    if (ok < 0.6)
      return {
        ...c,
        confidence: Math.min(c.confidence, 0.3),
        detail: `${c.detail} But only ${Math.round(ok * 100)}% of its values are email addresses.`,
      };
  }
  return c;
}

function neighbourRole(columns: ColumnMapping[], index: number): EntityRole | null {
  for (let k = index - 1; k >= Math.max(0, index - 3); k--) {
    const parts = columns[k].target ? entityFieldParts(columns[k].target!) : null;
    if (parts) return parts.role;
  }
  return null;
}

function resolveDuplicates(columns: ColumnMapping[]) {
  const byTarget = new Map<string, ColumnMapping[]>();
  for (const c of columns) if (c.target) byTarget.set(c.target, [...(byTarget.get(c.target) ?? []), c]);
  for (const [target, list] of byTarget) {
    if (list.length < 2) continue;
    const winner = [...list].sort((a, b) => b.confidence - a.confidence || a.index - b.index)[0];
    for (const c of list) {
      if (c === winner) continue;
      Object.assign(c, {
        target: null,
        confidence: 0,
        reason: 'duplicate_target',
        detail: `"${target}" is taken by column "${winner.header}" (more certain).`,
      });
      delete c.language;
    }
  }
}

function applyExplicit(columns: ColumnMapping[], explicit: unknown, errors: MappingIssue[]) {
  const parsed = explicitMappingSchema.safeParse(explicit);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors.push({
        column: String(issue.path[0] ?? ''),
        code: issue.message.includes('already mapped') ? 'duplicate_target' : 'invalid_mapping',
        message: issue.message,
      });
    }
    return;
  }
  const mapping: ExplicitMapping = parsed.data;
  for (const [key, target] of Object.entries(mapping)) {
    const col = findColumn(columns, key);
    if (!col) {
      errors.push({
        column: key,
        code: 'unknown_column',
        message: `No column "${key}" in the file (use the header as read, or a 0-based column index).`,
      });
      continue;
    }
    if (target === null) {
      Object.assign(col, { target: null, confidence: 1, reason: 'explicit_ignore', detail: 'Ignored as requested.' });
      delete col.language;
      continue;
    }
    // The explicit choice takes the target away from any automatically mapped column.
    for (const other of columns) {
      if (other !== col && other.target === target && other.reason !== 'explicit') {
        Object.assign(other, {
          target: null,
          confidence: 0,
          reason: 'duplicate_target',
          detail: `"${target}" was mapped explicitly to column "${col.header}".`,
        });
        delete other.language;
      }
    }
    setColumn(col, target, 1, 'explicit', 'Mapped as requested.');
    const lang = /^(?:safety_warnings|instructions)_([a-z]{2})$/.exec(target);
    if (lang) col.language = lang[1];
  }
}

function findColumn(columns: ColumnMapping[], key: string): ColumnMapping | undefined {
  const exact =
    columns.find((c) => c.header === key) ?? columns.find((c) => c.header.toLowerCase() === key.toLowerCase().trim());
  if (exact) return exact;
  if (/^\d{1,4}$/.test(key)) return columns[Number(key)];
  return undefined;
}
