'use client';

import * as React from 'react';
import type { ApiError } from '@/components/api/client';
import type { EntityRole, SkuDetail } from './types';

export type SkuTab = 'dossier' | 'blockers' | 'entities' | 'documents' | 'publication' | 'passports' | 'activity';
export const SKU_TABS: readonly SkuTab[] = [
  'dossier',
  'blockers',
  'entities',
  'documents',
  'publication',
  'passports',
  'activity',
];

/** Where a "fix" link takes the user: a tab, and in it a field or an operator role to bring into view. */
export type SkuTarget =
  | { tab: 'dossier'; field?: string }
  | { tab: 'entities'; role?: EntityRole | string }
  | { tab: Exclude<SkuTab, 'dossier' | 'entities'> };

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

/** An API route that is not deployed yet answers the catch-all 404 "No operation at ...". */
export function isMissingRoute(e: ApiError | undefined): boolean {
  return Boolean(e && e.status === 404 && /^No operation at /.test(e.message));
}
