'use client';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/components/i18n/locale-provider';
import { skuListMessages } from '@/lib/i18n/ui/sku-list';

/**
 * The SKU list's shape while the server page reads its first page: the page's heading and skeletons for
 * the actions, the toolbar and the rows. It holds no control and no test id of the list: React streams the
 * list into a hidden element before it swaps it in, so a second set of live controls here would stand beside
 * the list's own for that moment (two "Save view" buttons to a script, two search boxes to a screen reader).
 */
export function SkuListPlaceholder() {
  const t = useT(skuListMessages);
  return (
    <div aria-busy="true">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <>
            <Skeleton className="h-9 w-24" />
            <Skeleton className="h-9 w-28" />
          </>
        }
      />
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center gap-2 border-b border-border p-3">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-9 w-36" />
          <Skeleton className="h-9 w-36" />
          <Skeleton className="ml-auto h-9 w-28" />
        </div>
        <div className="divide-y divide-border">
          {Array.from({ length: 7 }, (_, i) => (
            <div key={i} className="flex items-center gap-6 px-4 py-3">
              <Skeleton className="h-4 w-4" />
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-4 w-20" />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
