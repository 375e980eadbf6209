'use client';

import * as React from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { History } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/components/api/queries/keys';
import { useSku, useWorkspace } from '@/components/api/queries/resources';
import { Button } from '@/components/ui/button';
import { Meter } from '@/components/ui/meter';
import { PageHeader } from '@/components/ui/page-header';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { documentMessages } from '@/lib/i18n/ui/documents';
import { DocumentList } from './document-list';
import type { LinkedSku } from './types';
import { UploadPanel } from './upload-panel';

/** Storage used against the plan, refreshed after each stored file. */
function StorageMeter() {
  const t = useT(documentMessages);
  const f = useFormat();
  const info = useWorkspace().data;
  if (!info) return null;
  return (
    <Meter
      className="w-64"
      label={t('vault.storage')}
      value={info.usage.storage_bytes}
      max={info.plan_limits.storage_bytes}
      format={f.bytes}
    />
  );
}

/** /documents: upload on top, the vault below; `?sku=` (from a SKU page) preselects the SKU to link. */
export function DocumentVault() {
  const t = useT(documentMessages);
  const params = useSearchParams();
  const skuParam = params?.get('sku') ?? '';
  const queryClient = useQueryClient();
  const preselected = useSku(skuParam).data?.sku;
  const initialSku: LinkedSku | null =
    skuParam && preselected
      ? { id: preselected.id, sku_code: preselected.sku_code, product_name: preselected.product_name }
      : null;
  const bumpTimer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Many files finish close together: refresh the list and the storage meter once they settle.
  const onStored = React.useCallback(() => {
    clearTimeout(bumpTimer.current);
    bumpTimer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.documents });
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspace });
    }, 400);
  }, [queryClient]);
  React.useEffect(() => () => clearTimeout(bumpTimer.current), []);

  return (
    <>
      <PageHeader
        title={t('vault.title')}
        description={t('vault.description')}
        actions={
          <>
            <StorageMeter />
            <Button asChild variant="secondary" size="sm">
              <Link href="/settings/audit">
                <History aria-hidden="true" />
                {t('vault.audit_log')}
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6">
        <UploadPanel initialSku={initialSku} onStored={onStored} />
        <DocumentList />
      </div>
    </>
  );
}
