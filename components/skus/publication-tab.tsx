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
import { formatDateTime } from '@/components/format';
import { isMissingRoute, useSkuPage } from './sku-context';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { PublicationPicture } from './publication-picture';
import { PublicTexts } from './public-texts';
import type { SkuRevisionList } from '@/lib/skus/schemas';

type PublicBase = SkuRevisionList['public_base'];

/** Until PUBLIC_APP_URL is set, links and QR codes carry whatever address this server was reached at. */
function PublicUrlWarning({ base }: { base: PublicBase | undefined }) {
  if (!base || base.configured) return null;
  return (
    <Alert variant="warning" title="Set the public address before printing labels" data-testid="public-url-warning">
      PUBLIC_APP_URL is not configured, so public links and QR codes use <span className="font-mono">{base.url}</span>
      {base.source === 'request' ? ', the address this page was opened at' : ', the local default address'}. Customers
      may not reach it. Set PUBLIC_APP_URL to the address the public reaches, then publish again.
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
  const revisions = useApiQuery<SkuRevisionList>(`/api/skus/${skuId}/revisions`);
  const sku = detail.sku;
  const list = [...(revisions.data?.revisions ?? [])].sort((a, b) => b.revision - a.revision);
  const latest = list[0];
  const publicId = sku.public_id;
  const publicUrl = latest?.public_url ? absolute(latest.public_url) : publicId ? absolute(`/p/${publicId}`) : null;
  const stale = detail.status !== 'published' && Boolean(latest);

  if (revisions.error && !isMissingRoute(revisions.error)) {
    return (
      <Alert variant="danger" title="The revisions could not be loaded">
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
            title="Not published yet"
            description="Once the SKU is approved, Publish creates its public safety page: the GPSR Art. 19 information in each market language, with a QR code for the label. Every publication is a new, unchangeable revision."
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
        <Alert variant="warning" title="The public page shows an older revision">
          The dossier changed after revision {latest.revision} was published, so the approval was reset. Approve and
          publish again to update the page.
        </Alert>
      ) : null}
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_15rem]">
        <Card>
          <CardHeader>
            <div>
              <CardTitle className="flex items-center gap-2">
                Public safety page
                <Badge variant="success">Revision {latest.revision}</Badge>
              </CardTitle>
              <CardDescription>
                Published {formatDateTime(latest.published_at)}
                {latest.published_by ? ` by ${latest.published_by}` : ''}. No sign-in needed; the visitor&apos;s
                language is chosen from the published ones.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="flex gap-2">
              <Input
                readOnly
                value={publicUrl}
                aria-label="Public URL"
                className="font-mono text-[0.8125rem]"
                data-testid="public-url"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={publicUrl} label="Copy" size="md" data-testid="copy-public-url" />
              <Button asChild variant="secondary">
                <a href={publicUrl} target="_blank" rel="noopener noreferrer">
                  Open
                  <ExternalLink aria-hidden="true" />
                </a>
              </Button>
            </div>
            {gs1Link ? (
              <p className="text-xs text-muted-foreground">
                GS1 Digital Link:{' '}
                <span className="font-mono" data-testid="gs1-link">
                  {gs1Link}
                </span>{' '}
                resolves to this page.
              </p>
            ) : null}
          </CardContent>
        </Card>

        {publicId ? (
          <Card>
            <CardHeader className="border-b-0 pb-0">
              <CardTitle className="flex items-center gap-2">
                <QrCode className="size-4 text-primary" aria-hidden="true" />
                QR code
              </CardTitle>
            </CardHeader>
            <CardContent className="grid justify-items-center gap-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- an SVG served by our own route, not an optimisable image */}
              <img
                src={`/p/${publicId}/qr.svg`}
                alt={`QR code linking to ${publicUrl}`}
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
            <CardTitle>Revisions</CardTitle>
            <CardDescription>Each publication is kept unchanged, as shown to the public at that time.</CardDescription>
          </div>
        </CardHeader>
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Revision</TableHead>
              <TableHead>Published</TableHead>
              <TableHead>By</TableHead>
              <TableHead>Link</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((r) => (
              <TableRow key={r.revision} data-testid="revision-row">
                <TableCell className="font-medium tabular-nums">{r.revision}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {formatDateTime(r.published_at)}
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
