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
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { settingsMessages } from '@/lib/i18n/ui/settings';

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
  const t = useT(settingsMessages);
  const f = useFormat();

  return (
    <Dialog open={apiKey !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl" onInteractOutside={(e) => e.preventDefault()} data-testid="reveal-key-dialog">
        {apiKey ? (
          <>
            <DialogHeader>
              <DialogTitle>{reason === 'rotated' ? t('reveal.title_rotated') : t('reveal.title_new')}</DialogTitle>
              <DialogDescription>
                {reason === 'rotated'
                  ? t('reveal.body_rotated', { name: apiKey.name })
                  : t('reveal.body_new', { name: apiKey.name })}
              </DialogDescription>
            </DialogHeader>

            <div
              className="flex gap-2.5 rounded-lg border border-warning/40 bg-warning-soft px-3.5 py-3 text-sm text-warning-soft-foreground"
              role="note"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>
                <strong className="font-semibold">{t('reveal.copy_now')}</strong> {t('reveal.fingerprint')}
              </p>
            </div>

            <div className="grid gap-1.5">
              <Label htmlFor="new-api-key">{t('reveal.key')}</Label>
              <div className="flex gap-2">
                <input
                  id="new-api-key"
                  readOnly
                  value={apiKey.key}
                  data-testid="new-api-key"
                  onFocus={(e) => e.currentTarget.select()}
                  spellCheck={false}
                  className="h-9 min-w-0 flex-1 rounded-md border border-input bg-surface-muted px-3 font-mono text-[0.8125rem] text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
                />
                <CopyButton
                  value={apiKey.key}
                  label={t('reveal.copy')}
                  copiedLabel={t('reveal.copied')}
                  variant="primary"
                  size="md"
                  data-testid="copy-api-key"
                  onCopyFailed={() => toast.error(t('reveal.copy_failed'))}
                />
              </div>
            </div>

            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-border bg-surface-muted/50 px-4 py-3 text-[0.8125rem]">
              <dt className="text-muted-foreground">{t('keys.col_scopes')}</dt>
              <dd className="flex flex-wrap gap-1">
                {apiKey.scopes.map((s) => (
                  <Badge key={s} variant="outline" className="font-mono">
                    {s}
                  </Badge>
                ))}
              </dd>
              <dt className="text-muted-foreground">{t('keys.col_expires')}</dt>
              <dd>{apiKey.expires_at ? f.date(apiKey.expires_at) : t('keys.never')}</dd>
              <dt className="text-muted-foreground">{t('reveal.use_as')}</dt>
              <dd className="min-w-0">
                <code className="block overflow-x-auto rounded bg-surface px-2 py-1 font-mono text-xs whitespace-nowrap text-foreground">
                  {`curl -H "Authorization: Bearer $API_KEY" ${origin}/api/v1/skus`}
                </code>
              </dd>
            </dl>

            <DialogFooter>
              <Button type="button" onClick={onClose}>
                {t('reveal.done')}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
