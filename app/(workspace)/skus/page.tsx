import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SkuList } from '@/components/skus/sku-list';
import { SKU_PAGE_SIZE, readSkuFilters, skuFiltersToQuery } from '@/components/skus/list-filters';
import { getDb } from '@/lib/db/client';
import { requireSession } from '@/lib/workspace/session';
import { PLANS } from '@/lib/plans';
import { ListSkusQuery } from '@/lib/skus/schemas';
import { listSkus } from '@/lib/skus/service';

export const metadata: Metadata = { title: 'SKUs' };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The first page of the list for the URL's filters, read here as GET /api/skus would answer it, so the
 * rows come with the HTML instead of after hydration and a round trip. Filters the API would refuse
 * (e.g. a search too long) give no first page: the list asks the API and shows its error.
 */
async function firstSkuPage(workspaceId: string, searchParams: SearchParams) {
  const url = new URLSearchParams();
  for (const [k, v] of Object.entries(searchParams))
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) url.append(k, one);
  const filters = readSkuFilters(url);
  const query = ListSkusQuery.safeParse({
    q: filters.q.trim() || undefined,
    status: filters.statuses,
    has_blockers: filters.hasBlockers ? 'true' : undefined,
    category_code: filters.category || undefined,
    sort: filters.sort,
    limit: SKU_PAGE_SIZE,
  });
  if (!query.success) return undefined;
  const at = Date.now();
  const page = await listSkus(await getDb(), workspaceId, query.data);
  return { params: skuFiltersToQuery(filters).toString(), page, at };
}

export default async function SkusPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { workspace } = await requireSession();
  const limit = PLANS[workspace.plan as keyof typeof PLANS]?.skuLimit ?? null;
  const firstPage = await firstSkuPage(workspace.id, await searchParams);
  // useSearchParams in the list needs a Suspense boundary.
  return (
    <Suspense>
      <SkuList skuLimit={limit} firstPage={firstPage} />
    </Suspense>
  );
}
