'use client';

import * as React from 'react';
import { LoaderCircle } from 'lucide-react';
import { useQueries } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/client';
import { keyOfPath } from '@/components/api/queries/keys';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/components/i18n/locale-provider';
import { documentMessages } from '@/lib/i18n/ui/documents';
import type { VaultDocument } from './types';

/**
 * A scan's type is open while OCR reads it: the upload stored it "processing" with a file-name-only
 * classification and no confidence. The list and the detail page show it as pending and ask again until
 * the background extraction has set it.
 */
export function isTypePending(d: Pick<VaultDocument, 'status' | 'classification_source' | 'classification'>): boolean {
  return (
    d.status === 'processing' &&
    d.classification_source === 'rule' &&
    d.classification?.snippetSource === 'filename_only'
  );
}

export function PendingTypeBadge() {
  const t = useT(documentMessages);
  return (
    <Badge variant="info" data-testid="type-pending" title={t('pending.hint')}>
      <LoaderCircle className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {t('pending.badge')}
    </Badge>
  );
}

/** How often a pending document is asked again. */
export const PENDING_POLL_MS = 4000;

/**
 * Polls the given pending documents (each under its own query key, shared with the detail page) and
 * hands each fresh copy to `onFresh`, e.g. to replace the row in a list.
 */
export function usePendingRefresh(pendingIds: string[], onFresh: (d: VaultDocument) => void) {
  const reads = useQueries({
    queries: pendingIds.map((id) => {
      const path = `/api/documents/${encodeURIComponent(id)}`;
      return {
        queryKey: keyOfPath(path),
        queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<{ document: VaultDocument }>(path, { signal }),
        refetchInterval: PENDING_POLL_MS,
      };
    }),
  });
  const fresh = React.useRef(onFresh);
  React.useEffect(() => {
    fresh.current = onFresh;
  }, [onFresh]);
  const answers = reads.map((r) => r.data?.document).filter((d): d is VaultDocument => Boolean(d));
  const stamp = reads.map((r) => r.dataUpdatedAt).join(',');
  React.useEffect(() => {
    for (const d of answers) fresh.current(d);
    // answers changes identity every render; the update times say when an answer is new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);
}
