'use client';

import * as React from 'react';
import { TriangleAlert } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toaster';
import type { ApiKeyWithSecret } from '@/components/api/types';
import { formatDate } from '@/components/format';

export interface RevealKeyDialogProps {
  apiKey: ApiKeyWithSecret | null;
  /** "created" or "rotated": changes the wording. */
  reason: 'created' | 'rotated';
  onClose: () => void;
}

/**
 * Shows a new key's plaintext, the only time it is ever visible. Clicking outside does not close it
 * (an accidental click would lose the key); Done, Escape or the close button do.
 */
export function RevealKeyDialog({ apiKey, reason, onClose }: RevealKeyDialogProps) {
  // The dialog only ever opens after a click, in the browser: no server render to mismatch.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <Dialog open={apiKey !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl" onInteractOutside={(e) => e.preventDefault()} data-testid="reveal-key-dialog">
        {apiKey ? (
          <>
            <DialogHeader>
              <DialogTitle>{reason === 'rotated' ? 'Your rotated API key' : 'Your new API key'}</DialogTitle>
              <DialogDescription>
                {reason === 'rotated'
                  ? `“${apiKey.name}” has a new secret. The previous one no longer works: update every system that used it.`
                  : `“${apiKey.name}” is ready. Copy it into the system that will use it.`}
              </DialogDescription>
            </DialogHeader>

            <div
              className="flex gap-2.5 rounded-lg border border-warning/40 bg-warning-soft px-3.5 py-3 text-sm text-warning-soft-foreground"
              role="note"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>
                <strong className="font-semibold">Copy it now: you will not see it again.</strong> Only a fingerprint is
                stored, so nobody, us included, can show it to you later. If you lose it, rotate the key.
              </p>
            </div>

            <div className="grid gap-1.5">
              <Label htmlFor="new-api-key">API key</Label>
              <div className="flex gap-2">
                <input
                  id="new-api-key"
                  readOnly
                  value={apiKey.key}
                  data-testid="new-api-key"
                  onFocus={(e) => e.currentTarget.select()}
                  spellCheck={false}
                  className="h-9 min-w-0 flex-1 rounded-md border border-input bg-surface-muted px-3 font-mono text-[0.8125rem] text-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25"
                />
                <CopyButton
                  value={apiKey.key}
                  label="Copy"
                  variant="primary"
                  size="md"
                  data-testid="copy-api-key"
                  onCopyFailed={() => toast.error('Could not copy automatically. Select the key and copy it by hand.')}
                />
              </div>
            </div>

            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-border bg-surface-muted/50 px-4 py-3 text-[0.8125rem]">
              <dt className="text-muted-foreground">Scopes</dt>
              <dd className="flex flex-wrap gap-1">
                {apiKey.scopes.map((s) => (
                  <Badge key={s} variant="outline" className="font-mono">
                    {s}
                  </Badge>
                ))}
              </dd>
              <dt className="text-muted-foreground">Expires</dt>
              <dd>{apiKey.expires_at ? formatDate(apiKey.expires_at) : 'Never'}</dd>
              <dt className="text-muted-foreground">Use it as</dt>
              <dd className="min-w-0">
                <code className="block overflow-x-auto rounded bg-surface px-2 py-1 font-mono text-xs whitespace-nowrap text-foreground">
                  curl -H &quot;Authorization: Bearer $API_KEY&quot; {origin}/api/v1/skus
                </code>
              </dd>
            </dl>

            <DialogFooter>
              <Button type="button" onClick={onClose}>
                I have saved the key
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
