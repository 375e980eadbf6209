/**
 * When a document's suggestion really disagrees with the dossier. Values are compared for what they
 * mean, not how they are written: a test report that lists a subset of the declared standards, a date
 * in another format, the same address with other line breaks, a company name with its legal form
 * spelled differently, or a GTIN with its leading zeros are NOT conflicts; a different manufacturer, a
 * different model, another edition of the same standard or another country are. One rule, used by the
 * blockers (requirement-input.ts, lib/imports/repo-recompute.ts), the dossier view and extraction.
 */
import { sameAddress } from '@/lib/address/parse';
import { countryCode } from '@/lib/address/country';
import { isoDateOf } from '@/lib/extract/facts/date-parse';
import { standardBase } from '@/lib/extract/facts/references';
import { gtin14 } from '@/lib/gtin';
import { normalizeEntityName } from '@/lib/model/entity-names';

const plain = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const items = (s: string) =>
  s
    .split(/\s*[;\n]\s*/)
    .map((x) => x.trim())
    .filter(Boolean);
const LIST_FIELDS = new Set(['harmonised_standards', 'applicable_legislation', 'other_marks']);

/** Two editions of one standard disagree ("EN 71-3:2013" vs "EN 71-3:2019"); a missing year or amendment does not. */
function standardsAgree(a: string, b: string): boolean {
  const year = (s: string) => /:(\d{4})/.exec(s)?.[1] ?? null;
  const byBase = new Map(items(a).map((s) => [plain(standardBase(s)), s]));
  let shared = 0;
  for (const s of items(b)) {
    const other = byBase.get(plain(standardBase(s)));
    if (!other) continue;
    shared++;
    const ya = year(other);
    const yb = year(s);
    if (ya && yb && ya !== yb) return false;
  }
  // Lists with no standard in common are about different products (or the declaration misses the tested one).
  return shared > 0;
}

/** Whether every item of `part` is in `whole` (a test report's standards within the declaration's). */
function listCovers(whole: string, part: string, field: string): boolean {
  const key = (s: string) => (field === 'harmonised_standards' ? plain(standardBase(s)) : plain(s));
  const set = new Set(items(whole).map(key));
  return items(part).every((s) => set.has(key(s)));
}

function modelsAgree(a: string, b: string): boolean {
  const tokens = (s: string) =>
    new Set(
      s
        .split(/\s*[,;/]\s*|\s+/)
        .map((t) => t.toUpperCase().replace(/[^A-Z0-9]/g, ''))
        .filter(Boolean),
    );
  const ta = tokens(a);
  const tb = tokens(b);
  // One document may cover several models: agreeing means one names a model of the other.
  return [...tb].some((t) => ta.has(t));
}

/** True when the two values say the same thing for this field (see the module comment). */
export function valuesAgree(fieldKey: string, confirmed: string, suggested: string): boolean {
  if (plain(confirmed) === plain(suggested)) return true;
  if (fieldKey === 'harmonised_standards') return standardsAgree(confirmed, suggested);
  if (LIST_FIELDS.has(fieldKey))
    return listCovers(confirmed, suggested, fieldKey) || listCovers(suggested, confirmed, fieldKey);
  if (fieldKey === 'gtin') return gtin14(confirmed) !== null && gtin14(confirmed) === gtin14(suggested);
  if (fieldKey === 'model_number') return modelsAgree(confirmed, suggested);
  if (/_date$|_until$/.test(fieldKey)) {
    const a = isoDateOf(confirmed);
    return a !== null && a === isoDateOf(suggested);
  }
  if (/_address$/.test(fieldKey)) return sameAddress(confirmed, suggested);
  if (/_name$/.test(fieldKey)) return normalizeEntityName(confirmed) === normalizeEntityName(suggested);
  if (/_email$/.test(fieldKey)) return confirmed.trim().toLowerCase() === suggested.trim().toLowerCase();
  if (/_country$|^country_of_origin$/.test(fieldKey)) {
    const a = countryCode(confirmed);
    return a !== null && a === countryCode(suggested);
  }
  return false;
}

/** Whether a suggestion adds nothing to the confirmed value (agrees, and is not a longer list). */
export function suggestionRedundant(fieldKey: string, confirmed: string, suggested: string): boolean {
  if (!valuesAgree(fieldKey, confirmed, suggested)) return false;
  if (LIST_FIELDS.has(fieldKey)) return listCovers(confirmed, suggested, fieldKey);
  return true;
}

interface ValueLike {
  id: string;
  field_key: string;
  value: string;
  status: string;
  source: string;
}

/** The open extraction conflicts of one SKU: document suggestions that disagree with the confirmed value. */
export function extractionConflicts(values: readonly ValueLike[], fields: Record<string, string>) {
  return values
    .filter(
      (v) =>
        v.status === 'suggested' &&
        v.source === 'document_extraction' &&
        fields[v.field_key] !== undefined &&
        !valuesAgree(v.field_key, fields[v.field_key], v.value),
    )
    .map((v) => ({
      id: v.id,
      field_key: v.field_key,
      message: `A document says "${v.value.slice(0, 80)}" for ${v.field_key}, the dossier says "${fields[v.field_key].slice(0, 80)}".`,
    }));
}

/**
 * The facts a SKU's current dossier values give the requirement engine: the confirmed value of each
 * field, and the open extraction conflicts against them. loadRequirementInput (one SKU) and the import's
 * set-based recompute (a chunk, grouped by SKU) both build their input here.
 */
export function confirmedFacts(values: readonly ValueLike[]) {
  const fields: Record<string, string> = {};
  for (const v of values) if (v.status === 'confirmed') fields[v.field_key] = v.value;
  return { fields, conflicts: extractionConflicts(values, fields) };
}
