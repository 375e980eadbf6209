/**
 * The dry run's list of every row whose product the requirement rules would not recognise (the category
 * cell names no known kind, and neither do the name, rated voltage, battery type or description), grouped
 * by the category as written: all rows of the file, not only the preview's. Bounded: at most 500 groups
 * and 2,000 row numbers per group are listed; the counts are always complete.
 */
import type { PlannedRecord } from './plan';

const MAX_GROUPS = 500;
const MAX_ROWS = 2000;

export interface UnrecognisedCategories {
  /** rows that would be imported with only the general rules checked */
  row_count: number;
  groups: { category_text: string | null; row_count: number; rows: number[] }[];
  groups_truncated: boolean;
}

export class UnrecognisedCategoryCollector {
  private groups = new Map<string, { category_text: string | null; row_count: number; rows: number[] }>();
  private total = 0;
  private truncated = false;

  /**
   * A row that would create a SKU, or update one with a category cell of its own: a row without one
   * leaves the SKU's category as it is.
   */
  add(rec: PlannedRecord, creates: boolean) {
    const c = rec.category;
    if (!c || !c.defaulted || (!creates && c.text === null)) return;
    this.total++;
    const key = c.text ?? '\u0000';
    let g = this.groups.get(key);
    if (!g) {
      if (this.groups.size >= MAX_GROUPS) {
        this.truncated = true;
        return;
      }
      this.groups.set(key, (g = { category_text: c.text, row_count: 0, rows: [] }));
    }
    g.row_count++;
    if (g.rows.length < MAX_ROWS) g.rows.push(rec.row_number);
  }

  result(): UnrecognisedCategories {
    return {
      row_count: this.total,
      groups: [...this.groups.values()].sort((a, b) => b.row_count - a.row_count),
      groups_truncated: this.truncated,
    };
  }
}
