import { sql } from 'drizzle-orm';

/**
 * The given SKU ids that belong to the workspace, as an array expression for `id = ANY(...)`: each id
 * probes the primary key on its own (a LATERAL subquery that is not flattened), whatever the statistics
 * say. Written as `id = ANY(ids) AND workspace_id = w`, a statement lets the planner combine the
 * primary key with an index led by workspace_id, which reads every SKU of the workspace; without
 * fresh statistics (PGlite never analyzes, an import outruns autovacuum) it did, for every chunk of an
 * import that updates SKUs.
 */
export function skuIdsInWorkspace(workspaceId: string, ids: readonly string[]) {
  return sql`ARRAY(SELECT k.id FROM unnest(${sql.param([...ids])}::uuid[]) AS a(id)
    CROSS JOIN LATERAL (SELECT s.id FROM skus s WHERE s.id = a.id AND s.workspace_id = ${workspaceId} OFFSET 0) k)`;
}
