/**
 * What a catalogue column can be mapped to: one of the SKU columns or a canonical dossier field key
 * (lib/model/catalogue.ts). The zod schema validates an explicit mapping sent by the caller.
 */
import { z } from 'zod';
import { isKnownFieldKey } from '@/lib/model/catalogue';

export const SKU_COLUMNS = ['sku_code', 'product_name', 'gtin', 'category_code', 'external_sku_id'] as const;
export type SkuColumn = (typeof SKU_COLUMNS)[number];

export function isSkuColumn(key: unknown): key is SkuColumn {
  return typeof key === 'string' && (SKU_COLUMNS as readonly string[]).includes(key);
}

/** "gtin" is both a SKU column and a dossier key; an import stores it on the SKU. */
export function isMappingTarget(key: unknown): key is string {
  return isSkuColumn(key) || isKnownFieldKey(key);
}

export const ENTITY_ROLES = ['manufacturer', 'importer', 'responsible_person'] as const;
export type EntityRole = (typeof ENTITY_ROLES)[number];
export const ENTITY_ATTRIBUTES = ['name', 'address', 'country', 'email', 'url'] as const;
export type EntityAttribute = (typeof ENTITY_ATTRIBUTES)[number];

/** "manufacturer_email" -> { role: 'manufacturer', attribute: 'email' } */
export function entityFieldParts(key: string): { role: EntityRole; attribute: EntityAttribute } | null {
  const m = /^(manufacturer|importer|responsible_person)_(name|address|country|email|url)$/.exec(key);
  if (!m || !isKnownFieldKey(key)) return null;
  return { role: m[1] as EntityRole, attribute: m[2] as EntityAttribute };
}

export const mappingTargetSchema = z
  .string()
  .max(64)
  .refine((k) => isMappingTarget(k), {
    message:
      'Unknown target: use a SKU column (sku_code, product_name, gtin, category_code, external_sku_id) or a dossier field key.',
  });

/**
 * Explicit mapping: keys are a header exactly as read (case-insensitive) or a 0-based column index
 * ("0", "3"); values are a target key, or null to ignore the column. At most 500 entries.
 */
export const explicitMappingSchema = z
  .record(z.string().min(1).max(300), mappingTargetSchema.nullable())
  .refine((m) => Object.keys(m).length <= 500, { message: 'At most 500 mapping entries.' })
  .superRefine((m, ctx) => {
    const seen = new Map<string, string>();
    for (const [column, target] of Object.entries(m)) {
      if (target === null) continue;
      const prior = seen.get(target);
      if (prior !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [column],
          message: `"${target}" is already mapped from column "${prior}".`,
        });
      }
      seen.set(target, column);
    }
  });

export type ExplicitMapping = z.infer<typeof explicitMappingSchema>;
