'use client';

import * as React from 'react';
import { ImageUp } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiUpload } from '@/components/api/upload';
import { useDossier } from '@/components/api/queries/resources';
import type { SkuPictureUpload } from '@/lib/skus/schemas';
import { describeError } from '@/components/api/client';
import { useSkuPage } from './sku-context';
import { useT } from '@/components/i18n/locale-provider';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';

/** Path of a picture uploaded to this app (shown inline); pictures elsewhere are only linked (CSP). */
function ownPicturePath(url: string): string | null {
  try {
    const u = new URL(url);
    return /^\/pictures\/[0-9a-f-]{36}\/[0-9a-f]{64}\.webp$/.test(u.pathname) ? u.pathname : null;
  } catch {
    return null;
  }
}

/** The product picture: upload one (checked, resized and stripped of metadata by the server) or see the current one. */
export function PublicationPicture() {
  const { skuId, bump } = useSkuPage();
  const t = useT(skuDossierMessages);
  const dossier = useDossier(skuId);
  const current = dossier.data?.fields.find((f) => f.field_key === 'product_image_url')?.current?.value ?? null;
  const own = current ? ownPicturePath(current) : null;
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [done, setDone] = React.useState<string | null>(null);
  const input = React.useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setBusy(true);
    setError(null);
    setDone(null);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      // One request path for uploads: a proxy's 413 page reads as "The file is too large.", not a status code.
      const body = await apiUpload<SkuPictureUpload>(`/api/skus/${skuId}/picture`, form);
      setDone(t('picture.done', { width: String(body.picture.width), height: String(body.picture.height) }));
      // bump invalidates every query of the page (the SKU included): one refresh, not two.
      bump();
    } catch (e) {
      setError(describeError(e).title);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Card data-testid="publication-picture">
      <CardHeader>
        <div>
          <CardTitle>{t('picture.title')}</CardTitle>
          <CardDescription>{t('picture.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {own ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own stored WebP, already sized
          <img
            src={own}
            alt={t('picture.alt')}
            className="max-h-48 w-auto justify-self-start rounded-md border border-border bg-white object-contain"
            data-testid="current-picture"
          />
        ) : current ? (
          <p className="text-sm text-muted-foreground">
            {t('picture.by_url')} <span className="font-mono break-all">{current}</span> {t('picture.copied')}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{t('picture.none')}</p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={`picture-${skuId}`}
            type="file"
            aria-label={t('picture.file')}
            tabIndex={-1}
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            data-testid="picture-input"
            disabled={busy}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              if (f) void upload(f);
            }}
          />
          <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" />
            {busy ? t('picture.uploading') : current ? t('picture.replace') : t('picture.upload')}
          </Button>
        </div>
        <div aria-live="polite">
          {error ? (
            <Alert variant="danger" title={t('picture.not_stored')}>
              {error}
            </Alert>
          ) : done ? (
            <Alert variant="success" title={t('picture.stored')} data-testid="picture-done">
              {done}
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
