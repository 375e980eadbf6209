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
import { isMissingRoute, useJson, useSkuPage } from './sku-context';
import type { Revision } from './types';

/** The public URL as an absolute address (the API may answer with a path). */
function absolute(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return typeof window === 'undefined' ? url : new URL(url, window.location.origin).toString();
}

export function PublicationTab() {
  const { skuId, detail, version } = useSkuPage();
  const revisions = useJson<{ revisions: Revision[] }>(`/api/skus/${skuId}/revisions`, version);
  const sku = detail.sku;
  const list = [...(revisions.data?.revisions ?? [])].sort((a, b) => b.revision - a.revision);
  const latest = list[0];
  const publicId = sku.public_id;
  const publicUrl = latest ? absolute(latest.public_url) : publicId ? absolute(`/p/${publicId}`) : null;
  const stale = detail.status !== 'published' && Boolean(latest);

  if (revisions.error && !isMissingRoute(revisions.error)) {
    return (
      <Alert variant="danger" title="The revisions could not be loaded">
        {revisions.error.message}
      </Alert>
    );
  }
  if (!revisions.data && !revisions.error) return <Skeleton className="h-48" />;

  if (!latest || !publicUrl) {
    return (
      <Card>
        <EmptyState
          icon={Globe}
          title="Not published yet"
          description="Once the SKU is approved, Publish creates its public safety page: the GPSR Art. 19 information in each market language, with a QR code for the label. Every publication is a new, unchangeable revision."
        />
      </Card>
    );
  }

  return (
    <div className="grid gap-5" data-testid="publication-tab">
      {stale ? (
        <Alert variant="warning" title="The public page shows an older revision">
          The dossier changed after revision {latest.revision} was published, so the approval was reset. Approve and publish again to update the page.
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
                {latest.published_by ? ` by ${latest.published_by}` : ''}. No sign-in needed; the visitor&apos;s language is chosen from the published ones.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="flex gap-2">
              <Input readOnly value={publicUrl} aria-label="Public URL" className="font-mono text-[0.8125rem]" data-testid="public-url" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={publicUrl} label="Copy" size="md" data-testid="copy-public-url" />
              <Button asChild variant="secondary">
                <a href={publicUrl} target="_blank" rel="noopener noreferrer">
                  Open
                  <ExternalLink aria-hidden="true" />
                </a>
              </Button>
            </div>
            {sku.gtin ? (
              <p className="text-xs text-muted-foreground">
                GS1 Digital Link: <span className="font-mono">{absolute(`/01/${sku.gtin}`)}</span> resolves to this page.
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
              <img src={`/p/${publicId}/qr.svg`} alt={`QR code linking to ${publicUrl}`} width={176} height={176} className="size-44 rounded-md border border-border bg-white p-2" data-testid="qr-code" />
              <div className="flex gap-2 text-xs">
                <a className="font-medium text-primary hover:underline" href={`/p/${publicId}/qr.svg`} download={`${sku.sku_code}-qr.svg`}>
                  SVG
                </a>
                <span className="text-subtle-foreground">·</span>
                <a className="font-medium text-primary hover:underline" href={`/p/${publicId}/qr.png`} download={`${sku.sku_code}-qr.png`}>
                  PNG
                </a>
              </div>
            </CardContent>
          </Card>
        ) : null}
      </div>

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
                <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(r.published_at)}</TableCell>
                <TableCell className="text-muted-foreground">{r.published_by ?? '—'}</TableCell>
                <TableCell>
                  <a href={absolute(r.public_url)} target="_blank" rel="noopener noreferrer" className="font-mono text-xs text-primary hover:underline">
                    {r.public_url.replace(/^https?:\/\/[^/]+/, '')}
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
