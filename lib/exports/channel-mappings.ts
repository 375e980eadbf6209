/**
 * A workspace's channel mapping tables: the shipped defaults (each channel's rules module) with the
 * workspace's own rows over them. Kinds: amazon_product_type (category code → Amazon product type),
 * kaufland_category and otto_category (category code → the channel's category, as its tree names it).
 * Read once per export run (and dry run) and handed to the templates' checks and renderers.
 */
import { and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { exportChannelMappings } from '@/lib/db/schema';
import { recordAudit } from '@/lib/audit';
import { CATEGORY_CODES } from '@/lib/model/categories';
import { AMAZON_PTD_READ_ON, AMAZON_PTD_SOURCES, DEFAULT_AMAZON_PRODUCT_TYPES } from './templates/amazon-ptd';
import { CATEGORY_MAPPING_RULES } from './templates/marketplace-rules';

export const MAPPING_KINDS = ['amazon_product_type', 'kaufland_category', 'otto_category'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];
export type CategoryMappingKind = Exclude<MappingKind, 'amazon_product_type'>;
export const CATEGORY_MAPPING_KINDS = ['kaufland_category', 'otto_category'] as const satisfies CategoryMappingKind[];

/** Each table: category code → the channel's value (null: not mapped; the SKUs of the category are warnings). */
export type ChannelMappings = Record<MappingKind, Record<string, string | null>>;

/** Shipped defaults: Amazon's written from its definitions; Kaufland's and Otto's map nothing (never guessed). */
const DEFAULTS: Readonly<ChannelMappings> = {
  amazon_product_type: { ...DEFAULT_AMAZON_PRODUCT_TYPES },
  kaufland_category: {},
  otto_category: {},
};

const copyDefaults = (): ChannelMappings => ({
  amazon_product_type: { ...DEFAULTS.amazon_product_type },
  kaufland_category: { ...DEFAULTS.kaufland_category },
  otto_category: { ...DEFAULTS.otto_category },
});

export const DEFAULT_MAPPINGS: ChannelMappings = copyDefaults();

const isKind = (k: string): k is MappingKind => (MAPPING_KINDS as readonly string[]).includes(k);

export async function loadChannelMappings(db: Db, { workspaceId }: { workspaceId: string }): Promise<ChannelMappings> {
  const rows = await db.select().from(exportChannelMappings).where(eq(exportChannelMappings.workspaceId, workspaceId));
  const out = copyDefaults();
  for (const r of rows) if (isKind(r.kind)) out[r.kind][r.sourceKey] = r.value;
  return out;
}

type Row = typeof exportChannelMappings.$inferSelect;

function categoryTable(kind: CategoryMappingKind, own: Map<string, Row>) {
  const rules = CATEGORY_MAPPING_RULES[kind];
  return {
    channel: rules.channel,
    source: rules.sources[0],
    read_on: rules.read_on,
    entries: CATEGORY_CODES.map((code) => {
      const r = own.get(`${kind}\u0000${code}`);
      const dflt = DEFAULTS[kind][code] ?? null;
      return {
        category_code: code,
        value: r ? r.value : dflt,
        default_value: dflt,
        origin: r ? ('workspace' as const) : ('default' as const),
        updated_by: r?.updatedByLabel ?? null,
        updated_at: r?.updatedAt.toISOString() ?? null,
      };
    }),
  };
}

/** The tables as the API and the UI show them: every category, its value, and where the value comes from. */
export async function describeChannelMappings(db: Db, { workspaceId }: { workspaceId: string }) {
  const rows = await db.select().from(exportChannelMappings).where(eq(exportChannelMappings.workspaceId, workspaceId));
  const own = new Map(rows.map((r) => [`${r.kind}\u0000${r.sourceKey}`, r]));
  return {
    amazon_product_type: {
      source: AMAZON_PTD_SOURCES.definitions_api,
      read_on: AMAZON_PTD_READ_ON,
      entries: CATEGORY_CODES.map((code) => {
        const r = own.get(`amazon_product_type\u0000${code}`);
        return {
          category_code: code,
          product_type: r ? r.value : (DEFAULT_AMAZON_PRODUCT_TYPES[code] ?? null),
          default_product_type: DEFAULT_AMAZON_PRODUCT_TYPES[code] ?? null,
          origin: r ? ('workspace' as const) : ('default' as const),
          updated_by: r?.updatedByLabel ?? null,
          updated_at: r?.updatedAt.toISOString() ?? null,
        };
      }),
    },
    kaufland_category: categoryTable('kaufland_category', own),
    otto_category: categoryTable('otto_category', own),
  };
}

/** Sets (or, with reset, removes) the workspace's rows of one kind; null maps a category to nothing on purpose. */
export async function setChannelMappings(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    kind: MappingKind;
    entries: Array<{ category_code: string; value: string | null; reset?: boolean }>;
  },
) {
  for (const e of args.entries) {
    const where = and(
      eq(exportChannelMappings.workspaceId, args.workspaceId),
      eq(exportChannelMappings.kind, args.kind),
      eq(exportChannelMappings.sourceKey, e.category_code),
    );
    // The value before and after, as an export reads it (the workspace's row, else the shipped default), so
    // the audit log says what changed; an entry that changes no stored row is not written.
    const [own] = await db.select({ value: exportChannelMappings.value }).from(exportChannelMappings).where(where);
    const shipped = DEFAULTS[args.kind][e.category_code] ?? null;
    const before = own ? own.value : shipped;
    const after = e.reset ? shipped : e.value;
    const changesRow = e.reset ? Boolean(own) : !own || own.value !== e.value;
    if (changesRow)
      await recordAudit(db, {
        workspaceId: args.workspaceId,
        actor: args.actor,
        action: 'export.channel_mapping_set',
        targetType: 'channel_mapping',
        targetId: `${args.kind}:${e.category_code}`,
        data: {
          kind: args.kind,
          category_code: e.category_code,
          old_value: before,
          new_value: after,
          reset: Boolean(e.reset),
        },
      });
    if (e.reset) {
      await db.delete(exportChannelMappings).where(where);
      continue;
    }
    await db
      .insert(exportChannelMappings)
      .values({
        workspaceId: args.workspaceId,
        kind: args.kind,
        sourceKey: e.category_code,
        value: e.value,
        updatedBy: args.actor.userId,
        updatedByLabel: args.actor.label,
      })
      .onConflictDoUpdate({
        target: [exportChannelMappings.workspaceId, exportChannelMappings.kind, exportChannelMappings.sourceKey],
        set: { value: e.value, updatedBy: args.actor.userId, updatedByLabel: args.actor.label, updatedAt: new Date() },
      });
  }
}

/** PUT /api/exports/channel-mappings: each table given, in one transaction. */
export async function setChannelMappingTables(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    tables: {
      amazon_product_type?: Array<{ category_code: string; product_type: string | null; reset?: boolean }>;
      kaufland_category?: Array<{ category_code: string; value: string | null; reset?: boolean }>;
      otto_category?: Array<{ category_code: string; value: string | null; reset?: boolean }>;
    };
  },
) {
  const { workspaceId, actor, tables } = args;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (tables.amazon_product_type)
      await setChannelMappings(t, {
        workspaceId,
        actor,
        kind: 'amazon_product_type',
        entries: tables.amazon_product_type.map((e) => ({ ...e, value: e.product_type })),
      });
    for (const kind of CATEGORY_MAPPING_KINDS)
      if (tables[kind]) await setChannelMappings(t, { workspaceId, actor, kind, entries: tables[kind] });
  });
}
