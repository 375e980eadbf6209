import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SkuPage } from '@/components/skus/sku-page';
import { requireSession } from '@/lib/workspace/session';
import { skuTitle } from '@/lib/workspace/page-titles';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return skuTitle((await params).id);
}

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
