'use client';

import * as React from 'react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { describeError, downloadFile } from '@/components/api/client';
import { keyOfPath } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { watchMessages } from '@/lib/i18n/ui/watch';
import type { RecallCase } from '@/lib/recalls/schemas';

const CHANNELS = ['amazon_eu', 'ebay', 'otto', 'kaufland', 'zalando'] as const;
/** The marketplaces' own names (the same in every language), never the code. */
const CHANNEL_NAMES: Record<string, string> = {
  amazon_eu: 'Amazon EU',
  ebay: 'eBay',
  otto: 'OTTO',
  kaufland: 'Kaufland',
  zalando: 'Zalando',
};

const fail = (err: unknown) => toast.error(describeError(err).title, { description: describeError(err).description });

function NoticeEditor({ c, lang }: { c: RecallCase; lang: string }) {
  const t = useT(watchMessages);
  const n = c.notice.languages[lang];
  const [title, setTitle] = React.useState(n.title);
  const [body, setBody] = React.useState(n.body);
  const path = `/api/recalls/cases/${c.id}`;
  const save = useApiMutation<{ data: RecallCase }, void>({
    request: () => ({ path: `${path}/notice`, method: 'PUT', body: { language: lang, title, body } }),
    invalidates: [keyOfPath(path)],
    onSuccess: () => void toast.success(t('case.notice_saved')),
  });
  const published = Boolean(c.notice.published_at) || c.status !== 'open';
  return (
    <section lang={lang} className="mb-6 rounded-lg border border-border p-4" data-testid={`notice-${lang}`}>
      <h3 className="mb-2 font-semibold uppercase">{lang}</h3>
      {n.missing_template && !n.edited ? (
        <p className="mb-2 text-sm text-warning-soft-foreground">{t('case.notice_missing')}</p>
      ) : null}
      {n.warnings.map((w) => (
        <p key={w} lang="en" className="mb-2 text-sm text-danger">
          {w}
        </p>
      ))}
      <Label htmlFor={`title-${lang}`}>{t('case.notice_title')}</Label>
      <Input id={`title-${lang}`} value={title} onChange={(e) => setTitle(e.target.value)} disabled={published} />
      <Label htmlFor={`body-${lang}`} className="mt-2">
        {t('case.notice_body')}
      </Label>
      <Textarea
        id={`body-${lang}`}
        rows={14}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        disabled={published}
      />
      {!published ? (
        <Button className="mt-2" variant="secondary" onClick={() => save.run().catch(fail)} disabled={save.pending}>
          {t('case.notice_save', { lang })}
        </Button>
      ) : null}
    </section>
  );
}

/** One recall case: its SKUs, the notice per language, the steps (SBG pack, delisting, supplier), the close. */
export function CaseView({ id }: { id: string }) {
  const t = useT(watchMessages);
  const f = useFormat();
  const path = `/api/recalls/cases/${id}`;
  const q = useApiQuery<{ data: RecallCase }>(path);
  const [outcome, setOutcome] = React.useState('');
  const publish = useApiMutation<{ data: RecallCase }, void>({
    request: () => ({ path: `${path}/notice/publish` }),
    invalidates: [keyOfPath(path)],
  });
  const ask = useApiMutation<{ data: RecallCase }, void>({
    request: () => ({ path: `${path}/supplier-request`, body: {} }),
    idempotent: true,
    invalidates: [keyOfPath(path)],
  });
  const close = useApiMutation<{ data: RecallCase }, void>({
    request: () => ({ path: `${path}/close`, body: { outcome } }),
    invalidates: [keyOfPath(path), keyOfPath('/api/recalls/cases')],
  });
  if (q.loading || !q.data) return <Skeleton className="h-64 w-full" />;
  const c = q.data.data;
  const open = c.status === 'open';
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {t(`case.action.${c.action}`)}
            <Badge variant={open ? 'warning' : 'neutral'}>{t(`cases.${c.status}`)}</Badge>
          </CardTitle>
          <CardDescription>
            {c.reason}
            {c.alert ? ` · ${c.alert.reference}` : ''}
          </CardDescription>
        </CardHeader>
        <div className="px-6 pb-6">
          <h2 className="mb-2 font-semibold">{t('case.skus')}</h2>
          <ul className="flex flex-col gap-1 text-sm">
            {c.skus.map((s) => (
              <li key={s.id}>
                <Link href={`/skus/${s.id}`} className="underline">
                  {s.sku_code}
                </Link>{' '}
                {s.product_name} · <Badge variant="danger">{t(`case.market.${s.market_status}`)}</Badge>
                {s.batches.length ? ` · ${t('case.batches', { batches: s.batches.join(', ') })}` : ''}
              </li>
            ))}
          </ul>
        </div>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('case.notice')}</CardTitle>
          {c.notice.published_at ? (
            <CardDescription>{t('case.notice_published', { date: f.dateTime(c.notice.published_at) })}</CardDescription>
          ) : null}
        </CardHeader>
        <div className="px-6 pb-6">
          {Object.keys(c.notice.languages).map((lang) => (
            <NoticeEditor key={`${lang}-${c.updated_at}`} c={c} lang={lang} />
          ))}
          {open && !c.notice.published_at ? (
            <Button onClick={() => publish.run().catch(fail)} disabled={publish.pending}>
              {t('case.notice_publish')}
            </Button>
          ) : null}
        </div>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('case.steps')}</CardTitle>
        </CardHeader>
        <div className="flex flex-col items-start gap-2 px-6 pb-6">
          <Button variant="secondary" onClick={() => downloadFile(`${path}/sbg.pdf`, 'sbg-pack.pdf').catch(fail)}>
            {t('case.sbg')}
          </Button>
          {CHANNELS.map((ch) => (
            <Button
              key={ch}
              variant="secondary"
              onClick={() => downloadFile(`${path}/delisting/${ch}`, `delisting-${ch}.csv`).catch(fail)}
            >
              {t('case.delisting', { channel: CHANNEL_NAMES[ch] ?? ch })}
            </Button>
          ))}
          {c.supplier_request_id ? (
            <p className="text-sm">{t('case.supplier_asked')}</p>
          ) : open ? (
            <Button variant="secondary" onClick={() => ask.run().catch(fail)} disabled={ask.pending}>
              {t('case.supplier')}
            </Button>
          ) : null}
        </div>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('case.outcome')}</CardTitle>
          {c.outcome ? <CardDescription>{t('case.closed_with', { outcome: c.outcome })}</CardDescription> : null}
        </CardHeader>
        {open ? (
          <div className="flex flex-col gap-2 px-6 pb-6">
            <Label htmlFor="case-outcome">{t('case.outcome')}</Label>
            <Textarea id="case-outcome" rows={3} value={outcome} onChange={(e) => setOutcome(e.target.value)} />
            <Button onClick={() => close.run().catch(fail)} disabled={close.pending || outcome.trim().length < 3}>
              {t('case.close')}
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
