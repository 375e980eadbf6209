import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SkuList } from '@/components/skus/sku-list';
import { requireSession } from '@/lib/workspace/session';
import { PLANS } from '@/lib/plans';

export const metadata: Metadata = { title: 'SKUs' };

export default async function SkusPage() {
  const { workspace } = await requireSession();
  const limit = PLANS[workspace.plan as keyof typeof PLANS]?.skuLimit ?? null;
  // useSearchParams in the list needs a Suspense boundary.
  return (
    <Suspense>
      <SkuList skuLimit={limit} />
    </Suspense>
  );
}
