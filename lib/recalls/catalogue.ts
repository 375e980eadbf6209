import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { dossierValues, skus } from '@/lib/db/schema';
import { checkGtin } from '@/lib/gtin';
import { modelCodes, normBrand, type MatchSku } from './matching';

const FIELDS = ['brand', 'model_number', 'batch_or_serial_scheme'] as const;

/**
 * The SKUs of a workspace as matching reads them: code, name, GTIN, category, and the confirmed brand,
 * model number and batch scheme of the dossier. `skuIds` limits it to some SKUs (new ones).
 */
export async function loadMatchSkus(
  db: Db,
  { workspaceId, skuIds }: { workspaceId: string; skuIds?: readonly string[] },
): Promise<MatchSku[]> {
  const where = skuIds
    ? and(eq(skus.workspaceId, workspaceId), inArray(skus.id, skuIds as string[]))
    : eq(skus.workspaceId, workspaceId);
  if (skuIds && !skuIds.length) return [];
  const rows = await db
    .select({
      id: skus.id,
      code: skus.skuCode,
      name: skus.productName,
      gtin: skus.gtin,
      category: sql<string | null>`coalesce(${skus.categoryText}, ${skus.categoryCode})`,
    })
    .from(skus)
    .where(where);
  const byId = new Map<string, MatchSku>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        sku_code: r.code,
        product_name: r.name,
        gtin: r.gtin,
        category: r.category,
        brand: null,
        model: null,
        batch: null,
      },
    ]),
  );
  const ids = [...byId.keys()];
  for (let i = 0; i < ids.length; i += 2000) {
    const values = await db
      .select({ skuId: dossierValues.skuId, key: dossierValues.fieldKey, value: dossierValues.value })
      .from(dossierValues)
      .where(
        and(
          eq(dossierValues.workspaceId, workspaceId),
          inArray(dossierValues.skuId, ids.slice(i, i + 2000)),
          inArray(dossierValues.fieldKey, [...FIELDS]),
          eq(dossierValues.status, 'confirmed'),
          isNull(dossierValues.supersededAt),
        ),
      );
    for (const v of values) {
      const s = byId.get(v.skuId);
      if (!s) continue;
      if (v.key === 'brand') s.brand = v.value;
      else if (v.key === 'model_number') s.model = v.value;
      else s.batch = v.value;
    }
  }
  return [...byId.values()];
}

/** Indexes of a catalogue by GTIN-14, model code and brand: an alert is scored only against its candidates. */
export class CatalogueIndex {
  private byGtin = new Map<string, MatchSku[]>();
  private byModel = new Map<string, MatchSku[]>();
  private byBrand = new Map<string, MatchSku[]>();

  constructor(readonly skus: readonly MatchSku[]) {
    const add = (m: Map<string, MatchSku[]>, k: string, s: MatchSku) => {
      const l = m.get(k);
      if (l) l.push(s);
      else m.set(k, [s]);
    };
    for (const s of skus) {
      const g = s.gtin ? checkGtin(s.gtin) : null;
      if (g?.ok) add(this.byGtin, g.value.padStart(14, '0'), s);
      for (const c of modelCodes(s.model)) add(this.byModel, c, s);
      const b = normBrand(s.brand);
      if (b) add(this.byBrand, b, s);
    }
  }

  candidates(alert: { gtins: readonly string[]; model: string | null; brand: string | null }): MatchSku[] {
    const out = new Map<string, MatchSku>();
    for (const g of alert.gtins) for (const s of this.byGtin.get(g) ?? []) out.set(s.id, s);
    for (const c of modelCodes(alert.model)) for (const s of this.byModel.get(c) ?? []) out.set(s.id, s);
    const b = normBrand(alert.brand);
    if (b) for (const s of this.byBrand.get(b) ?? []) out.set(s.id, s);
    return [...out.values()];
  }
}
