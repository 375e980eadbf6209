'use client';

import type { EntityRole } from '@/components/skus/types';
import { useRoleLabel } from './role-label';

/** The roles an entity holds on SKUs, as words ("Manufacturer, Importer"); a dash when unused. */
export function EntityRoleList({ roles }: { roles?: EntityRole[] }) {
  const roleLabel = useRoleLabel();
  if (!roles?.length) return <span className="text-subtle-foreground">—</span>;
  return <span className="text-muted-foreground">{roles.map((r) => roleLabel(r)).join(', ')}</span>;
}
