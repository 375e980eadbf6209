import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { evaluateRequirements, isEeaMarket, normalizeCountryCode } from '@/lib/requirements';
import { loadRequirementInput } from './requirement-input';
import { getSkuRow } from './service';
import { skuStatus } from './serialize';

/**
 * Why a SKU cannot be sold in one market: its requirement profile evaluated for that market alone
 * (the market's languages, not those of the SKU's other markets). Reads only; nothing is stored.
 */
export async function whyBlocked(
  db: Db,
  { workspaceId, skuId, rawMarket }: { workspaceId: string; skuId: string; rawMarket: string },
) {
  const market = normalizeCountryCode(rawMarket);
  if (!market || !isEeaMarket(market)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `"${rawMarket}" is not an EU/EEA market; use an ISO 3166-1 alpha-2 code such as FR.`,
      {
        details: { fields: [{ path: 'market', message: 'unknown or non-EEA market' }] },
      },
    );
  }
  const row = await getSkuRow(db, { workspaceId, id: skuId });
  const input = await loadRequirementInput(db, { workspaceId, skuId });
  const evaluation = evaluateRequirements({ ...input, target_markets: [market] });
  const open = evaluation.blockers.filter((b) => !b.waived);
  return {
    sku: { id: row.id, sku_code: row.skuCode, product_name: row.productName, status: skuStatus(row) },
    market,
    sellable: evaluation.open_blocker_count === 0,
    profile_id: evaluation.profile_id,
    required_languages: evaluation.required_languages,
    blockers: open.filter((b) => b.severity === 'blocker'),
    warnings: open.filter((b) => b.severity === 'warning'),
    waived: evaluation.blockers.filter((b) => b.waived),
  };
}
