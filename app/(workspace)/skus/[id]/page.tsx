import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SkuPage } from '@/components/skus/sku-page';
import { requireSession } from '@/components/workspace/session';

export const metadata: Metadata = { title: 'SKU' };

export default async function SkuDetailPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSession();
  const { id } = await params;
  // The page reads the tab from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <SkuPage id={id} />
    </Suspense>
  );
}
