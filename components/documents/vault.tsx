'use client';

import * as React from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { History } from 'lucide-react';
import { apiFetch } from '@/components/api/client';
import type { WorkspaceInfo } from '@/components/api/types';
import { Button } from '@/components/ui/button';
import { Meter } from '@/components/ui/meter';
import { PageHeader } from '@/components/ui/page-header';
import { formatBytes } from '@/components/format';
import { DocumentList } from './document-list';
import type { LinkedSku } from './types';
import { UploadPanel } from './upload-panel';

/** Storage used against the plan, refreshed after each stored file. */
function StorageMeter({ version }: { version: number }) {
  const [info, setInfo] = React.useState<WorkspaceInfo | null>(null);
  React.useEffect(() => {
    const ac = new AbortController();
    apiFetch<WorkspaceInfo>('/api/workspace', { signal: ac.signal })
      .then(setInfo)
      .catch(() => undefined);
    return () => ac.abort();
  }, [version]);
  if (!info) return null;
  return <Meter className="w-64" label="Storage" value={info.usage.storage_bytes} max={info.plan_limits.storage_bytes} format={formatBytes} />;
}

/** /documents: upload on top, the vault below; `?sku=` (from a SKU page) preselects the SKU to link. */
export function DocumentVault() {
  const params = useSearchParams();
  const skuParam = params?.get('sku') ?? '';
  const [version, setVersion] = React.useState(0);
  const [initialSku, setInitialSku] = React.useState<LinkedSku | null>(null);
  const bumpTimer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => {
    if (!skuParam) return;
    const ac = new AbortController();
    apiFetch<{ sku: LinkedSku }>(`/api/skus/${encodeURIComponent(skuParam)}`, { signal: ac.signal })
      .then((b) => setInitialSku({ id: b.sku.id, sku_code: b.sku.sku_code, product_name: b.sku.product_name }))
      .catch(() => undefined);
    return () => ac.abort();
  }, [skuParam]);

  // Many files finish close together: refresh the list once they settle, not once per file.
  const onStored = React.useCallback(() => {
    clearTimeout(bumpTimer.current);
    bumpTimer.current = setTimeout(() => setVersion((v) => v + 1), 400);
  }, []);
  React.useEffect(() => () => clearTimeout(bumpTimer.current), []);

  return (
    <>
      <PageHeader
        title="Documents"
        description="Declarations of conformity, test reports, risk assessments, safety data sheets, certificates and manuals, stored once and linked to SKUs."
        actions={
          <>
            <StorageMeter version={version} />
            <Button asChild variant="secondary" size="sm">
              <Link href="/settings/audit">
                <History aria-hidden="true" />
                Audit log
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6">
        <UploadPanel initialSku={initialSku} onStored={onStored} />
        <DocumentList version={version} />
      </div>
    </>
  );
}
