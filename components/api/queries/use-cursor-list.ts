'use client';

import * as React from 'react';
import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/components/api/client';
import { keyOfPath } from './keys';
import { clientErrorT } from '@/components/i18n/page-locale';

/** A page of the contract's cursor paging: rows under `itemsKey`, then `next_cursor` and `has_more`. */
export type CursorPage = { next_cursor?: string | null; has_more?: boolean } & Record<string, unknown>;

export interface CursorList<T> {
  rows: T[];
  hasMore: boolean;
  /** the first page of these filters has not come yet (nothing to show) */
  loading: boolean;
  /** new filters are loading while the previous rows are still on screen */
  stale: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  error: ApiError | null;
  reload: () => Promise<void>;
  /** Replaces one row in place (after a write that returned it). */
  updateRow: (row: T) => void;
}

export interface CursorListOptions {
  /** the field of a page that holds the rows (the contract uses `data`; a few lists name theirs) */
  itemsKey?: string;
  /** limit per page; omitted, the server's default */
  pageSize?: number;
  /** how often to refetch, possibly from the rows shown (poll while one of them is still running) */
  refetchInterval?: number | false | ((rows: unknown[]) => number | false);
  /**
   * The first page as the server page already read it for these same params, and when (ms since the
   * epoch): the list shows it at once instead of asking again after hydration.
   */
  initialPage?: { page: CursorPage; at: number };
}

/**
 * The one cursor-paged list: the first page for `path` + `params`, more on demand with the previous
 * page's `next_cursor` (keyset: none skipped, none twice). Its key lies under the path's, so writes
 * invalidating the resource refresh the list too.
 */
export function useCursorList<T extends { id: string }>(
  path: string,
  params: string | URLSearchParams = '',
  options: CursorListOptions = {},
): CursorList<T> {
  const { itemsKey = 'data', pageSize, refetchInterval, initialPage } = options;
  const query = new URLSearchParams(params);
  if (pageSize) query.set('limit', String(pageSize));
  const qs = query.toString();
  const key = [...keyOfPath(qs ? `${path}?${qs}` : path), 'pages'];
  const client = useQueryClient();
  const q = useInfiniteQuery({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const p = new URLSearchParams(qs);
      if (pageParam) p.set('cursor', pageParam);
      const s = p.toString();
      return apiFetch<CursorPage>(s ? `${path}?${s}` : path, { signal });
    },
    getNextPageParam: (last) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    initialData: initialPage ? { pages: [initialPage.page], pageParams: [null] } : undefined,
    // Its age decides as any page's does whether it is asked again on mount.
    initialDataUpdatedAt: initialPage?.at,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      typeof refetchInterval === 'function'
        ? refetchInterval((query.state.data?.pages ?? []).flatMap((p) => (p[itemsKey] as unknown[] | undefined) ?? []))
        : (refetchInterval ?? false),
  });
  const rows = React.useMemo(() => {
    const seen = new Set<string>();
    const out: T[] = [];
    for (const page of q.data?.pages ?? []) {
      for (const row of (page[itemsKey] as T[] | undefined) ?? []) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        out.push(row);
      }
    }
    return out;
  }, [q.data, itemsKey]);
  const keyJson = JSON.stringify(key);
  const updateRow = React.useCallback(
    (row: T) =>
      client.setQueryData<InfiniteData<CursorPage>>(JSON.parse(keyJson) as unknown[], (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => ({
                ...p,
                [itemsKey]: ((p[itemsKey] as T[] | undefined) ?? []).map((x) =>
                  x.id === row.id ? { ...x, ...row } : x,
                ),
              })),
            }
          : d,
      ),
    [client, keyJson, itemsKey],
  );
  const { fetchNextPage, refetch } = q;
  return {
    rows,
    hasMore: Boolean(q.hasNextPage),
    loading: q.isPending,
    stale: q.isPlaceholderData,
    loadingMore: q.isFetchingNextPage,
    loadMore: React.useCallback(() => void fetchNextPage(), [fetchNextPage]),
    error:
      q.error instanceof ApiError
        ? q.error
        : q.error
          ? new ApiError({ status: 0, code: 'UNKNOWN', message: clientErrorT()('list') })
          : null,
    reload: React.useCallback(async () => {
      await refetch();
    }, [refetch]),
    updateRow,
  };
}
