'use client';

import * as React from 'react';
import Link from 'next/link';
import { BookOpen, ExternalLink, FileBadge, Plus } from 'lucide-react';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardListState } from '@/components/ui/card-list-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/components/api/client';
import { keyOfPath } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { passportMessages } from '@/lib/i18n/ui/passports';
import type {
  BackfillPassportsResponse,
  PassportGrantSchema,
  PassportList,
  PassportVersionSchema,
} from '@/lib/passports/schemas';
import { useSkuPage } from './sku-context';

type Passport = z.infer<typeof PassportVersionSchema>;
type Grant = z.infer<typeof PassportGrantSchema>;
type Backfill = z.infer<typeof BackfillPassportsResponse>;
type Tier = Passport['tiers'][number];
type GrantTier = Grant['tier'];

const TIERS: readonly Tier[] = ['public', 'legitimate_interest', 'authority'];
const GRANT_TIERS: readonly GrantTier[] = ['legitimate_interest', 'authority'];
const STATE_VARIANT = { active: 'success', expired: 'neutral', revoked: 'danger' } as const;

/** A URL made relative to this origin when it is one (links then work under any address the app is reached at). */
function href(url: string): string {
  if (typeof window === 'undefined') return url;
  try {
    const u = new URL(url);
    return u.origin === window.location.origin ? `${u.pathname}${u.search}` : url;
  } catch {
    return url;
  }
}

function NoPassport({ published }: { published: boolean }) {
  const { skuId, bump } = useSkuPage();
  const t = useT(passportMessages);
  const [skipped, setSkipped] = React.useState<Backfill['skipped'][number]['reason'] | null>(null);
  const backfill = useApiMutation<Backfill, void>({
    request: () => ({ path: '/api/passports/backfill', body: { sku_ids: [skuId] } }),
    idempotent: true,
    invalidates: [keyOfPath(`/api/skus/${skuId}/passports`)],
    onSuccess: (out) => {
      const made = out.compiled[0];
      if (made?.version) {
        toast.success(t('backfill.done', { version: String(made.version) }));
        bump();
      } else setSkipped(out.skipped[0]?.reason ?? null);
    },
  });
  const error = backfill.error ? describeError(backfill.error) : null;
  return (
    <Card data-testid="passports-none">
      <EmptyState
        icon={FileBadge}
        title={t('none.title')}
        description={published ? t('none.published') : t('none.unpublished')}
        actions={
          published ? (
            <Button
              onClick={() => backfill.run().catch(() => undefined)}
              disabled={backfill.pending}
              data-testid="passport-backfill"
            >
              {t('backfill.run')}
            </Button>
          ) : null
        }
      />
      {skipped || error ? (
        <div className="px-6 pb-6">
          <Alert variant={error ? 'danger' : 'warning'} title={error?.title ?? t(`backfill.skipped.${skipped!}`)}>
            {error?.description}
          </Alert>
        </div>
      ) : null}
    </Card>
  );
}

function LatestPassport({ p }: { p: Passport }) {
  const t = useT(passportMessages);
  const f = useFormat();
  const { goTo } = useSkuPage();
  return (
    <Card data-testid="passport-latest">
      <CardHeader>
        <div>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {t('latest.title', { version: String(p.version) })}
            <Badge variant="success">{t('latest.latest')}</Badge>
            {p.complete ? (
              <Badge variant="success" data-testid="passport-complete">
                {t('complete')}
              </Badge>
            ) : (
              <Badge variant="warning" data-testid="passport-incomplete">
                {t('incomplete', { count: p.blockers.length })}
              </Badge>
            )}
          </CardTitle>
          <CardDescription>
            {t('latest.from_revision', { revision: String(p.revision) })} ·{' '}
            {p.compiled_by
              ? t('latest.compiled_by', { at: f.dateTime(p.compiled_at), by: p.compiled_by })
              : t('latest.compiled', { at: f.dateTime(p.compiled_at) })}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground">{t('latest.hash')}</span>
          <div className="flex min-w-0 items-center gap-2">
            <code className="min-w-0 truncate font-mono text-xs" data-testid="passport-hash">
              {p.content_sha256}
            </code>
            <CopyButton value={p.content_sha256} label={t('latest.copy_hash')} />
          </div>
        </div>
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{t('links.title')}</h3>
          <ul className="grid gap-3">
            {p.formats.map((format) => (
              <li key={format} className="grid gap-1.5" data-testid={`passport-format-${format}`}>
                <span className="text-[0.8125rem] font-medium">{t(`format.${format}`)}</span>
                <span className="flex flex-wrap gap-2">
                  {TIERS.map((tier) => (
                    <Button key={tier} asChild size="sm" variant="secondary">
                      <a
                        href={href(p.urls[format]?.[tier] ?? '')}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={t(`tier.${tier}_hint`)}
                        data-testid={`passport-link-${format}-${tier}`}
                      >
                        {t('links.open', { tier: t(`tier.${tier}`) })}
                        <ExternalLink aria-hidden="true" />
                      </a>
                    </Button>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </div>
        {p.blockers.length ? (
          <Alert variant="warning" title={t('blockers.title')} data-testid="passport-blockers">
            <p className="mb-2">{t('blockers.description')}</p>
            <ul className="grid gap-1.5">
              {p.blockers.map((b) => (
                <li key={`${b.format}:${b.field}`} className="grid gap-0.5" data-testid="passport-blocker">
                  <span>
                    <Badge variant="neutral" className="mr-1.5 font-mono">
                      {b.annex_xiii ? t('blockers.point', { point: b.annex_xiii }) : t('blockers.no_point')}
                    </Badge>
                    <span className="font-mono text-xs">{b.field}</span>
                  </span>
                  <span className="text-xs">
                    {b.message}
                    {b.dossier_field ? (
                      <>
                        {' '}
                        <button
                          type="button"
                          className="font-medium text-primary hover:underline"
                          onClick={() => goTo({ tab: 'dossier', field: b.dossier_field! })}
                        >
                          {t('blockers.fill')}
                        </button>
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Versions({ list }: { list: Passport[] }) {
  const t = useT(passportMessages);
  const f = useFormat();
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <div>
          <CardTitle>{t('versions.title')}</CardTitle>
          <CardDescription>{t('versions.description')}</CardDescription>
        </div>
      </CardHeader>
      <Table aria-label={t('versions.title')}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('versions.version')}</TableHead>
            <TableHead>{t('versions.revision')}</TableHead>
            <TableHead>{t('versions.compiled')}</TableHead>
            <TableHead>{t('versions.formats')}</TableHead>
            <TableHead>{t('versions.hash')}</TableHead>
            <TableHead>{t('versions.links')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.map((p) => (
            <TableRow key={p.id} data-testid="passport-version-row">
              <TableCell className="font-medium tabular-nums">{p.version}</TableCell>
              <TableCell className="tabular-nums">{p.revision}</TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{f.dateTime(p.compiled_at)}</TableCell>
              <TableCell className="text-xs">{p.formats.map((x) => t(`format.${x}`)).join(', ')}</TableCell>
              <TableCell>
                <code className="font-mono text-xs" title={p.content_sha256}>
                  {p.content_sha256.slice(0, 12)}…
                </code>
              </TableCell>
              <TableCell className="text-xs">
                <span className="flex flex-wrap gap-x-2">
                  {p.formats.map((format) => (
                    <a
                      key={format}
                      href={href(p.urls[format]?.public ?? '')}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-mono text-primary hover:underline"
                    >
                      {format}
                    </a>
                  ))}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

function GrantForm({ onCreated }: { onCreated: (g: Grant & { token: string }) => void }) {
  const { skuId } = useSkuPage();
  const t = useT(passportMessages);
  const [recipient, setRecipient] = React.useState('');
  const [tier, setTier] = React.useState<GrantTier>('legitimate_interest');
  const [days, setDays] = React.useState('30');
  const path = `/api/skus/${skuId}/passport-grants`;
  const create = useApiMutation<{ grant: Grant & { token: string } }, void>({
    request: () => ({ path, body: { recipient, tier, expires_in_days: Number(days) } }),
    idempotent: true,
    invalidates: [keyOfPath(path)],
    onSuccess: (out) => {
      setRecipient('');
      toast.success(t('grants.created_toast'));
      onCreated(out.grant);
    },
  });
  const error = create.error ? describeError(create.error) : null;
  return (
    <form
      className="grid gap-3 border-t border-border px-6 py-4 sm:grid-cols-[minmax(0,1fr)_12rem_8rem_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        create.run().catch(() => undefined);
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="grant-recipient">{t('grants.recipient')}</Label>
        <Input
          id="grant-recipient"
          required
          maxLength={200}
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          placeholder={t('grants.recipient_hint')}
          data-testid="grant-recipient"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="grant-tier">{t('grants.tier')}</Label>
        <select
          id="grant-tier"
          value={tier}
          onChange={(e) => setTier(e.target.value as GrantTier)}
          className="h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground"
          data-testid="grant-tier"
        >
          {GRANT_TIERS.map((x) => (
            <option key={x} value={x}>
              {t(`tier.${x}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="grant-days">{t('grants.days')}</Label>
        <Input
          id="grant-days"
          type="number"
          min={1}
          max={366}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
          data-testid="grant-days"
        />
      </div>
      <Button type="submit" disabled={create.pending || !recipient.trim()} data-testid="grant-create">
        <Plus aria-hidden="true" /> {t('grants.create')}
      </Button>
      {error ? (
        <div className="sm:col-span-4">
          <Alert variant="danger" title={error.title}>
            {error.description}
          </Alert>
        </div>
      ) : null}
    </form>
  );
}

function RevealGrant({
  grant,
  latest,
  onClose,
}: {
  grant: (Grant & { token: string }) | null;
  latest: Passport | undefined;
  onClose: () => void;
}) {
  const t = useT(passportMessages);
  const base = latest?.urls.untp_dpp?.public ?? latest?.urls[latest.formats[0]]?.public;
  let link = '';
  if (grant && base) {
    const u = new URL(base, typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
    u.pathname = u.pathname.replace(/\/\d+$/, '');
    u.searchParams.set('tier', grant.tier);
    u.searchParams.set('access_token', grant.token);
    link = u.toString();
  }
  return (
    <Dialog open={grant !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl" onInteractOutside={(e) => e.preventDefault()} data-testid="grant-reveal">
        {grant ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('grants.reveal_title', { recipient: grant.recipient })}</DialogTitle>
              <DialogDescription>{t('grants.reveal_body')}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor="grant-link">{t('grants.reveal_link')}</Label>
              <div className="flex gap-2">
                <Input
                  id="grant-link"
                  readOnly
                  value={link || grant.token}
                  className="font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                  data-testid="grant-link"
                />
                <CopyButton value={link || grant.token} label={t('grants.copy')} size="md" />
              </div>
            </div>
            <DialogFooter>
              <Button onClick={onClose}>{t('grants.done')}</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Grants({ latest, published }: { latest: Passport | undefined; published: boolean }) {
  const { skuId } = useSkuPage();
  const t = useT(passportMessages);
  const f = useFormat();
  const path = `/api/skus/${skuId}/passport-grants`;
  const list = useApiQuery<{ data: Grant[] }>(path);
  const [revealed, setRevealed] = React.useState<(Grant & { token: string }) | null>(null);
  const revoke = useApiMutation<{ grant: Grant }, string>({
    request: (id) => ({ path: `${path}/${id}`, method: 'DELETE' }),
    invalidates: [keyOfPath(path)],
    onSuccess: () => {
      toast.success(t('grants.revoked_toast'));
    },
  });
  const rows = list.data?.data ?? [];
  return (
    <Card className="overflow-hidden" data-testid="passport-grants">
      <CardHeader>
        <div>
          <CardTitle>{t('grants.title')}</CardTitle>
          <CardDescription>{t('grants.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardListState
        query={list}
        count={rows.length}
        empty={<p className="px-6 pb-4 text-sm text-muted-foreground">{t('grants.empty')}</p>}
        skeletonClassName="h-16"
      >
        <Table aria-label={t('grants.title')}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('grants.recipient')}</TableHead>
              <TableHead>{t('grants.tier')}</TableHead>
              <TableHead>{t('grants.state')}</TableHead>
              <TableHead>{t('grants.expires')}</TableHead>
              <TableHead>{t('grants.last_used')}</TableHead>
              <TableHead>{t('grants.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((g) => (
              <TableRow key={g.id} data-testid="grant-row">
                <TableCell>
                  <span className="block text-sm">{g.recipient}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{g.token_prefix}…</span>
                  <span className="block text-xs text-muted-foreground">
                    {t('grants.created')} {f.dateTime(g.created_at)}
                    {g.created_by ? ` · ${g.created_by}` : ''}
                  </span>
                </TableCell>
                <TableCell className="text-sm">{t(`tier.${g.tier}`)}</TableCell>
                <TableCell>
                  <Badge variant={STATE_VARIANT[g.state]} data-testid="grant-state">
                    {t(`grants.state.${g.state}`)}
                  </Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap text-xs text-muted-foreground">
                  {f.dateTime(g.expires_at)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-xs text-muted-foreground">
                  {g.last_used_at ? f.dateTime(g.last_used_at) : t('grants.never')}
                </TableCell>
                <TableCell>
                  {g.state === 'active' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={revoke.pending}
                      aria-label={t('grants.revoke_label', { recipient: g.recipient })}
                      onClick={() => revoke.run(g.id).catch((e) => toast.error(describeError(e).title))}
                      data-testid="grant-revoke"
                    >
                      {t('grants.revoke')}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardListState>
      {published ? (
        <GrantForm onCreated={setRevealed} />
      ) : (
        <p className="border-t border-border px-6 py-4 text-sm text-muted-foreground">{t('grants.need_publish')}</p>
      )}
      <RevealGrant grant={revealed} latest={latest} onClose={() => setRevealed(null)} />
    </Card>
  );
}

/** The SKU page's Passports tab: versions, the latest one's documents and blockers, and access grants. */
export function PassportsTab() {
  const { skuId, detail } = useSkuPage();
  const t = useT(passportMessages);
  const q = useApiQuery<z.infer<typeof PassportList>>(`/api/skus/${skuId}/passports`);
  const published = detail.sku.published_revision !== null && detail.sku.published_revision !== undefined;

  if (q.error && !q.data) {
    return (
      <Alert variant="danger" title={t('load_error')}>
        {q.error.message}
      </Alert>
    );
  }
  if (!q.data) return <Skeleton className="h-48" />;
  const list = q.data.passports;
  const latest = list[0];
  return (
    <div className="grid gap-5" data-testid="passports-tab">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{t('tab.title')}</h2>
          <p className="max-w-3xl text-[0.8125rem] text-muted-foreground">{t('tab.description')}</p>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link href="/docs/passports">
            <BookOpen aria-hidden="true" /> {t('docs')}
          </Link>
        </Button>
      </div>
      {latest ? (
        <>
          <LatestPassport p={latest} />
          <Versions list={list} />
        </>
      ) : (
        <NoPassport published={published} />
      )}
      <Grants latest={latest} published={published} />
    </div>
  );
}
