'use client';

import Link from 'next/link';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useT } from '@/components/i18n/locale-provider';
import { watchMessages } from '@/lib/i18n/ui/watch';
import type { RecallCase } from '@/lib/recalls/schemas';

/** On a SKU page: the SKU is recalled or withdrawn by an open recall case (its compliance status is apart). */
export function SkuMarketBanner({ skuId }: { skuId: string }) {
  const t = useT(watchMessages);
  const q = useApiQuery<{ data: RecallCase[] }>(`/api/recalls/cases?status=open&sku_id=${encodeURIComponent(skuId)}`);
  const c = q.data?.data[0];
  const status = c?.skus.find((s) => s.id === skuId)?.market_status;
  if (!c || !status || status === 'on_market') return null;
  return (
    <div
      role="alert"
      data-testid="sku-market-banner"
      className="mb-4 rounded-lg border border-danger bg-danger-soft p-3 text-sm text-danger-soft-foreground"
    >
      <strong>{t(status === 'recalled' ? 'banner.recalled' : 'banner.withdrawn')}</strong>{' '}
      <Link href={`/watch/cases/${c.id}`} className="underline">
        {t('banner.case')}
      </Link>
    </div>
  );
}
