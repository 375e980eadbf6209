'use client';

import { ExternalLink, Globe, QrCode } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { isMissingRoute, useSkuPage } from './sku-context';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { PublicationPicture } from './publication-picture';
import { PublicTexts } from './public-texts';
import type { SkuRevisionList } from '@/lib/publish/schemas';

type PublicBase = SkuRevisionList['public_base'];

/** Until PUBLIC_APP_URL is set, links and QR codes carry whatever address this server was reached at. */
function PublicUrlWarning({ base }: { base: PublicBase | undefined }) {
  const t = useT(skuDossierMessages);
  if (!base || base.configured) return null;
  return (
    <Alert variant="warning" title={t('publication.url_title')} data-testid="public-url-warning">
      {t('publication.url_use')} <span className="font-mono">{base.url}</span>
      {base.source === 'request' ? t('publication.url_request') : t('publication.url_default')}
      {t('publication.url_fix')}
    </Alert>
  );
}

/** The public URL as an absolute address (the API may answer with a path). */
function absolute(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return typeof window === 'undefined' ? url : new URL(url, window.location.origin).toString();
}

export function PublicationTab() {
  const { skuId, detail } = useSkuPage();
  const t = useT(skuDossierMessages);
  const fmt = useFormat();
  const revisions = useApiQuery<SkuRevisionList>(`/api/skus/${skuId}/revisions`);
  const sku = detail.sku;
  const list = [...(revisions.data?.revisions ?? [])].sort((a, b) => b.revision - a.revision);
  const latest = list[0];
  const publicId = sku.public_id;
  const publicUrl = latest?.public_url ? absolute(latest.public_url) : publicId ? absolute(`/p/${publicId}`) : null;
  const stale = detail.status !== 'published' && Boolean(latest);

  if (revisions.error && !isMissingRoute(revisions.error)) {
    return (
      <Alert variant="danger" title={t('publication.load_error')}>
        {revisions.error.message}
      </Alert>
    );
  }
  if (!revisions.data && !revisions.error) return <Skeleton className="h-48" />;

  const base = revisions.data?.public_base;
  if (!latest || !publicUrl) {
    return (
      <div className="grid gap-5" data-testid="publication-tab">
        <PublicUrlWarning base={base} />
        <PublicationPicture />
        <PublicTexts />
        <Card>
          <EmptyState
            icon={Globe}
            title={t('publication.none_title')}
            description={t('publication.none_description')}
          />
        </Card>
      </div>
    );
  }
  // The QR code encodes the revision's URL: the GS1 Digital Link shown beside it uses the same origin.
  const gs1Link = sku.gtin ? `${new URL(publicUrl).origin}/01/${sku.gtin.padStart(14, '0')}` : null;

  return (
    <div className="grid gap-5" data-testid="publication-tab">
      <PublicUrlWarning base={base} />
      {stale ? (
        <Alert variant="warning" title={t('publication.stale_title')}>
          {t('publication.stale', { revision: String(latest.revision) })}
        </Alert>
      ) : null}
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_15rem]">
        <Card>
          <CardHeader>
            <div>
              <CardTitle className="flex items-center gap-2">
                {t('publication.page')}
                <Badge variant="success">{t('publication.revision', { revision: String(latest.revision) })}</Badge>
              </CardTitle>
              <CardDescription>
                {latest.published_by
                  ? t('publication.published_by', { at: fmt.dateTime(latest.published_at), by: latest.published_by })
                  : t('publication.published', { at: fmt.dateTime(latest.published_at) })}
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="flex gap-2">
              <Input
                readOnly
                value={publicUrl}
                aria-label={t('publication.public_url')}
                className="font-mono text-[0.8125rem]"
                data-testid="public-url"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={publicUrl} label={t('publication.copy')} size="md" data-testid="copy-public-url" />
              <Button asChild variant="secondary">
                <a href={publicUrl} target="_blank" rel="noopener noreferrer">
                  {t('publication.open')}
                  <ExternalLink aria-hidden="true" />
                </a>
              </Button>
            </div>
            {gs1Link ? (
              <p className="text-xs text-muted-foreground">
                {t('publication.gs1')}{' '}
                <span className="font-mono" data-testid="gs1-link">
                  {gs1Link}
                </span>{' '}
                {t('publication.gs1_resolves')}
              </p>
            ) : null}
          </CardContent>
        </Card>

        {publicId ? (
          <Card>
            <CardHeader className="border-b-0 pb-0">
              <CardTitle className="flex items-center gap-2">
                <QrCode className="size-4 text-primary" aria-hidden="true" />
                {t('publication.qr')}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid justify-items-center gap-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- an SVG served by our own route, not an optimisable image */}
              <img
                src={`/p/${publicId}/qr.svg`}
                alt={t('publication.qr_alt', { url: publicUrl })}
                width={176}
                height={176}
                className="size-44 rounded-md border border-border bg-white p-2"
                data-testid="qr-code"
              />
              <div className="flex gap-2 text-xs">
                <a
                  className="font-medium text-primary hover:underline"
                  href={`/p/${publicId}/qr.svg`}
                  download={`${sku.sku_code}-qr.svg`}
                >
                  SVG
                </a>
                <span className="text-subtle-foreground">·</span>
                <a
                  className="font-medium text-primary hover:underline"
                  href={`/p/${publicId}/qr.png`}
                  download={`${sku.sku_code}-qr.png`}
                >
                  PNG
                </a>
              </div>
            </CardContent>
          </Card>
        ) : null}
      </div>

      <PublicationPicture />
      <PublicTexts />

      <Card className="overflow-hidden">
        <CardHeader>
          <div>
            <CardTitle>{t('publication.revisions')}</CardTitle>
            <CardDescription>{t('publication.revisions_description')}</CardDescription>
          </div>
        </CardHeader>
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('publication.col_revision')}</TableHead>
              <TableHead>{t('publication.col_published')}</TableHead>
              <TableHead>{t('publication.col_by')}</TableHead>
              <TableHead>{t('publication.col_link')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((r) => (
              <TableRow key={r.revision} data-testid="revision-row">
                <TableCell className="font-medium tabular-nums">{r.revision}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {fmt.dateTime(r.published_at)}
                </TableCell>
                <TableCell className="text-muted-foreground">{r.published_by ?? '—'}</TableCell>
                <TableCell>
                  <a
                    href={r.public_url ? absolute(r.public_url) : undefined}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-mono text-xs text-primary hover:underline"
                  >
                    {(r.public_url ?? '').replace(/^https?:\/\/[^/]+/, '')}
                  </a>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  );
}
