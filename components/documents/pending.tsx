'use client';

import * as React from 'react';
import { LoaderCircle } from 'lucide-react';
import { apiFetch } from '@/components/api/client';
import { Badge } from '@/components/ui/badge';
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
  return (
    <Badge
      variant="info"
      data-testid="type-pending"
      title="No text layer: OCR is reading the file; the type is set when it ends."
    >
      <LoaderCircle className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      Type pending · OCR
    </Badge>
  );
}

/** How often pending documents are asked again, and for how long at most. */
export const PENDING_POLL_MS = 4000;
const POLL_FOR_MS = 15 * 60_000;

/** Re-reads the given pending documents every few seconds and hands each fresh copy to `onFresh`. */
export function usePendingRefresh(pendingIds: string[], onFresh: (d: VaultDocument) => void) {
  const key = pendingIds.join(',');
  const started = React.useRef<number | null>(null);
  const fresh = React.useRef(onFresh);
  const [tick, setTick] = React.useState(0);
  React.useEffect(() => {
    fresh.current = onFresh;
  }, [onFresh]);
  React.useEffect(() => {
    if (!key) return;
    started.current ??= Date.now();
    if (Date.now() - started.current > POLL_FOR_MS) return;
    const ac = new AbortController();
    const t = setTimeout(async () => {
      for (const id of key.split(',')) {
        try {
          const body = await apiFetch<{ document: VaultDocument }>(`/api/documents/${encodeURIComponent(id)}`, {
            signal: ac.signal,
          });
          if (!ac.signal.aborted) fresh.current(body.document);
        } catch {
          // A failed poll is retried on the next tick; a deleted document simply stays as shown.
        }
      }
      if (!ac.signal.aborted) setTick((n) => n + 1);
    }, PENDING_POLL_MS);
    return () => {
      clearTimeout(t);
      ac.abort();
    };
  }, [key, tick]);
}
