import { ROLE_LABELS } from '@/components/skus/labels';
import type { EntityRole } from '@/components/skus/types';

/** The roles an entity holds on SKUs, as words ("Manufacturer, Importer"); a dash when unused. */
export function EntityRoleList({ roles }: { roles?: EntityRole[] }) {
  if (!roles?.length) return <span className="text-subtle-foreground">—</span>;
  return <span className="text-muted-foreground">{roles.map((r) => ROLE_LABELS[r]).join(', ')}</span>;
}
