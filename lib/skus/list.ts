/** The SKU list: its filters, its stable keyset order, the ids and the count behind bulk actions. */
import type { Db } from '@/lib/db/client';
import { rowDecoder } from '@/lib/db/rows';
import {
  afterKeyset,
  afterKeysetPlaceholders,
  decodeKeysetCursor,
  encodeKeysetCursor,
  keysetParam,
  timestampText,
} from '@/lib/db/keyset';
import { executeArrays } from '@/lib/db/prepared';
import { skus, workspaces } from '@/lib/db/schema';
import type { OperatorRole } from '@/lib/enums';
import { DEFAULT_OPERATOR_ROLE } from '@/lib/requirements/types';
import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  gt,
  inArray,
  sql,
  type Placeholder,
  type Query,
  type SQL,
} from 'drizzle-orm';
import type { CountSkusQuery, ListSkusQuery } from './schemas';
import { skuSearchCondition } from './search';
import { serializeSku, skuListColumns, skuStatusSql, type SkuListRow } from './serialize';

const SORTS = {
  created_desc: { col: skus.createdAt, dir: 'desc', kind: 'timestamp' },
  created_asc: { col: skus.createdAt, dir: 'asc', kind: 'timestamp' },
  code_asc: { col: skus.skuCode, dir: 'asc', kind: 'text' },
  code_desc: { col: skus.skuCode, dir: 'desc', kind: 'text' },
  blockers_desc: { col: skus.blockerCount, dir: 'desc', kind: 'int' },
  // Most serious first (issue 35): the worst legal weight of the open blockers, then their number.
  serious_desc: { col: skus.blockerSeriousness, dir: 'desc', kind: 'int' },
} as const;

/** The list's filters and its stable order (sort key, id): shared by the page query and the id listing. */
function listFilters(
  workspaceId: string,
  q: Omit<ListSkusQuery, 'limit' | 'cursor' | 'sort'> & { sort?: ListSkusQuery['sort'] },
) {
  const sort = SORTS[q.sort ?? 'created_desc'];
  const where: SQL[] = [eq(skus.workspaceId, workspaceId)];
  const search = q.q ? skuSearchCondition(workspaceId, q.q) : undefined;
  if (search) where.push(search);
  if (q.status) where.push(inArray(skuStatusSql, Array.isArray(q.status) ? q.status : [q.status]));
  if (q.has_blockers === 'true') where.push(gt(skus.blockerCount, 0));
  if (q.has_blockers === 'false') where.push(eq(skus.blockerCount, 0));
  if (q.category_code) where.push(eq(skus.categoryCode, q.category_code));
  // target_markets is stored normalised ("DE,FR,AT"): a market matches one comma-separated code.
  if (q.market)
    where.push(sql`EXISTS (SELECT 1 FROM dossier_values v WHERE v.sku_id = ${skus.id} AND v.workspace_id = ${workspaceId}
      AND v.field_key = 'target_markets' AND v.status = 'confirmed' AND v.superseded_at IS NULL
      AND ',' || replace(v.value, ' ', '') || ',' LIKE ${`%,${q.market.toUpperCase()},%`})`);
  if (q.blocker_code)
    where.push(sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${skus.blockers}) b
      WHERE b->>'code' = ${q.blocker_code} AND coalesce(b->'waived', 'null'::jsonb) = 'null'::jsonb)`);
  if (q.entity_id)
    where.push(sql`EXISTS (SELECT 1 FROM sku_entities se WHERE se.sku_id = ${skus.id}
      AND se.workspace_id = ${workspaceId} AND se.entity_id = ${q.entity_id})`);
  const order = sort.dir === 'desc' ? [desc(sort.col), desc(skus.id)] : [asc(sort.col), asc(skus.id)];
  return { sort, where, order };
}

// Timestamps as ISO text: the page goes straight into JSON (rowDecoder).
const decodeListRow = rowDecoder(skuListColumns, { timestamps: 'iso' });
/** Where the select list puts the two values after the list's columns (pageSelect). */
const CREATED_KEY = Object.keys(skuListColumns).length;
const WORKSPACE_ROLE = CREATED_KEY + 1;

/**
 * The page's select: the list's columns, the cursor key at the database's microsecond precision and the
 * workspace's operator role (what a SKU without its own follows), read in the same statement: a second
 * query per page was one of the round trips a raw handler does not pay (bench/skus-list.ts).
 */
function pageSelect(db: Db, where: SQL[], order: SQL[], workspace: unknown, limit: number | Placeholder) {
  return db
    .select({
      ...skuListColumns,
      created_key: sql<string>`${timestampText(skus.createdAt)}`.as('created_key'),
      workspace_role:
        sql<OperatorRole | null>`(select ${workspaces.operatorRole} from ${workspaces} where ${workspaces.id} = ${workspace})`.as(
          'workspace_role',
        ),
    })
    .from(skus)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit);
}

/**
 * The unfiltered page's statement per order, first page or after a cursor, built once with placeholders
 * (ws, limit, cursor_value, cursor_id) and run prepared: building it cost a tenth of the request.
 */
const unfilteredStatements = new Map<string, Query>();
function unfilteredStatement(
  db: Db,
  { sort, order, after }: { sort: (typeof SORTS)[keyof typeof SORTS]; order: SQL[]; after: boolean },
): Query {
  const id = `${sort.col.name}:${sort.dir}:${after}`;
  let statement = unfilteredStatements.get(id);
  if (!statement) {
    const where: SQL[] = [sql`${skus.workspaceId} = ${sql.placeholder('ws')}`];
    if (after) where.push(afterKeysetPlaceholders(sort.dir, sort.col, sort.kind, skus.id));
    statement = pageSelect(db, where, order, sql.placeholder('ws'), sql.placeholder('limit')).toSQL();
    unfilteredStatements.set(id, statement);
  }
  return statement;
}

/**
 * Keyset-paged listing: ORDER BY (sort key, id) and a cursor over the same pair, the timestamp carried
 * at the database's microsecond precision, so no row is skipped or repeated while paging.
 */
export async function listSkus(db: Db, { workspaceId, q }: { workspaceId: string; q: ListSkusQuery }) {
  const { sort, where, order } = listFilters(workspaceId, q);
  const c = q.cursor ? decodeKeysetCursor(q.cursor, q.sort, sort.kind) : null;
  let raw: unknown[][];
  // No filter beyond the workspace (listFilters decides, so a new filter can never be skipped here): the
  // most asked page, an API consumer walking the catalogue, runs the statement built once.
  if (where.length === 1) {
    const statement = unfilteredStatement(db, { sort, order, after: Boolean(c) });
    const values = { ws: workspaceId, limit: q.limit + 1, cursor_value: c && keysetParam(c.value), cursor_id: c?.id };
    raw = await executeArrays(
      db,
      { sql: statement.sql, params: fillPlaceholders(statement.params, values) },
      { prepare: true },
    );
  } else {
    // Filters make the text vary (a status list, a search): built for the request, run unnamed.
    if (c) where.push(afterKeyset(sort.dir, sort.col, c.value, skus.id, c.id));
    raw = await executeArrays(db, pageSelect(db, where, order, workspaceId, q.limit + 1).toSQL(), { prepare: false });
  }
  const rows = raw.map((r) => ({
    row: decodeListRow(r) as SkuListRow,
    createdKey: r[CREATED_KEY] as string,
    workspaceRole: r[WORKSPACE_ROLE] as OperatorRole | null,
  }));
  const has_more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const keyOf = (r: (typeof rows)[number]) =>
    sort.kind === 'timestamp'
      ? r.createdKey
      : sort.kind === 'text'
        ? r.row.skuCode
        : sort.col === skus.blockerSeriousness
          ? (r.row.blockerSeriousness ?? 0)
          : r.row.blockerCount;
  return {
    data: page.map((r) => serializeSku(r.row, r.workspaceRole ?? DEFAULT_OPERATOR_ROLE)),
    has_more,
    next_cursor: has_more && last ? encodeKeysetCursor(q.sort, keyOf(last), last.row.id) : null,
  };
}

/** Every SKU id the list shows for these filters, in the list's order, in one query (exports, bulk work). */
export async function listSkuIds(
  db: Db,
  {
    workspaceId,
    q,
  }: { workspaceId: string; q: Omit<ListSkusQuery, 'limit' | 'cursor' | 'sort'> & { sort?: ListSkusQuery['sort'] } },
): Promise<string[]> {
  const { where, order } = listFilters(workspaceId, q);
  const rows = await db
    .select({ id: skus.id })
    .from(skus)
    .where(and(...where))
    .orderBy(...order);
  return rows.map((r) => r.id);
}

/** How many SKUs the list shows for these filters (the "select all matching" banner, bulk targets). */
export async function countListedSkus(
  db: Db,
  { workspaceId, q }: { workspaceId: string; q: CountSkusQuery },
): Promise<number> {
  const { where } = listFilters(workspaceId, q);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(skus)
    .where(and(...where));
  return Number(row?.n ?? 0);
}
