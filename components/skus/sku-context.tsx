'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { ApiError, apiFetch } from '@/components/api/client';
import type { Catalogue, EntityRole, SkuDetail } from './types';

export type SkuTab = 'dossier' | 'blockers' | 'entities' | 'documents' | 'publication' | 'activity';
export const SKU_TABS: readonly SkuTab[] = ['dossier', 'blockers', 'entities', 'documents', 'publication', 'activity'];

/** Where a "fix" link takes the user: a tab, and in it a field or an operator role to bring into view. */
export type SkuTarget = { tab: 'dossier'; field?: string } | { tab: 'entities'; role?: EntityRole | string } | { tab: Exclude<SkuTab, 'dossier' | 'entities'> };

export interface SkuPageContextValue {
  skuId: string;
  detail: SkuDetail;
  /** Re-reads the SKU (status, blockers) after anything on the page changed it. */
  reloadSku: () => Promise<void>;
  /** Bumped after every write, so tabs refetch what may have changed. */
  version: number;
  bump: () => void;
  goTo: (target: SkuTarget) => void;
  /** The last field or role asked for by goTo, for the tab to scroll to and highlight. */
  focus: { field?: string; role?: string; at: number } | null;
}

export const SkuPageContext = React.createContext<SkuPageContextValue | null>(null);

export function useSkuPage(): SkuPageContextValue {
  const ctx = React.useContext(SkuPageContext);
  if (!ctx) throw new Error('useSkuPage outside the SKU page');
  return ctx;
}

export interface JsonResource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * GETs `path` (null: nothing yet), refetching when `version` changes. The previous data stays on
 * screen while a refetch runs, so editing a field does not flash the whole tab.
 */
export function useJson<T>(path: string | null, version = 0): JsonResource<T> {
  const router = useRouter();
  const [state, setState] = React.useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: path !== null });
  const [tick, setTick] = React.useState(0);

  React.useEffect(() => {
    if (path === null) return;
    const ac = new AbortController();
    const run = async () => {
      setState((s) => ({ ...s, loading: true }));
      try {
        const data = await apiFetch<T>(path, { signal: ac.signal });
        if (!ac.signal.aborted) setState({ data, loading: false });
      } catch (e) {
        if (ac.signal.aborted) return;
        if (e instanceof ApiError && e.isAuthLoss) {
          router.replace('/sign-in');
          return;
        }
        const err = e instanceof ApiError ? e : new ApiError({ status: 0, code: 'UNKNOWN', message: 'Something went wrong while loading. Try again.' });
        setState((s) => ({ data: s.data, error: err, loading: false }));
      }
    };
    void run();
    return () => ac.abort();
  }, [path, version, tick, router]);

  const reload = React.useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

// The field catalogue changes only with a deployment: one request per page load is enough.
let cataloguePromise: Promise<Catalogue> | null = null;

export function useCatalogue(): JsonResource<Catalogue> {
  const [state, setState] = React.useState<{ data?: Catalogue; error?: ApiError; loading: boolean }>({ loading: true });
  const [tick, setTick] = React.useState(0);
  React.useEffect(() => {
    let live = true;
    if (!cataloguePromise) cataloguePromise = apiFetch<Catalogue>('/api/dossier/catalogue');
    cataloguePromise.then(
      (data) => live && setState({ data, loading: false }),
      (e: unknown) => {
        cataloguePromise = null;
        if (live) setState({ loading: false, error: e instanceof ApiError ? e : new ApiError({ status: 0, code: 'UNKNOWN', message: 'The field catalogue could not be loaded.' }) });
      },
    );
    return () => {
      live = false;
    };
  }, [tick]);
  const reload = React.useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/** An API route that is not deployed yet answers the catch-all 404 "No operation at ...". */
export function isMissingRoute(e: ApiError | undefined): boolean {
  return Boolean(e && e.status === 404 && /^No operation at /.test(e.message));
}
