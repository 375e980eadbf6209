import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SkuList } from '@/components/skus/sku-list';
import { SkuListPlaceholder } from '@/components/skus/sku-list-placeholder';
import { SKU_PAGE_SIZE, readSkuFilters, skuFiltersToQuery } from '@/components/skus/list-filters';
import { getDb } from '@/lib/db/client';
import { queryObject } from '@/lib/http';
import { requireSession } from '@/lib/workspace/session';
import { PLANS } from '@/lib/plans';
import { ListSkusQuery } from '@/lib/skus/schemas';
import { listSkus } from '@/lib/skus/list';
import { getT } from '@/lib/i18n/ui-locale';
import { skuListMessages } from '@/lib/i18n/ui/sku-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(skuListMessages);
  return { title: t('page.title') };
}

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
  // The query string the list will ask with, parsed by the API's own schema the way the route does.
  const params = skuFiltersToQuery(readSkuFilters(url));
  const asked = new URLSearchParams(params);
  asked.set('limit', String(SKU_PAGE_SIZE));
  const query = ListSkusQuery.safeParse(queryObject(asked));
  if (!query.success) return undefined;
  const at = Date.now();
  const page = await listSkus(await getDb(), { workspaceId, q: query.data });
  return { params: params.toString(), page, at };
}

/** The list with the first page of the URL's filters, once the server has read it. */
async function SkuListWithFirstPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { workspace } = await requireSession();
  const limit = PLANS[workspace.plan as keyof typeof PLANS]?.skuLimit ?? null;
  const firstPage = await firstSkuPage(workspace.id, await searchParams);
  return <SkuList skuLimit={limit} firstPage={firstPage} />;
}

export default function SkusPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // The page itself waits for nothing: its heading and the list's skeleton come with the first bytes of
  // HTML, and the list with its rows as soon as the server has read them.
  return (
    <Suspense fallback={<SkuListPlaceholder />}>
      <SkuListWithFirstPage searchParams={searchParams} />
    </Suspense>
  );
}
