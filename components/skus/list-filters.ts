/**
 * The SKU list's state in the URL (search, statuses, blockers, category, sort) and the query string it
 * asks the API with. No client-only code: the server page reads the same filters to render the first page.
 */
import { SKU_SORTS, SKU_STATUSES, type SkuSort, type SkuStatus } from './types';

export const SKU_PAGE_SIZE = 50;

export interface SkuFilters {
  q: string;
  statuses: SkuStatus[];
  hasBlockers: boolean;
  category: string;
  /** only SKUs with this open blocker or warning (e.g. CATEGORY_NOT_RECOGNISED, from the dashboard) */
  blockerCode?: string;
  sort: SkuSort;
}

export function readSkuFilters(params: URLSearchParams): SkuFilters {
  const statuses = params
    .getAll('status')
    .filter((s): s is SkuStatus => (SKU_STATUSES as readonly string[]).includes(s));
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    statuses,
    hasBlockers: params.get('has_blockers') === 'true',
    category: params.get('category_code') ?? '',
    ...(params.get('blocker_code') ? { blockerCode: params.get('blocker_code')!.slice(0, 100) } : {}),
    sort: sort && (SKU_SORTS as readonly string[]).includes(sort) ? (sort as SkuSort) : 'created_desc',
  };
}

export function skuFiltersToQuery(f: SkuFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  for (const s of f.statuses) p.append('status', s);
  if (f.hasBlockers) p.set('has_blockers', 'true');
  if (f.category) p.set('category_code', f.category);
  if (f.blockerCode) p.set('blocker_code', f.blockerCode);
  if (f.sort !== 'created_desc') p.set('sort', f.sort);
  return p;
}
