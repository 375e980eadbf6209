'use client';

import * as React from 'react';
import { apiFetch } from '@/components/api/client';

/**
 * The entity roles linked to a SKU, read once per page version however many fields ask (every
 * operator field has a sync button): one shared request per (SKU, version).
 */
const pending = new Map<string, Promise<string[]>>();

function linkedRoles(skuId: string, version: number): Promise<string[]> {
  const key = `${skuId}:${version}`;
  let p = pending.get(key);
  if (!p) {
    p = apiFetch<{ links: { role: string }[] }>(`/api/skus/${skuId}/entities`)
      .then((r) => r.links.map((l) => l.role))
      .catch(() => []);
    pending.set(key, p);
    // Keep only recent versions.
    if (pending.size > 20) pending.delete(pending.keys().next().value!);
  }
  return p;
}

export function useLinkedRoles(skuId: string, version: number): string[] | null {
  const [roles, setRoles] = React.useState<{ key: string; roles: string[] } | null>(null);
  const key = `${skuId}:${version}`;
  React.useEffect(() => {
    let live = true;
    linkedRoles(skuId, version).then((r) => live && setRoles({ key, roles: r }));
    return () => {
      live = false;
    };
  }, [skuId, version, key]);
  return roles?.roles ?? null;
}
