import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { dossierValues, entities, skuEntities } from '@/lib/db/schema';
import { normalizeCountryCode } from '@/lib/model/countries';

/** Confirmed, current dossier values of some SKUs for some fields: skuId -> fieldKey -> value. */
export async function confirmedFields(
  db: Db,
  { workspaceId, skuIds, keys }: { workspaceId: string; skuIds: readonly string[]; keys: readonly string[] },
) {
  const out = new Map<string, Record<string, string>>();
  if (!skuIds.length) return out;
  const rows = await db
    .select({ skuId: dossierValues.skuId, key: dossierValues.fieldKey, value: dossierValues.value })
    .from(dossierValues)
    .where(
      and(
        eq(dossierValues.workspaceId, workspaceId),
        inArray(dossierValues.skuId, skuIds as string[]),
        inArray(dossierValues.fieldKey, keys as string[]),
        eq(dossierValues.status, 'confirmed'),
        isNull(dossierValues.supersededAt),
      ),
    );
  for (const r of rows) {
    const m = out.get(r.skuId) ?? {};
    m[r.key] = r.value;
    out.set(r.skuId, m);
  }
  return out;
}

/** Target markets of a dossier value ("DE, FR, AT") as country codes. */
export function marketsOf(value: string | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const part of value.split(/[,;\s]+/)) {
    const c = normalizeCountryCode(part);
    if (c && !out.includes(c)) out.push(c);
  }
  return out;
}

export type OperatorRole = 'manufacturer' | 'importer' | 'responsible_person' | 'authorised_representative';

/** The economic operators linked to a SKU, by role. */
export async function skuOperatorsByRole(db: Db, { workspaceId, skuId }: { workspaceId: string; skuId: string }) {
  const rows = await db
    .select({ role: skuEntities.role, e: entities })
    .from(skuEntities)
    .innerJoin(entities, eq(entities.id, skuEntities.entityId))
    .where(and(eq(skuEntities.workspaceId, workspaceId), eq(skuEntities.skuId, skuId)));
  const out: Partial<Record<OperatorRole, typeof entities.$inferSelect>> = {};
  for (const r of rows) out[r.role] = r.e;
  return out;
}

export const addressOf = (e: typeof entities.$inferSelect) =>
  [e.street, [e.postalCode, e.city].filter(Boolean).join(' '), e.region, e.country].filter(Boolean).join(', ') || null;
