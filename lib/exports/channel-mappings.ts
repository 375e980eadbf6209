/**
 * A workspace's channel mapping tables: the shipped defaults (each channel's rules module) with the
 * workspace's own rows over them. Today one kind: amazon_product_type (category code → Amazon product
 * type). Read once per export run (and dry run) and handed to the templates' checks and renderers.
 */
import { and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/context';
import type { Db } from '@/lib/db/client';
import { exportChannelMappings } from '@/lib/db/schema';
import { CATEGORY_CODES } from '@/lib/model/categories';
import { AMAZON_PTD_READ_ON, AMAZON_PTD_SOURCES, DEFAULT_AMAZON_PRODUCT_TYPES } from './templates/amazon-ptd';

export const MAPPING_KINDS = ['amazon_product_type'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];

export interface ChannelMappings {
  /** category code → Amazon product type (null: not mapped). */
  amazon_product_type: Record<string, string | null>;
}

export const DEFAULT_MAPPINGS: ChannelMappings = { amazon_product_type: { ...DEFAULT_AMAZON_PRODUCT_TYPES } };

export async function loadChannelMappings(db: Db, workspaceId: string): Promise<ChannelMappings> {
  const rows = await db.select().from(exportChannelMappings).where(eq(exportChannelMappings.workspaceId, workspaceId));
  const out: ChannelMappings = { amazon_product_type: { ...DEFAULT_AMAZON_PRODUCT_TYPES } };
  for (const r of rows) if (r.kind === 'amazon_product_type') out.amazon_product_type[r.sourceKey] = r.value;
  return out;
}

/** The table as the API and the UI show it: every category, its value, and where the value comes from. */
export async function describeChannelMappings(db: Db, workspaceId: string) {
  const rows = await db.select().from(exportChannelMappings).where(eq(exportChannelMappings.workspaceId, workspaceId));
  const own = new Map(rows.filter((r) => r.kind === 'amazon_product_type').map((r) => [r.sourceKey, r]));
  return {
    amazon_product_type: {
      source: AMAZON_PTD_SOURCES.definitions_api,
      read_on: AMAZON_PTD_READ_ON,
      entries: CATEGORY_CODES.map((code) => {
        const r = own.get(code);
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
  };
}

/** Sets (or, with reset, removes) the workspace's rows; null maps a category to nothing on purpose. */
export async function setAmazonProductTypes(
  db: Db,
  args: {
    workspaceId: string;
    actor: Actor;
    entries: Array<{ category_code: string; product_type: string | null; reset?: boolean }>;
  },
) {
  for (const e of args.entries) {
    const where = and(
      eq(exportChannelMappings.workspaceId, args.workspaceId),
      eq(exportChannelMappings.kind, 'amazon_product_type'),
      eq(exportChannelMappings.sourceKey, e.category_code),
    );
    if (e.reset) {
      await db.delete(exportChannelMappings).where(where);
      continue;
    }
    await db
      .insert(exportChannelMappings)
      .values({
        workspaceId: args.workspaceId,
        kind: 'amazon_product_type',
        sourceKey: e.category_code,
        value: e.product_type,
        updatedBy: args.actor.userId,
        updatedByLabel: args.actor.label,
      })
      .onConflictDoUpdate({
        target: [exportChannelMappings.workspaceId, exportChannelMappings.kind, exportChannelMappings.sourceKey],
        set: {
          value: e.product_type,
          updatedBy: args.actor.userId,
          updatedByLabel: args.actor.label,
          updatedAt: new Date(),
        },
      });
  }
}
