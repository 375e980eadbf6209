/**
 * Row planning: turns read rows + a column mapping into the records an import would write, with the
 * validation of SKU creation (sku_code 1-50 of [A-Za-z0-9_-], product_name 1-200, gtin 8/12/13/14 digits,
 * a wrong check digit flagged and kept), dossier values in canonical form, entity candidates, and per-row errors and
 * warnings. Empty cells are left out, so a re-import never blanks a value. Repeated sku_codes: the later
 * row wins and the earlier one is skipped with a warning. Pure: the caller decides created vs updated.
 *
 * ImportPlanner works row by row for streaming; planImport() is the whole-file convenience.
 */
import { normalizeFieldValue, parseFieldKey } from '@/lib/model/catalogue';
import { resolveCategory, type CategoryResolution } from '@/lib/model/category-match';
import { SKU_CODE_RE } from '@/lib/skus/schemas';
import { EntityCandidateCollector, type EntityCandidate, type EntityInput } from './entities';
import { countryFromAddress } from '@/lib/model/entity-names';
import { ENTITY_ROLES, entityFieldParts, type EntityRole } from './fields';
import type { MappingResult } from './mapping';
import { normalizeCountry, normalizeDate, normalizeGtin, type DateOptions } from './normalize';
import { detached } from './read/csv';
import type { SourceRow } from './read/types';

export interface RowIssue {
  row: number;
  /** the header of the column, or null for a row-level issue */
  column: string | null;
  code: string;
  message: string;
}

export interface PlannedSku {
  sku_code: string | null;
  product_name: string | null;
  gtin: string | null;
  category_code: string | null;
  external_sku_id: string | null;
}

export type PlannedStatus = 'valid' | 'invalid' | 'skipped';

export interface PlannedRecord {
  row_number: number;
  status: PlannedStatus;
  sku: PlannedSku;
  /** SKU columns the file provides for this row (an update touches only these) */
  sku_fields: (keyof PlannedSku)[];
  /** dossier field key -> canonical value (non-empty only) */
  dossier: Record<string, string>;
  /** where each sku/dossier value came from, for provenance { source: 'import', row, column } */
  sources: Record<string, Readonly<{ column: string; column_index: number }>>;
  entities: EntityInput[];
  errors: RowIssue[];
  warnings: RowIssue[];
  /**
   * What the row's product is for the requirement rules: its category cell (as written) matched, else
   * its name and values (rated voltage, battery type, description); `defaulted` when nothing tells.
   */
  category?: { text: string | null } & Omit<CategoryResolution, 'code'> & { code: string };
}

export interface PlanOptions {
  dateOrder?: DateOptions['order'];
  date1904?: boolean;
}

export interface PlanSummary {
  total_rows: number;
  valid_rows: number;
  invalid_rows: number;
  skipped_rows: number;
  /** sku_codes seen in more than one row: the kept (last) row and the superseded ones */
  duplicate_sku_codes: { sku_code: string; kept_row: number; superseded_rows: number[] }[];
  errors_by_code: Record<string, number>;
  warnings_by_code: Record<string, number>;
}

/** The columns of the SKU row itself; every other target is a dossier value. */
const SKU_TARGETS: ReadonlySet<string> = new Set<keyof PlannedSku>([
  'sku_code',
  'product_name',
  'gtin',
  'category_code',
  'external_sku_id',
]);

interface MappedColumn {
  index: number;
  header: string;
  target: string;
  /** where a value of this column came from; one object shared by every row's record (read only) */
  source: Readonly<{ column: string; column_index: number }>;
}

export class ImportPlanner {
  private columns: MappedColumn[];
  private skuColumns: MappedColumn[];
  private entitiesCollector = new EntityCandidateCollector();
  private lastRowOf = new Map<string, number>();
  private supersededBy = new Map<number, number>();
  /** a row whose sku_code an earlier row has -> that earlier row (only repeated codes) */
  private priorOf = new Map<number, number>();
  private duplicates = new Map<string, number[]>();
  private counts = { total: 0, valid: 0, invalid: 0, skipped: 0 };
  private errorsByCode: Record<string, number> = {};
  private warningsByCode: Record<string, number> = {};
  private readonly hasEntityColumns: boolean;
  /** Catalogues repeat values (manufacturer, country, markets, warnings): normalise each distinct one once. */
  private valueCache = new Map<string, { value: string | null; issues: { code: string; message: string }[] }>();

  constructor(
    private mapping: MappingResult,
    headers: string[],
    private options: PlanOptions = {},
  ) {
    this.columns = mapping.columns
      .filter((c) => c.target)
      .map((c) => {
        const header = headers[c.index] ?? c.header;
        return { index: c.index, header, target: c.target!, source: { column: header, column_index: c.index } };
      });
    this.skuColumns = this.columns.filter((c) => SKU_TARGETS.has(c.target));
    this.hasEntityColumns = this.columns.some((c) => entityFieldParts(c.target));
  }

  /** Plans one row. A later row with the same sku_code supersedes this one (see supersededRows). */
  add(row: SourceRow): PlannedRecord {
    const rec = this.planRow(row);
    const prior = this.trackSkuCode(rec);
    if (prior !== undefined) {
      // The earlier row, counted valid when it was added, is skipped now.
      this.counts.valid--;
      this.counts.skipped++;
      rec.warnings.push(laterDuplicate(rec, prior));
    }
    this.account(rec, rec.status);
    return rec;
  }

  /**
   * The first pass of a run that only needs to know which rows a later duplicate supersedes (the
   * import job, see planFileForRun): the row's SKU columns alone, which are all that decides whether
   * a row is valid (a dossier value with a problem is left out with a warning, never an error). The
   * counts, issues and entity candidates are then taken in the second pass, by replanCounted.
   */
  addSkuCode(row: SourceRow): void {
    this.trackSkuCode(this.planRow(row, true));
  }

  /**
   * Second pass after addSkuCode: the record replan() makes, counted as add() would have counted it
   * (its issues before the superseded mark, its status after). Each row once.
   */
  replanCounted(row: SourceRow): PlannedRecord {
    const rec = this.replan(row);
    this.account(rec, rec.status === 'valid' && this.supersededBy.has(rec.row_number) ? 'skipped' : rec.status);
    return rec;
  }

  /** Remembers a valid row's sku_code; returns the earlier row with the same code, which this one supersedes. */
  private trackSkuCode(rec: PlannedRecord): number | undefined {
    if (rec.status !== 'valid' || !rec.sku.sku_code) return undefined;
    const n = rec.row_number;
    const prior = this.lastRowOf.get(rec.sku.sku_code);
    if (prior !== undefined) {
      this.supersededBy.set(prior, n);
      this.priorOf.set(n, prior);
      const list = this.duplicates.get(rec.sku.sku_code);
      if (list) list.push(n);
      else this.duplicates.set(detached(rec.sku.sku_code), [prior, n]);
      this.lastRowOf.set(rec.sku.sku_code, n);
    } else this.lastRowOf.set(detached(rec.sku.sku_code), n);
    return prior;
  }

  /** Adds a planned row to the counts, the issue tallies and (valid rows only) the entity candidates. */
  private account(rec: PlannedRecord, status: PlannedStatus) {
    this.counts.total++;
    if (status === 'valid') this.counts.valid++;
    else if (status === 'invalid') this.counts.invalid++;
    else this.counts.skipped++;
    for (const e of rec.errors) this.errorsByCode[e.code] = (this.errorsByCode[e.code] ?? 0) + 1;
    for (const w of rec.warnings) this.warningsByCode[w.code] = (this.warningsByCode[w.code] ?? 0) + 1;
    // Only rows that will be imported can link an entity to a SKU.
    if (rec.status === 'valid') for (const e of rec.entities) this.entitiesCollector.add(rec.row_number, e);
  }

  /**
   * Plans a row again after every row went through add(): the same record add() made (the warning of a
   * later duplicate included), from what add() learned, without adding to the counts or any map, so a
   * second pass over the file holds nothing per row. Call endFirstPass() first.
   */
  replan(row: SourceRow): PlannedRecord {
    const rec = this.planRow(row);
    const prior = rec.status === 'valid' && rec.sku.sku_code ? this.priorOf.get(row.row_number) : undefined;
    if (prior !== undefined) rec.warnings.push(laterDuplicate(rec, prior));
    return rec;
  }

  /**
   * After the first pass (summary and candidates taken): drops the maps only the first pass needs
   * (every sku_code's last row, the entity groups), which are as large as the file.
   */
  endFirstPass(opts: { keepCandidates?: boolean } = {}) {
    this.lastRowOf = new Map();
    if (!opts.keepCandidates) this.entitiesCollector = new EntityCandidateCollector();
  }

  /** Rows whose sku_code a later row repeats: row -> the row that wins. */
  supersededRows(): ReadonlyMap<number, number> {
    return this.supersededBy;
  }

  summary(): PlanSummary {
    return {
      total_rows: this.counts.total,
      valid_rows: this.counts.valid,
      invalid_rows: this.counts.invalid,
      skipped_rows: this.counts.skipped,
      duplicate_sku_codes: [...this.duplicates.entries()].map(([sku_code, rows]) => ({
        sku_code,
        kept_row: rows[rows.length - 1],
        superseded_rows: rows.slice(0, -1),
      })),
      errors_by_code: { ...this.errorsByCode },
      warnings_by_code: { ...this.warningsByCode },
    };
  }

  entityCandidates(): EntityCandidate[] {
    return this.hasEntityColumns ? this.entitiesCollector.candidates() : [];
  }

  /** skuOnly: the SKU columns only (see addSkuCode); the record's dossier values and entities stay empty. */
  private planRow(row: SourceRow, skuOnly = false): PlannedRecord {
    const n = row.row_number;
    const rec: PlannedRecord = {
      row_number: n,
      status: 'valid',
      sku: { sku_code: null, product_name: null, gtin: null, category_code: null, external_sku_id: null },
      sku_fields: [],
      dossier: {},
      sources: {},
      entities: [],
      errors: [],
      warnings: [],
      category: NO_CATEGORY,
    };
    const entityParts: Partial<
      Record<EntityRole, Partial<Record<'name' | 'address' | 'country' | 'email' | 'url', string>>>
    > = {};
    let anyValue = false;
    let categoryText: string | null = null;
    let categoryColumn: string | null = null;

    for (const col of skuOnly ? this.skuColumns : this.columns) {
      const raw = row.cells[col.index] ?? '';
      if (raw.trim() === '') continue;
      anyValue = true;
      const source = col.source;
      switch (col.target) {
        case 'sku_code': {
          const v = raw.trim();
          rec.sku_fields.push('sku_code');
          if (!SKU_CODE_RE.test(v)) {
            rec.errors.push(
              cellIssue(
                n,
                col.header,
                v.length > 50 ? 'sku_code_too_long' : 'sku_code_invalid',
                v.length > 50
                  ? `sku_code has ${v.length} characters; at most 50.`
                  : `sku_code "${short(v)}" may only contain letters, digits, "_" and "-".`,
              ),
            );
          } else {
            rec.sku.sku_code = v;
            rec.sources.sku_code = source;
          }
          break;
        }
        case 'product_name': {
          const v = raw.replace(/\s+/g, ' ').trim();
          rec.sku_fields.push('product_name');
          if (v.length > 200)
            rec.errors.push(
              cellIssue(
                n,
                col.header,
                'product_name_too_long',
                `product_name has ${v.length} characters; at most 200.`,
              ),
            );
          else {
            rec.sku.product_name = v;
            rec.sources.product_name = source;
          }
          break;
        }
        case 'gtin': {
          rec.sku_fields.push('gtin');
          const g = normalizeGtin(raw);
          if (!g.ok) rec.errors.push(cellIssue(n, col.header, g.code, g.message));
          else if (g.value) {
            rec.sku.gtin = g.value;
            rec.sources.gtin = source;
            // A wrong check digit flags the row and is imported as given (the SKU gets GTIN_CHECK_DIGIT_INVALID).
            if (g.flag) rec.warnings.push(cellIssue(n, col.header, g.flag.code, g.flag.message));
            if (g.note === 'gtin_leading_zeros_restored')
              rec.warnings.push(
                cellIssue(
                  n,
                  col.header,
                  g.note,
                  `GTIN "${short(raw)}" lost its leading zeros in the spreadsheet; restored to ${g.value} (check digit verified).`,
                ),
              );
          }
          break;
        }
        case 'category_code': {
          rec.sku_fields.push('category_code');
          const v = raw.trim();
          if (v.length > 100) {
            rec.errors.push(
              cellIssue(n, col.header, 'category_code_too_long', 'category_code has more than 100 characters.'),
            );
            break;
          }
          // Matched after the row is read: where the path does not decide, the name and values do.
          categoryText = v;
          categoryColumn = col.header;
          rec.sources.category_code = source;
          break;
        }
        case 'external_sku_id': {
          rec.sku_fields.push('external_sku_id');
          const v = raw.trim();
          if (v.length > 200)
            rec.errors.push(
              cellIssue(n, col.header, 'external_sku_id_too_long', 'external_sku_id has more than 200 characters.'),
            );
          else {
            rec.sku.external_sku_id = v;
            rec.sources.external_sku_id = source;
          }
          break;
        }
        default: {
          const value = this.dossierValue(col.target, raw, n, col.header, rec.warnings);
          if (value === null) break;
          rec.dossier[col.target] = value;
          rec.sources[col.target] = source;
          const parts = entityFieldParts(col.target);
          if (parts) (entityParts[parts.role] ??= {})[parts.attribute] = value;
        }
      }
    }

    const category = (rec.category = this.categoryOf(categoryText, rec));
    if (categoryText !== null) {
      rec.sku.category_code = category.code;
      if (category.defaulted)
        rec.warnings.push(
          cellIssue(
            n,
            categoryColumn!,
            'category_unknown',
            `Category "${short(categoryText)}" is not recognised, nor does the product name or data say what the product is: only the general rules will be checked until a category is picked.`,
          ),
        );
    }

    for (const role of ENTITY_ROLES) {
      const p = entityParts[role];
      if (!p) continue;
      if (!p.name) {
        rec.warnings.push({
          row: n,
          column: null,
          code: 'entity_without_name',
          message: `The ${role.replace('_', ' ')} has an address, email or country but no name; no entity is proposed for it.`,
        });
        continue;
      }
      // No country column: the country written at the end of the address ("…, 518000 Shenzhen, China") is the country.
      const country = p.country ?? countryFromAddress(p.address);
      if (country && !p.country) {
        rec.dossier[`${role}_country`] = country;
        const addressSource = rec.sources[`${role}_address`];
        if (addressSource) rec.sources[`${role}_country`] = addressSource;
      }
      rec.entities.push({
        role,
        name: p.name,
        address: p.address ?? null,
        email: p.email ?? null,
        country: country ?? null,
        url: p.url ?? null,
      });
    }

    if (!anyValue) {
      rec.status = 'skipped';
      rec.warnings.push({
        row: n,
        column: null,
        code: 'no_mapped_values',
        message: 'The row has no value in any mapped column.',
      });
      return rec;
    }
    if (
      this.mapping.targets.sku_code !== undefined &&
      !rec.sku.sku_code &&
      !rec.errors.some((e) => e.code.startsWith('sku_code'))
    ) {
      rec.errors.push({
        row: n,
        column: this.mapping.columns[this.mapping.targets.sku_code]?.header ?? 'sku_code',
        code: 'sku_code_required',
        message: 'The row has no sku_code.',
      });
    }
    if (this.mapping.targets.sku_code === undefined) {
      rec.errors.push({ row: n, column: null, code: 'sku_code_required', message: 'No column is mapped to sku_code.' });
    }
    if (!rec.sku.product_name && !rec.errors.some((e) => e.code.startsWith('product_name'))) {
      const header =
        this.mapping.targets.product_name !== undefined
          ? (this.mapping.columns[this.mapping.targets.product_name]?.header ?? null)
          : null;
      rec.errors.push({
        row: n,
        column: header,
        code: 'product_name_required',
        message: header ? 'The row has no product name.' : 'No column is mapped to product_name.',
      });
    }
    if (rec.errors.length) rec.status = 'invalid';
    return rec;
  }

  /** The row's category from its cell (as written), name and values; the result holds no reference to the row. */
  private categoryOf(text: string | null, rec: PlannedRecord): NonNullable<PlannedRecord['category']> {
    const d = rec.dossier;
    const fields =
      d.rated_voltage || d.battery_type || d.product_description
        ? new Map(
            (['rated_voltage', 'battery_type', 'product_description'] as const).flatMap((k) =>
              d[k] ? [[k, d[k]] as [string, string]] : [],
            ),
          )
        : undefined;
    const r = resolveCategory({ category_text: text, product_name: rec.sku.product_name, fields });
    return { text, ...r };
  }

  /** Import-specific spellings first (dates, countries), then the catalogue's own normaliser; cached per value. */
  private dossierValue(key: string, raw: string, row: number, column: string, warnings: RowIssue[]): string | null {
    const cacheKey = `${key}\u0000${raw}`;
    let cached = this.valueCache.get(cacheKey);
    if (!cached) {
      cached = this.normalizeDossierValue(key, raw);
      if (this.valueCache.size >= 20_000) this.valueCache.clear();
      if (raw.length <= 2000) this.valueCache.set(cacheKey, cached);
    }
    for (const i of cached.issues) warnings.push({ row, column, code: i.code, message: i.message });
    return cached.value;
  }

  private normalizeDossierValue(
    key: string,
    raw: string,
  ): { value: string | null; issues: { code: string; message: string }[] } {
    const parsed = parseFieldKey(key);
    if (!parsed) return { value: null, issues: [] };
    const issues: { code: string; message: string }[] = [];
    const dropped = (code: string, message: string) => ({
      value: null,
      issues: [...issues, { code, message: `${message} The value was not imported.` }],
    });
    let value = raw;
    if (parsed.definition.kind === 'date') {
      const d = normalizeDate(raw, { order: this.options.dateOrder, date1904: this.options.date1904 });
      if (!d.ok) return dropped(d.code, d.message);
      if (d.note === 'date_month_first')
        issues.push({ code: d.note, message: `"${short(raw)}" was read month first (${d.value}).` });
      value = d.value ?? '';
    } else if (parsed.definition.kind === 'country') {
      const c = normalizeCountry(raw);
      if (!c.ok) return dropped(c.code, c.message);
      value = c.value ?? '';
    } else if (parsed.definition.kind === 'gtin') {
      const g = normalizeGtin(raw);
      if (!g.ok) return dropped(g.code, g.message);
      if (g.flag) issues.push({ code: g.flag.code, message: g.flag.message });
      value = g.value ?? '';
    }
    const r = normalizeFieldValue(key, value);
    if (!r.ok) return dropped('invalid_value', r.message);
    // Cached and, for entity fields, kept in the candidates: a copy of its own, not a slice of the file's text.
    return { value: r.value === null ? null : detached(r.value), issues };
  }
}

export const NO_CATEGORY_PLANNED = (): NonNullable<PlannedRecord['category']> => NO_CATEGORY;

export interface ImportPlan {
  /** planned records, at most keepRecords of them (all by default); superseded rows are marked skipped */
  records: PlannedRecord[];
  /** every row error, for the downloadable error report */
  errors: RowIssue[];
  summary: PlanSummary;
  entity_candidates: EntityCandidate[];
}

export function planImport(input: {
  headers: string[];
  rows: Iterable<SourceRow>;
  mapping: MappingResult;
  options?: PlanOptions;
  keepRecords?: number;
}): ImportPlan {
  const planner = new ImportPlanner(input.mapping, input.headers, input.options);
  const keep = input.keepRecords ?? Number.POSITIVE_INFINITY;
  const records: PlannedRecord[] = [];
  const errors: RowIssue[] = [];
  for (const row of input.rows) {
    const rec = planner.add(row);
    errors.push(...rec.errors);
    if (records.length < keep) records.push(rec);
  }
  const superseded = planner.supersededRows();
  for (const rec of records) {
    const by = superseded.get(rec.row_number);
    if (by !== undefined && rec.status === 'valid') {
      rec.status = 'skipped';
      rec.warnings.push({
        row: rec.row_number,
        column: null,
        code: 'duplicate_sku_code',
        message: `sku_code "${rec.sku.sku_code}" is repeated in row ${by}, which wins; this row is skipped.`,
      });
    }
  }
  return { records, errors, summary: planner.summary(), entity_candidates: planner.entityCandidates() };
}

function laterDuplicate(rec: PlannedRecord, prior: number): RowIssue {
  return {
    row: rec.row_number,
    column: null,
    code: 'duplicate_sku_code',
    message: `sku_code "${rec.sku.sku_code}" also appears in row ${prior}; this later row wins.`,
  };
}

const NO_CATEGORY: NonNullable<PlannedRecord['category']> = Object.freeze({
  text: null,
  code: 'general',
  defaulted: true,
  confidence: 0,
  reason: '',
  source: 'default' as const,
});

function cellIssue(row: number, column: string, code: string, message: string): RowIssue {
  return { row, column, code, message };
}

function short(s: string, n = 60) {
  const t = s.trim();
  return t.length > n ? `${t.slice(0, n)}…` : t;
}
